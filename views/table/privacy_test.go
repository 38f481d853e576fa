package table_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
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

// Guessing a seat's PIN from a phone is stopped after a few tries: the page says so
// next to the PIN and asks to wait (Retry-After), and the right PIN is refused too
// while the block lasts.
func TestPINGuessingThrottledOnThePage(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	_, cs := reportingEvening(t, dir, 3)
	cd := cs[1]
	phone := app.Client()
	sheet := func(pin string) url.Values {
		return totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {pin}})
	}
	var last *viewtest.Response
	for i := 0; i < 12; i++ {
		wrong := fmt.Sprintf("%04d", i)
		if wrong == cd.PINs[0] {
			continue
		}
		last = phone.Post("/t/"+cd.Code+"/report", sheet(wrong))
		if last.StatusCode == http.StatusTooManyRequests {
			break
		}
		require.Equal(t, http.StatusUnauthorized, last.StatusCode, last.Body)
	}
	require.Equal(t, http.StatusTooManyRequests, last.StatusCode, "wrong PINs are throttled")
	assert.NotEmpty(t, last.Header.Get("Retry-After"))
	assert.NotEmpty(t, strings.TrimSpace(last.Doc(t).Find(".alert, #pin-error, #code-error").Text()))
	res := phone.Post("/t/"+cd.Code+"/report", sheet(cd.PINs[0]))
	assert.NotEqual(t, http.StatusSeeOther, res.StatusCode, "the right PIN is no way round the block")
}
