package danish

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

func TestClubKeys(t *testing.T) {
	tests := []struct {
		entry tournament.Entry
		want  []string
	}{
		{tournament.Entry{Kind: tournament.EntryPlayer, Club: "Circolo Roma"}, []string{"circoloroma"}},
		{tournament.Entry{Kind: tournament.EntryPlayer, Club: ""}, nil},
		// A pair stores one club when both members named it, or only one named one.
		{tournament.Entry{Kind: tournament.EntryPair, Club: "Circolo Roma"}, []string{"circoloroma"}},
		// Two different clubs: the pair plays for both (as in the Mitchell, RULES.md 7.4).
		{tournament.Entry{Kind: tournament.EntryPair, Club: "Circolo Roma / Forlì"}, []string{"circoloroma", "forli"}},
		{tournament.Entry{Kind: tournament.EntryPair, Club: "Circolo Roma / circolo  roma"}, []string{"circoloroma"}},
		{tournament.Entry{Kind: tournament.EntrySubstitute, Club: "Circolo Roma"}, nil},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tournament.ClubKeys(&tc.entry), "%q", tc.entry.Club)
	}
}

// withClubs gives the sides of a field their clubs, in entry order ("" for none).
func withClubs(st *tournament.State, clubs ...string) {
	for i, c := range clubs {
		st.Entries[i].Club = c
	}
}

// TestRoundOneKeepsClubsApart: eight sides, four of Circolo Roma, two of Forlì, two of
// none. Drawn at random, some seeds put Roma against Roma; keeping clubs apart in round 1,
// no seed does (four Roma sides, four others: each Roma side can meet another club).
func TestRoundOneKeepsClubsApart(t *testing.T) {
	clash := func(apart int, seed int64) int {
		s := settings(NoRematch, 3)
		s.ApartClubs = apart
		st := field(8, s)
		withClubs(st, "Circolo Roma", "Forlì", "Circolo Roma", "", "Circolo Roma", "Forlì", "circolo roma", "")
		r := draw(t, st, seed)
		n := 0
		for _, tb := range r.Tables {
			a, b := tournament.ClubKeys(st.Entry(tb.Sides[0].EntryID)), tournament.ClubKeys(st.Entry(tb.Sides[1].EntryID))
			if len(a) > 0 && slices.Equal(a, b) {
				n++
			}
		}
		return n
	}
	random, apart := 0, 0
	for seed := range int64(60) {
		random += clash(0, seed)
		apart += clash(1, seed)
	}
	assert.Positive(t, random, "a random draw puts club mates together")
	assert.Zero(t, apart, "kept apart in round 1")
}

// TestNeverMeetOverAnEvening: in pure Danish (rematches allowed), A and B, listed as
// never to meet, never do, whatever the results; other sides do meet again.
func TestNeverMeetOverAnEvening(t *testing.T) {
	for seed := range int64(30) {
		s := settings(Pure, 6)
		s.Sides = Individuals
		s.NeverMeet = [][2]int64{{A, B}, {C, 6}}
		st := field(6, s)
		for round := 1; round <= 6; round++ {
			r := draw(t, st, seed*10+int64(round))
			for _, tb := range r.Tables {
				ids := tb.Entries()
				assert.NotSubset(t, ids, []int64{A, B}, "seed %d round %d", seed, round)
				assert.NotSubset(t, ids, []int64{C, 6}, "seed %d round %d", seed, round)
			}
			for i := range r.Tables {
				score(st, &r.Tables[i], 1000+5*int(seed+int64(i)), 1000)
			}
		}
	}
}

// TestPairingOrderSaysWhy: after round 1 (A beats C by 1,500: 19–1; B beats D by 1,000:
// 17–3) the order is A 19, B 17, D 3, C 1. A and B both play for Circolo Roma, kept
// apart for two rounds: A skips B and meets D, the nearest of another club; B then
// meets C, the nearest left. The order says A was moved to avoid B, for the club.
func TestPairingOrderSaysWhy(t *testing.T) {
	s := settings(Pure, 3)
	s.Sides, s.ApartClubs = Individuals, 2
	st := field(4, s)
	withClubs(st, "Circolo Roma", "Circolo Roma", "", "")
	r1 := draw(t, st, 1)
	r1.Tables = []tournament.Table{{Number: 1, Sides: tournament.SidesFromEntries([]int64{A, C})},
		{Number: 2, Sides: tournament.SidesFromEntries([]int64{B, D})}}
	play(st, r1, A, C, 1500)
	play(st, r1, B, D, 1000)
	r2 := draw(t, st, 2)
	assert.Equal(t, []string{"A-D", "B-C"}, names(st, r2))
	_, order := Format{}.PairingOrder(st, 2)
	require.Len(t, order, 4)
	got := map[string][2]any{}
	for _, l := range order {
		got[l.Entry.Name] = [2]any{l.Avoided, l.Why}
	}
	assert.Equal(t, map[string][2]any{"A": {B, WhyClub}, "B": {int64(0), ""}, "C": {int64(0), ""}, "D": {int64(0), ""}}, got)

	// In round 3 the clubs are no longer kept apart: pure Danish pairs 1–2 again.
	st.Stage.Settings = func() Settings { s.ApartClubs = 1; return s }()
	play(st, r2, A, D, 10)
	play(st, r2, B, C, 10)
	assert.Equal(t, []string{"A-B", "D-C"}, names(st, draw(t, st, 3)))
}

// TestShiftByHand: seven sides, round 1 seated A-B, C-D, E-F and G's bye (the phantom
// table 4). The fixed line A, C, E stays; the moving line B, D, F, G moves up one table
// each round, the phantom's side to table 1.
func TestShiftByHand(t *testing.T) {
	st := field(7, settings(Shift, 5))
	r1 := draw(t, st, 1)
	r1.Tables = []tournament.Table{{Number: 1, Sides: tournament.SidesFromEntries([]int64{A, B})},
		{Number: 2, Sides: tournament.SidesFromEntries([]int64{C, D})},
		{Number: 3, Sides: tournament.SidesFromEntries([]int64{5, 6})}}
	r1.Byes = []tournament.Bye{{EntryID: 7}}
	for i := range r1.Tables {
		score(st, &r1.Tables[i], 1000, 1000+100*i)
	}
	r2 := draw(t, st, 2)
	assert.Equal(t, []string{"A-G", "C-B", "E-D"}, names(st, r2))
	require.Len(t, r2.Byes, 1)
	assert.Equal(t, int64(6), r2.Byes[0].EntryID, "F, at table 3, moves to the phantom table")
	r3 := draw(t, st, 3)
	assert.Equal(t, []string{"A-F", "C-G", "E-B"}, names(st, r3))
	assert.Equal(t, D, r3.Byes[0].EntryID)

	// C withdraws before round 4: the fixed line A, E is one short; the moving line
	// (after its move: D, F, G, B) gives its last side, B, to the fixed line, and the
	// six sides play without a bye.
	st.Entries[C-1].Withdrawn = true
	r4 := draw(t, st, 4)
	assert.Equal(t, []string{"A-D", "E-F", "B-G"}, names(st, r4))
	assert.Empty(t, r4.Byes)
}

// TestShiftRoundOneLinesUp: in round 1 of a table shift, the sides never to meet are
// put in one line (they never meet in the movement), and so are club mates where they can.
func TestShiftRoundOneLinesUp(t *testing.T) {
	for seed := range int64(40) {
		s := settings(Shift, 4)
		s.Sides, s.ApartClubs = Individuals, 1
		s.NeverMeet = [][2]int64{{A, B}}
		st := field(8, s)
		withClubs(st, "", "", "Roma", "Roma", "", "", "", "")
		r := draw(t, st, seed)
		line := map[int64]int{}
		for _, tb := range r.Tables {
			line[tb.Sides[0].EntryID], line[tb.Sides[1].EntryID] = 0, 1
		}
		assert.Equal(t, line[A], line[B], "seed %d: A and B in one line", seed)
		assert.Equal(t, line[C], line[D], "seed %d: the two of Roma in one line", seed)
		for range 3 { // four rounds: the movement; A and B, C and D never meet
			for i := range r.Tables {
				score(st, &r.Tables[i], 1000, 1000)
			}
			r = draw(t, st, seed)
			for _, tb := range r.Tables {
				assert.NotSubset(t, tb.Entries(), []int64{A, B})
				assert.NotSubset(t, tb.Entries(), []int64{C, D})
			}
		}
	}
}

func TestSettingsOfApartAndNeverMeet(t *testing.T) {
	f := Format{}
	s := f.Defaults().(Settings)
	s.ApartClubs, s.NeverMeet = 2, [][2]int64{{3, 9}, {4, 12}}
	values := f.FormValues(s)
	assert.Equal(t, "3-9 4-12", values["never_meet"])
	back, fe := f.ParseForm(values)
	assert.Empty(t, fe)
	assert.Equal(t, s, back)

	bad := []struct {
		change func(*Settings)
		field  string
		key    string
	}{
		{func(s *Settings) { s.ApartClubs = -1 }, "apart_clubs_rounds", "danish.err.apart_clubs"},
		{func(s *Settings) { s.ApartClubs = tournament.MaxRounds + 1 }, "apart_clubs_rounds", "danish.err.apart_clubs"},
		{func(s *Settings) { s.NeverMeet = [][2]int64{{3, 3}} }, "never_meet", "danish.err.never_meet_same"},
		{func(s *Settings) { s.NeverMeet = [][2]int64{{3, 9}, {9, 3}} }, "never_meet", "danish.err.never_meet_twice"},
		{func(s *Settings) { s.NeverMeet = [][2]int64{{0, 9}} }, "never_meet", "danish.err.never_meet_entry"},
		{func(s *Settings) { s.Pairing = "swiss" }, "pairing", "danish.err.pairing"},
	}
	for _, tc := range bad {
		s := f.Defaults().(Settings)
		tc.change(&s)
		assert.Equal(t, tc.key, f.Check(s)[tc.field], "%+v", s)
	}
	_, fe = f.ParseForm(map[string]string{"never_meet": "3-", "rounds": "4", "hands_per_round": "3", "bye_vp": "12", "bye_mp": "0",
		"timeout_mp": "355", "timeout_winner_vp": "14", "timeout_loser_vp": "6"})
	assert.Equal(t, "danish.err.never_meet_both", fe["never_meet"], "a pair with one side chosen")

	st := field(4, s)
	st.Entries = append(st.Entries, tournament.Entry{ID: 5, Kind: tournament.EntrySubstitute})
	s.NeverMeet = [][2]int64{{A, B}}
	assert.Empty(t, f.CheckEntries(s, st.Entry))
	s.NeverMeet = [][2]int64{{A, 99}}
	assert.Equal(t, "danish.err.never_meet_entry", f.CheckEntries(s, st.Entry)["never_meet"], "no such entry")
	s.NeverMeet = [][2]int64{{A, 5}}
	assert.Equal(t, "danish.err.never_meet_entry", f.CheckEntries(s, st.Entry)["never_meet"], "a substitute")

	// Both may change while the tournament runs; the mode may not.
	n := s
	n.ApartClubs, n.NeverMeet = 0, nil
	assert.Empty(t, f.CheckChange(s, n, 2))
	n.Pairing = Shift
	assert.Equal(t, "tournament.err.fixed", f.CheckChange(s, n, 2)["pairing"])
}
