package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/viewtest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAPIImportIntoSeasonOnASecondCopy: a club's laptop (one app, one database) plays an
// evening and exports it; the shared server (a second app on a second fresh database),
// which already has tournaments and players of its own, imports the document into its
// season. Players are matched by card number (the server's own records and numbers are
// kept), the others are registered and flagged; everything gets new numbers.
func TestAPIImportIntoSeasonOnASecondCopy(t *testing.T) {
	laptop := newSeasonClub(t, viewtest.NewApp(t)) // A..I with cards FIB-A…FIB-I
	for _, p := range []string{`{"first_name":"X","last_name":"Senza"}`, `{"first_name":"Y","last_name":"Nuovo","card_number":"FIB-Y"}`} {
		var got struct{ ID int64 }
		laptop.call("POST", "/api/v1/players", p, &got)
		laptop.player[p[15]] = got.ID
	}
	tid := laptop.threePlayer("2026-10-06", []string{"ABC", "XYD"}, [][3]int{{3000, 2000, 1000}, {2900, 1900, 900}})
	doc := laptop.call("GET", fmt.Sprintf("/api/v1/tournaments/%d/export", tid), "", nil).Body

	server := viewtest.NewApp(t)
	srv := &seasonClub{t: t, c: server.Client(), tok: server.APIToken(server.Setup()), player: map[byte]int64{}}
	// The server's registry: others first (so its numbers differ), then A, B, C and D
	// holding the same cards, D under another spelling of the name.
	for _, p := range []string{`{"first_name":"Zeta","last_name":"Altri"}`, `{"first_name":"Wu","last_name":"Altri"}`,
		`{"first_name":"A","last_name":"Rossi","card_number":"FIB-A"}`, `{"first_name":"B","last_name":"Rossi","card_number":"FIB-B"}`,
		`{"first_name":"C","last_name":"Rossi","card_number":"FIB-C"}`, `{"first_name":"Dario","last_name":"Rossi","card_number":"FIB-D"}`} {
		var got struct{ ID int64 }
		srv.call("POST", "/api/v1/players", p, &got)
		srv.player[p[15]] = got.ID
	}
	// A tournament of its own holds the number the laptop's has.
	own := srv.threePlayer("2026-09-29", []string{"ZWA"}, [][3]int{{10, 20, 30}})
	require.Equal(t, tid, own, "both copies numbered their first tournament alike")
	var se dto.Season
	srv.call("POST", "/api/v1/seasons", fmt.Sprintf(`{"name":"Campionato","from":"2026-09-01","to":"2027-06-30","tournaments":[%d]}`, own), &se)

	// A document dated outside the season is refused, with nothing written.
	var other dto.Season
	srv.call("POST", "/api/v1/seasons", `{"name":"Vecchio","from":"2025-09-01","to":"2026-06-30"}`, &other)
	bad := srv.c.API("POST", fmt.Sprintf("/api/v1/seasons/%d/import", other.ID), srv.tok, doc, nil)
	assert.Equal(t, http.StatusUnprocessableEntity, bad.StatusCode, bad.Body)

	// Uploaded with an idempotency key, and again with the same key (the laptop retrying
	// after a timeout): one tournament, the same answer.
	upload := func() (dto.SeasonImported, *viewtest.Response) {
		req, _ := http.NewRequest("POST", server.Srv.URL+fmt.Sprintf("/api/v1/seasons/%d/import", se.ID), strings.NewReader(doc))
		req.Header.Set("Authorization", "Bearer "+srv.tok)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "laptop-serata-2026-10-06")
		res := srv.c.Do(req)
		var out dto.SeasonImported
		require.NoError(t, jsonUnmarshal(res.Body, &out), res.Body)
		return out, res
	}
	imp, res := upload()
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	again, res := upload()
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, imp.Tournament.ID, again.Tournament.ID, "imported once")
	assert.Equal(t, len(imp.Registered), len(again.Registered))
	var ts struct{ Tournaments []struct{ ID int64 } }
	srv.call("GET", "/api/v1/tournaments", "", &ts)
	assert.Len(t, ts.Tournaments, 2, "its own and the one imported")
	assert.NotEqual(t, own, imp.Tournament.ID, "renumbered")
	assert.Equal(t, "Serata 2026-10-06", imp.Tournament.Name)
	var matched []int64
	for _, p := range imp.Matched {
		matched = append(matched, p.ID)
	}
	assert.ElementsMatch(t, []int64{srv.player['A'], srv.player['B'], srv.player['C'], srv.player['D']}, matched)
	require.Len(t, imp.Registered, 2)
	for _, p := range imp.Registered {
		assert.True(t, strings.HasPrefix(p.Notes, tournament.ImportFlag), "flagged: %q", p.Notes)
		assert.NotContains(t, srv.player, p.ID)
	}
	var got dto.Player
	srv.call("GET", fmt.Sprintf("/api/v1/players/%d", srv.player['D']), "", &got)
	assert.Equal(t, "Dario", got.FirstName, "the server's record is kept")

	// The evening counts in the season with the server's players.
	var st dto.SeasonStandings
	srv.call("GET", fmt.Sprintf("/api/v1/seasons/%d/standings", se.ID), "", &st)
	require.Len(t, st.Evenings, 2)
	places := map[int64]int{}
	for _, l := range st.Lines {
		for _, r := range l.Results {
			if r.TournamentID == imp.Tournament.ID {
				places[l.Player.ID] = r.Place
			}
		}
	}
	// Laptop evening: A1 X2 B3 Y4 C5 D6.
	assert.Equal(t, 1, places[srv.player['A']])
	assert.Equal(t, 3, places[srv.player['B']])
	assert.Equal(t, 6, places[srv.player['D']])
	assert.Len(t, places, 6)
	// A plays both evenings on the server: the history lists both.
	var h dto.PlayerHistory
	srv.call("GET", fmt.Sprintf("/api/v1/players/%d/history", srv.player['A']), "", &h)
	assert.Len(t, h.Played, 2)

	// The imported tournament is whole: its standings read on the server as on the laptop.
	var a, b dto.Standings
	laptop.call("GET", fmt.Sprintf("/api/v1/tournaments/%d/standings", tid), "", &a)
	srv.call("GET", fmt.Sprintf("/api/v1/tournaments/%d/standings", imp.Tournament.ID), "", &b)
	require.Len(t, b.Standings, len(a.Standings))
	for i := range a.Standings {
		assert.Equal(t, a.Standings[i].Place, b.Standings[i].Place)
		assert.Equal(t, a.Standings[i].Columns, b.Standings[i].Columns)
		if a.Standings[i].Name != "Rossi D" {
			assert.Equal(t, a.Standings[i].Name, b.Standings[i].Name)
		} else {
			assert.Equal(t, "Rossi Dario", b.Standings[i].Name, "named as the server's registry names the card's holder")
		}
	}
}

// TestAPIImportIntoSeasonTwiceCountsOnce: the same document imported into a season
// twice without an Idempotency-Key, then a corrected copy of it (another score, other
// bytes), is refused with a 409 naming the tournament there: the evening counts once in
// the season's standings, and no second copy is written.
func TestAPIImportIntoSeasonTwiceCountsOnce(t *testing.T) {
	laptop := newSeasonClub(t, viewtest.NewApp(t))
	tid := laptop.threePlayer("2026-10-06", []string{"ABC"}, [][3]int{{3000, 2000, 1000}})
	doc := laptop.call("GET", fmt.Sprintf("/api/v1/tournaments/%d/export", tid), "", nil).Body
	laptop.threeSheet(tid, 1, [3]int{3100, 2000, 1000}) // a correction after the export
	fixed := laptop.call("GET", fmt.Sprintf("/api/v1/tournaments/%d/export", tid), "", nil).Body
	require.NotEqual(t, doc, fixed)

	server := viewtest.NewApp(t)
	srv := &seasonClub{t: t, c: server.Client(), tok: server.APIToken(server.Setup()), player: map[byte]int64{}}
	var se dto.Season
	srv.call("POST", "/api/v1/seasons", `{"name":"Campionato","from":"2026-09-01","to":"2027-06-30"}`, &se)
	path := fmt.Sprintf("/api/v1/seasons/%d/import", se.ID)
	var first dto.SeasonImported
	res := srv.c.API("POST", path, srv.tok, doc, &first)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	for _, body := range []string{doc, fixed} {
		var e viewtest.APIError
		res = srv.c.API("POST", path, srv.tok, body, &e)
		require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
		assert.Contains(t, e.Error.Message, fmt.Sprintf("is already in this season, as tournament %d", first.Tournament.ID))
	}
	var ts struct{ Tournaments []struct{ ID int64 } }
	srv.call("GET", "/api/v1/tournaments", "", &ts)
	assert.Len(t, ts.Tournaments, 1, "one copy")
	var st dto.SeasonStandings
	srv.call("GET", fmt.Sprintf("/api/v1/seasons/%d/standings", se.ID), "", &st)
	assert.Len(t, st.Evenings, 1, "the evening counts once")
}
