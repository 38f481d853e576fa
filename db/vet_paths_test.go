package db_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textWrite matches a statement that writes a name or a note: an insert into a table
// with text columns, or an update setting one.
var textWrite = regexp.MustCompile(`(?i)INSERT INTO (players|tournaments|entries|seasons|scales|rounds|national_players) |` +
	`UPDATE (players|tournaments|entries|seasons|scales|rounds|national_players) SET [^W]*\b(name|first_name|last_name|club|venue|notes|override|region) =`)

// unvetted are the store's functions that write a name or a note without calling
// tournament.Vet themselves, each with why that is safe.
var unvetted = map[string]string{
	"insertEntry":   "called by AddEntry and AddRound, which vet the entries first",
	"importDoc":     "called by Import and ImportCopy (importCopyOnce), which vet the whole document first",
	"importStage":   "called by importDoc, for a document vetted whole first (its rounds' override reasons too)",
	"insertPlayers": "called by WriteImport, which vets every player first",
	"insertPairs":   "called by WriteImport, which vets every pair first",
	"RestoreEntry":  "puts back an entry as it was stored (an undo), not a way in",
	"MergePlayers":  "combines two stored records, not a way in",
	"UpdateClub":    "checks the club with clubs.Club.Validate (the text rules, tournament.CheckText) first",
	"linkNational":  "copies a club player's names, vetted when that player was written, into the national record of its card",
	"EraseNational": "writes the app's own neutral label (national.Label) over a person's names, nothing typed",
}

// TestEveryTextWriteIsVetted: every function of the store that writes a name or a note
// (by SQL, or gorm's Create/Updates of a player or a scale) calls tournament.Vet or
// VetSeason, or is listed in unvetted with its reason — so a write added later cannot
// skip the text check unnoticed.
func TestEveryTextWriteIsVetted(t *testing.T) {
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
			writes, vets, gormWrite := false, false, false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BasicLit:
					if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING && textWrite.MatchString(s) {
						writes = true
					}
				case *ast.CallExpr:
					if f, ok := x.Fun.(*ast.SelectorExpr); ok {
						if id, ok := f.X.(*ast.Ident); ok && (id.Name == "tournament" || id.Name == "national") && (f.Sel.Name == "Vet" || f.Sel.Name == "VetSeason") {
							vets = true
						}
						if slices.Contains([]string{"Create", "CreateInBatches", "Updates", "Save"}, f.Sel.Name) {
							gormWrite = true
						}
					}
				}
				return true
			})
			if gormWrite && gormWritesText(fn) {
				writes = true
			}
			if writes {
				writers = append(writers, fn.Name.Name)
				if !vets {
					skipping = append(skipping, fn.Name.Name)
				}
			}
		}
	}
	slices.Sort(skipping)
	var listed []string
	for name := range unvetted {
		listed = append(listed, name)
	}
	slices.Sort(listed)
	assert.Equal(t, listed, skipping, "every write of a name or a note calls tournament.Vet, or says in unvetted why not")
	for _, must := range []string{"CreatePlayer", "CreatePlayers", "UpdatePlayer", "CreateTournament", "SaveSettings", "SetTeam",
		"CreateScale", "UpdateScale", "CreateSeason", "SaveSeason", "insertEntry", "importDoc", "insertPlayers", "AddRound",
		"UpdateNational", "MergeNationals", "EraseNational", "linkNational"} {
		assert.Contains(t, writers, must, "seen as a write of text")
	}
}

// gormWritesText reports whether a function writes a player's or a scale's row through
// gorm: it builds one (toPlayerRow, a scaleRow) or updates a "name" or "first_name".
func gormWritesText(fn *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "toPlayerRow" {
				found = true
			}
		case *ast.CompositeLit:
			if id, ok := x.Type.(*ast.Ident); ok && id.Name == "scaleRow" {
				found = true
			}
		case *ast.KeyValueExpr:
			if k, ok := x.Key.(*ast.BasicLit); ok && (k.Value == `"name"` || k.Value == `"first_name"`) {
				found = true
			}
		}
		return true
	})
	return found
}
