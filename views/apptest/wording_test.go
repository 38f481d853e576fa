package apptest_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
	"burraco/views/words"
)

// threePlayerDialect finds the 3-player format's words for its rounds ("game", "sit-out";
// "partita") in a message. "the last game action" (a knockout tie) and "punti partita"
// (the Italian for MP) are the other formats' own words.
func threePlayerDialect(lang page.Lang, msg string) string {
	if lang == page.EN {
		msg = strings.ReplaceAll(strings.ToLower(msg), "game action", "")
		return regexp.MustCompile(`\bgames?\b|sit-outs?\b|sits? out|sitting out|sat out`).FindString(msg)
	}
	msg = strings.ReplaceAll(strings.ToLower(msg), "punti partita", "")
	return regexp.MustCompile(`\bpartit[ae]\b`).FindString(msg)
}

// sharedKeys are the catalogue keys named in the code every format runs through: the
// services and stores of package tournament, the Danish and knockout formats, and the web
// layer. Keys named only in the 3-player format (its settings, its standings columns)
// are its own.
func sharedKeys(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, g := range []string{"../../tournament/*.go", "../../tournament/danish/*.go", "../../tournament/knockout/*.go", "../*.go", "../*.templ", "../*/*.go", "../*/*.templ"} {
		m, err := filepath.Glob(g)
		require.NoError(t, err)
		files = append(files, m...)
	}
	seen := map[string]bool{}
	base := words.Keys()
	add := func(s string) {
		if _, ok := slices.BinarySearch(base, s); ok {
			seen[s] = true
		}
	}
	quoted := regexp.MustCompile(`"([a-z0-9_.]+)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") || strings.Contains(f, "words"+string(filepath.Separator)) {
			continue
		}
		if filepath.Ext(f) == ".templ" {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, m := range quoted.FindAllStringSubmatch(string(b), -1) {
				add(m[1])
			}
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		require.NoError(t, err)
		ast.Inspect(af, func(n ast.Node) bool {
			if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				s, _ := strconv.Unquote(bl.Value)
				add(s)
			}
			return true
		})
	}
	// Keys put together at run time: a log line's "event.<kind>", the bracket's reasons.
	for _, k := range base {
		for _, prefix := range []string{"event.", "history.", "undo.", "round.", "change.", "bracket.why."} {
			if strings.HasPrefix(k, prefix) {
				add(k)
			}
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	require.Greater(t, len(keys), 300, "the walk found the code's keys")
	return keys
}

// Every message the shared code can show in a tournament (its conflicts and errors, its
// pages, its log) speaks the format's words: outside the 3-player format, never "game",
// "sit-out" or "partita".
func TestFormatsWordTheirRounds(t *testing.T) {
	keys := sharedKeys(t)
	// The base wording (a format with no locale file of its own, such as the test-only
	// test2, speaks it) and every format but the 3-player one.
	for _, format := range append([]string{""}, tournament.FormatNames()...) {
		if format == "individual3" { // the 3-player words
			continue
		}
		for _, lang := range []page.Lang{page.EN, page.IT} {
			for _, k := range keys {
				msg := page.TranslateFor(lang, format, k)
				if w := threePlayerDialect(lang, msg); w != "" {
					t.Errorf("%s %s %s says %q: %q", format, lang, k, w, msg)
				}
			}
		}
	}
	// The 3-player format keeps its words.
	assert.Equal(t, "Game 2 is locked as final: unlock it first.", page.TranslateFor(page.EN, "individual3", "round.locked", 2))
}

// The conflicts and errors of a round, through the API and on the pages, speak each
// format's words in both languages.
func TestRoundConflictsInTheFormatsWords(t *testing.T) {
	for _, tc := range []struct {
		format, settings string
		round, turno     string // what a round is called, in English and Italian
		hand             string // a hand of a sheet of table 1
	}{
		{"individual3", `{"games":2,"hands_per_game":1}`, "Game", "partita", `[{"form":2,"total":300},{"form":2,"total":100},{"form":2,"total":50}]`},
		{"danish", `{"sides":"individual","rounds":3,"hands_per_round":3}`, "Round", "turno", `[{"form":2,"total":300},{"form":2,"total":100}]`},
		{"knockout", `{"hands_per_match":1}`, "Round", "turno", `[{"form":2,"total":300},{"form":2,"total":100}]`},
	} {
		t.Run(tc.format, func(t *testing.T) {
			app := viewtest.NewApp(t)
			c := app.Setup()
			tok := app.APIToken(c)
			var tr struct{ ID int64 }
			res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"`+tc.format+`","settings":`+tc.settings+`}`, &tr)
			require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
			base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
			for i := 1; i <= 6; i++ {
				res := c.API("POST", base+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi"}}`, i), nil)
				require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
			}
			require.Equal(t, http.StatusOK, c.API("POST", base+"/entries/present", tok, "", nil).StatusCode)
			res = c.API("POST", base+"/draw", tok, `{"seed": 5}`, nil)
			require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)

			// message answers a call in both languages, checks its status and returns its
			// English and Italian messages.
			message := func(status int, method, path, body string) (en, it string) {
				t.Helper()
				for _, lang := range []string{"en", "it"} {
					c.Lang = lang
					var e viewtest.APIError
					res := c.API(method, path, tok, body, &e)
					require.Equal(t, status, res.StatusCode, res.Body)
					if lang == "en" {
						en = e.Error.Message
					} else {
						it = e.Error.Message
					}
				}
				c.Lang = ""
				return en, it
			}
			check := func(what, en, it, wantEN, wantIT string) {
				t.Helper()
				assert.Contains(t, en, wantEN, what)
				assert.Contains(t, it, wantIT, what)
				if tc.format != "individual3" {
					assert.Empty(t, threePlayerDialect(page.EN, en), "%s: %s", what, en)
					assert.Empty(t, threePlayerDialect(page.IT, it), "%s: %s", what, it)
				}
			}
			en, it := message(http.StatusConflict, "POST", base+"/draw", `{"round": 1}`)
			check("drawn twice", en, it, tc.round+" 1 has already been drawn", tc.turno+" 1")
			en, it = message(http.StatusConflict, "POST", base+"/draw", `{"round": 2}`)
			check("not complete", en, it, tc.round+" 1 is not complete", tc.turno+" 1")

			hands := []string{tc.hand}
			if tc.format == "danish" {
				hands = []string{tc.hand, tc.hand, tc.hand}
			}
			sheet := `{"hands":[` + strings.Join(hands, ",") + `]}`
			res = c.API("PUT", base+"/rounds/1/tables/1", tok, sheet, nil)
			require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
			en, it = message(http.StatusConflict, "DELETE", base+"/rounds/1", "")
			check("undo a draw with scores", en, it, "Scores of "+strings.ToLower(tc.round)+" 1", tc.turno+" 1")

			// The tournament page: the round's clock.
			html := fmt.Sprintf("/tournaments/%d", tr.ID)
			c.Lang = "it"
			doc := c.Get(html).Doc(t)
			if tc.format == "individual3" {
				assert.Contains(t, doc.Text(), "Tempo della partita 1")
			} else {
				assert.Contains(t, doc.Text(), "Tempo del turno 1")
				assert.NotContains(t, doc.Text(), "Tempo della partita")
			}
			c.Lang = ""

			require.Equal(t, http.StatusOK, c.API("POST", base+"/rounds/1/lock", tok, "", nil).StatusCode)
			en, it = message(http.StatusConflict, "PUT", base+"/rounds/1/tables/1", sheet)
			check("locked", en, it, tc.round+" 1 is locked as final", tc.turno+" 1")

		})
	}
}
