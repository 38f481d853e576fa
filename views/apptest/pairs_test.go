package apptest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// members are the names an element shows, one per member of the pair.
func members(s *goquery.Selection) []string {
	var out []string
	s.Find(".member").Each(func(_ int, m *goquery.Selection) { out = append(out, m.Text()) })
	return out
}

// The printed pages of a round of pairs: both names of each pair everywhere, each player
// on a line of "find your seat" with their table and side, a column per side.
func TestPrintingPairs(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, append(viewtest.EightPlayers, "Viola Zeno", "Grigi Olga"), 5)
	drawPairs(t, c, tok, ev)
	round := ev.HTML + "/rounds/1"

	doc := c.Get(round + "/print").Doc(t)
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
	rows.Each(func(_ int, r *goquery.Selection) {
		name := r.Find("td.name").Contents().First().Text()
		seat[strings.TrimSpace(name)] = strings.TrimSpace(r.Find("td.seat").Text()) + " | " + r.Find(".with").Text()
	})
	assert.Equal(t, "Table 1 · side 2 | with D'Alessandro Niccolò", seat["Verdi Luca"])
	assert.Equal(t, "Table 1 · side 1 | with Rossi Mario", seat["Bianchi Anna"])
	assert.Equal(t, "Table 2 · side 2 | with Rosa Ivo", seat["Blu Eva"])
	assert.Equal(t, "has the bye | with Grigi Olga", seat["Viola Zeno"], "a format with no words of its own speaks the base: rounds and byes")
	assert.Equal(t, "Bianchi Anna", strings.TrimSpace(rows.First().Find("td.name").Contents().First().Text()), "alphabetical")

	doc = c.Get(round + "/sheets").Doc(t)
	sheet := doc.Find("section.score-sheet").First()
	heads := sheet.Find("th.player")
	require.Equal(t, 2, heads.Length(), "a column per side")
	assert.Equal(t, []string{"Rossi Mario", "Bianchi Anna"}, members(heads.Eq(0)))
	assert.Equal(t, "Side 2", heads.Eq(1).Find(".side-no").Text(), "sides numbered, for the outcome")
	assert.Equal(t, 2, sheet.Find(".sheet-sign span").Length(), "a signature per side")
	assert.NotContains(t, sheet.Text(), "6 · 3 · 1", "no 3-player ranking points")
	assert.Contains(t, sheet.Find(".sheet-outcome").Text(), "ran out of time")

	doc = c.Get(round + "/cards").Doc(t)
	assert.Equal(t, []string{"Neri Ada", "Gialli Ugo"}, members(doc.Find(".table-sign").Eq(1).Find(".sign-names li").First()))

	// The round's page (results) and the standings, once a table is entered.
	res := c.API("PUT", ev.API+"/rounds/1/tables/1", tok, `{"hands":[[{"form":2,"total":300},{"form":2,"total":100}]]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = c.Get(round).Doc(t)
	card := doc.Find("a.table-card").First()
	assert.Equal(t, 2, card.Find("li").Length())
	assert.Contains(t, card.Find("li").First().Text(), "Rossi Mario / Bianchi Anna")
	assert.Contains(t, card.Find("li").First().Find(".pscore").Text(), "300")
	assert.Equal(t, "+200", card.Find("li").First().Find(".pmp").Text(), "MP of a format that scores matches")
	assert.Equal(t, "−200", card.Find("li").Eq(1).Find(".pmp").Text())
	var rd struct{ Tables []struct{ MP []int } }
	c.API("GET", ev.API+"/rounds/1", tok, "", &rd)
	assert.Equal(t, []int{200, -200}, rd.Tables[0].MP)
	assert.Nil(t, rd.Tables[1].MP, "not complete")
	doc = c.Get(ev.HTML + "/standings").Doc(t)
	assert.Equal(t, "Rossi Mario / Bianchi Anna", doc.Find(".standings-table tbody tr").First().Find(".pn").Text())
}

// The score sheet offers the format's outcomes with the side they concern; a kind the
// format does not offer, or a side out of range, is refused next to its field.
func TestSheetOutcomePage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers[:4], 2)
	drawPairs(t, c, tok, ev)
	sheet := ev.HTML + "/rounds/1/tables/1"

	doc := c.Get(sheet).Doc(t)
	var kinds []string
	doc.Find("select#outcome_kind option").Each(func(_ int, o *goquery.Selection) { kinds = append(kinds, o.AttrOr("value", "?")) })
	assert.Equal(t, []string{"", "timeout", "last_action", "forfeit"}, kinds)
	assert.Equal(t, "Side 2 · D'Alessandro Niccolò / Verdi Luca", doc.Find(`select#outcome_side option[value="2"]`).Text())
	assert.Equal(t, 2, doc.Find(".sheet-names .sheet-name").Length(), "a column per side")
	version := doc.Find(`input[name="version"]`).AttrOr("value", "")

	form := func(kind, side, version string) url.Values {
		return url.Values{"form": {"total"}, "version": {version}, "then": {"round"}, "h1.s1.total": {"150"}, "h1.s2.total": {"100"},
			"outcome_kind": {kind}, "outcome_side": {side}}
	}
	res := c.Post(sheet, form("dragon", "1", version))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "This format does not offer this outcome.", doc.Find(`[id="outcome.kind-error"]`).Text())
	assert.Equal(t, "150", doc.Find(`input[name="h1.s1.total"]`).AttrOr("value", ""), "typed input kept")
	res = c.Post(sheet, form("timeout", "3", version))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Choose a side of this table.", res.Doc(t).Find(`[id="outcome.side-error"]`).Text())

	res = c.Post(sheet, form("timeout", "2", version))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(sheet).Doc(t)
	assert.Equal(t, "timeout", doc.Find("select#outcome_kind option[selected]").AttrOr("value", ""))
	assert.Equal(t, "2", doc.Find("select#outcome_side option[selected]").AttrOr("value", ""))
	var tb struct {
		Outcome struct {
			Kind string
			Side int
		}
	}
	c.API("GET", ev.API+"/rounds/1/tables/1", tok, "", &tb)
	assert.Equal(t, "timeout", tb.Outcome.Kind)
	assert.Equal(t, 2, tb.Outcome.Side)

	// From the old version: a conflict, with the stored outcome beside the typed one.
	res = c.Post(sheet, form("forfeit", "1", version))
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find("table.conflict").Text(), "ran out of time, side 2")
}

// Seats can be swapped between 2-sided tables before the round starts.
func TestSwapPairsPage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers, 4)
	drawPairs(t, c, tok, ev)
	seats := ev.HTML + "/rounds/1/seats"
	doc := c.Get(seats).Doc(t)
	assert.Equal(t, 4, doc.Find("select[name^='seat.']").Length())
	assert.Equal(t, 2, doc.Find("fieldset.table-card").First().Find("select").Length())
	p := func(i int) string { return page.Itoa(int(ev.Pairs[i])) }
	res := c.Post(seats, url.Values{"seat.1.1": {p(0)}, "seat.1.2": {p(2)}, "seat.2.1": {p(1)}, "seat.2.2": {p(3)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(ev.HTML + "/rounds/1/print").Doc(t)
	assert.Equal(t, []string{"Neri Ada", "Gialli Ugo"}, members(doc.Find(".print-table").First().Find("li").Eq(1)))
	res = c.Post(seats, url.Values{"seat.1.1": {p(0)}, "seat.1.2": {p(0)}, "seat.2.1": {p(1)}, "seat.2.2": {p(3)}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
}
