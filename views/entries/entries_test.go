package entries_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// Entering is not the roll call: players are added several at a time, in place, and
// start absent; one click marks one present, "mark all present" the rest.
func TestEntriesAddSeveralAndRollCall(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	var ids []string
	for _, n := range []string{"Anna", "Bruno", "Carla", "Dario", "Elena"} {
		require.Equal(t, http.StatusSeeOther, c.Post("/players", url.Values{"first_name": {n}, "last_name": {"Verdi"}}).StatusCode)
	}
	ps, _ := app.Store.AllPlayers(t.Context())
	for _, p := range ps {
		ids = append(ids, page.Itoa(int(p.ID)))
	}
	base := viewtest.TournamentWithEntries(t, c, 0)

	// One "Add" from the search results, with htmx: the list comes back, the result
	// turns into "entered", the player is absent.
	res := c.HTMXPost(base+"/entries", url.Values{"player_id": {ids[0]}})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, 1, doc.Find("#entry-list table.entries tbody tr").Length())
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "0 of 1 present")
	assert.Equal(t, "false", doc.Find("#entry-list button[aria-pressed]").AttrOr("aria-pressed", ""))
	oob := doc.Find("#result-" + ids[0])
	assert.Equal(t, "true", oob.AttrOr("hx-swap-oob", ""))
	assert.Equal(t, "entered", oob.Find(".badge").Text())
	assert.Empty(t, doc.Find(".flash").Text(), "no flash left for the next page")

	// Several at once, without htmx: a redirect and a flash.
	res = c.Post(base+"/entries", url.Values{"player_id": {ids[1], ids[2], ids[3]}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(base + "/entries").Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "3 players added.")
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "0 of 4 present")
	// All or none: one already entered refuses the lot.
	res = c.HTMXPost(base+"/entries", url.Values{"player_id": {ids[4], ids[0]}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	doc = res.Doc(t)
	assert.NotEmpty(t, doc.Find("#entry-list .alert").Text())
	assert.Equal(t, 0, doc.Find("[hx-swap-oob]").Length())
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "0 of 4 present")

	// The draw waits for the roll call.
	ev, err := app.Store.Load(t.Context(), idFrom(base))
	require.NoError(t, err)
	assert.Empty(t, ev.Drawable())

	// One click marks one present, in place; the button keeps its id (and the focus).
	first := ev.Entries[0].ID
	res = c.HTMXPost(fmt.Sprintf("%s/entries/%d", base, first), url.Values{"action": {"check_in"}})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, "true", doc.Find(fmt.Sprintf("#present-%d", first)).AttrOr("aria-pressed", ""))
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "1 of 4 present")

	// Mark all present.
	res = c.HTMXPost(base+"/entries/present", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "4 of 4 present")
	assert.Equal(t, 0, doc.Find("#all-present").Length(), "nobody left to mark")

	// The log says it in words.
	evs, err := app.Store.Events(t.Context(), idFrom(base))
	require.NoError(t, err)
	assert.Equal(t, "All present (3 marked)", page.EventText(page.EN, "individual3", &evs[0]))
	assert.Equal(t, "Verdi Anna: present no → yes", page.EventText(page.EN, "individual3", &evs[1]))
	assert.Equal(t, "Verdi Anna: presente no → sì", page.EventText(page.IT, "individual3", &evs[1]))
}

func TestAPIEntriesSeveralAndPresence(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"individual3"}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	var pids []int64
	for _, n := range []string{"Anna", "Bruno", "Carla"} {
		var p struct{ ID int64 }
		c.API("POST", "/api/v1/players", tok, `{"first_name":"`+n+`","last_name":"Verdi"}`, &p)
		pids = append(pids, p.ID)
	}
	var many struct {
		Entries []struct {
			ID        int64
			CheckedIn bool `json:"checked_in"`
		}
	}
	res = c.API("POST", base+"/entries/batch", tok, fmt.Sprintf(`{"player_ids":[%d,%d]}`, pids[0], pids[1]), &many)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	require.Len(t, many.Entries, 2)
	assert.False(t, many.Entries[0].CheckedIn, "new entries start absent")

	var one struct {
		ID        int64
		CheckedIn bool `json:"checked_in"`
	}
	res = c.API("POST", base+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, pids[2]), &one)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.False(t, one.CheckedIn)
	var e viewtest.APIError
	res = c.API("POST", base+"/entries/batch", tok, `{"player_ids":[]}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)

	res = c.API("POST", fmt.Sprintf("%s/entries/%d", base, one.ID), tok, `{"checked_in":true,"withdrawn":false}`, &one)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.True(t, one.CheckedIn)
	var marked struct{ Marked int }
	res = c.API("POST", base+"/entries/present", tok, "", &marked)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 2, marked.Marked)
}

// idFrom is the id at the end of a path.
func idFrom(path string) int64 {
	var id int64
	fmt.Sscanf(path[strings.LastIndex(path, "/")+1:], "%d", &id)
	return id
}
