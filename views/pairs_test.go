package views

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
)

// pairsEvening is a tournament of the 2-sided test format (entries are pairs) made
// through the API: players registered, n pairs entered and present.
type pairsEvening struct {
	api, html string  // the tournament's API path and page path
	players   []int64 // registered players, in order
	pairs     []int64 // entries: players 2i-1 and 2i
}

func newPairsEvening(t *testing.T, c *client, tok string, players []string, pairs int) *pairsEvening {
	t.Helper()
	var tr struct{ ID int64 }
	res := c.api("POST", "/api/v1/tournaments", tok, `{"name":"Coppie","date":"2026-11-24","format":"test2","settings":{"games":2,"hands":1}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
	ev := &pairsEvening{api: fmt.Sprintf("/api/v1/tournaments/%d", tr.ID), html: fmt.Sprintf("/tournaments/%d", tr.ID)}
	for _, n := range players {
		last, first, _ := strings.Cut(n, " ")
		var p struct{ ID int64 }
		res := c.api("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, first, last), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
		ev.players = append(ev.players, p.ID)
	}
	for i := 0; i < pairs; i++ {
		var e struct{ ID int64 }
		res := c.api("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.players[2*i], ev.players[2*i+1]), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
		ev.pairs = append(ev.pairs, e.ID)
	}
	if pairs > 0 {
		res = c.api("POST", ev.api+"/entries/present", tok, "", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	}
	return ev
}

var eightPlayers = []string{"Rossi Mario", "Bianchi Anna", "D'Alessandro Niccolò", "Verdi Luca", "Neri Ada", "Gialli Ugo", "Blu Eva", "Rosa Ivo"}

// members are the names an element shows, one per member of the pair.
func members(s *goqSel) []string {
	var out []string
	s.Find(".member").Each(func(_ int, m *goqSel) { out = append(out, m.Text()) })
	return out
}

// drawPairs draws round 1 of a pairs evening through the API.
func drawPairs(t *testing.T, c *client, tok string, ev *pairsEvening) {
	t.Helper()
	res := c.api("POST", ev.api+"/draw", tok, `{"seed": 5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
}

// The printed pages of a round of pairs: both names of each pair everywhere, each player
// on a line of "find your seat" with their table and side, a column per side.
func TestPrintingPairs(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	ev := newPairsEvening(t, c, tok, append(eightPlayers, "Viola Zeno", "Grigi Olga"), 5)
	drawPairs(t, c, tok, ev)
	round := ev.html + "/rounds/1"

	doc := c.get(round + "/print").doc(t)
	tables := doc.Find(".print-table")
	require.Equal(t, 2, tables.Length())
	first := tables.First().Find("li")
	require.Equal(t, 2, first.Length(), "two sides")
	assert.Equal(t, []string{"Rossi Mario", "Bianchi Anna"}, members(first.Eq(0)), "one line per member")
	assert.Equal(t, []string{"D'Alessandro Niccolò", "Verdi Luca"}, members(first.Eq(1)))
	assert.Contains(t, doc.Find(".sitouts").Text(), "Viola Zeno / Grigi Olga")
	rows := doc.Find("table.find-seat tbody tr")
	require.Equal(t, 10, rows.Length(), "one line per player")
	seat := map[string]string{}
	rows.Each(func(_ int, r *goqSel) {
		name := r.Find("td.name").Contents().First().Text()
		seat[strings.TrimSpace(name)] = strings.TrimSpace(r.Find("td.seat").Text()) + " | " + r.Find(".with").Text()
	})
	assert.Equal(t, "Table 1 · side 2 | with D'Alessandro Niccolò", seat["Verdi Luca"])
	assert.Equal(t, "Table 1 · side 1 | with Rossi Mario", seat["Bianchi Anna"])
	assert.Equal(t, "Table 2 · side 2 | with Rosa Ivo", seat["Blu Eva"])
	assert.Equal(t, "has the bye | with Grigi Olga", seat["Viola Zeno"], "a format with no words of its own speaks the base: rounds and byes")
	assert.Equal(t, "Bianchi Anna", strings.TrimSpace(rows.First().Find("td.name").Contents().First().Text()), "alphabetical")

	doc = c.get(round + "/sheets").doc(t)
	sheet := doc.Find("section.score-sheet").First()
	heads := sheet.Find("th.player")
	require.Equal(t, 2, heads.Length(), "a column per side")
	assert.Equal(t, []string{"Rossi Mario", "Bianchi Anna"}, members(heads.Eq(0)))
	assert.Equal(t, "Side 2", heads.Eq(1).Find(".side-no").Text(), "sides numbered, for the outcome")
	assert.Equal(t, 2, sheet.Find(".sheet-sign span").Length(), "a signature per side")
	assert.NotContains(t, sheet.Text(), "6 · 3 · 1", "no 3-player ranking points")
	assert.Contains(t, sheet.Find(".sheet-outcome").Text(), "ran out of time")

	doc = c.get(round + "/cards").doc(t)
	assert.Equal(t, []string{"Neri Ada", "Gialli Ugo"}, members(doc.Find(".table-sign").Eq(1).Find(".sign-names li").First()))

	// The round's page (results) and the standings, once a table is entered.
	res := c.api("PUT", ev.api+"/rounds/1/tables/1", tok, `{"hands":[[{"form":2,"total":300},{"form":2,"total":100}]]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	doc = c.get(round).doc(t)
	card := doc.Find("a.table-card").First()
	assert.Equal(t, 2, card.Find("li").Length())
	assert.Contains(t, card.Find("li").First().Text(), "Rossi Mario / Bianchi Anna")
	assert.Contains(t, card.Find("li").First().Find(".pscore").Text(), "300")
	assert.Equal(t, "+200", card.Find("li").First().Find(".pmp").Text(), "MP of a format that scores matches")
	assert.Equal(t, "−200", card.Find("li").Eq(1).Find(".pmp").Text())
	var rd struct{ Tables []struct{ MP []int } }
	c.api("GET", ev.api+"/rounds/1", tok, "", &rd)
	assert.Equal(t, []int{200, -200}, rd.Tables[0].MP)
	assert.Nil(t, rd.Tables[1].MP, "not complete")
	doc = c.get(ev.html + "/standings").doc(t)
	assert.Equal(t, "Rossi Mario / Bianchi Anna", doc.Find(".standings-table tbody tr").First().Find(".pn").Text())
}

// The score sheet offers the format's outcomes with the side they concern; a kind the
// format does not offer, or a side out of range, is refused next to its field.
func TestSheetOutcomePage(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	ev := newPairsEvening(t, c, tok, eightPlayers[:4], 2)
	drawPairs(t, c, tok, ev)
	sheet := ev.html + "/rounds/1/tables/1"

	doc := c.get(sheet).doc(t)
	var kinds []string
	doc.Find("select#outcome_kind option").Each(func(_ int, o *goqSel) { kinds = append(kinds, o.AttrOr("value", "?")) })
	assert.Equal(t, []string{"", "timeout", "last_action", "forfeit"}, kinds)
	assert.Equal(t, "Side 2 · D'Alessandro Niccolò / Verdi Luca", doc.Find(`select#outcome_side option[value="2"]`).Text())
	assert.Equal(t, 2, doc.Find(".sheet-names .sheet-name").Length(), "a column per side")
	version := doc.Find(`input[name="version"]`).AttrOr("value", "")

	form := func(kind, side, version string) url.Values {
		return url.Values{"form": {"total"}, "version": {version}, "then": {"round"}, "h1.s1.total": {"150"}, "h1.s2.total": {"100"},
			"outcome_kind": {kind}, "outcome_side": {side}}
	}
	res := c.post(sheet, form("dragon", "1", version))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.doc(t)
	assert.Equal(t, "This format does not offer this outcome.", doc.Find(`[id="outcome.kind-error"]`).Text())
	assert.Equal(t, "150", doc.Find(`input[name="h1.s1.total"]`).AttrOr("value", ""), "typed input kept")
	res = c.post(sheet, form("timeout", "3", version))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Choose a side of this table.", res.doc(t).Find(`[id="outcome.side-error"]`).Text())

	res = c.post(sheet, form("timeout", "2", version))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	doc = c.get(sheet).doc(t)
	assert.Equal(t, "timeout", doc.Find("select#outcome_kind option[selected]").AttrOr("value", ""))
	assert.Equal(t, "2", doc.Find("select#outcome_side option[selected]").AttrOr("value", ""))
	var tb struct {
		Outcome struct {
			Kind string
			Side int
		}
	}
	c.api("GET", ev.api+"/rounds/1/tables/1", tok, "", &tb)
	assert.Equal(t, "timeout", tb.Outcome.Kind)
	assert.Equal(t, 2, tb.Outcome.Side)

	// From the old version: a conflict, with the stored outcome beside the typed one.
	res = c.post(sheet, form("forfeit", "1", version))
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.doc(t).Find("table.conflict").Text(), "ran out of time, side 2")
}

// Seats can be swapped between 2-sided tables before the round starts.
func TestSwapPairsPage(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	ev := newPairsEvening(t, c, tok, eightPlayers, 4)
	drawPairs(t, c, tok, ev)
	seats := ev.html + "/rounds/1/seats"
	doc := c.get(seats).doc(t)
	assert.Equal(t, 4, doc.Find("select[name^='seat.']").Length())
	assert.Equal(t, 2, doc.Find("fieldset.table-card").First().Find("select").Length())
	p := func(i int) string { return page.Itoa(int(ev.pairs[i])) }
	res := c.post(seats, url.Values{"seat.1.1": {p(0)}, "seat.1.2": {p(2)}, "seat.2.1": {p(1)}, "seat.2.2": {p(3)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	doc = c.get(ev.html + "/rounds/1/print").doc(t)
	assert.Equal(t, []string{"Neri Ada", "Gialli Ugo"}, members(doc.Find(".print-table").First().Find("li").Eq(1)))
	res = c.post(seats, url.Values{"seat.1.1": {p(0)}, "seat.1.2": {p(0)}, "seat.2.1": {p(1)}, "seat.2.2": {p(3)}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
}

func TestAPIPairsAndOutcomes(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	ev := newPairsEvening(t, c, tok, eightPlayers, 1)

	var e struct {
		Kind    string
		Name    string
		Members []struct {
			PlayerID int64 `json:"player_id"`
			Name     string
		}
	}
	res := c.api("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.players[2], ev.players[3]), &e)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
	assert.Equal(t, "pair", e.Kind)
	assert.Equal(t, "D'Alessandro Niccolò / Verdi Luca", e.Name)
	require.Len(t, e.Members, 2)
	assert.Equal(t, ev.players[3], e.Members[1].PlayerID)

	var ae apiErr
	res = c.api("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.players[4], ev.players[1]), &ae)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "This player is already entered in this tournament (alone or in a pair).", ae.Error.Fields["pair.2"])
	res = c.api("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"pair":[%d]}`, ev.players[4]), &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	res = c.api("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d],"player_id":%d}`, ev.players[4], ev.players[5], ev.players[6]), &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "a pair and a player at once: refused, not half done")
	assert.Equal(t, "Give one of player_id, player_ids, player or pair.", ae.Error.Fields["entry"])
	res = c.api("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, ev.players[4]), &ae)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "The entries of this tournament are pairs: add a pair.", ae.Error.Message)

	// CSV import: preview, refusal with every row, confirm.
	csv := "last_name_1,first_name_1,last_name_2,first_name_2\nNeri,Ada,Gialli,Ugo\nBlu,Eva,Rossi,Mario\n"
	var bad struct {
		Error struct{ Code string }
		Rows  []struct {
			Line     int
			Messages map[string]string
		}
	}
	res = c.api("POST", ev.api+"/entries/import?confirm=true", tok, csv, &bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.body)
	require.Len(t, bad.Rows, 2)
	assert.Empty(t, bad.Rows[0].Messages)
	assert.Equal(t, "This player is already entered in this tournament (alone or in a pair).", bad.Rows[1].Messages["p2.last_name"])
	csv = "last_name_1,first_name_1,last_name_2,first_name_2\nNeri,Ada,Gialli,Ugo\nBlu,Eva,Nuova,Bea\n"
	var ok struct {
		Valid      bool
		Entered    int
		Registered int
	}
	res = c.api("POST", ev.api+"/entries/import", tok, csv, &ok)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	assert.True(t, ok.Valid)
	assert.Equal(t, 0, ok.Entered)
	assert.Equal(t, 1, ok.Registered)
	res = c.api("POST", ev.api+"/entries/import?confirm=true", tok, csv, &ok)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	assert.Equal(t, 2, ok.Entered)

	// Outcomes on a table, through PUT.
	res = c.api("POST", ev.api+"/entries/present", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	drawPairs(t, c, tok, ev)
	table := ev.api + "/rounds/1/tables/2"
	res = c.api("GET", table, tok, "", nil)
	tag := res.Header.Get("ETag")
	put := func(body, ifMatch string, out any) *response {
		req, _ := http.NewRequest("PUT", app.srv.URL+table, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		if ifMatch != "" {
			req.Header.Set("If-Match", ifMatch)
		}
		r := c.do(req)
		if out != nil {
			require.NoError(t, json.Unmarshal([]byte(r.body), out), r.body)
		}
		return r
	}
	res = put(`{"outcome":{"kind":"dragon","side":1}}`, tag, &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This format does not offer this outcome.", ae.Error.Fields["outcome.kind"])
	res = put(`{"hands":[],"outcome":{"kind":"forfeit","side":3}}`, tag, &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Choose a side of this table.", ae.Error.Fields["outcome.side"])

	var saved struct {
		Table struct {
			Outcome  struct{ Kind string }
			Complete bool
			Points   []string
		}
	}
	res = put(`{"hands":[],"outcome":{"kind":"forfeit","side":2}}`, tag, &saved)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	assert.Equal(t, "forfeit", saved.Table.Outcome.Kind)
	assert.True(t, saved.Table.Complete)
	assert.Equal(t, []string{"2", "0"}, saved.Table.Points)
	// The old version again: 409 with what is stored now.
	var conflict struct {
		Current struct{ Outcome struct{ Kind string } }
	}
	res = put(`{"outcome":{"kind":""}}`, tag, &conflict)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.body)
	assert.Equal(t, "forfeit", conflict.Current.Outcome.Kind)

	var evs struct{ Events []struct{ Kind, Text string } }
	c.api("GET", ev.api+"/events", tok, "", &evs)
	assert.Equal(t, "scores", evs.Events[0].Kind)
	assert.Contains(t, evs.Events[0].Text, "table 2: scores entered: outcome none (the scores decide) → forfeit (did not play), outcome, side – → 2")
}
