package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"burraco/views/api/dto"
	"burraco/views/viewtest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAPISeasonEdits: the checks of a season's settings in the reader's language, a
// stale save answered 409 with the season as stored, tournaments outside the dates
// refused, a tournament taken out, a season deleted, and the tournament's federation
// CSV in Italian conventions.
func TestAPISeasonEdits(t *testing.T) {
	app := viewtest.NewApp(t)
	s := newSeasonClub(t, app)
	ifMatch := func(method, path, body string, version int, out any) *viewtest.Response {
		req, _ := http.NewRequest(method, app.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+s.tok)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("If-Match", fmt.Sprintf(`"%d"`, version))
		res := s.c.Do(req)
		if out != nil && res.Body != "" {
			require.NoError(t, jsonUnmarshal(res.Body, out), res.Body)
		}
		return res
	}

	// Every problem at once, in Italian.
	s.c.Lang = "it"
	var bad viewtest.APIError
	res := s.c.API("POST", "/api/v1/seasons", s.tok, `{"name":"","from":"2026-09-01","to":"2026-08-01",
		"settings":{"method":"place","table":[10,20],"best":-1}}`, &bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Equal(t, map[string]string{"name": "Campo obbligatorio.", "to": "La stagione non può finire prima di cominciare.",
		"table": "Un piazzamento non può valere più di quello prima.", "best": "Scrivi quante serate contano, da 0 (tutte) a 1000."}, bad.Error.Fields)
	s.c.Lang = "en"

	e1 := s.threePlayer("2026-10-06", []string{"ABC"}, [][3]int{{3000, 2000, 1000}})
	old := s.threePlayer("2026-06-30", []string{"DEF"}, [][3]int{{3000, 2000, 1000}})
	var se dto.Season
	s.call("POST", "/api/v1/seasons", fmt.Sprintf(`{"name":"Campionato","from":"2026-09-01","to":"2027-06-30","tournaments":[%d]}`, e1), &se)
	assert.Equal(t, "place", se.Settings.Method, "the defaults")
	assert.Equal(t, []int{25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, se.Settings.Table)
	res = s.c.API("POST", fmt.Sprintf("/api/v1/seasons/%d/tournaments", se.ID), s.tok, fmt.Sprintf(`{"tournament_id":%d}`, old), &bad)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, bad.Error.Message, "outside the season's dates")

	// Two directors edit at version 1: the second save is stale.
	path := fmt.Sprintf("/api/v1/seasons/%d", se.ID)
	var saved dto.Season
	res = ifMatch("PUT", path, `{"name":"Campionato 2026/27","from":"2026-09-01","to":"2027-06-30","settings":{"method":"value","table":[],"best":7}}`, 1, &saved)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 2, saved.Version)
	assert.Equal(t, "value", saved.Settings.Method)
	var stale dto.SeasonConflict
	res = ifMatch("PUT", path, `{"name":"Altro nome","from":"2026-09-01","to":"2027-06-30"}`, 1, &stale)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, "Campionato 2026/27", stale.Current.Name, "what is stored now")
	assert.Equal(t, 2, stale.Current.Version)
	// Settings left out keep the stored ones.
	res = ifMatch("PUT", path, `{"name":"Campionato 2026-27","from":"2026-09-01","to":"2027-06-30"}`, 2, &saved)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, "value", saved.Settings.Method)
	assert.Equal(t, 7, saved.Settings.Best)

	// The evening's own values: A 6 ranking points, B 3, C 1.
	var st dto.SeasonStandings
	s.call("GET", path+"/standings", "", &st)
	require.Len(t, st.Lines, 3)
	assert.Equal(t, []string{"6", "3", "1"}, []string{st.Lines[0].Total, st.Lines[1].Total, st.Lines[2].Total})

	// The tournament's federation CSV in Italian: ';' and decimal comma.
	s.c.Lang = "it"
	csv := s.call("GET", fmt.Sprintf("/api/v1/tournaments/%d/federation.csv", e1), "", nil)
	s.c.Lang = "en"
	assert.True(t, strings.HasPrefix(csv.Body, "\ufeffcard_number;last_name;"), csv.Body)
	assert.Contains(t, csv.Body, "FIB-A;Rossi;A;Circolo;1;6;;;2026-10-06;individual3;3;Serata 2026-10-06;;;;")

	// Taken out, the evening no longer counts.
	s.call("DELETE", fmt.Sprintf("%s/tournaments/%d", path, e1), "", &saved)
	assert.Empty(t, saved.Tournaments)
	s.call("GET", path+"/standings", "", &st)
	assert.Empty(t, st.Lines)

	// Deleted at a stale version: 409; at the stored one: gone, its tournaments stay.
	res = ifMatch("DELETE", path, "", 1, nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	res = ifMatch("DELETE", path, "", saved.Version, nil)
	assert.Equal(t, http.StatusNoContent, res.StatusCode, res.Body)
	res = s.c.API("GET", path, s.tok, "", nil)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	s.call("GET", fmt.Sprintf("/api/v1/tournaments/%d", e1), "", nil)
}

func jsonUnmarshal(s string, out any) error { return json.Unmarshal([]byte(s), out) }
