package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

type historyLine struct {
	ID       int64
	Kind     string
	Text     string
	Undoable bool
}

// latestLine is the newest line of a tournament's log, in a language.
func latestLine(t *testing.T, c *viewtest.Client, tok, api, lang, query string) historyLine {
	t.Helper()
	c.Lang = lang
	defer func() { c.Lang = "" }()
	var h struct{ Events []historyLine }
	res := c.API("GET", api+"/history"+query, tok, "", &h)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.NotEmpty(t, h.Events)
	return h.Events[0]
}

// The log tells a sheet's changes in words, with undo: a hand's total replaced by a
// game total (the same figure or not), a game total changed, figures changed with the
// total kept; and a change of the rules, rule by rule.
func TestHistoryTellsFormsFiguresAndRules(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	api, _ := apiEvening(t, c, tok, 6, `{"games":2}`)
	put := func(table int, body string) {
		t.Helper()
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, table), tok, body, nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	st, err := app.Store.Load(t.Context(), viewtest.IDFrom(strings.TrimPrefix(api, "/api/v1")))
	require.NoError(t, err)
	first := st.Entry(st.Rounds[0].Tables[0].Sides[0].EntryID).Name

	// A partial sheet (hand 1 only), then the game totals from the paper: the same 600.
	put(1, `{"hands":[[{"form":2,"total":600},{"form":2,"total":300},{"form":2,"total":200}]]}`)
	put(1, `{"hands":[[{"form":3,"total":600},{"form":3,"total":300},{"form":3,"total":200}]]}`)
	l := latestLine(t, c, tok, api, "en", "?round=1&table=1")
	assert.Equal(t, "scores_corrected", l.Kind, l.Text)
	assert.True(t, l.Undoable, "undo offered")
	assert.Contains(t, l.Text, "Game 1 table 1 corrected: "+first+": hand 1 600 → game total 600")
	it := latestLine(t, c, tok, api, "it", "?round=1&table=1")
	assert.Contains(t, it.Text, "Partita 1 tavolo 1 corretto: "+first+": smazzata 1 600 → totale di partita 600")

	// A game total changed.
	put(1, `{"hands":[[{"form":3,"total":1300},{"form":3,"total":300},{"form":3,"total":200}]]}`)
	l = latestLine(t, c, tok, api, "en", "?round=1&table=1")
	assert.Contains(t, l.Text, "game total "+first+" 600 → 1300")
	assert.NotContains(t, l.Text, "hand 1")

	// Figures changed, the total kept: base 300 + cards 100 becomes 200 + 200.
	hand := func(base, cards int) string {
		one := fmt.Sprintf(`{"form":1,"base":%d,"cards":%d}`, base, cards)
		return "[" + one + `,{"form":2,"total":100},{"form":2,"total":50}]`
	}
	put(2, `{"hands":[`+hand(300, 100)+`,`+hand(300, 100)+`,`+hand(300, 100)+`]}`)
	put(2, `{"hands":[`+hand(200, 200)+`,`+hand(300, 100)+`,`+hand(300, 100)+`]}`)
	second := st.Entry(st.Rounds[0].Tables[1].Sides[0].EntryID).Name
	l = latestLine(t, c, tok, api, "en", "?round=1&table=2")
	assert.Equal(t, "scores_corrected", l.Kind, l.Text)
	assert.Equal(t, "Game 1 table 2 corrected: hand 1 "+second+" 400 (base 300, cards 100) → 400 (base 200, cards 200)", l.Text)
	it = latestLine(t, c, tok, api, "it", "?round=1&table=2")
	assert.Equal(t, "Partita 1 tavolo 2 corretto: smazzata 1 "+second+" 400 (base 300, carte 100) → 400 (base 200, carte 200)", it.Text)
	require.True(t, l.Undoable)
	res := c.API("POST", fmt.Sprintf("%s/history/%d/undo", api, l.ID), tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	st, err = app.Store.Load(t.Context(), st.Tournament.ID)
	require.NoError(t, err)
	assert.Equal(t, 300, st.Rounds[0].Tables[1].Hands[0].Figures.Base, "the figures are back")

	// The rules, before the first draw: each rule changed, in words.
	var tr struct{ ID int64 }
	res = c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","preset":"three_player","settings":{"games":2}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api2 := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	res = c.API("PUT", api2, tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","rules":{"semi_clean_on":true,"closing":150}}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	l = latestLine(t, c, tok, api2, "en", "")
	assert.Contains(t, l.Text, "rule: closing 100 → 150")
	assert.Contains(t, l.Text, "rule: semi-clean burraco scored apart no → yes")
	assert.NotContains(t, l.Text, "{")
	assert.True(t, l.Undoable)
	it = latestLine(t, c, tok, api2, "it", "")
	assert.Contains(t, it.Text, "regola: burraco semipulito contato a parte no → sì")
}
