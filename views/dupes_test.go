package views

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "New player, on the spot" with someone the registry has: 409, nothing registered, the
// typed input kept and the registered player offered; new_person registers a different
// person. The API answers 409 with duplicate_of unless "new_person": true.
func TestNewPlayerOnTheSpotOffersTheRegistered(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	var rossi struct{ ID int64 }
	require.Equal(t, 201, c.api("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"}`, &rossi).StatusCode)
	base := newTournamentHTML(t, c, 0)

	res := c.post(base+"/entries/new", url.Values{"first_name": {"Maria"}, "last_name": {"ROSSI"}, "club": {""}})
	require.Equal(t, http.StatusConflict, res.StatusCode)
	doc := res.doc(t)
	assert.Contains(t, doc.Find(".alert").Text(), "Rossi Maria, Circolo Roma is already in the registry")
	assert.Equal(t, "ROSSI", doc.Find(`form[action$="/entries/new"] #last_name`).AttrOr("value", ""), "typed input kept")
	assert.Equal(t, fmt.Sprint(rossi.ID), doc.Find(`#duplicate-offer input[name=player_id]`).AttrOr("value", ""))
	assert.Equal(t, "1", doc.Find(`#duplicate-offer input[name=new_person]`).AttrOr("value", ""))
	all, _ := app.store.AllPlayers(t.Context())
	assert.Len(t, all, 1, "nothing registered")

	res = c.post(base+"/entries/new", url.Values{"first_name": {"Maria"}, "last_name": {"ROSSI"}, "new_person": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	all, _ = app.store.AllPlayers(t.Context())
	assert.Len(t, all, 2, "a different person, on the director's word")

	// The API.
	api := "/api/v1" + base
	var body struct {
		Error struct {
			Code, Message string
			DuplicateOf   struct{ ID int64 } `json:"duplicate_of"`
		}
	}
	res = c.api("POST", api+"/entries", tok, `{"player":{"first_name":"Maria","last_name":"Rossi","club":"circolo roma"}}`, &body)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.body)
	assert.Equal(t, "conflict", body.Error.Code)
	assert.Equal(t, rossi.ID, body.Error.DuplicateOf.ID)
	res = c.api("POST", api+"/entries", tok, `{"player":{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"},"new_person":true}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
}

// An entry never drawn is removed (page and API) and comes back with undo; a drawn one
// is refused with 409.
func TestRemoveEntry(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	base := newTournamentHTML(t, c, 4)
	api := "/api/v1" + base
	var st struct {
		Entries []struct {
			ID   int64
			Name string
		}
	}
	require.Equal(t, 200, c.api("GET", api, tok, "", &st).StatusCode)
	require.Len(t, st.Entries, 4)
	doc := c.get(base + "/entries").doc(t)
	assert.Equal(t, 4, doc.Find(`table.entries button[id^="remove-"]`).Length(), "each entry can be removed before a draw")

	res := c.post(fmt.Sprintf("%s/entries/%d/remove", base, st.Entries[0].ID), nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	doc = c.get(base + "/entries").doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), st.Entries[0].Name+" removed")
	assert.Equal(t, 3, doc.Find("table.entries tbody tr").Length())
	var removed struct{ Removed struct{ ID int64 } }
	res = c.api("DELETE", fmt.Sprintf("%s/entries/%d", api, st.Entries[1].ID), tok, "", &removed)
	require.Equal(t, 200, res.StatusCode, res.body)
	assert.Equal(t, st.Entries[1].ID, removed.Removed.ID)

	// Undo the first removal from the history.
	var hist struct {
		Events []struct {
			ID   int64
			Kind string
		}
	}
	require.Equal(t, 200, c.api("GET", api+"/history", tok, "", &hist).StatusCode)
	var line int64
	for _, h := range hist.Events { // newest first: the last removal, then the first
		if h.Kind == "entry_remove" {
			line = h.ID
		}
	}
	require.NotZero(t, line)
	res = c.api("POST", fmt.Sprintf("%s/history/%d/undo", api, line), tok, "", nil)
	require.Less(t, res.StatusCode, 300, res.body)
	require.Equal(t, 200, c.api("GET", api, tok, "", &st).StatusCode)
	assert.Len(t, st.Entries, 3)

	require.Equal(t, 201, c.api("POST", api+"/draw", tok, `{"seed": 3}`, nil).StatusCode)
	res = c.api("DELETE", fmt.Sprintf("%s/entries/%d", api, st.Entries[0].ID), tok, "", nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.body)
	doc = c.get(base + "/entries").doc(t)
	assert.Equal(t, 0, doc.Find(`table.entries button[id^="remove-"]`).Length(), "no removal once drawn")
}

// The roll call lists the entries alphabetically, whatever the order they came in.
func TestRollCallAlphabetical(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	base := newTournamentHTML(t, c, 0)
	for _, n := range [][2]string{{"Ugo", "Zeta"}, {"Ada", "Bianchi"}, {"Èva", "Àlfieri"}, {"Carlo", "de Luca"}} {
		res := c.post(base+"/entries/new", url.Values{"first_name": {n[0]}, "last_name": {n[1]}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	}
	doc := c.get(base + "/entries").doc(t)
	var names []string
	doc.Find("table.entries td.name").Each(func(_ int, s *goquery.Selection) {
		names = append(names, strings.TrimSpace(s.Contents().First().Text()))
	})
	assert.Equal(t, []string{"Àlfieri Èva", "Bianchi Ada", "de Luca Carlo", "Zeta Ugo"}, names)
}

// The registry merges two records of one person: the page offers the likely duplicate,
// the merge moves the entries; the API twin refuses players entered in one tournament.
func TestMergePlayersPageAndAPI(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	var keep, drop, other struct{ ID int64 }
	require.Equal(t, 201, c.api("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"}`, &keep).StatusCode)
	require.Equal(t, 201, c.api("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","card_number":"RM1"}`, &drop).StatusCode)
	require.Equal(t, 201, c.api("POST", "/api/v1/players", tok, `{"first_name":"Ugo","last_name":"Rossi"}`, &other).StatusCode)
	base := newTournamentHTML(t, c, 0)
	api := "/api/v1" + base
	require.Equal(t, 201, c.api("POST", api+"/entries", tok, fmt.Sprintf(`{"player_ids":[%d,%d]}`, keep.ID, drop.ID), nil).StatusCode)

	doc := c.get(fmt.Sprintf("/players/%d/merge", keep.ID)).doc(t)
	require.Equal(t, 1, doc.Find("#merge-candidates li").Length(), "the likely duplicate only")
	assert.Equal(t, fmt.Sprint(drop.ID), doc.Find(`#merge-candidates input[name=drop_id]`).AttrOr("value", ""))

	// Both in one tournament: refused, next to the candidates.
	res := c.post(fmt.Sprintf("/players/%d/merge", keep.ID), url.Values{"drop_id": {fmt.Sprint(drop.ID)}})
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.doc(t).Find(".alert").Text(), "Both are entered in Giovedì")
	res = c.api("POST", fmt.Sprintf("/api/v1/players/%d/merge", keep.ID), tok, fmt.Sprintf(`{"drop_id":%d}`, drop.ID), nil)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.body)

	// Take both out, enter the duplicate alone: the merge moves its entry.
	var st struct{ Entries []struct{ ID int64 } }
	c.api("GET", api, tok, "", &st)
	for _, e := range st.Entries {
		require.Equal(t, 200, c.api("DELETE", fmt.Sprintf("%s/entries/%d", api, e.ID), tok, "", nil).StatusCode)
	}
	require.Equal(t, 201, c.api("POST", api+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, drop.ID), nil).StatusCode)
	res = c.post(fmt.Sprintf("/players/%d/merge", keep.ID), url.Values{"drop_id": {fmt.Sprint(drop.ID)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	doc = c.get(fmt.Sprintf("/players/%d/edit", keep.ID)).doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Rossi Maria merged into Rossi Maria: 1 tournament updated")
	assert.Equal(t, "RM1", doc.Find("#card_number").AttrOr("value", ""))
	var entries struct {
		Entries []struct {
			Members []struct {
				PlayerID int64 `json:"player_id"`
			}
		}
	}
	c.api("GET", api, tok, "", &entries)
	require.Len(t, entries.Entries, 1)
	assert.Equal(t, keep.ID, entries.Entries[0].Members[0].PlayerID)
	hist := c.get(base + "/history").doc(t).Find("main").Text()
	assert.Contains(t, hist, "In the registry, Rossi Maria was merged into Rossi Maria, Circolo Roma")
	assert.Contains(t, hist, "registry")
	assert.NotContains(t, hist, "log.")

	// The API twin.
	var out struct {
		Player      struct{ ID int64 }
		Tournaments []int64
	}
	res = c.api("POST", fmt.Sprintf("/api/v1/players/%d/merge", keep.ID), tok, fmt.Sprintf(`{"drop_id":%d}`, other.ID), &out)
	require.Equal(t, 200, res.StatusCode, res.body)
	assert.Equal(t, keep.ID, out.Player.ID)
	assert.Empty(t, out.Tournaments)
	assert.Equal(t, http.StatusNotFound, c.api("GET", fmt.Sprintf("/api/v1/players/%d", other.ID), tok, "", nil).StatusCode)
}
