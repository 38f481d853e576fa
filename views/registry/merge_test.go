package registry_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The registry merges two records of one person: the page offers the likely duplicate,
// the merge moves the entries; the API twin refuses players entered in one tournament.
func TestMergePlayersPageAndAPI(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var keep, drop, other struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"}`, &keep).StatusCode)
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","card_number":"RM1","new_person":true}`, &drop).StatusCode)
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Ugo","last_name":"Rossi"}`, &other).StatusCode)
	base := viewtest.TournamentWithEntries(t, c, 0)
	api := "/api/v1" + base
	require.Equal(t, 201, c.API("POST", api+"/entries/batch", tok, fmt.Sprintf(`{"player_ids":[%d,%d]}`, keep.ID, drop.ID), nil).StatusCode)

	doc := c.Get(fmt.Sprintf("/players/%d/merge", keep.ID)).Doc(t)
	require.Equal(t, 1, doc.Find("#merge-candidates li").Length(), "the likely duplicate only")
	assert.Equal(t, fmt.Sprint(drop.ID), doc.Find(`#merge-candidates input[name=drop_id]`).AttrOr("value", ""))

	// Both in one tournament: refused, next to the candidates.
	res := c.Post(fmt.Sprintf("/players/%d/merge", keep.ID), url.Values{"drop_id": {fmt.Sprint(drop.ID)}})
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find(".alert").Text(), "Both are entered in Giovedì")
	res = c.API("POST", fmt.Sprintf("/api/v1/players/%d/merge", keep.ID), tok, fmt.Sprintf(`{"drop_id":%d}`, drop.ID), nil)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)

	// Take both out, enter the duplicate alone: the merge moves its entry.
	var st struct{ Entries []struct{ ID int64 } }
	c.API("GET", api, tok, "", &st)
	for _, e := range st.Entries {
		require.Equal(t, 200, c.API("DELETE", fmt.Sprintf("%s/entries/%d", api, e.ID), tok, "", nil).StatusCode)
	}
	require.Equal(t, 201, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, drop.ID), nil).StatusCode)
	res = c.Post(fmt.Sprintf("/players/%d/merge", keep.ID), url.Values{"drop_id": {fmt.Sprint(drop.ID)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(fmt.Sprintf("/players/%d/edit", keep.ID)).Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Rossi Maria merged into Rossi Maria: 1 tournament updated")
	assert.Equal(t, "RM1", doc.Find("#card_number").AttrOr("value", ""))
	var entries struct {
		Entries []struct {
			Members []struct {
				PlayerID int64 `json:"player_id"`
			}
		}
	}
	c.API("GET", api, tok, "", &entries)
	require.Len(t, entries.Entries, 1)
	assert.Equal(t, keep.ID, entries.Entries[0].Members[0].PlayerID)
	hist := c.Get(base + "/history").Doc(t).Find("main").Text()
	assert.Contains(t, hist, "In the registry, Rossi Maria was merged into Rossi Maria, Circolo Roma")
	assert.Contains(t, hist, "registry")
	assert.NotContains(t, hist, "log.")

	// The API twin.
	var out struct {
		Player      struct{ ID int64 }
		Tournaments []int64
	}
	res = c.API("POST", fmt.Sprintf("/api/v1/players/%d/merge", keep.ID), tok, fmt.Sprintf(`{"drop_id":%d}`, other.ID), &out)
	require.Equal(t, 200, res.StatusCode, res.Body)
	assert.Equal(t, keep.ID, out.Player.ID)
	assert.Empty(t, out.Tournaments)
	assert.Equal(t, http.StatusNotFound, c.API("GET", fmt.Sprintf("/api/v1/players/%d", other.ID), tok, "", nil).StatusCode)
}
