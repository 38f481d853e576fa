package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"burraco/views/api/dto"
	"burraco/views/viewtest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seasonClub drives a club's evenings through the JSON API.
type seasonClub struct {
	t      *testing.T
	c      *viewtest.Client
	tok    string
	player map[byte]int64 // A..I → registry ID
}

func (s *seasonClub) call(method, path, body string, out any) *viewtest.Response {
	s.t.Helper()
	res := s.c.API(method, path, s.tok, body, out)
	require.Less(s.t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	return res
}

// threePlayer plays a one-game 3-player evening: each table's three players (letters)
// in seat order and their game totals.
func (s *seasonClub) threePlayer(date string, tables []string, totals [][3]int) int64 {
	s.t.Helper()
	var tr struct{ ID int64 }
	s.call("POST", "/api/v1/tournaments", fmt.Sprintf(`{"name":"Serata %s","date":"%s","format":"individual3","settings":{"games":1,"hands_per_game":3}}`, date, date), &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	entry := map[byte]int64{}
	for _, tb := range tables {
		for i := range len(tb) {
			var e struct{ ID int64 }
			s.call("POST", base+"/entries", fmt.Sprintf(`{"player_id":%d}`, s.player[tb[i]]), &e)
			entry[tb[i]] = e.ID
		}
	}
	s.call("POST", base+"/entries/present", "", nil)
	s.call("POST", base+"/draw", `{"seed":1}`, nil)
	var seats []string
	for _, tb := range tables {
		seats = append(seats, fmt.Sprintf("[%d,%d,%d]", entry[tb[0]], entry[tb[1]], entry[tb[2]]))
	}
	s.call("PUT", base+"/rounds/1/seats", `{"tables":[`+strings.Join(seats, ",")+`],"byes":[]}`, nil)
	for i, tt := range totals {
		s.threeSheet(tr.ID, i+1, tt)
	}
	return tr.ID
}

func (s *seasonClub) threeSheet(tid int64, table int, tt [3]int) {
	s.t.Helper()
	s.call("PUT", fmt.Sprintf("/api/v1/tournaments/%d/rounds/1/tables/%d", tid, table),
		fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d},{"form":3,"total":%d}]]}`, tt[0], tt[1], tt[2]), nil)
}

// pairs plays a one-round Danish evening of pairs (two letters each): tables of two
// pairs in seat order and each table's game totals.
func (s *seasonClub) pairs(date string, tables [][2]string, totals [][2]int) int64 {
	s.t.Helper()
	var tr struct{ ID int64 }
	s.call("POST", "/api/v1/tournaments", fmt.Sprintf(`{"name":"Coppie %s","date":"%s","format":"danish",
		"settings":{"sides":"pairs","rounds":1,"hands_per_round":3,"pairing":"no_rematch"}}`, date, date), &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	entry := map[string]int64{}
	for _, tb := range tables {
		for _, p := range tb {
			var e struct{ ID int64 }
			s.call("POST", base+"/entries", fmt.Sprintf(`{"pair":[%d,%d]}`, s.player[p[0]], s.player[p[1]]), &e)
			entry[p] = e.ID
		}
	}
	s.call("POST", base+"/entries/present", "", nil)
	s.call("POST", base+"/draw", `{"seed":1}`, nil)
	var seats []string
	for _, tb := range tables {
		seats = append(seats, fmt.Sprintf("[%d,%d]", entry[tb[0]], entry[tb[1]]))
	}
	s.call("PUT", base+"/rounds/1/seats", `{"tables":[`+strings.Join(seats, ",")+`],"byes":[]}`, nil)
	for i, tt := range totals {
		s.call("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, i+1),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, tt[0], tt[1]), nil)
	}
	return tr.ID
}

// newSeasonClub registers players A..I (Rossi A … Rossi I, cards FIB-A … FIB-I).
func newSeasonClub(t *testing.T, app *viewtest.App) *seasonClub {
	s := &seasonClub{t: t, c: app.Client(), tok: app.APIToken(app.Setup()), player: map[byte]int64{}}
	for _, l := range "ABCDEFGHI" {
		var p struct{ ID int64 }
		s.call("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"%c","last_name":"Rossi","club":"Circolo","card_number":"FIB-%c"}`, l, l), &p)
		s.player[byte(l)] = p.ID
	}
	return s
}

// TestAPISeasonOfTenEvenings builds a season of ten evenings through the API: seven of
// 3-player individual play (one game, tables seated by hand), three of Danish pairs (one
// round; pair A-B splits up on evening 5), players missing evenings; points by place
// 25 20 16 13 11 10 9 8 7…, the best 7 count, 6 evenings to be ranked. Every figure
// below is worked out by hand from the tables' totals.
//
// A table's 3-player totals 3000/2000/1000 give 6/3/1; the evening ranks by ranking
// points, then game points. Danish (FIBUR 3-hand scale): +1600 is 20-0, +1200 18-2,
// +800 16-4, +400 14-6, +100 11-9; the evening ranks by VP.
//
//	E1 3p  [A B C] 3000 2000 1000, [D E F] 2900 1900 900   → A1 25, D2 20, B3 16, E4 13, C5 11, F6 10
//	E2 pr  AB–CD +1600, EF–GH +400                          → AB1 25, EF2 20, GH3 16, CD4 13
//	E3 3p  [A B C] [D E F] [G H I] all 3000 2000 1000       → A=D=G 1st: (25+20+16)/3 = 61/3;
//	                                                           B=E=H 4th: (13+11+10)/3 = 34/3; C=F=I 7th: (9+8+7)/3 = 8
//	E4 3p  [B C D] 3000 2000 1000, [E G H] 2900 1900 900   → B1 25, E2 20, C3 16, G4 13, D5 11, H6 10
//	E5 pr  AC–BD +1200, GI beats EF by 800                  → AC1 25, GI2 20, EF3 16, BD4 13
//	E6 3p  [A C E] 3000 2000 1000, [F H I] 2900 1900 900   → A1 25, F2 20, C3 16, H4 13, E5 11, I6 10
//	E7 3p  [A B D] [F G I] both 3000 2000 1000              → A=F 1st 22.5, B=G 3rd 14.5, D=I 5th 10.5
//	E8 pr  CD beats AB by 1600, EF–GH +100                  → CD1 25, EF2 20, GH3 16, AB4 13
//	E9 3p  [A B C] 1000 3000 2000, [E F G] 2900 1900 900   → B1 25, E2 20, C3 16, F4 13, A5 11, G6 10
//	E10 3p [A D E] 3000 2000 1000, [F H I] 2900 1900 900   → A1 25, F2 20, D3 16, H4 13, E5 11, I6 10
//
// Best 7 (dropped in brackets):
//
//	A 9 evenings: 25×5 (E1 E2 E5 E6 E10) + 22.5 + 61/3 = 1007/6 = 167.83   [13 E8, 11 E9]
//	B 8: 25 25 25 16 14.5 13 13 = 131.5                                      [34/3 E3]
//	F 9: 22.5 20 20 20 20 16 13 = 131.5                                      [10 E1, 8 E3]
//	C 8: 25 25 16 16 16 13 11 = 122                                          [8 E3]
//	E 9: 20 20 20 20 16 13 34/3 = 361/3 = 120.33                             [11 E6, 11 E10]
//	D 8: 25 20 61/3 16 13 13 11 = 355/3 = 118.33                             [10.5 E7]
//	G 7: 16 61/3 13 20 14.5 16 10 = 659/6 = 109.83 (all count)
//	H 6: 16 34/3 10 13 16 13 = 238/3 = 79.33 (all count; 6 = the minimum: ranked)
//	I 5: 8 20 10 10.5 10 = 58.5: below the minimum, not ranked
//
// B and F tie on 131.5: B has 3 wins (E2 E4 E9), F 1 (E7 shared): B 2nd, F 3rd.
// Standings: A, B, F, C, E, D, G, H; I unranked.
//
// Correction of E3: A's total on table 1 becomes 3100: A alone 1st (25), D=G 2nd
// ((20+16)/2 = 18). A: 25×6 + 22.5 = 172.5; D: 25 20 18 16 13 13 11 = 116 (now E7's
// 10.5 still dropped); G: 16 18 13 20 14.5 16 10 = 107.5.
func TestAPISeasonOfTenEvenings(t *testing.T) {
	app := viewtest.NewApp(t)
	s := newSeasonClub(t, app)
	ev := make([]int64, 11)
	ev[1] = s.threePlayer("2026-10-06", []string{"ABC", "DEF"}, [][3]int{{3000, 2000, 1000}, {2900, 1900, 900}})
	ev[2] = s.pairs("2026-10-13", [][2]string{{"AB", "CD"}, {"EF", "GH"}}, [][2]int{{1600, 0}, {400, 0}})
	ev[3] = s.threePlayer("2026-10-20", []string{"ABC", "DEF", "GHI"}, [][3]int{{3000, 2000, 1000}, {3000, 2000, 1000}, {3000, 2000, 1000}})
	ev[4] = s.threePlayer("2026-10-27", []string{"BCD", "EGH"}, [][3]int{{3000, 2000, 1000}, {2900, 1900, 900}})
	ev[5] = s.pairs("2026-11-03", [][2]string{{"AC", "BD"}, {"EF", "GI"}}, [][2]int{{1200, 0}, {0, 800}})
	ev[6] = s.threePlayer("2026-11-10", []string{"ACE", "FHI"}, [][3]int{{3000, 2000, 1000}, {2900, 1900, 900}})
	ev[7] = s.threePlayer("2026-11-17", []string{"ABD", "FGI"}, [][3]int{{3000, 2000, 1000}, {3000, 2000, 1000}})
	ev[8] = s.pairs("2026-11-24", [][2]string{{"AB", "CD"}, {"EF", "GH"}}, [][2]int{{0, 1600}, {100, 0}})
	ev[9] = s.threePlayer("2026-12-01", []string{"ABC", "EFG"}, [][3]int{{1000, 3000, 2000}, {2900, 1900, 900}})
	ev[10] = s.threePlayer("2026-12-08", []string{"ADE", "FHI"}, [][3]int{{3000, 2000, 1000}, {2900, 1900, 900}})

	// The season takes the first evening at its creation, the others added one by one.
	var se dto.Season
	s.call("POST", "/api/v1/seasons", fmt.Sprintf(`{"name":"Campionato sociale 2026/27","from":"2026-09-01","to":"2027-06-30",
		"settings":{"method":"place","table":[25,20,16,13,11,10,9,8,7,6,5,4,3,2,1],"best":7,"min_evenings":6},"tournaments":[%d]}`, ev[1]), &se)
	for _, id := range ev[2:] {
		s.call("POST", fmt.Sprintf("/api/v1/seasons/%d/tournaments", se.ID), fmt.Sprintf(`{"tournament_id":%d}`, id), &se)
	}
	require.Len(t, se.Tournaments, 10)

	standings := func() dto.SeasonStandings {
		var st dto.SeasonStandings
		s.call("GET", fmt.Sprintf("/api/v1/seasons/%d/standings", se.ID), "", &st)
		return st
	}
	line := func(st dto.SeasonStandings, letter string) dto.SeasonLine {
		for _, l := range st.Lines {
			if l.Player.ID == s.player[letter[0]] {
				return l
			}
		}
		t.Fatalf("no line for %s", letter)
		return dto.SeasonLine{}
	}
	type want struct {
		who            string
		place          int
		total, exact   string
		evenings, wins int
		dropped        []int64 // evenings dropped
		ranked         bool
	}
	check := func(st dto.SeasonStandings, ws []want) {
		t.Helper()
		var order []string
		for _, l := range st.Lines {
			for k, id := range s.player {
				if id == l.Player.ID {
					order = append(order, string(k))
				}
			}
		}
		var wantOrder []string
		for _, w := range ws {
			wantOrder = append(wantOrder, w.who)
		}
		assert.Equal(t, wantOrder, order, "the standings' order")
		for _, w := range ws {
			l := line(st, w.who)
			assert.Equal(t, w.place, l.Place, "%s place", w.who)
			assert.Equal(t, w.total, l.Total, "%s total", w.who)
			assert.Equal(t, w.exact, l.TotalExact, "%s exact total", w.who)
			assert.Equal(t, w.evenings, l.Evenings, "%s evenings", w.who)
			assert.Equal(t, w.ranked, l.Ranked, "%s ranked", w.who)
			if w.wins >= 0 {
				assert.Equal(t, w.wins, l.Wins, "%s wins", w.who)
			}
			var dropped []int64
			for _, r := range l.Results {
				if !r.Counted {
					dropped = append(dropped, r.TournamentID)
				}
			}
			assert.Equal(t, w.dropped, dropped, "%s dropped", w.who)
			assert.LessOrEqual(t, l.Counted, 7)
		}
	}
	st := standings()
	require.Len(t, st.Evenings, 10)
	check(st, []want{
		{"A", 1, "167.83", "1007/6", 9, 7, []int64{ev[8], ev[9]}, true},
		{"B", 2, "131.5", "263/2", 8, 3, []int64{ev[3]}, true},
		{"F", 3, "131.5", "263/2", 9, 1, []int64{ev[1], ev[3]}, true},
		{"C", 4, "122", "122", 8, -1, []int64{ev[3]}, true},
		{"E", 5, "120.33", "361/3", 9, -1, []int64{ev[6], ev[10]}, true},
		{"D", 6, "118.33", "355/3", 8, -1, []int64{ev[7]}, true},
		{"G", 7, "109.83", "659/6", 7, -1, nil, true},
		{"H", 8, "79.33", "238/3", 6, -1, nil, true},
		{"I", 0, "58.5", "117/2", 5, -1, nil, false},
	})
	// Shared places share points exactly: E3's three first share 61/3 each, its three
	// fourth 34/3, and together they make the places they cover.
	for _, r := range line(st, "A").Results {
		if r.TournamentID == ev[3] {
			assert.Equal(t, "61/3", r.PointsExact)
			assert.True(t, r.Tied)
			assert.Equal(t, 1, r.Place)
		}
	}
	for _, r := range line(st, "H").Results {
		if r.TournamentID == ev[3] {
			assert.Equal(t, "34/3", r.PointsExact)
			assert.Equal(t, "11.33", r.Points)
			assert.Equal(t, 4, r.Place)
		}
	}
	// A pair's result counts for both, with the partner named; the pair A-B split up.
	partners := map[int64]int64{}
	for _, r := range line(st, "A").Results {
		if r.Partner != nil {
			partners[r.TournamentID] = r.Partner.ID
		}
	}
	assert.Equal(t, map[int64]int64{ev[2]: s.player['B'], ev[5]: s.player['C'], ev[8]: s.player['B']}, partners)

	// A correction of evening 3 changes the season standings.
	s.threeSheet(ev[3], 1, [3]int{3100, 2000, 1000})
	after := standings()
	assert.NotEqual(t, st.Key, after.Key, "the revision key follows the evenings")
	check(after, []want{
		{"A", 1, "172.5", "345/2", 9, 7, []int64{ev[8], ev[9]}, true},
		{"B", 2, "131.5", "263/2", 8, 3, []int64{ev[3]}, true},
		{"F", 3, "131.5", "263/2", 9, 1, []int64{ev[1], ev[3]}, true},
		{"C", 4, "122", "122", 8, -1, []int64{ev[3]}, true},
		{"E", 5, "120.33", "361/3", 9, -1, []int64{ev[6], ev[10]}, true},
		{"D", 6, "116", "116", 8, -1, []int64{ev[7]}, true},
		{"G", 7, "107.5", "215/2", 7, -1, nil, true},
		{"H", 8, "79.33", "238/3", 6, -1, nil, true},
		{"I", 0, "58.5", "117/2", 5, -1, nil, false},
	})

	// The player's history: every evening played, newest first, with the season place.
	var h dto.PlayerHistory
	s.call("GET", fmt.Sprintf("/api/v1/players/%d/history", s.player['H']), "", &h)
	require.Len(t, h.Played, 6)
	assert.Equal(t, ev[10], h.Played[0].TournamentID)
	assert.Equal(t, "individual3", h.Played[0].Format)
	assert.Equal(t, 4, h.Played[0].Place)
	require.Len(t, h.Seasons, 1)
	assert.Equal(t, 8, h.Seasons[0].Line.Place)

	// Not published: the public twin is a 404; published, it answers.
	res := s.c.API("GET", fmt.Sprintf("/api/v1/public/seasons/%d", se.ID), "", "", nil)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	var cur dto.Season
	s.call("PUT", fmt.Sprintf("/api/v1/seasons/%d/published", se.ID), `{"published":true}`, &cur)
	assert.True(t, cur.Published)
	var public dto.SeasonStandings
	res = s.c.API("GET", fmt.Sprintf("/api/v1/public/seasons/%d", se.ID), "", "", &public)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Len(t, public.Lines, 9)

	// The federation CSV: English conventions (',' and decimal point), one row per
	// player and evening.
	csv := s.call("GET", fmt.Sprintf("/api/v1/seasons/%d/federation.csv?lang=en", se.ID), "", nil)
	rows := strings.Split(strings.TrimSpace(strings.TrimPrefix(csv.Body, "\ufeff")), "\n")
	assert.Equal(t, "card_number,last_name,first_name,club,place,points,mp,vp,date,format,entries,tournament,season,season_place,season_points,counted,final", strings.TrimSpace(rows[0]))
	assert.Len(t, rows, 1+9+8+9+8+9+8+7+6+5)
	assert.Contains(t, csv.Body, "FIB-A,Rossi,A,Circolo,1,25,,,2026-10-06,individual3,6,Serata 2026-10-06,Campionato sociale 2026/27,1,172.5,1,1")
	// A pair's evening: MP +1600, VP 20; a dropped evening says 0; I is not ranked.
	assert.Contains(t, csv.Body, "FIB-A,Rossi,A,Circolo,1,25,1600,20,2026-10-13,danish,4,Coppie 2026-10-13,Campionato sociale 2026/27,1,172.5,1,1")
	assert.Contains(t, csv.Body, "FIB-A,Rossi,A,Circolo,4,13,-1600,0,2026-11-24,danish,4,Coppie 2026-11-24,Campionato sociale 2026/27,1,172.5,0,1")
	assert.Contains(t, csv.Body, "FIB-I,Rossi,I,Circolo,7,8,,,2026-10-20,individual3,9,Serata 2026-10-20,Campionato sociale 2026/27,,58.5,1,1")
}
