package table_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A table's page, in every state and in both languages, shows no player's contact
// details, card number or notes, no PIN and no other table's code; a hostile name is
// shown as text.
func TestTablePageShowsNothingPrivate(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	tok := app.APIToken(dir)
	base := viewtest.TournamentWithEntries(t, dir, 0)
	var private []string
	form := url.Values{}
	for i := 1; i <= 6; i++ {
		var p struct{ ID int64 }
		first := fmt.Sprintf("Nome%d", i)
		if i == 2 {
			first = `<b id="hostile">Bold</b>`
		}
		body := fmt.Sprintf(`{"first_name":%q,"last_name":"Rossi","card_number":"CARDSECRET%d","email":"mailsecret%d@example.org","phone":"+39 555 000%d","notes":"NOTESECRET%d"}`, first, i, i, i, i)
		res := dir.API("POST", "/api/v1/players", tok, body, &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		private = append(private, fmt.Sprintf("CARDSECRET%d", i), fmt.Sprintf("mailsecret%d", i), fmt.Sprintf("555 000%d", i), fmt.Sprintf("NOTESECRET%d", i))
		form.Add("player_id", fmt.Sprint(p.ID))
	}
	require.Less(t, dir.Post(base+"/entries", form).StatusCode, 400)
	require.Equal(t, http.StatusSeeOther, dir.Post(base+"/entries/present", nil).StatusCode)
	version, _ := dir.Get(base + "/edit").Doc(t).Find(`#reporting input[name="version"]`).Attr("value")
	require.Equal(t, http.StatusSeeOther, dir.Post(base+"/reporting", url.Values{"reporting": {"on"}, "pin": {"pin"}, "version": {version}}).StatusCode)
	res := dir.Post(base+"/draw", url.Values{"seed": {"5"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	cs := cards(t, dir, res.Header.Get("Location"))
	require.Len(t, cs, 2)
	for _, cd := range cs {
		private = append(private, cd.PINs...)
	}
	own, other := cs[1], cs[2]

	scan := func(state string) {
		t.Helper()
		for _, lang := range []string{"it", "en"} {
			phone := app.Client()
			phone.Lang = lang
			res := phone.Get("/t/" + own.Code)
			require.Equal(t, http.StatusOK, res.StatusCode)
			doc := res.Doc(t)
			require.Equal(t, state, doc.Find("#tp").AttrOr("data-state", ""))
			body := doc.Find("main").Text()
			for _, p := range private {
				assert.NotContains(t, body, p, "%s, %s", state, lang)
			}
			assert.NotContains(t, res.Body, other.Code, "another table's code")
			assert.Zero(t, doc.Find("#hostile").Length(), "a name is text, never markup")
		}
	}
	scan("not_reported")
	phone := app.Client()
	require.Equal(t, http.StatusSeeOther, phone.Post("/t/"+own.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {own.PINs[0]}})).StatusCode)
	scan("reported")
	require.Equal(t, http.StatusSeeOther, phone.Post("/t/"+own.Code+"/confirm", totals([3]int{100, 200, 300}, url.Values{"seat": {"2"}, "pin": {own.PINs[1]}, "other": {"1"}})).StatusCode)
	scan("disputed")
	// Somewhere the page does name the hostile player: as text.
	both := app.Client().Get("/t/"+own.Code).Body + app.Client().Get("/t/"+other.Code).Body
	assert.Contains(t, both, "&lt;b id=")
	assert.NotContains(t, both, `<b id="hostile">`)
}

// Guessing a seat's PIN from a phone is stopped after a few tries, without throwing
// the player back to the code page: each wrong PIN keeps the figures typed and says how
// many tries are left; then the seat is blocked (even its right PIN), the round page
// shows it to the director, who lifts it, and the right PIN then sends the sheet.
func TestPINGuessingThrottledOnThePage(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game, cs := reportingEvening(t, dir, 3)
	cd := cs[1]
	phone := app.Client()
	sheet := func(pin string) url.Values {
		return totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {pin}})
	}
	kept := func(res *viewtest.Response) {
		t.Helper()
		doc := res.Doc(t)
		assert.Equal(t, 0, doc.Find("#code").Length(), "not the code page")
		v, _ := doc.Find(`input[name="h2.s1.total"]`).Attr("value")
		assert.Equal(t, "300", v, "the figures typed are kept")
	}
	wrong := 0
	next := func() string {
		for {
			p := fmt.Sprintf("%04d", wrong)
			wrong++
			if p != cd.PINs[0] {
				return p
			}
		}
	}
	for left := 4; left >= 1; left-- {
		res := phone.Post("/t/"+cd.Code+"/report", sheet(next()))
		require.Equal(t, http.StatusUnauthorized, res.StatusCode, res.Body)
		kept(res)
		assert.Contains(t, res.Doc(t).Find(".alert").Text(), fmt.Sprintf("%d tries left", left))
	}
	last := phone.Post("/t/"+cd.Code+"/report", sheet(next()))
	require.Equal(t, http.StatusTooManyRequests, last.StatusCode, "the fifth wrong PIN blocks the seat")
	kept(last)
	assert.Contains(t, last.Doc(t).Find(".alert").Text(), "blocked")
	assert.Contains(t, last.Doc(t).Find(".tp-blocked").Text(), "Side 1", "the page names the side blocked")
	res := phone.Post("/t/"+cd.Code+"/report", sheet(cd.PINs[0]))
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, "the right PIN is no way round the block")
	kept(res)
	assert.Contains(t, phone.Get("/t/"+cd.Code).Doc(t).Find(".tp-blocked").Text(), "Side 1", "the table's page says which side is blocked")

	// The round page shows the blocked seat; the director lifts it.
	doc := dir.Get(game).Doc(t)
	btn := doc.Find(`#queue-blocked button[data-unblock="1/1"]`)
	require.Equal(t, 1, btn.Length(), "the blocked seat on the round page")
	res = dir.Post(game+"/reports/unblock", url.Values{"table": {"1"}, "seat": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, 0, dir.Get(game).Doc(t).Find("#queue-blocked").Length(), "lifted")
	res = phone.Post("/t/"+cd.Code+"/report", sheet(cd.PINs[0]))
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
}
