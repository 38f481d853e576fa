package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament/national"
	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// roleStore reads every director as holding role (the officer's role is set by the
// clubs' service, not on main yet for a new deployment's director).
type roleStore struct {
	national.Store
	role string
}

func (r *roleStore) DirectorRole(context.Context, int64) (string, error) { return r.role, nil }

// TestNationalRegistryAPI: an officer searches the registry, sets a player's
// visibility, links an unlinked club player, merges and erases, through the JSON API;
// a director who is not an officer gets 404 everywhere; the public profile follows
// visibility.
func TestNationalRegistryAPI(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	tok := a.APIToken(c)
	rs := &roleStore{Store: a.Server.National.Store, role: "director"}
	a.Server.National.Store = rs
	call := func(method, path, body string, out any) *viewtest.Response {
		t.Helper()
		return c.API(method, path, tok, body, out)
	}
	var p1, p2, p3 struct{ ID int64 }
	require.Equal(t, http.StatusCreated, call("POST", "/api/v1/players", `{"first_name":"Maria","last_name":"Rossi","card_number":"FIB-1"}`, &p1).StatusCode)
	require.Equal(t, http.StatusCreated, call("POST", "/api/v1/players", `{"first_name":"Mario","last_name":"Bianchi","card_number":"FIB-2"}`, &p2).StatusCode)
	require.Equal(t, http.StatusCreated, call("POST", "/api/v1/players", `{"first_name":"Luca","last_name":"Neri"}`, &p3).StatusCode)

	for _, path := range []string{"/api/v1/national/players", "/api/v1/national/unlinked", "/api/v1/national/log"} {
		assert.Equal(t, http.StatusNotFound, call("GET", path, "", nil).StatusCode, "%s: officers only", path)
	}
	rs.role = "officer"

	var list dto.NationalList
	require.Equal(t, http.StatusOK, call("GET", "/api/v1/national/players?q=rossi", "", &list).StatusCode)
	require.Len(t, list.Players, 1)
	rossi := list.Players[0]
	assert.Equal(t, "FIB-1", rossi.CardNumber)

	// A minor: hidden by default, the public profile gone.
	var prof dto.PublicProfile
	require.Equal(t, http.StatusOK, a.Client().API("GET", fmt.Sprintf("/api/v1/public/players/%d", rossi.ID), "", "", &prof).StatusCode)
	assert.Equal(t, "Rossi Maria", prof.Name)
	res := call("PUT", fmt.Sprintf("/api/v1/national/players/%d", rossi.ID), `{"first_name":"Maria","last_name":"Rossi","region":"Lazio","birth_date":"2015-02-03","visibility":""}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, http.StatusNotFound, a.Client().Get(fmt.Sprintf("/api/v1/public/players/%d", rossi.ID)).StatusCode)
	res = call("PUT", fmt.Sprintf("/api/v1/national/players/%d", rossi.ID), `{"first_name":"Maria","last_name":"Rossi","region":"Lazio","birth_date":"2015-02-03","visibility":"initials"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Equal(t, http.StatusOK, a.Client().API("GET", fmt.Sprintf("/api/v1/public/players/%d", rossi.ID), "", "", &prof).StatusCode)
	assert.Equal(t, "M. R.", prof.Name)
	// A stale version: 409 with the record as stored.
	var stale dto.NationalConflict
	req, _ := http.NewRequest("PUT", a.Srv.URL+fmt.Sprintf("/api/v1/national/players/%d", rossi.ID),
		strings.NewReader(`{"first_name":"Maria","last_name":"Rossi","region":"","birth_date":"","visibility":""}`))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("If-Match", `"1"`)
	res = c.Do(req)
	require.NoError(t, json.Unmarshal([]byte(res.Body), &stale), res.Body)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, 3, stale.Current.Version)

	// The club player without a card is listed, and linked by hand.
	var un dto.Unlinked
	require.Equal(t, http.StatusOK, call("GET", "/api/v1/national/unlinked", "", &un).StatusCode)
	require.Len(t, un.Players, 1)
	assert.Equal(t, p3.ID, un.Players[0].ID)
	require.Equal(t, http.StatusNoContent, call("POST", fmt.Sprintf("/api/v1/national/unlinked/%d/link", p3.ID), fmt.Sprintf(`{"national_id":%d}`, rossi.ID), nil).StatusCode)

	// Merge Bianchi's record into Rossi's? Same club: refused (merge the club's two first).
	require.Equal(t, http.StatusOK, call("GET", "/api/v1/national/players?q=bianchi", "", &list).StatusCode)
	bianchi := list.Players[0]
	res = call("POST", fmt.Sprintf("/api/v1/national/players/%d/merge", rossi.ID), fmt.Sprintf(`{"drop_id":%d}`, bianchi.ID), nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)

	// Erasure: confirmed by the card, then the record names nobody.
	res = call("POST", fmt.Sprintf("/api/v1/national/players/%d/erase", bianchi.ID), `{"confirm":"nope"}`, nil)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	var erased dto.National
	res = call("POST", fmt.Sprintf("/api/v1/national/players/%d/erase", bianchi.ID), `{"confirm":"FIB-2"}`, &erased)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, national.Label(bianchi.ID), erased.FullName())
	var detail dto.NationalDetail
	require.Equal(t, http.StatusOK, call("GET", fmt.Sprintf("/api/v1/national/players/%d", bianchi.ID), "", &detail).StatusCode)
	require.Len(t, detail.ClubPlayers, 1)
	assert.Equal(t, p2.ID, detail.ClubPlayers[0].ID)
	assert.Empty(t, detail.ClubPlayers[0].CardNumber)
	assert.NotContains(t, call("GET", fmt.Sprintf("/api/v1/players/%d", p2.ID), "", nil).Body, "Bianchi")

	var log dto.NationalLog
	require.Equal(t, http.StatusOK, call("GET", "/api/v1/national/log", "", &log).StatusCode)
	require.NotEmpty(t, log.Lines)
	assert.Equal(t, national.LogErase, log.Lines[0].Kind)
	for _, l := range log.Lines {
		assert.Equal(t, "anna", l.By)
	}
}
