package clubs_test

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

// The officer creates a club and its first director through the pages; the director,
// a member of two clubs, switches between them and sees each one's tournaments only.
func TestOfficerClubsAndTheSwitch(t *testing.T) {
	app := viewtest.NewApp(t)
	anna := app.Setup() // the officer, a director of club 1
	res := anna.Get("/clubs")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Body, `href="/clubs"`, "the officer's navigation leads to the clubs")

	// A club refused, its input kept; then created.
	res = anna.Post("/clubs", url.Values{"slug": {"Roma EUR"}, "name": {"Burraco Roma EUR"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.Doc(t)
	assert.Equal(t, "Burraco Roma EUR", doc.Find("#new-club input#name").AttrOr("value", ""))
	assert.NotEmpty(t, doc.Find("#slug-error").Text())
	res = anna.Post("/clubs", url.Values{"slug": {"roma-eur"}, "name": {"Burraco Roma EUR"}, "region": {"Lazio"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	club := res.Header.Get("Location")
	require.True(t, strings.HasPrefix(club, "/clubs/"), club)

	// Its first director, then anna (an existing director) added too.
	res = anna.Post(club+"/directors/new", url.Values{"d_username": {"elena"}, "d_password": {viewtest.Password}, "d_confirm": {viewtest.Password}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Equal(t, "elena", res.Doc(t).Find("#d_username").AttrOr("value", ""), "the input kept")
	assert.NotEmpty(t, res.Doc(t).Find("#d_name-error").Text())
	res = anna.Post(club+"/directors/new", url.Values{"d_username": {"elena"}, "d_name": {"Elena Conti"}, "d_password": {viewtest.Password}, "d_confirm": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = anna.Get(club)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find("#club-directors").Text(), "elena")

	// A stale edit is a conflict, the input kept.
	res = anna.Post(club, url.Values{"slug": {"roma-eur"}, "name": {"Circolo Roma EUR"}, "version": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = anna.Post(club, url.Values{"slug": {"roma-eur"}, "name": {"Altro nome"}, "version": {"1"}})
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, "Altro nome", res.Doc(t).Find("#edit-club input#name").AttrOr("value", ""))

	// Elena: one club, its name shown, no switcher, no clubs' pages.
	elena := app.Client()
	res = elena.Post("/login", url.Values{"username": {"elena"}, "password": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = elena.Get("/tournaments")
	require.Equal(t, http.StatusOK, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "Circolo Roma EUR", doc.Find(".club-name").Text())
	assert.Zero(t, doc.Find("form.club-switch").Length())
	assert.Zero(t, doc.Find(`a[href="/clubs"]`).Length())
	assert.Equal(t, http.StatusNotFound, elena.Get("/clubs").StatusCode)
	assert.Equal(t, http.StatusNotFound, elena.Post("/clubs", url.Values{"slug": {"x-y"}, "name": {"X"}}).StatusCode)
	assert.Equal(t, http.StatusNotFound, elena.Get(club).StatusCode)
	res = elena.Post("/tournaments", url.Values{"name": {"Serata EUR"}, "date": {"2026-11-26"}, "games": {"2"}, "hands_per_game": {"3"},
		"qualifiers": {"2"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)

	// Bruno, a director of club 1, joins Roma EUR too: he switches between the two.
	res = anna.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {viewtest.Password}, "confirm": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	var clubID int64
	fmt.Sscanf(strings.TrimPrefix(club, "/clubs/"), "%d", &clubID)
	doc = anna.Get(club).Doc(t)
	bruno := doc.Find(`#add-director option:contains("bruno")`).AttrOr("value", "")
	require.NotEmpty(t, bruno)
	res = anna.Post(club+"/directors", url.Values{"director": {bruno}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	b := app.Client()
	res = b.Post("/login", url.Values{"username": {"bruno"}, "password": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = b.Get("/tournaments")
	doc = res.Doc(t)
	require.Equal(t, 1, doc.Find("form.club-switch").Length(), "two clubs: the switcher")
	assert.NotContains(t, res.Body, "Serata EUR", "club 1 is bruno's first club")
	res = b.Post("/club", url.Values{"club": {"roma-eur"}, "back": {"/tournaments/1/edit"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, "/tournaments", res.Header.Get("Location"), "a page of the club left goes to its list")
	res = b.Get("/tournaments")
	assert.Contains(t, res.Body, "Serata EUR")
	assert.Contains(t, res.Doc(t).Find("form.club-switch option[selected]").Text(), "Roma EUR")
	// A club not hers is refused.
	assert.Equal(t, http.StatusNotFound, elena.Post("/club", url.Values{"club": {"club"}}).StatusCode)

	// The API: X-Club or ?club= names the club; one not theirs is not found.
	tok := app.APIToken(b)
	var list struct{ Tournaments []struct{ Name string } }
	res = b.API("GET", "/api/v1/tournaments?club=roma-eur", tok, "", &list)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, list.Tournaments, 1)
	res = b.API("GET", "/api/v1/tournaments", tok, "", &list)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Empty(t, list.Tournaments, "club 1 by default")
	etok := app.APIToken(elena)
	req, _ := http.NewRequest("GET", app.Srv.URL+"/api/v1/tournaments", nil)
	req.Header.Set("Authorization", "Bearer "+etok)
	req.Header.Set("X-Club", "club")
	assert.Equal(t, http.StatusNotFound, elena.Do(req).StatusCode)
	var mine struct{ Clubs []struct{ Slug string } }
	res = elena.API("GET", "/api/v1/me/clubs", etok, "", &mine)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Len(t, mine.Clubs, 1)
	assert.Equal(t, "roma-eur", mine.Clubs[0].Slug)
	assert.Equal(t, http.StatusNotFound, elena.API("GET", "/api/v1/clubs", etok, "", nil).StatusCode)
	assert.Equal(t, http.StatusNotFound, elena.API("POST", fmt.Sprintf("/api/v1/clubs/%d/directors", clubID), etok, `{"director_id":1}`, nil).StatusCode)
}
