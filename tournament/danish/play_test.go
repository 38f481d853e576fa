package danish

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

func init() { tournament.Register(Format{}) }

// field returns a stage of n sides (A, B, C… or S001…) with the settings given.
func field(n int, s Settings) *tournament.State {
	st := &tournament.State{Tournament: tournament.Tournament{ID: 1}, Stage: tournament.Stage{ID: 1, Format: Name, Settings: s}}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("S%03d", i)
		if n <= 26 {
			name = string(rune('A' + i - 1))
		}
		e := tournament.Entry{ID: int64(i), TournamentID: 1, Kind: tournament.EntryPlayer, Name: name, CheckedIn: true,
			Members: []tournament.Member{{PlayerID: int64(i), Name: name}}}
		if s.Pairs() {
			e.Kind = tournament.EntryPair
			e.Members = []tournament.Member{{PlayerID: int64(2 * i), Name: name + "1"}, {PlayerID: int64(2*i + 1), Name: name + "2"}}
			e.Name = name + "1 / " + name + "2"
		}
		st.Entries = append(st.Entries, e)
	}
	return st
}

func settings(mode Pairing, rounds int) Settings {
	s := Format{}.Defaults().(Settings)
	s.Pairing, s.Count = mode, rounds
	return s
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

// score enters a table's totals: the whole total on hand 1, 0 on the others.
func score(st *tournament.State, t *tournament.Table, totals ...int) {
	t.Hands = nil
	for p, total := range totals {
		for h := 1; h <= st.Stage.Settings.HandsPerRound(); h++ {
			v := 0
			if h == 1 {
				v = total
			}
			t.Hands = append(t.Hands, tournament.HandScore{Hand: h, Side: p + 1, Score: v})
		}
	}
}

// tableOf finds the table where entry id sits in round r.
func tableOf(r *tournament.Round, id int64) *tournament.Table {
	for i := range r.Tables {
		for _, s := range r.Tables[i].Sides {
			if s.EntryID == id {
				return &r.Tables[i]
			}
		}
	}
	return nil
}

// names lists a round's tables as "A-C", by the letters of the sides, position 1 first.
func names(st *tournament.State, r *tournament.Round) []string {
	var out []string
	for _, t := range r.Tables {
		out = append(out, st.Entry(t.Sides[0].EntryID).Name[:1]+"-"+st.Entry(t.Sides[1].EntryID).Name[:1])
	}
	return out
}

// play enters a result where side a scores diff more than side b.
func play(st *tournament.State, r *tournament.Round, a, b int64, diff int) {
	t := tableOf(r, a)
	if t.Sides[0].EntryID == a {
		score(st, t, 1000+diff, 1000)
	} else {
		score(st, t, 1000, 1000+diff)
	}
	_ = b
}

const (
	A = int64(iota + 1)
	B
	C
	D
)

// fourSides plays two rounds of A, B, C, D to a standings where round 3 would repeat
// both round-2 tables under 1–2, 3–4: A 30 VP (+2010), C 30 (+1590), D 20 (+400), B 0.
func fourSides(t *testing.T, mode Pairing, rounds int) *tournament.State {
	st := field(4, settings(mode, rounds))
	r1 := draw(t, st, 1)
	// Round 1 is random: seat it as A-B, C-D by hand (the director's seat change).
	r1.Tables = []tournament.Table{{Number: 1, Sides: tournament.SidesFromEntries([]int64{A, B})},
		{Number: 2, Sides: tournament.SidesFromEntries([]int64{C, D})}}
	play(st, r1, A, B, 2000) // 20-0
	play(st, r1, C, D, 1600) // 20-0
	r2 := draw(t, st, 2)
	require.Equal(t, []string{"A-C", "D-B"}, names(st, r2), "A (+2000) and C (+1600) lead; D (-1600) above B (-2000)")
	play(st, r2, A, C, 10)   // 10-10
	play(st, r2, D, B, 2000) // 20-0
	return st
}

func TestDrawModesByHand(t *testing.T) {
	tests := []struct {
		mode   Pairing
		rounds int
		want   []string
	}{
		{Pure, 4, []string{"A-C", "D-B"}},     // 1–2, 3–4: both round-2 tables again
		{Modified, 4, []string{"A-D", "C-B"}}, // the previous round's opponents may not meet
		{Modified, 3, []string{"A-C", "D-B"}}, // ... except in the last round
		{NoRematch, 4, []string{"A-D", "C-B"}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s, %d rounds", tc.mode, tc.rounds), func(t *testing.T) {
			st := fourSides(t, tc.mode, tc.rounds)
			assert.Equal(t, tc.want, names(st, draw(t, st, 3)))
		})
	}
}

// TestNoRematchAgainstModified: modified Danish only avoids the last round's opponent;
// no-rematch avoids every earlier one, moving further down when it must.
func TestNoRematchAgainstModified(t *testing.T) {
	build := func(mode Pairing) *tournament.State {
		st := fourSides(t, mode, 5)
		r3 := draw(t, st, 3)
		require.Equal(t, []string{"A-D", "C-B"}, names(st, r3))
		play(st, r3, A, D, 10)   // A 40 (+2020), D 30 (+390)
		play(st, r3, B, C, 1600) // B 20 (-2400), C 30 (-10)
		return st
	}
	// Standings: A 40, then C 30 (-10) and D 30 (+390): D above C, then B 20.
	// 1–2, 3–4 is A-D, C-B: both the round-3 tables.
	st := build(Modified)
	assert.Equal(t, []string{"A-C", "D-B"}, names(st, draw(t, st, 4)), "modified: A-D and C-B are the last round's; A-C and D-B met in round 2 but may meet again")
	st = build(NoRematch)
	r4 := draw(t, st, 4)
	assert.Equal(t, []string{"A-D", "C-B"}, names(st, r4), "no rematches: every pairing of 4 sides repeats after 3 rounds, so the fewest (both) and 1–2, 3–4 among those")
}

func TestRound1IsRandomAndRecorded(t *testing.T) {
	st := field(8, settings(NoRematch, 4))
	r := draw(t, st, 99)
	require.Len(t, r.Tables, 4)
	seen := map[int64]bool{}
	for _, tb := range r.Tables {
		require.Len(t, tb.Sides, 2)
		for _, s := range tb.Sides {
			assert.False(t, seen[s.EntryID])
			seen[s.EntryID] = true
		}
	}
	assert.Len(t, seen, 8)
	again := field(8, settings(NoRematch, 4))
	assert.Equal(t, names(st, r), names(again, draw(t, again, 99)), "the recorded seed reproduces the draw")
	other := field(8, settings(NoRematch, 4))
	assert.NotEqual(t, names(st, r), names(other, draw(t, other, 100)))
}

// TestTiesBrokenByTheRecordedSeed: sides level on VP and MP are paired in the order
// drawn from the round's seed, shown with the running standings.
func TestTiesBrokenByTheRecordedSeed(t *testing.T) {
	st := field(4, settings(Pure, 4))
	r1 := draw(t, st, 5)
	for i := range r1.Tables {
		score(st, &r1.Tables[i], 1000, 1000) // every side 10 VP, 0 MP
	}
	for seed := int64(1); seed < 30; seed++ {
		lines := Running(st, 2, seed)
		for i, l := range lines {
			assert.Equal(t, 60, l.VP)
			assert.Equal(t, 0, l.MP)
			if i > 0 {
				assert.Less(t, lines[i-1].Tie, l.Tie, "level sides follow the tie order")
			}
		}
		cp := *st
		cp.Rounds = append([]tournament.Round(nil), st.Rounds...)
		r2, _, err := Format{}.Draw(&cp, seed)
		require.NoError(t, err)
		assert.Equal(t, lines[0].Entry, r2.Tables[0].Sides[0].EntryID, "seed %d: table 1 is the first two of the tie order", seed)
		assert.Equal(t, lines[1].Entry, r2.Tables[0].Sides[1].EntryID)
	}
}

// TestOddFieldByesOverMoreRoundsThanSides: 3 sides, 7 rounds: one bye a round, each side
// has its first bye before anyone has a second, and so on.
func TestOddFieldByesOverMoreRoundsThanSides(t *testing.T) {
	for _, mode := range []Pairing{Pure, Modified, NoRematch} {
		st := field(3, settings(mode, 7))
		byes := map[int64]int{}
		for n := 1; n <= 7; n++ {
			r := draw(t, st, int64(n))
			require.Len(t, r.Byes, 1)
			require.Len(t, r.Tables, 1)
			assert.Equal(t, tournament.RP(DefaultByeVP), r.Byes[0].Points)
			byes[r.Byes[0].EntryID]++
			lo, hi := 99, 0
			for _, e := range st.Entries {
				lo, hi = min(lo, byes[e.ID]), max(hi, byes[e.ID])
			}
			assert.LessOrEqual(t, hi-lo, 1, "%s round %d: byes %v", mode, n, byes)
			score(st, &r.Tables[0], 1200, 1000)
		}
		assert.Equal(t, 7, byes[A]+byes[B]+byes[C])
	}
}

// TestByeToTheLowestRanked: after round 1 the bye goes to the last side that has not had
// one, and scores the bye VP and MP once its round is complete.
func TestByeToTheLowestRanked(t *testing.T) {
	s := settings(NoRematch, 3)
	s.ByeMP = 100
	st := field(5, s)
	r1 := draw(t, st, 11)
	first := r1.Byes[0].EntryID
	play(st, r1, r1.Tables[0].Sides[0].EntryID, 0, 1600) // 20-0
	play(st, r1, r1.Tables[1].Sides[0].EntryID, 0, 600)  // 15-5
	r2 := draw(t, st, 12)
	lines := Running(st, 2, 12)
	loser := r1.Tables[0].Sides[1].EntryID // 0 VP, -1600: last
	assert.Equal(t, loser, lines[4].Entry)
	assert.Equal(t, loser, r2.Byes[0].EntryID, "the lowest-ranked side without a bye")
	assert.NotEqual(t, first, r2.Byes[0].EntryID)
	_, std := Format{}.Standings(st)
	for _, sd := range std {
		if sd.Entry.ID == first {
			assert.Equal(t, []int{int(tournament.RP(12)), 100}, sd.Values, "the bye's VP and MP")
			assert.Equal(t, 1, sd.Byes)
		}
	}
}

func TestResultVPAndTimeOut(t *testing.T) {
	st := field(2, settings(NoRematch, 1))
	st.Stage.Scale = &scoring.FIBUR3
	tb := &tournament.Table{Number: 1, Sides: tournament.SidesFromEntries([]int64{A, B})}
	res := Format{}.Result(st, tb)
	assert.False(t, res.Complete)
	tests := []struct {
		name   string
		a, b   int
		late   int // side that ran out of time, 0: none
		mp, vp []int
	}{
		{"a difference of 400 is 14-6", 1400, 1000, 0, []int{400, -400}, []int{14, 6}},
		{"0-50 is a draw, 10-10", 1000, 1050, 0, []int{-50, 50}, []int{10, 10}},
		{"55 is 11-9", 1055, 1000, 0, []int{55, -55}, []int{11, 9}},
		{"over 1500 is 20-0", 500, 2100, 0, []int{-1600, 1600}, []int{0, 20}},
		{"between bands: 253 takes 155-250", 1253, 1000, 0, []int{253, -253}, []int{12, 8}},
		{"time-out: B ran out, A gets +355, 14-6", 1100, 1000, 2, []int{355, -355}, []int{14, 6}},
		{"time-out: A ran out although ahead", 1300, 1000, 1, []int{-355, 355}, []int{6, 14}},
		{"time-out: the real result stands when better for the side with time", 1600, 1000, 2, []int{600, -600}, []int{15, 5}},
		{"time-out: exactly 355 ahead is the technical score", 1355, 1000, 2, []int{355, -355}, []int{14, 6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			score(st, tb, tc.a, tc.b)
			tb.Outcome = tournament.Outcome{}
			if tc.late > 0 {
				tb.Outcome = tournament.Outcome{Kind: "timeout", Side: tc.late}
				var played []tournament.HandScore // only the first hand was played
				for _, h := range tb.Hands {
					if h.Hand == 1 {
						played = append(played, h)
					}
				}
				tb.Hands = played
			}
			res := Format{}.Result(st, tb)
			require.True(t, res.Complete)
			assert.Equal(t, tc.mp, res.MP)
			assert.Equal(t, []tournament.Points{tournament.RP(tc.vp[0]), tournament.RP(tc.vp[1])}, res.Points)
		})
	}
	t.Run("a forfeit: the side there scores the bye, with no hands", func(t *testing.T) {
		s := st.Stage.Settings.(Settings)
		s.ByeMP = 150
		st.Stage.Settings = s
		defer func() { s.ByeMP = 0; st.Stage.Settings = s }()
		tb.Hands, tb.Outcome = nil, tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: 1}
		res := Format{}.Result(st, tb)
		require.True(t, res.Complete)
		assert.Equal(t, []int{-150, 150}, res.MP)
		assert.Equal(t, []tournament.Points{0, tournament.RP(12)}, res.Points)
	})
	t.Run("the stage's copy of its scale decides, not the shipped one", func(t *testing.T) {
		flat := scoring.Scale{Name: "flat", Bands: []scoring.Band{{From: 0, To: scoring.Open, Winner: 2, Loser: 1}}}
		st.Stage.Scale = &flat
		score(st, tb, 3000, 0)
		tb.Outcome = tournament.Outcome{}
		assert.Equal(t, []tournament.Points{tournament.RP(2), tournament.RP(1)}, Format{}.Result(st, tb).Points)
	})
	t.Run("4 hands without a chosen scale: the FIBUR 4-hand scale", func(t *testing.T) {
		s := settings(NoRematch, 1)
		s.Hands = 4
		st4 := field(2, s)
		score(st4, tb, 1300, 1000) // 300: 11-9 on the 4-hand scale (13-7 on the 3-hand one)
		assert.Equal(t, []tournament.Points{tournament.RP(11), tournament.RP(9)}, Format{}.Result(st4, tb).Points)
	})
}

func errKey(err error) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Key
	}
	return fmt.Sprint(err)
}

func TestDrawRefusals(t *testing.T) {
	st := field(1, settings(NoRematch, 3))
	_, _, err := Format{}.Draw(st, 1)
	assert.Equal(t, "draw.too_few", errKey(err), "the shared key, which a withdrawal maps to its own message")

	st = field(4, settings(NoRematch, 3))
	st.Entries[2].Kind = tournament.EntryPlayer
	_, _, err = Format{}.Draw(st, 1)
	assert.Equal(t, "danish.draw.kind.pairs", errKey(err), "a single player in a pairs tournament")

	s := settings(NoRematch, 3)
	s.Hands = 5
	st = field(4, s)
	_, _, err = Format{}.Draw(st, 1)
	assert.Equal(t, "danish.draw.no_scale", errKey(err), "5 hands: no shipped scale, the director must choose one")
	assert.Equal(t, "danish.next.choose_scale", Format{}.Next(st).Key, "and the next step says so before the draw")
	assert.False(t, Format{}.Next(st).CanDraw)
	id := int64(7)
	st.Stage.ScaleID = &id
	_, _, err = Format{}.Draw(st, 1)
	assert.NoError(t, err)
}

// TestSettings covers decoding, checks and the changes refused once rounds are drawn.
func TestSettings(t *testing.T) {
	f := Format{}
	s, err := f.Decode([]byte(`{"sides":"individual","rounds":6,"pairing":"modified"}`))
	require.NoError(t, err)
	assert.Equal(t, Settings{Sides: Individuals, Schedule: tournament.Schedule{Count: 6, Hands: 3}, Pairing: Modified,
		ByeScore: tournament.ByeScore{ByeVP: 12}, TimeOutScore: tournament.TimeOutScore{TimeOutMP: 355, TimeOutWinnerVP: 14, TimeOutLoserVP: 6}}, s)
	_, err = f.Decode([]byte(`{"rounds":null}`))
	assert.Error(t, err)
	_, err = f.Decode([]byte(`{"round":3}`))
	assert.Error(t, err, "unknown field")
	bad := Settings{Sides: "trio", Schedule: tournament.Schedule{Count: 0, Hands: 11}, Pairing: "swiss",
		ByeScore: tournament.ByeScore{ByeVP: -1, ByeMP: 20000}, TimeOutScore: tournament.TimeOutScore{TimeOutMP: -5, TimeOutWinnerVP: 5, TimeOutLoserVP: 6}}
	assert.Equal(t, tournament.FieldErrors{"sides": "danish.err.sides", "rounds": "danish.err.rounds", "hands_per_round": "tournament.err.hands",
		"pairing": "danish.err.pairing", "bye_vp": "danish.err.vp", "bye_mp": "danish.err.mp", "timeout_mp": "danish.err.mp",
		"timeout_loser_vp": "danish.err.timeout_order"}, f.Check(bad))
	assert.Empty(t, f.Check(f.Defaults()))

	old := f.Defaults().(Settings)
	changed := old
	changed.Count, changed.Pairing, changed.ByeVP = 2, Pure, 10
	assert.Equal(t, tournament.FieldErrors{"rounds": "danish.err.rounds_drawn", "pairing": "tournament.err.fixed",
		"bye_vp": "tournament.err.fixed"}, f.CheckChange(old, changed, 3))
	more := old
	more.Count = 6
	assert.Empty(t, f.CheckChange(old, more, 3), "more rounds can be added while it runs")

	ptr := old
	ptr.Count = 9
	assert.Equal(t, 9, of(&ptr).Count, "settings held by pointer")
	assert.Equal(t, f.Defaults(), of(nil), "another format's: the defaults")
	back, fe := f.ParseForm(f.FormValues(old))
	assert.Empty(t, fe)
	assert.Equal(t, old, back)
	_, fe = f.ParseForm(map[string]string{"rounds": "x"})
	assert.Equal(t, "error.not_a_number", fe["rounds"])
}

// TestPairingOrderShowsWhatTheDrawUsed: the order shown to the director for a drawn
// round is the one its tables were paired from (pure Danish: 1–2, 3–4 of it).
func TestPairingOrderShowsWhatTheDrawUsed(t *testing.T) {
	st := field(7, settings(Pure, 3))
	rng := rand.New(rand.NewPCG(3, 3))
	playRandom(st, draw(t, st, 21), rng)
	r2 := draw(t, st, 22)
	cols, lines := Format{}.PairingOrder(st, 2)
	require.Len(t, cols, 2)
	require.Len(t, lines, 7, "the six seated and the bye")
	var order []int64
	for i, l := range lines {
		if i > 0 {
			prev := lines[i-1]
			assert.True(t, prev.Values[0] > l.Values[0] || prev.Values[0] == l.Values[0] && (prev.Values[1] > l.Values[1] ||
				prev.Values[1] == l.Values[1] && prev.Tie < l.Tie), "line %d out of order", i)
		}
		if l.Entry.ID != r2.Byes[0].EntryID {
			order = append(order, l.Entry.ID)
		}
	}
	for k, tb := range r2.Tables {
		assert.Equal(t, []int64{order[2*k], order[2*k+1]}, tb.Entries())
	}
	_, none := Format{}.PairingOrder(st, 3)
	assert.Nil(t, none, "round 3 is not drawn")
}

// TestCheckSeatsKeepsAwardedByes: a round whose byes include one awarded to a late
// arrival can still have its seats changed by hand.
func TestCheckSeatsKeepsAwardedByes(t *testing.T) {
	st := field(5, settings(NoRematch, 3))
	r := draw(t, st, 1)
	changed := *r
	changed.Byes = append(append([]tournament.Bye(nil), r.Byes...), tournament.Bye{EntryID: 99, Points: tournament.RP(12)})
	assert.Empty(t, Format{}.CheckSeats(st, r, &changed))
	changed.Byes = append(changed.Byes, r.Byes[0])
	assert.Equal(t, "seats.twice", Format{}.CheckSeats(st, r, &changed)["bye.3"])
}
