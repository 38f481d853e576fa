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
	"burraco/tournament/clubs"
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
	return nid, func() {
		require.NoError(t, d.ExecForTest(ctx, "UPDATE players SET card_number = ? WHERE id = ?", card, p.ID))
	}
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

// played is an evening of 6 players, both games played, its players' IDs.
func played(t *testing.T, d *db.DB) (*fixture, []int64) {
	t.Helper()
	f := newEveningIn(t, d, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	f.fill(t, 2)
	var ids []int64
	for _, e := range f.state(t).Entries {
		ids = append(ids, e.PlayerID())
	}
	return f, ids
}

// places is an evening's standings as places and values by entry.
func places(t *testing.T, f *fixture) map[int64]string {
	t.Helper()
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	out := map[int64]string{}
	for _, l := range lines {
		out[l.Entry.ID] = fmt.Sprint(l.Place, l.Tied, l.Values)
	}
	return out
}

func withCard(t *testing.T, d *db.DB, id int64, card string) int64 {
	t.Helper()
	p, err := d.FindPlayer(context.Background(), id)
	require.NoError(t, err)
	p.CardNumber = card
	require.NoError(t, d.UpdatePlayer(context.Background(), p))
	return linkedTo(t, d, id)
}

// TestMergeMovesResults: two national records of one person (two cards) merged: the
// kept one's profile holds the evenings of both, the other is gone, the line is logged.
func TestMergeMovesResults(t *testing.T) {
	d, _ := open(t)
	a, ida := played(t, d)
	b, idb := played(t, d)
	keep := withCard(t, d, ida[0], "CARD-A")
	drop := withCard(t, d, idb[1], "CARD-B")
	// b is another club's evening (its players moved there).
	require.NoError(t, d.ExecForTest(a.ctx, "INSERT INTO clubs (id, slug, name, region, version, created_at, updated_at) VALUES (2, 'due', 'Club Due', '', 1, ?, ?)", time.Now(), time.Now()))
	list, args := "", []any{}
	for _, id := range idb {
		list += ",?"
		args = append(args, id)
	}
	require.NoError(t, d.ExecForTest(a.ctx, "UPDATE players SET club_id = 2 WHERE id IN ("+list[1:]+")", args...))
	svc := &national.Service{Store: d, Evenings: &tournament.Seasons{Store: d, Tournaments: a.svc}}
	before, err := svc.Profile(a.ctx, keep, false)
	require.NoError(t, err)
	require.Len(t, before.Evenings, 1)
	assert.Equal(t, a.tid, before.Evenings[0].TournamentID)
	assert.NotZero(t, before.Evenings[0].Place)

	k, err := svc.Merge(a.ctx, keep, drop, 0, 0, "officer")
	require.NoError(t, err)
	assert.Equal(t, "CARD-A", k.CardNumber)
	after, err := svc.Profile(a.ctx, keep, false)
	require.NoError(t, err)
	var tids []int64
	for _, e := range after.Evenings {
		tids = append(tids, e.TournamentID)
		assert.NotZero(t, e.Place)
		assert.NotEmpty(t, e.Points)
	}
	assert.ElementsMatch(t, []int64{a.tid, b.tid}, tids, "the other record's results moved")
	_, err = d.FindNational(a.ctx, drop)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	p, err := d.FindPlayer(clubs.WithScope(a.ctx, clubs.Scope{System: true}), idb[1]) // club 2's player
	require.NoError(t, err)
	assert.Equal(t, "CARD-A", p.CardNumber, "one person, one card")
	assert.Equal(t, keep, linkedTo(t, d, idb[1]))
	log, err := svc.Log(a.ctx, 10)
	require.NoError(t, err)
	require.NotEmpty(t, log)
	assert.Equal(t, national.LogMerge, log[0].Kind)
	assert.Equal(t, 1, log[0].Count)
	assert.Equal(t, drop, log[0].OtherID)

	// Merging a record with itself, or a stale version, is refused.
	_, err = svc.Merge(a.ctx, keep, keep, 0, 0, "officer")
	assert.Error(t, err)
	// A club with a player of each record must merge its own two first.
	other := withCard(t, d, ida[1], "CARD-C")
	_, err = svc.Merge(a.ctx, keep, other, 0, 0, "officer")
	assert.Equal(t, "national.merge_club", errKey(err))
}

// TestErasureKeepsEveryPlace: an erasure removes the person's data from the national
// record and every linked club player, and nobody's place changes.
func TestErasureKeepsEveryPlace(t *testing.T) {
	d, _ := open(t)
	f, ids := played(t, d)
	p, err := d.FindPlayer(f.ctx, ids[2])
	require.NoError(t, err)
	p.CardNumber, p.Email, p.Phone, p.Notes = "ERASE-ME", "m@example.org", "+39 333", "allergic to jokers"
	require.NoError(t, d.UpdatePlayer(f.ctx, p))
	nid := linkedTo(t, d, p.ID)
	oldName := p.FullName()
	before := places(t, f)
	svc := &national.Service{Store: d, Evenings: &tournament.Seasons{Store: d, Tournaments: f.svc}}

	_, err = svc.Erase(f.ctx, nid, 0, "wrong", "officer")
	assert.Equal(t, "national.erase.confirm", fieldKey(err, "confirm"), "confirmed by repeating the card")
	rec, err := svc.Erase(f.ctx, nid, 0, "erase-me", "officer")
	require.NoError(t, err)
	assert.True(t, rec.Erased())
	assert.Equal(t, national.Label(nid), rec.FullName())
	assert.Empty(t, rec.CardNumber)
	assert.Empty(t, rec.BirthDate)

	after := places(t, f)
	assert.Equal(t, before, after, "every place and value stays")
	q, err := d.FindPlayer(f.ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, national.Label(nid), q.FullName())
	assert.Empty(t, q.CardNumber)
	assert.Empty(t, q.Email)
	assert.Empty(t, q.Phone)
	assert.Empty(t, q.Notes)
	st := f.state(t)
	for _, e := range st.Entries {
		assert.NotContains(t, e.Name, oldName)
	}
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	for _, e := range evs {
		assert.NotContains(t, fmt.Sprint(e.Args, e.Also, e.Changes), oldName, "the log names nobody erased")
	}
	assert.Equal(t, "privacy", evs[0].Kind, "the tournament's revision moved")
	log, err := svc.Log(f.ctx, 10)
	require.NoError(t, err)
	assert.Equal(t, national.LogErase, log[0].Kind)
	assert.Equal(t, 1, log[0].Count)
	// Irreversible: a second erasure or an edit is refused.
	_, err = svc.Erase(f.ctx, nid, 0, "", "officer")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	_, err = svc.Update(f.ctx, nid, national.Edit{FirstName: "Maria", LastName: "Rossi"}, "officer")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
}

// TestVisibilityAndUnlinked: an officer's edit of visibility, the public names, the
// unlinked list and a link by hand.
func TestVisibilityAndUnlinked(t *testing.T) {
	d, _ := open(t)
	f, ids := played(t, d)
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	svc := &national.Service{Store: d, Evenings: &tournament.Seasons{Store: d, Tournaments: f.svc}, Now: func() time.Time { return now }}
	un, err := svc.Unlinked(f.ctx)
	require.NoError(t, err)
	assert.Len(t, un, 6, "players without a card are listed to resolve")
	nid := withCard(t, d, ids[0], "VIS-1")
	rec, err := svc.Get(f.ctx, nid)
	require.NoError(t, err)
	_, err = svc.Update(f.ctx, nid, national.Edit{FirstName: rec.FirstName, LastName: rec.LastName, BirthDate: "2010-05-05", Version: rec.Version}, "officer")
	require.NoError(t, err)
	names, err := svc.PublicNames(f.ctx, ids)
	require.NoError(t, err)
	assert.Equal(t, map[int64]string{ids[0]: national.HiddenMark}, names, "a minor is hidden by default")
	_, err = svc.Profile(f.ctx, nid, true)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "a hidden player has no public profile")
	_, err = svc.Update(f.ctx, nid, national.Edit{FirstName: rec.FirstName, LastName: rec.LastName, BirthDate: "2010-05-05", Version: rec.Version}, "officer")
	assert.Equal(t, "national.stale", errKey(err))

	// A player without a card linked by hand.
	require.NoError(t, svc.Link(f.ctx, ids[1], nid, "officer"))
	assert.Equal(t, nid, linkedTo(t, d, ids[1]))
	un, err = svc.Unlinked(f.ctx)
	require.NoError(t, err)
	assert.Len(t, un, 4)
}

// TestSeasonImportLinks: a tournament copied in from a file (a season's import, the
// document import's write) registers its new players linked to their card's record.
func TestSeasonImportLinks(t *testing.T) {
	d, _ := open(t)
	f := newEveningIn(t, d, 3, nil)
	doc, err := d.Export(f.ctx, f.tid)
	require.NoError(t, err)
	old := doc.Players[0].ID
	doc.Players[0].ID, doc.Players[0].FirstName, doc.Players[0].LastName, doc.Players[0].CardNumber = old+100000, "Nuova", "Persona", "SEASON-1"
	for i := range doc.Entries {
		for j := range doc.Entries[i].Members {
			if doc.Entries[i].Members[j].PlayerID == old {
				doc.Entries[i].Members[j].PlayerID = old + 100000
			}
		}
	}
	_, fresh, err := d.ImportCopy(f.ctx, doc, 0)
	require.NoError(t, err)
	require.Len(t, fresh, 1)
	nid := linkedTo(t, d, fresh[0])
	require.NotZero(t, nid, "the imported player is linked")
	rec, err := d.FindNational(f.ctx, nid)
	require.NoError(t, err)
	assert.Equal(t, "SEASON-1", rec.CardNumber)
	assert.Equal(t, 1, nationals(t, d, "SEASON-1"))
}

// TestNationalRegistryIsTheFederations: a club's director (a scope without ReadAll)
// reaches nothing of the national registry; an officer (ReadAll) and the one-club
// laptop (no scope) do.
func TestNationalRegistryIsTheFederations(t *testing.T) {
	d, _ := open(t)
	_, ids := played(t, d)
	nid := withCard(t, d, ids[0], "CARD-F")
	ctx := context.Background()
	director := clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{clubs.Default}})
	_, err := d.FindNational(director, nid)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, _, err = d.FindNationals(director, national.Filter{})
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, err = d.Unlinked(director)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	for _, c := range []context.Context{ctx, clubs.WithScope(ctx, clubs.Scope{ReadAll: true})} {
		p, err := d.FindNational(c, nid)
		require.NoError(t, err)
		assert.Equal(t, "CARD-F", p.CardNumber)
	}
}

// TestVisibilitiesOnAClubsSite: a club's public site (/c/{slug}/…, a scope of that club
// only) reads its own players' visibility, so its pages hide a minor as /p/… does (it
// was refused as not found, and every page naming a player answered 404); another club's
// scope reads none of them.
func TestVisibilitiesOnAClubsSite(t *testing.T) {
	d, _ := open(t)
	_, ids := played(t, d)
	nid := withCard(t, d, ids[0], "CARD-SITE")
	ctx := context.Background()
	site := clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{clubs.Default}})
	vs, err := d.Visibilities(site, ids)
	require.NoError(t, err)
	require.Contains(t, vs, ids[0])
	assert.Equal(t, nid, vs[ids[0]].ID)
	other := clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{clubs.Default + 1}})
	vs, err = d.Visibilities(other, ids)
	require.NoError(t, err)
	assert.Empty(t, vs, "another club's scope reads none of club 1's players")
}
