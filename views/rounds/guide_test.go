package rounds_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// mitchellDrawn creates a Mitchell tournament of 8 pairs (4 tables, East-West moving 2)
// through the API and draws round 1; it returns the tournament's page.
func mitchellDrawn(t *testing.T, app *viewtest.App, c *viewtest.Client) string {
	t.Helper()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Mitchell","date":"2026-11-26","format":"mitchell",
		"settings":{"rounds":4,"hands_per_round":3,"move":2}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for i := range 8 {
		var p1, p2 struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Uno","last_name":"Coppia%d"}`, i+1), &p1).StatusCode)
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Due","last_name":"Coppia%d"}`, i+1), &p2).StatusCode)
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, p1.ID, p2.ID), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	res = c.API("POST", api+"/draw", tok, `{"seed":5}`, nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	return fmt.Sprintf("/tournaments/%d", tr.ID)
}

// The round page of a Mitchell links its movement cards: one per table, the pair that
// stays, and where each round's East-West pair goes, the skip after round 2 (4 tables,
// move 2) marked.
func TestMitchellGuideCards(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	home := mitchellDrawn(t, app, c)
	round := c.Get(home + "/rounds/1").Doc(t)
	require.Equal(t, 1, round.Find(`a[href="`+home+`/rounds/1/guide"]`).Length())
	ns := strings.TrimSpace(round.Find(".table-card").First().Find(".pname").First().Text())
	require.NotEmpty(t, ns, "table 1's North-South pair")

	doc := c.Get(home + "/rounds/1/guide").Doc(t)
	cards := doc.Find(".guide-card")
	require.Equal(t, 4, cards.Length())
	assert.Zero(t, doc.Find(".guide-card.phantom").Length(), "an even field has no phantom table")
	first := cards.First()
	assert.Equal(t, "1", strings.TrimSpace(first.Find(".guide-big").Text()))
	assert.Equal(t, ns, strings.TrimSpace(first.Find(".guide-pair").Text()), "the pair that stays")
	var goes []string
	first.Find("td.goes").Each(func(_ int, s *goquery.Selection) { goes = append(goes, strings.TrimSpace(s.Text())) })
	// Table 1: EW1 goes to 3; round 2's pair (EW3) would reach 3+2 = 5 = 1 again: skip to 4;
	// round 3's (EW4, at 1 after the skip) to 3; the last round ends.
	assert.Equal(t, []string{"3", "4 · skip", "3", "end"}, goes)
	assert.Contains(t, first.Find(".guide-move").Text(), "After round 2 East-West go one table further")
}

// Once round 1 is drawn, the settings page refuses more rounds than the movement has
// tables, next to the rounds field, keeping what was typed.
func TestMitchellRoundsPastTheMovementInTheForm(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	home := mitchellDrawn(t, app, c)
	form := url.Values{}
	c.Get(home + "/edit").Doc(t).Find("#tournament-form input, #tournament-form select").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		if typ, _ := s.Attr("type"); (typ == "checkbox" || typ == "radio") && !s.Is("[checked]") {
			return
		}
		if s.Is("select") {
			form.Set(name, s.Find("option[selected]").AttrOr("value", ""))
			return
		}
		form.Set(name, s.AttrOr("value", ""))
	})
	form.Set("rounds", "5")
	res := c.Post(home, form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, "5", doc.Find("#rounds").AttrOr("value", ""))
	assert.Contains(t, doc.Find("#rounds-error").Text(), "More rounds than the movement's tables")
	form.Set("rounds", "3")
	assert.Equal(t, http.StatusSeeOther, c.Post(home, form).StatusCode)
}

// With 7 pairs table 4 is the phantom: the card of table 1 says its East-West pairs of
// rounds 2 and 3 come from their bye at table 4, in the reader's words, not from a
// "table 4" with nobody at it.
func TestMitchellGuideCardsSayAPairComesFromItsBye(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Mitchell","date":"2026-11-26","format":"mitchell",
		"settings":{"rounds":3,"hands_per_round":3,"move":1}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for i := range 7 {
		var p1, p2 struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Uno","last_name":"Coppia%d"}`, i+1), &p1).StatusCode)
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Due","last_name":"Coppia%d"}`, i+1), &p2).StatusCode)
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, p1.ID, p2.ID), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	res = c.API("POST", api+"/draw", tok, `{"seed":5}`, nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	home := fmt.Sprintf("/tournaments/%d", tr.ID)
	for lang, want := range map[string][]string{
		"en": {"–", "4 · after the bye", "4 · after the bye"},
		"it": {"–", "4 · dal riposo", "4 · dal riposo"},
	} {
		c.Lang = lang
		doc := c.Get(home + "/rounds/1/guide").Doc(t)
		require.Equal(t, 1, doc.Find(".guide-card.phantom").Length())
		var from []string
		doc.Find(".guide-card").First().Find("td.from").Each(func(_ int, s *goquery.Selection) { from = append(from, strings.TrimSpace(s.Text())) })
		// East-West move up one table: table 1 receives each round the pair that was at
		// table 4, the phantom, the round before (round 1's pair starts there).
		assert.Equal(t, want, from, lang)
		var second []string
		doc.Find(".guide-card").Eq(1).Find("td.from").Each(func(_ int, s *goquery.Selection) { second = append(second, strings.TrimSpace(s.Text())) })
		assert.Equal(t, []string{"–", "1", "1"}, second, lang)
	}
}
