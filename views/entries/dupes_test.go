package entries_test

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

// "New player, on the spot" with someone the registry has: 409, nothing registered, the
// typed input kept and the registered player offered; new_person registers a different
// person. The API answers 409 with duplicate_of unless "new_person": true.
func TestNewPlayerOnTheSpotOffersTheRegistered(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var rossi struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"}`, &rossi).StatusCode)
	base := viewtest.TournamentWithEntries(t, c, 0)

	res := c.Post(base+"/entries/new", url.Values{"first_name": {"Maria"}, "last_name": {"ROSSI"}, "club": {""}})
	require.Equal(t, http.StatusConflict, res.StatusCode)
	doc := res.Doc(t)
	assert.Contains(t, doc.Find(".alert").Text(), "Rossi Maria, Circolo Roma is already in the registry")
	assert.Equal(t, "ROSSI", doc.Find(`form[action$="/entries/new"] #last_name`).AttrOr("value", ""), "typed input kept")
	assert.Equal(t, fmt.Sprint(rossi.ID), doc.Find(`#duplicate-offer input[name=player_id]`).AttrOr("value", ""))
	assert.Equal(t, "1", doc.Find(`#duplicate-offer input[name=new_person]`).AttrOr("value", ""))
	all, _ := app.Store.AllPlayers(t.Context())
	assert.Len(t, all, 1, "nothing registered")

	res = c.Post(base+"/entries/new", url.Values{"first_name": {"Maria"}, "last_name": {"ROSSI"}, "new_person": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	all, _ = app.Store.AllPlayers(t.Context())
	assert.Len(t, all, 2, "a different person, on the director's word")

	// The API.
	api := "/api/v1" + base
	var body struct {
		Error struct {
			Code, Message string
			DuplicateOf   struct{ ID int64 } `json:"duplicate_of"`
		}
	}
	res = c.API("POST", api+"/entries", tok, `{"player":{"first_name":"Maria","last_name":"Rossi","club":"circolo roma"}}`, &body)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, "conflict", body.Error.Code)
	assert.Equal(t, rossi.ID, body.Error.DuplicateOf.ID)
	res = c.API("POST", api+"/entries", tok, `{"player":{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"},"new_person":true}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
}

// An entry never drawn is removed (page and API) and comes back with undo; a drawn one
// is refused with 409.
func TestRemoveEntry(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := viewtest.TournamentWithEntries(t, c, 4)
	api := "/api/v1" + base
	var st struct {
		Entries []struct {
			ID   int64
			Name string
		}
	}
	require.Equal(t, 200, c.API("GET", api, tok, "", &st).StatusCode)
	require.Len(t, st.Entries, 4)
	doc := c.Get(base + "/entries").Doc(t)
	assert.Equal(t, 4, doc.Find(`table.entries button[id^="remove-"]`).Length(), "each entry can be removed before a draw")

	res := c.Post(fmt.Sprintf("%s/entries/%d/remove", base, st.Entries[0].ID), nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(base + "/entries").Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), st.Entries[0].Name+" removed")
	assert.Equal(t, 3, doc.Find("table.entries tbody tr").Length())
	var removed struct{ Removed struct{ ID int64 } }
	res = c.API("DELETE", fmt.Sprintf("%s/entries/%d", api, st.Entries[1].ID), tok, "", &removed)
	require.Equal(t, 200, res.StatusCode, res.Body)
	assert.Equal(t, st.Entries[1].ID, removed.Removed.ID)

	// Undo the first removal from the history.
	var hist struct {
		Events []struct {
			ID   int64
			Kind string
		}
	}
	require.Equal(t, 200, c.API("GET", api+"/history", tok, "", &hist).StatusCode)
	var line int64
	for _, h := range hist.Events { // newest first: the last removal, then the first
		if h.Kind == "entry_remove" {
			line = h.ID
		}
	}
	require.NotZero(t, line)
	res = c.API("POST", fmt.Sprintf("%s/history/%d/undo", api, line), tok, "", nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	require.Equal(t, 200, c.API("GET", api, tok, "", &st).StatusCode)
	assert.Len(t, st.Entries, 3)

	require.Equal(t, 201, c.API("POST", api+"/draw", tok, `{"seed": 3}`, nil).StatusCode)
	res = c.API("DELETE", fmt.Sprintf("%s/entries/%d", api, st.Entries[0].ID), tok, "", nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	doc = c.Get(base + "/entries").Doc(t)
	assert.Equal(t, 0, doc.Find(`table.entries button[id^="remove-"]`).Length(), "no removal once drawn")
}

// The roll call lists the entries alphabetically, whatever the order they came in.
func TestRollCallAlphabetical(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 0)
	for _, n := range [][2]string{{"Ugo", "Zeta"}, {"Ada", "Bianchi"}, {"Èva", "Àlfieri"}, {"Carlo", "de Luca"}} {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {n[0]}, "last_name": {n[1]}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	doc := c.Get(base + "/entries").Doc(t)
	var names []string
	doc.Find("table.entries td.name").Each(func(_ int, s *goquery.Selection) {
		names = append(names, strings.TrimSpace(s.Contents().First().Text()))
	})
	assert.Equal(t, []string{"Àlfieri Èva", "Bianchi Ada", "de Luca Carlo", "Zeta Ugo"}, names)
}
