package apptest_test

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

func TestEveningThroughThePages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 7)

	// Search-as-you-type finds registry players and marks those entered.
	require.Equal(t, http.StatusSeeOther, c.Post("/players", url.Values{"first_name": {"Zeno"}, "last_name": {"Bianchi"}}).StatusCode)
	doc := c.Get(base + "/entries/search?q=bianchi").Doc(t)
	assert.Equal(t, 1, doc.Find("form button").Length())
	doc = c.Get(base + "/entries/search?q=verdi").Doc(t)
	assert.Equal(t, 7, doc.Find(".badge").Length(), "already entered")

	// 7 players: the home page explains the sit-outs before the draw.
	doc = c.Get(base).Doc(t)
	assert.Contains(t, doc.Find(".next-step").Text(), "Next: draw game 1.")
	assert.Contains(t, doc.Find(".next-step").Text(), "7 players are checked in. Sit-outs per game: 1, in turn, each scoring 3 ranking points.")

	res := c.Post(base+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	game1 := res.Header.Get("Location")
	doc = c.Get(game1).Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Game 1 drawn (seed 77).")
	assert.Equal(t, 2, doc.Find(".table-card").Length())
	assert.Equal(t, 1, doc.Find(".sitouts").Length())

	// Drawing again before the game is complete needs a reason.
	res = c.Post(base+"/draw", nil)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find(".alert").Text(), "Game 1 is not complete")
	assert.Equal(t, 1, doc.Find("#override").Length())

	// Score entry: a mistake shows next to the cell, what was typed is kept.
	sheetURL := game1 + "/tables/1"
	doc = c.Get(sheetURL + "?form=components").Doc(t)
	_, checked := doc.Find(`[id="h1.s1.kitty_taken"]`).Attr("checked")
	assert.True(t, checked, "kitty taken is the default")
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(100*s))
		}
	}
	form.Set("h2.s3.total", "12")
	res = c.Post(sheetURL, form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#cell-2-3").Text(), "Points go in fives.")
	assert.Equal(t, "12", doc.Find(`[id="h2.s3.total"]`).AttrOr("value", ""))
	assert.Equal(t, "true", doc.Find(`[id="h2.s3.total"]`).AttrOr("aria-invalid", ""), "the wrong input itself is marked")
	assert.Equal(t, "", doc.Find(`[id="h2.s2.total"]`).AttrOr("aria-invalid", ""))
	assert.Equal(t, "= 100", strings.TrimSpace(doc.Find("#cell-1-1 .cell-sum").Text()))

	// The live preview computes without saving.
	form.Set("h2.s3.total", "15")
	doc = c.Post(sheetURL+"/preview", form).Doc(t)
	assert.Equal(t, "615", doc.Find("#game-3").Text())
	assert.Equal(t, "300", doc.Find("#game-1").Text())

	res = c.Post(sheetURL, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	require.Equal(t, game1+"/tables/2", res.Header.Get("Location"), "on to the next table to enter")
	doc = c.Get(res.Header.Get("Location")).Doc(t)
	assert.Equal(t, "Table 1 saved.", doc.Find(".flash").Text())
	doc = c.Get(game1).Doc(t)
	card := doc.Find(".table-card").First()
	assert.Equal(t, []string{"1", "3", "6"}, card.Find(".ppoints").Map(func(_ int, s *goquery.Selection) string { return s.Text() }))

	// Re-opening the sheet shows what was saved, in the form it was entered.
	doc = c.Get(sheetURL).Doc(t)
	assert.Equal(t, "615", doc.Find("#game-3").Text())
	assert.Equal(t, "15", doc.Find(`[id="h2.s3.total"]`).AttrOr("value", ""))

	// Seat changes are possible only before the first score.
	assert.Equal(t, 0, c.Get(game1).Doc(t).Find(`a[href$="/seats"]`).Length())

	// Standings: table 1 is complete, table 2 not yet: provisional.
	doc = c.Get(base + "/standings").Doc(t)
	assert.Contains(t, doc.Find(".print-sub").Text(), "provisional")
	assert.Equal(t, "6", doc.Find("tbody tr").First().Find("td.rp").Text())

	// Print pages: the table list by table and alphabetically, and one sheet per table.
	doc = c.Get(game1 + "/print").Doc(t)
	assert.Equal(t, 2, doc.Find(".print-table").Length())
	assert.Equal(t, 7, doc.Find("table.find-seat tbody tr").Length())
	assert.Contains(t, doc.Find("table.find-seat").Text(), "sits out")
	doc = c.Get(game1 + "/sheets").Doc(t)
	assert.Equal(t, 2, doc.Find("section.score-sheet").Length())
	assert.Equal(t, 3, doc.Find("section.score-sheet").First().Find("tr.hand-row").Length())
	assert.Equal(t, 3, doc.Find("section.score-sheet").First().Find("th.player").Length())
	// The 3-player sheet keeps its own words: 6 · 3 · 1 to circle, three signatures, no
	// outcome line.
	sheet := doc.Find("section.score-sheet").First()
	assert.Equal(t, "6 · 3 · 1", sheet.Find("td.rp").First().Text())
	assert.Contains(t, sheet.Find(".sheet-help").Text(), "Ranking points: 6, 3, 1")
	assert.Equal(t, 3, sheet.Find(".sheet-sign span").Length())
	assert.Equal(t, 0, sheet.Find(".sheet-outcome, .side-no").Length())
}

func TestWithdrawAndCorrection(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 6)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	fill := func(game, table int, scores [3]int) *viewtest.Response {
		form := url.Values{"form": {"total"}}
		for h := 1; h <= 3; h++ {
			for s := 1; s <= 3; s++ {
				form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(scores[s-1]))
			}
		}
		return c.Post(fmt.Sprintf("%s/rounds/%d/tables/%d", base, game, table), form)
	}
	// Game 1 drawn, nothing entered: drawing game 2 is folded away, not the big button.
	doc := c.Get(base).Doc(t)
	assert.Equal(t, 1, doc.Find("details.draw-anyway .draw-form").Length())
	assert.Zero(t, doc.Find(".big-button").Length())
	fill(1, 1, [3]int{300, 200, 100})
	fill(1, 2, [3]int{300, 200, 100})
	assert.Equal(t, 1, c.Get(base).Doc(t).Find(".draw-form .big-button").Length(), "once complete, the next draw is the big button")
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", nil).StatusCode)

	// Correcting game 1 while game 2 has not started: the page shows who would move and
	// asks; nothing is saved until the director chooses.
	res := fill(1, 1, [3]int{100, 200, 300})
	require.Equal(t, http.StatusConflict, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find(".reseat-choice h3").Text(), "Game 2 has not started: this correction would move these players")
	assert.NotZero(t, doc.Find(".reseat-choice li").Length())
	assert.Equal(t, "100", doc.Find(`input[name="h1.s1.total"]`).AttrOr("value", ""), "what was typed is kept")
	require.Equal(t, 2, doc.Find(`.reseat-choice button[name="next_round"]`).Length())
	form := url.Values{"form": {"total"}, "next_round": {"reseat"}}
	for h := 1; h <= 3; h++ {
		for s, v := range []string{"100", "200", "300"} {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s+1), v)
		}
	}
	res = c.Post(base+"/rounds/1/tables/1", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	doc = c.Get(res.Header.Get("Location")).Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Game 2 had not started yet: its seats were recomputed")

	// Withdraw a player mid-evening: kept in the standings with what they played.
	ev, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	first := ev.Entries[0]
	res = c.Post(fmt.Sprintf("%s/entries/%d", base, first.ID), url.Values{"action": {"withdraw"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	doc = c.Get(base + "/standings").Doc(t)
	row := doc.Find("tbody tr.inactive")
	require.Equal(t, 1, row.Length())
	assert.Contains(t, row.Text(), first.Name)
	assert.Contains(t, row.Text(), "withdrawn")
}

func TestCheckInAndSettingsLock(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 4)

	// Settings can be edited until game 1 is drawn.
	doc := c.Get(base + "/edit").Doc(t)
	assert.Equal(t, "Giovedì", doc.Find("#name").AttrOr("value", ""))
	form := url.Values{"name": {"Giovedì sera"}, "date": {"2026-11-26"}, "venue": {"Circolo"}, "games": {"3"},
		"hands_per_game": {"3"}, "qualifiers": {"2"}, "sit_out": {"rotate"}, "bye_points": {"4.5"}}
	require.Equal(t, http.StatusSeeOther, c.Post(base, form).StatusCode)
	doc = c.Get(base).Doc(t)
	assert.Equal(t, "Giovedì sera", doc.Find("h1").Text())
	assert.Contains(t, doc.Find(".subtitle").Text(), "3 games of 3 hands")

	// A player marked absent is not drawn: 3 present make one table, nobody sits out.
	ev, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	absent := ev.Entries[3]
	require.Equal(t, http.StatusSeeOther, c.Post(fmt.Sprintf("%s/entries/%d", base, absent.ID), url.Values{"action": {"check_out"}}).StatusCode)
	doc = c.Get(base + "/entries").Doc(t)
	assert.Contains(t, doc.Find("h2").First().Text(), "3 of 4 present")
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", nil).StatusCode)
	ev, _ = app.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.Len(t, ev.Rounds[0].Tables, 1)
	assert.NotContains(t, ev.Rounds[0].Tables[0].Entries(), absent.ID)
	assert.Empty(t, ev.Rounds[0].Byes)

	// Once drawn, the name and the number of games still change (never below the games
	// drawn); the hands per game and the rules stay as announced, said next to the field.
	form.Set("name", "Changed")
	form.Set("games", "4")
	require.Equal(t, http.StatusSeeOther, c.Post(base, form).StatusCode)
	doc = c.Get(base).Doc(t)
	assert.Equal(t, "Changed", doc.Find("h1").Text())
	assert.Contains(t, doc.Find(".subtitle").Text(), "4 games of 3 hands")
	form.Set("games", "0")
	form.Set("hands_per_game", "4")
	form.Set("semi_clean_on", "on")
	res := c.Post(base, form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "Game 1 has been drawn: this stays as announced.", doc.Find(`[id="hands_per_game-error"]`).Text())
	assert.NotEmpty(t, doc.Find(`[id="games-error"]`).Text())
	assert.Equal(t, "4", doc.Find("#hands_per_game").AttrOr("value", ""), "what was typed is kept")
	form.Set("games", "4")
	form.Set("hands_per_game", "3")
	res = c.Post(base, form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Game 1 has been drawn: the rules stay as announced.", res.Doc(t).Find(`[id="rules-error"]`).Text())
	assert.Contains(t, c.Get(base).Doc(t).Find(".subtitle").Text(), "4 games of 3 hands", "nothing half-saved")
}
