package db_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/tournament"
	"burraco/tournament/national"
)

// playerWrite matches a statement that registers a club player or sets its card.
var playerWrite = regexp.MustCompile(`(?i)INSERT INTO players |UPDATE players SET [^W]*\bcard_number =`)

// unlinking are the store's functions that write a club player's card without calling
// linkNational, each with why that is safe.
var unlinking = map[string]string{
	"EraseNational":  "clears the cards of an erased record's club players: they stay linked to the erased record",
	"MergeNationals": "gives the moved club players the kept record's card, and links them to it in the same statement",
}

// TestEveryPlayerWriteLinks: every function of the store that registers a club player
// or sets its card (by SQL, or gorm's Create/Updates of a player row) calls linkNational
// in its transaction, or is listed in unlinking with its reason — so no way in (a form,
// the API, a CSV or document import, a season's import) can leave a card unlinked.
func TestEveryPlayerWriteLinks(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var writers, skipping []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "migrate") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			writes, links, gormWrite, row := false, false, false, false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BasicLit:
					if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING && playerWrite.MatchString(s) {
						writes = true
					}
				case *ast.CallExpr:
					if id, ok := x.Fun.(*ast.Ident); ok {
						links = links || id.Name == "linkNational"
						row = row || id.Name == "toPlayerRow"
					}
					if f, ok := x.Fun.(*ast.SelectorExpr); ok && slices.Contains([]string{"Create", "CreateInBatches", "Updates", "Save"}, f.Sel.Name) {
						gormWrite = true
					}
				case *ast.KeyValueExpr:
					if k, ok := x.Key.(*ast.BasicLit); ok && k.Value == `"card_number"` {
						row = true
					}
				}
				return true
			})
			if gormWrite && row {
				writes = true
			}
			if writes {
				writers = append(writers, fn.Name.Name)
				if !links {
					skipping = append(skipping, fn.Name.Name)
				}
			}
		}
	}
	slices.Sort(skipping)
	var listed []string
	for name := range unlinking {
		listed = append(listed, name)
	}
	slices.Sort(listed)
	assert.Equal(t, listed, skipping, "every write of a club player's card calls linkNational, or says in unlinking why not")
	for _, must := range []string{"CreatePlayerUnlike", "UpdatePlayer", "CreatePlayers", "CreatePlayer", "MergePlayers", "insertPlayers", "importDoc"} {
		assert.Contains(t, writers, must, "seen as a write of a club player")
	}
}

// nationals counts the national records of a card.
func nationals(t *testing.T, d *db.DB, card string) int {
	t.Helper()
	ps, _, err := d.FindNationals(context.Background(), national.Filter{Query: card, Limit: 50})
	require.NoError(t, err)
	n := 0
	for _, p := range ps {
		if p.CardNumber == card {
			n++
		}
	}
	return n
}

// linkedTo returns the national record a club player is linked to (0: none).
func linkedTo(t *testing.T, d *db.DB, playerID int64) int64 {
	t.Helper()
	vs, err := d.Visibilities(context.Background(), []int64{playerID})
	require.NoError(t, err)
	return vs[playerID].ID
}

// otherClubHolds makes club 2 and a player of it holding card, linked to the national
// record of that card (as its own club's registration would), and returns the record.
func otherClubHolds(t *testing.T, d *db.DB, card string) (int64, func()) {
	t.Helper()
	ctx := context.Background()
	p := &tournament.Player{FirstName: "Mariella", LastName: "Rossetti", CardNumber: card, Active: true}
	require.NoError(t, d.CreatePlayer(ctx, p))
	nid := linkedTo(t, d, p.ID)
	require.NotZero(t, nid, "a new player with a card is linked")
	require.NoError(t, d.ExecForTest(ctx, "INSERT INTO clubs (id, slug, name, region, version, created_at, updated_at) VALUES (2, 'due', 'Club Due', '', 1, ?, ?) ON CONFLICT DO NOTHING", time.Now(), time.Now()))
	// Its card is put back once this club's player is registered (until the tenancy
	// store checks a card within a club, a card held anywhere is refused).
	require.NoError(t, d.ExecForTest(ctx, "UPDATE players SET club_id = 2, card_number = NULL WHERE id = ?", p.ID))
	return nid, func() { require.NoError(t, d.ExecForTest(ctx, "UPDATE players SET card_number = ? WHERE id = ?", card, p.ID)) }
}

// TestLinkingOnEveryPath: a club player holding a card is linked to the national record
// of that card on every way in, the record made if missing and never a second one for a
// card a player of another club holds.
func TestLinkingOnEveryPath(t *testing.T) {
	ctx := context.Background()
	paths := []struct {
		name string
		add  func(t *testing.T, d *db.DB, card string) int64
	}{
		{"form and API (CreatePlayer)", func(t *testing.T, d *db.DB, card string) int64 {
			p := &tournament.Player{FirstName: "Maria", LastName: "Rossi", CardNumber: card, Active: true}
			require.NoError(t, d.CreatePlayer(ctx, p))
			return p.ID
		}},
		{"registering with a namesake check (CreatePlayerUnlike)", func(t *testing.T, d *db.DB, card string) int64 {
			p := &tournament.Player{FirstName: "Maria", LastName: "Rossi", CardNumber: card, Active: true}
			require.NoError(t, d.CreatePlayerUnlike(ctx, p, func([]tournament.Player) error { return nil }))
			return p.ID
		}},
		{"an edit adding the card (UpdatePlayer)", func(t *testing.T, d *db.DB, card string) int64 {
			p := &tournament.Player{FirstName: "Maria", LastName: "Rossi", Active: true}
			require.NoError(t, d.CreatePlayer(ctx, p))
			assert.Zero(t, linkedTo(t, d, p.ID), "no card: unlinked")
			p.CardNumber = card
			require.NoError(t, d.UpdatePlayer(ctx, p))
			return p.ID
		}},
		{"CSV import (CreatePlayers)", func(t *testing.T, d *db.DB, card string) int64 {
			ps := []tournament.Player{{FirstName: "Luca", LastName: "Bianchi", Active: true}, {FirstName: "Maria", LastName: "Rossi", CardNumber: card, Active: true}}
			require.NoError(t, d.CreatePlayers(ctx, ps))
			all, err := d.AllPlayers(ctx)
			require.NoError(t, err)
			for _, p := range all {
				if p.CardNumber == card {
					return p.ID
				}
			}
			t.Fatal("not created")
			return 0
		}},
		{"registering on the spot (AddNewPlayer)", func(t *testing.T, d *db.DB, card string) int64 {
			f := newEveningIn(t, d, 3, nil)
			e, err := f.svc.AddNewPlayer(ctx, f.tid, &tournament.Player{FirstName: "Maria", LastName: "Rossi", CardNumber: card, Active: true}, "anna")
			require.NoError(t, err)
			return e.PlayerID()
		}},
		{"pairs import (WriteImport)", func(t *testing.T, d *db.DB, card string) int64 {
			snap, err := d.ImportSnapshot(ctx, 0)
			require.NoError(t, err)
			w := &tournament.ImportWrite{Players: []tournament.Player{{FirstName: "Maria", LastName: "Rossi", CardNumber: card, Active: true}}}
			require.NoError(t, d.WriteImport(ctx, 0, snap, w))
			return w.Players[0].ID
		}},
		{"a merge of two club players (MergePlayers)", func(t *testing.T, d *db.DB, card string) int64 {
			a := &tournament.Player{FirstName: "Maria", LastName: "Rossi", Active: true}
			b := &tournament.Player{FirstName: "Maria", LastName: "Rossi", Active: true}
			require.NoError(t, d.CreatePlayer(ctx, a))
			require.NoError(t, d.CreatePlayer(ctx, b))
			a.CardNumber = card
			_, err := d.MergePlayers(ctx, a, b, func(int64, int64) tournament.Event { return tournament.Event{} })
			require.NoError(t, err)
			return a.ID
		}},
	}
	for i, tc := range paths {
		t.Run(tc.name, func(t *testing.T) {
			d, _ := open(t)
			// A card no one holds: its record is made.
			fresh := fmt.Sprintf("NEW-%d", i)
			id := tc.add(t, d, fresh)
			nid := linkedTo(t, d, id)
			require.NotZero(t, nid)
			assert.Equal(t, 1, nationals(t, d, fresh))
			rec, err := d.FindNational(ctx, nid)
			require.NoError(t, err)
			assert.Equal(t, fresh, rec.CardNumber)
		})
		t.Run(tc.name+", card of another club", func(t *testing.T) {
			d, _ := open(t)
			// The card of a player of another club: linked to that record, no second one.
			card := fmt.Sprintf("FIB-%d", i)
			other, back := otherClubHolds(t, d, card)
			id := tc.add(t, d, card)
			back()
			assert.Equal(t, other, linkedTo(t, d, id), "one person across clubs: one record")
			assert.Equal(t, 1, nationals(t, d, card))
		})
	}
}
