package apptest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// An unknown address is a 404 page for everyone; a director page still asks a visitor
// to log in (so a 404 never tells a visitor which director pages exist).
func TestUnknownPathIsNotFound(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	anon := app.Client()
	for _, path := range []string{"/nowhere", "/tournaments/1/nowhere", "/players/1/edit/more"} {
		res := anon.Get(path)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, path)
		assert.Contains(t, res.Body, "Page not found.", path)
		assert.NotContains(t, res.Body, `href="/tournaments"`, "no director navigation for a visitor")
		res = c.Get(path)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, path)
		assert.Contains(t, res.Body, `href="/tournaments"`, "a director keeps the menu on a 404")
	}
	res := anon.Get("/tournaments/1")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/login?next=%2Ftournaments%2F1", res.Header.Get("Location"))
	assert.Equal(t, http.StatusSeeOther, anon.Get("/").StatusCode)
	assert.Equal(t, http.StatusNotFound, c.Get("/tournaments/999").StatusCode)
}

// drawn creates a tournament of n players through the pages and draws game 1 with a
// fixed seed; it returns the tournament's and the game's paths.
func drawn(t *testing.T, c *viewtest.Client, n int) (base, game1 string) {
	t.Helper()
	base = viewtest.TournamentWithEntries(t, c, n)
	res := c.Post(base+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	return base, res.Header.Get("Location")
}

// Dates read as each language writes them (ISO stays in inputs); one player sitting out
// is singular.
func TestDatesAndSitOutInTheirLanguage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base, game1 := drawn(t, c, 4)

	c.Lang = "it"
	doc := c.Get(game1).Doc(t)
	assert.Contains(t, doc.Find(".subtitle").Text(), "giovedì 26 novembre 2026")
	assert.NotContains(t, doc.Text(), "2026-11-26")
	assert.Equal(t, "Riposa:", doc.Find(".sitouts strong").Text(), "one player sits out: singular")
	assert.Contains(t, c.Get(game1+"/print").Doc(t).Find(".print-sub").First().Text(), "giovedì 26 novembre 2026")
	assert.Contains(t, c.Get(base+"/standings").Doc(t).Find(".print-sub").Text(), "giovedì 26 novembre 2026")
	assert.Contains(t, c.Get("/tournaments").Doc(t).Find("tbody td").First().Text(), "26/11/2026")
	assert.Equal(t, "2026-11-26", c.Get(base+"/edit").Doc(t).Find("#date").AttrOr("value", ""), "inputs keep ISO")

	c.Lang = "en"
	doc = c.Get(game1).Doc(t)
	assert.Contains(t, doc.Find(".subtitle").Text(), "Thursday 26 November 2026")
	assert.Equal(t, "Sitting out:", doc.Find(".sitouts strong").Text())
	assert.Contains(t, c.Get("/tournaments").Doc(t).Find("tbody td").First().Text(), "26 Nov 2026")

	// Two sitting out: plural in Italian.
	_, game1 = drawn(t, c, 5)
	c.Lang = "it"
	assert.Equal(t, "Riposano:", c.Get(game1).Doc(t).Find(".sitouts strong").Text())
}

// sheetInput is an input's value on a sheet page.
func sheetInput(doc *goquery.Document, name string) string {
	return doc.Find(`[name="`+name+`"]`).AttrOr("value", "")
}

// The entry form a director picks stays for the next tables; a stored table keeps its own.
func TestSheetRemembersTheForm(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := drawn(t, c, 6)
	doc := c.Get(game1 + "/tables/1").Doc(t)
	assert.Equal(t, "base_cards", sheetInput(doc, "form"), "base and cards, as the printed sheet, until a director picks another")
	assert.Equal(t, 9, doc.Find(`input[name$=".base"]`).Length())

	doc = c.Post(game1+"/tables/1/switch", url.Values{"form": {"components"}, "switch": {"total"}}).Doc(t)
	assert.Equal(t, "total", sheetInput(doc, "form"))
	doc = c.Get(game1 + "/tables/2").Doc(t)
	assert.Equal(t, "total", sheetInput(doc, "form"), "the next table opens in totals")
	assert.Equal(t, 9, doc.Find(`input[name$=".total"]`).Length())

	// A save remembers the form it used.
	c.Get(game1 + "/tables/2?form=components")
	assert.Equal(t, "components", sheetInput(c.Get(game1+"/tables/1").Doc(t), "form"))
}

// Switching form keeps what was typed: totals computed from the typed hands, and the
// typed figures come back on switching back.
func TestSheetSwitchKeepsWhatWasTyped(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := drawn(t, c, 3)
	sheet := game1 + "/tables/1"
	// Hand 1 in components: a closer with 1 clean + 1 dirty and 420 on the table (820),
	// kitty not taken with 80 on the table (-20); the third player's hand is unreadable.
	typed := url.Values{"form": {"components"}, "version": {"0"},
		"h1.s1.closed": {"on"}, "h1.s1.kitty_taken": {"on"}, "h1.s1.opened": {"on"}, "h1.s1.clean": {"1"}, "h1.s1.dirty": {"1"}, "h1.s1.table": {"420"},
		"h1.s2.opened": {"on"}, "h1.s2.table": {"80"}, "h1.s3.table": {"abc"}}
	typed.Set("switch", "total")
	doc := c.Post(sheet+"/switch", typed).Doc(t)
	assert.Equal(t, "820", sheetInput(doc, "h1.s1.total"))
	assert.Equal(t, "-20", sheetInput(doc, "h1.s2.total"))
	assert.Equal(t, "", doc.Find(`input[type=text][name="h1.s3.total"]`).AttrOr("value", ""), "nothing to convert from what cannot be read")
	assert.Equal(t, "420", doc.Find(`input[type=hidden][name="h1.s1.table"]`).AttrOr("value", ""), "the components typed are carried along")
	assert.Equal(t, "820", doc.Find("#game-1").Text())

	// Back to components: the typed figures come back as typed, also the unreadable one.
	back := url.Values{}
	doc.Find("#sheet input").Each(func(_ int, s *goquery.Selection) {
		if n, ok := s.Attr("name"); ok && n != "_csrf" {
			back.Set(n, s.AttrOr("value", ""))
		}
	})
	back.Set("switch", "components")
	doc = c.Post(sheet+"/switch", back).Doc(t)
	assert.Equal(t, "420", doc.Find(`input[type=text][name="h1.s1.table"]`).AttrOr("value", ""))
	assert.Equal(t, "abc", doc.Find(`input[type=text][name="h1.s3.table"]`).AttrOr("value", ""))
	_, closed := doc.Find(`[id="h1.s1.closed"]`).Attr("checked")
	assert.True(t, closed)
	_, kitty := doc.Find(`[id="h1.s2.kitty_taken"]`).Attr("checked")
	assert.False(t, kitty, "kitty not taken, as typed")

	// A total changed meanwhile wins over the old components.
	back.Set("form", "total")
	back.Set("h1.s1.total", "800")
	doc = c.Post(sheet+"/switch", back).Doc(t)
	assert.Equal(t, "", doc.Find(`input[type=text][name="h1.s1.table"]`).AttrOr("value", ""), "820 in components no longer matches the 800 typed")
	assert.Equal(t, "80", doc.Find(`input[type=text][name="h1.s2.table"]`).AttrOr("value", ""))

	// Components to base + cards, and whole games to game totals.
	typed.Set("switch", "base_cards")
	doc = c.Post(sheet+"/switch", typed).Doc(t)
	assert.Equal(t, "400", sheetInput(doc, "h1.s1.base"))
	assert.Equal(t, "420", sheetInput(doc, "h1.s1.cards"))
	totals := url.Values{"form": {"total"}, "switch": {"game"}}
	for h := 1; h <= 3; h++ {
		totals.Set(fmt.Sprintf("h%d.s1.total", h), "100")
		totals.Set(fmt.Sprintf("h%d.s2.total", h), "-5")
	}
	doc = c.Post(sheet+"/switch", totals).Doc(t)
	assert.Equal(t, "game", sheetInput(doc, "form"))
	assert.Equal(t, "300", doc.Find(`input[type=text][name="h1.s1.game"]`).AttrOr("value", ""))
	assert.Equal(t, "-15", doc.Find(`input[type=text][name="h1.s2.game"]`).AttrOr("value", ""))
	assert.Equal(t, "", doc.Find(`input[type=text][name="h1.s3.game"]`).AttrOr("value", ""))
}

// The first box has the focus on opening; after a refused save, the first wrong box.
func TestSheetFocus(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := drawn(t, c, 3)
	sheet := game1 + "/tables/1"
	doc := c.Get(sheet).Doc(t)
	assert.Equal(t, []string{"h1.s1.base"}, doc.Find("[autofocus]").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("id", "") }))

	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s), "100")
		}
	}
	form.Set("h3.s1.total", "12")
	form.Set("h2.s3.total", "x")
	res := c.Post(sheet, form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, []string{"h2.s3.total"}, doc.Find("[autofocus]").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("id", "") }))
}

// A sheet with only each player's game total: one box per player, a complete table.
func TestGameTotalsSheet(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := drawn(t, c, 6)
	sheet := game1 + "/tables/1"
	doc := c.Get(sheet + "?form=game").Doc(t)
	assert.Equal(t, 3, doc.Find(`.sheet-cell input[type=text]`).Length(), "one box per player")
	assert.Equal(t, "h1.s1.game", doc.Find("[autofocus]").AttrOr("id", ""))

	form := url.Values{"form": {"game"}, "h1.s1.game": {"1165"}, "h1.s2.game": {"130"}, "h1.s3.game": {"-257"}}
	res := c.Post(sheet, form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#cell-1-3").Text(), "Points go in fives.")
	assert.Equal(t, "h1.s3.game", doc.Find("[autofocus]").AttrOr("id", ""))

	form.Set("h1.s3.game", "-255")
	res = c.Post(sheet, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, game1+"/tables/2", res.Header.Get("Location"))
	card := c.Get(game1).Doc(t).Find(".table-card").First()
	assert.Equal(t, []string{"6", "3", "1"}, card.Find(".ppoints").Map(func(_ int, s *goquery.Selection) string { return s.Text() }), "complete with game totals")

	doc = c.Get(sheet).Doc(t)
	assert.Equal(t, "game", sheetInput(doc, "form"), "reopened in the form it was entered")
	assert.Equal(t, "1165", sheetInput(doc, "h1.s1.game"))
	assert.Equal(t, "-255", doc.Find("#game-3").Text())
	doc = c.Get(sheet + "?form=total").Doc(t)
	assert.Equal(t, "", sheetInput(doc, "h1.s1.total"), "a game total is not a hand's total")

	// "Save" alone goes back to the round.
	form.Set("then", "round")
	form.Set("version", sheetInput(c.Get(sheet).Doc(t), "version"))
	res = c.Post(sheet, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, game1, res.Header.Get("Location"))
}
