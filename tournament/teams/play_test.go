package teams

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/danish"
)

func init() { tournament.Register(Format{}) }

// field returns a stage of n teams, A, B, C… (IDs 1…n), team i of players 10i+1…10i+4
// (and 10i+5, 10i+6 when six is true for it).
func field(n int, s Settings, six ...int64) *tournament.State {
	st := &tournament.State{Tournament: tournament.Tournament{ID: 1}, Stage: tournament.Stage{ID: 1, Format: Name, Settings: s}}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("T%03d", i)
		if n <= 26 {
			name = string(rune('A' + i - 1))
		}
		e := tournament.Entry{ID: int64(i), TournamentID: 1, Kind: tournament.EntryTeam, Name: name, CheckedIn: true}
		size := 4
		for _, id := range six {
			if id == int64(i) {
				size = 6
			}
		}
		for k := 1; k <= size; k++ {
			e.Members = append(e.Members, tournament.Member{PlayerID: int64(10*i + k), Name: fmt.Sprintf("%s%d", name, k)})
		}
		st.Entries = append(st.Entries, e)
	}
	return st
}

// settings are the defaults (3 hands, 12 VP a bye) with a mode and a number of rounds.
func settings(mode danish.Pairing, rounds int) Settings {
	s := Format{}.Defaults().(Settings)
	s.Pairing, s.Count = mode, rounds
	return s
}

// score enters a table's totals: the whole total on hand 1, 0 on the others.
func score(st *tournament.State, t *tournament.Table, a, b int) {
	t.Hands = nil
	for p, total := range []int{a, b} {
		for h := 1; h <= st.Stage.Settings.HandsPerRound(); h++ {
			v := 0
			if h == 1 {
				v = total
			}
			t.Hands = append(t.Hands, tournament.HandScore{Hand: h, Side: p + 1, Score: v})
		}
	}
}

// draw draws the next round into the state.
func draw(t testing.TB, st *tournament.State, seed int64) *tournament.Round {
	t.Helper()
	r, subs, err := Format{}.Draw(st, seed)
	require.NoError(t, err)
	require.Empty(t, subs)
	st.Rounds = append(st.Rounds, *r)
	return &st.Rounds[len(st.Rounds)-1]
}

// matches lists a round's matches as "A-B", by the teams' letters, the team at
// position 1 of the match's first table first.
func matches(st *tournament.State, r *tournament.Round) []string {
	var out []string
	for _, m := range (Format{}).Matches(st, r) {
		out = append(out, st.Entry(m.Entries[0]).Name+"-"+st.Entry(m.Entries[1]).Name)
	}
	return out
}

// TestMatchWorkedByHand: one match of two tables, 3 hands, the shipped team scale.
// Table 1: A's pair 1 1450, B's pair 2 820: A +630. Table 2: B's pair 1 1100, A's pair
// 2 980: A −120. A's match MP = 630 − 120 = +510, B's −510; Teams3's band 505–700 gives
// 13–7.
func TestMatchWorkedByHand(t *testing.T) {
	st := field(2, settings(danish.NoRematch, 1))
	r := tournament.Round{Number: 1, Tables: tournament.MatchTables(1, 1, 2)}
	st.Rounds = []tournament.Round{r}
	rr := &st.Rounds[0]
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: 1, Pair: 1}, {Position: 2, EntryID: 2, Pair: 2}}, rr.Tables[0].Sides)
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: 2, Pair: 1}, {Position: 2, EntryID: 1, Pair: 2}}, rr.Tables[1].Sides)

	score(st, &rr.Tables[0], 1450, 820)
	ms := Format{}.Matches(st, rr)
	require.Len(t, ms, 1)
	assert.False(t, ms[0].Complete, "one table still to play")
	assert.Equal(t, [2]tournament.Points{}, ms[0].Points)

	score(st, &rr.Tables[1], 1100, 980)
	res := Format{}.Result(st, &rr.Tables[1])
	assert.Equal(t, []int{120, -120}, res.MP)
	assert.Nil(t, res.Points, "a table scores no VP of its own")

	ms = Format{}.Matches(st, rr)
	require.Len(t, ms, 1)
	assert.Equal(t, tournament.MatchResult{Number: 1, Tables: []int{1, 2}, Entries: [2]int64{1, 2}, MP: [2]int{510, -510},
		Points: [2]tournament.Points{tournament.RP(13), tournament.RP(7)}, Complete: true}, ms[0])

	_, lines := Format{}.Standings(st)
	require.Len(t, lines, 2)
	assert.Equal(t, "A", lines[0].Entry.Name)
	assert.Equal(t, []int{int(tournament.RP(13)), 510}, lines[0].Values)
	assert.Equal(t, []int{int(tournament.RP(7)), -510}, lines[1].Values)
	assert.Equal(t, 510, lines[0].Rounds[0].Score, "a round's line: the team's match MP")
}

// TestThreeRoundsOfSixTeamsByHand: six teams, C of six players; round 1 seated by hand,
// rounds 2 and 3 drawn from the standings with no rematches; line-ups named for round
// 2 and kept in round 3. Every figure is worked out in the comments.
func TestThreeRoundsOfSixTeamsByHand(t *testing.T) {
	st := field(6, settings(danish.NoRematch, 3), 3)
	const A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
	var r1 []tournament.Table
	for m, p := range [][2]int64{{A, B}, {C, D}, {E, F}} {
		r1 = append(r1, tournament.MatchTables(m+1, p[0], p[1])...)
	}
	st.Rounds = []tournament.Round{{Number: 1, Seed: 1, Tables: r1}}
	r := &st.Rounds[0]
	// A–B: A +600 (1500–900), A +200 (1200 v B's 1000): +800, band 705–1000: 14–6.
	score(st, &r.Tables[0], 1500, 900)
	score(st, &r.Tables[1], 1000, 1200)
	// C–D: C +100, D +50: C +50, band 0–100: 10–10.
	score(st, &r.Tables[2], 1300, 1200)
	score(st, &r.Tables[3], 1100, 1050)
	// E–F: F +600, F +350: F +950: 14–6.
	score(st, &r.Tables[4], 800, 1400)
	score(st, &r.Tables[5], 1350, 1000)
	// Standings: F 14 +950, A 14 +800, C 10 +50, D 10 −50, B 6 −800, E 6 −950. Round 2:
	// F–A; C–D met, so C takes B; D–E.
	r = draw(t, st, 7)
	assert.Equal(t, []string{"F-A", "C-B", "D-E"}, matches(st, r))
	assert.Empty(t, r.Byes)
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: F, Pair: 1}, {Position: 2, EntryID: A, Pair: 2}}, r.Tables[0].Sides)
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: A, Pair: 1}, {Position: 2, EntryID: F, Pair: 2}}, r.Tables[1].Sides)
	for i, tb := range r.Tables {
		assert.Equal(t, i/2+1, tb.Match)
	}
	// Line-ups for round 2: C plays its players 5 and 6 (35+31, 36+32); A swaps its pairs.
	st.Lineups = []tournament.Lineup{
		{StageID: 1, Round: 2, EntryID: C, Pairs: [2][2]int64{{35, 31}, {36, 32}}, Version: 1},
		{StageID: 1, Round: 2, EntryID: A, Pairs: [2][2]int64{{13, 14}, {11, 12}}, Version: 1},
	}
	// F–A: 0 at table 1, A +300 at table 2: A +300, band 105–300: A 11, F 9.
	score(st, &r.Tables[0], 1000, 1000)
	score(st, &r.Tables[1], 1200, 900)
	// C–B: C +1000, then 0: C +1000: 14–6.
	score(st, &r.Tables[2], 1600, 600)
	score(st, &r.Tables[3], 900, 900)
	// D–E: E +600, E +250: E +850: 14–6.
	score(st, &r.Tables[4], 700, 1300)
	score(st, &r.Tables[5], 1250, 1000)
	// Standings: A 25 +1100, C 24 +1050, F 23 +650, E 20 −100, D 16 −900, B 12 −1800.
	// Round 3: A–C; F–E met, so F takes D; E–B.
	r = draw(t, st, 8)
	assert.Equal(t, []string{"A-C", "F-D", "E-B"}, matches(st, r))
	// A–C: C +100 (A's 13+14 1000 v C's 36+32 1100), C +200 (C's 35+31 1200 v A's 11+12 1000):
	// C +300: C 11, A 9.
	score(st, &r.Tables[0], 1000, 1100)
	score(st, &r.Tables[1], 1200, 1000)
	score(st, &r.Tables[2], 1000, 1000) // F–D level: 10–10
	score(st, &r.Tables[3], 1000, 1000)
	score(st, &r.Tables[4], 1500, 500) // E–B: E +1000 twice, +2000: 17–3
	score(st, &r.Tables[5], 500, 1500)

	_, lines := Format{}.Standings(st)
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%d %s %d %+d", l.Place, l.Entry.Name, tournament.Points(l.Values[ValVP])/6, l.Values[ValMP]))
	}
	assert.Equal(t, []string{"1 E 37 +1900", "2 C 35 +1350", "3 A 34 +800", "4 F 33 +650", "5 D 26 -900", "6 B 15 -3800"}, got)

	// The pairing order each round was drawn from, and who the pairing moved and why.
	order := func(n int) []string {
		_, lines := Format{}.PairingOrder(st, n)
		var out []string
		for _, l := range lines {
			s := fmt.Sprintf("%s %d %+d", l.Entry.Name, tournament.Points(l.Values[0])/6, l.Values[1])
			if l.Avoided != 0 {
				s += " not " + st.Entry(l.Avoided).Name + ": " + l.Why
			}
			out = append(out, s)
		}
		return out
	}
	assert.Equal(t, []string{"F 14 +950", "A 14 +800", "C 10 +50 not D: rematch", "D 10 -50", "B 6 -800", "E 6 -950"}, order(2))
	assert.Equal(t, []string{"A 25 +1100", "C 24 +1050", "F 23 +650 not E: rematch", "E 20 -100", "D 16 -900", "B 12 -1800"}, order(3))

	// Line-ups: C's round 3 is its round 2 one; D never named one: its members in order.
	assert.Equal(t, [2][2]int64{{35, 31}, {36, 32}}, st.LineupOf(C, 3).Pairs)
	assert.Equal(t, [2][2]int64{{31, 32}, {33, 34}}, st.LineupOf(C, 1).Pairs)
	assert.Equal(t, tournament.Lineup{EntryID: D, Pairs: [2][2]int64{{41, 42}, {43, 44}}}, st.LineupOf(D, 3))

	// Contributions: player 35 played round 2 at table 3 (pair 1, +1000) and round 3 at
	// table 2 (pair 1, +200); player 33 only round 1, at table 4 as C's pair 2 (−50).
	cs := Contributions(st)
	assert.Equal(t, []Contribution{
		{Round: 2, Table: 3, Match: 2, Team: C, Pair: 1, Partner: 31, MP: 1000, Complete: true},
		{Round: 3, Table: 2, Match: 1, Team: C, Pair: 1, Partner: 31, MP: 200, Complete: true},
	}, cs[35])
	assert.Equal(t, []Contribution{{Round: 1, Table: 4, Match: 2, Team: C, Pair: 2, Partner: 34, MP: -50, Complete: true}}, cs[33])
	// Each round, a team's contributions add up to its match MP.
	for ri := range st.Rounds {
		for _, m := range (Format{}).Matches(st, &st.Rounds[ri]) {
			for k, team := range m.Entries {
				sum := 0
				for _, e := range st.Entry(team).Members {
					for _, c := range cs[e.PlayerID] {
						if c.Round == ri+1 {
							sum += c.MP
						}
					}
				}
				assert.Equal(t, 2*m.MP[k], sum, "two players a pair: each counts its table's MP")
			}
		}
	}
}

// TestByeTeam: five teams, the lowest-ranked with the fewest byes sits out, and scores
// bye_vp and bye_mp once the round is complete.
func TestByeTeam(t *testing.T) {
	s := settings(danish.NoRematch, 3)
	s.ByeVP, s.ByeMP = 12, 100
	st := field(5, s)
	r := draw(t, st, 3)
	require.Len(t, r.Byes, 1)
	require.Len(t, r.Tables, 4)
	bye := r.Byes[0].EntryID
	assert.Equal(t, tournament.RP(12), r.Byes[0].Points)
	_, lines := Format{}.Standings(st)
	for _, l := range lines {
		if l.Entry.ID == bye {
			assert.Equal(t, []int{0, 0}, l.Values, "not before the round is complete")
		}
	}
	for i := range r.Tables {
		score(st, &r.Tables[i], 1000, 900)
	}
	_, lines = Format{}.Standings(st)
	for _, l := range lines {
		if l.Entry.ID == bye {
			assert.Equal(t, []int{int(tournament.RP(12)), 100}, l.Values)
		}
	}
	r = draw(t, st, 4)
	require.Len(t, r.Byes, 1)
	assert.NotEqual(t, bye, r.Byes[0].EntryID, "nobody has a second bye while another has had none")
}

// TestDrawRefusesOtherEntries: a teams stage seats teams only.
func TestDrawRefusesOtherEntries(t *testing.T) {
	st := field(4, settings(danish.NoRematch, 3))
	st.Entries[2].Kind = tournament.EntryPair
	_, _, err := Format{}.Draw(st, 1)
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	st = field(4, settings(danish.NoRematch, 3))
	s := settings(danish.NoRematch, 3)
	s.Hands = 5
	st.Stage.Settings = s
	_, _, err = Format{}.Draw(st, 1)
	assert.Equal(t, "teams.draw.no_scale", errKey(err), "no shipped team scale for 5 hands: the director chooses one")
}

func errKey(err error) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Key
	}
	return ""
}

// TestCheckSeats: a round's seats changed by hand keep its matches' shape.
func TestCheckSeats(t *testing.T) {
	st := field(4, settings(danish.NoRematch, 3))
	r := draw(t, st, 1)
	assert.Empty(t, Format{}.CheckSeats(st, r, r))
	bad := *r
	bad.Tables = append([]tournament.Table(nil), r.Tables...)
	bad.Tables[1].Sides = []tournament.Side{{Position: 1, EntryID: r.Tables[1].Sides[0].EntryID, Pair: 2}, r.Tables[1].Sides[1]}
	assert.NotEmpty(t, Format{}.CheckSeats(st, r, &bad), "a team's pair 2 twice in one match")
}
