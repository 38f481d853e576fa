package individual4

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

func errKey(err error) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Key
	}
	return fmt.Sprint(err)
}

// TestSettings covers decoding, checks, the form and the changes refused once rounds are
// drawn.
func TestSettings(t *testing.T) {
	f := Format{}
	s, err := f.Decode([]byte(`{"rounds":6,"hands_per_round":4,"bye_mp":100}`))
	require.NoError(t, err)
	assert.Equal(t, Settings{tournament.Schedule{Count: 6, Hands: 4}, tournament.ByeScore{ByeVP: 12, ByeMP: 100},
		tournament.TimeOutScore{TimeOutMP: 355, TimeOutWinnerVP: 14, TimeOutLoserVP: 6}}, s)
	assert.False(t, s.(Settings).Pairs(), "players enter alone")
	_, err = f.Decode([]byte(`{"rounds":null}`))
	assert.Error(t, err)
	_, err = f.Decode([]byte(`{"pairing":"danish"}`))
	assert.Error(t, err, "unknown field")
	bad := Settings{tournament.Schedule{Count: 31, Hands: 0}, tournament.ByeScore{ByeVP: 101, ByeMP: -10001},
		tournament.TimeOutScore{TimeOutMP: 10001, TimeOutWinnerVP: 5, TimeOutLoserVP: 6}}
	assert.Equal(t, tournament.FieldErrors{"rounds": "individual4.err.rounds", "hands_per_round": "tournament.err.hands",
		"bye_vp": "individual4.err.vp", "bye_mp": "individual4.err.mp", "timeout_mp": "individual4.err.mp",
		"timeout_loser_vp": "individual4.err.timeout_order"}, f.Check(bad))
	assert.Empty(t, f.Check(f.Defaults()))
	assert.Equal(t, tournament.FieldErrors{"settings": "tournament.err.format"}, f.Check(nil))

	old := f.Defaults().(Settings)
	changed := old
	changed.Count, changed.Hands, changed.ByeVP = 2, 4, 10
	assert.Equal(t, tournament.FieldErrors{"rounds": "individual4.err.rounds_drawn", "hands_per_round": "tournament.err.fixed",
		"bye_vp": "tournament.err.fixed"}, f.CheckChange(old, changed, 3))
	assert.Empty(t, f.CheckChange(old, changed, 0), "anything before the first draw")
	more := old
	more.Count = 6
	assert.Empty(t, f.CheckChange(old, more, 3), "more rounds can be added while it runs")

	ptr := old
	ptr.Count = 9
	assert.Equal(t, 9, of(&ptr).Count, "settings held by pointer")
	back, fe := f.ParseForm(f.FormValues(more))
	assert.Empty(t, fe)
	assert.Equal(t, more, back)
	_, fe = f.ParseForm(map[string]string{"rounds": "x", "hands_per_round": "3"})
	assert.Equal(t, "error.not_a_number", fe["rounds"])
	assert.NotContains(t, fe, "hands_per_round")

	assert.Equal(t, "FIBUR 3 smazzate (20-0)", f.DefaultScale(old).Name)
	assert.Equal(t, "FIBUR 4 smazzate (20-0)", f.DefaultScale(s).Name)
	five := old
	five.Hands = 5
	assert.Nil(t, f.DefaultScale(five))
	vp, ok := f.MissedBye(old)
	assert.True(t, ok)
	assert.Equal(t, tournament.RP(12), vp)
}

func TestDrawRefusals(t *testing.T) {
	st := field(3, settings(3))
	_, _, err := Format{}.Draw(st, 1)
	assert.Equal(t, "draw.too_few", errKey(err), "three players cannot fill a table")

	st = field(8, settings(3))
	st.Entries[2].Kind = tournament.EntryPair
	_, _, err = Format{}.Draw(st, 1)
	assert.Equal(t, "individual4.draw.kind", errKey(err), "a pair in a tournament of players")

	s := settings(3)
	s.Hands = 5
	st = field(8, s)
	_, _, err = Format{}.Draw(st, 1)
	assert.Equal(t, "individual4.draw.no_scale", errKey(err), "5 hands: no shipped scale, the director must choose one")
	assert.Equal(t, "individual4.next.choose_scale", Format{}.Next(st).Key, "and the next step says so before the draw")
	assert.False(t, Format{}.Next(st).CanDraw)
	id := int64(7)
	st.Stage.ScaleID = &id
	_, _, err = Format{}.Draw(st, 1)
	assert.NoError(t, err)
}

// TestRoundOneIsRandomAndRecorded: round 1 depends on the seed alone, and the same seed
// draws it again identically (the draw can be audited).
func TestRoundOneIsRandomAndRecorded(t *testing.T) {
	a, _, err := Format{}.Draw(field(16, settings(3)), 11)
	require.NoError(t, err)
	again, _, err := Format{}.Draw(field(16, settings(3)), 11)
	require.NoError(t, err)
	assert.Equal(t, a, again)
	other, _, err := Format{}.Draw(field(16, settings(3)), 12)
	require.NoError(t, err)
	assert.NotEqual(t, a.Tables, other.Tables)
	var first []int64
	for _, tb := range a.Tables {
		first = append(first, tb.People()...)
	}
	assert.NotEqual(t, []int64{1, 2, 3, 4}, first[:4], "not the entry order")
}

// TestByesInTurn: 7 players, 3 sit out each round: nobody sits out twice before all
// have sat out once, and the lowest-ranked of those with the fewest byes sit out.
func TestByesInTurn(t *testing.T) {
	lines := []Line{{Entry: 1}, {Entry: 2, Byes: 1}, {Entry: 3}, {Entry: 4, Byes: 1}, {Entry: 5}, {Entry: 6, Byes: 1}, {Entry: 7, Byes: 1}}
	assert.Equal(t, []int{0, 2, 4}, ByeIndexes(lines), "the three without a bye")
	lines[0].Byes = 1
	assert.Equal(t, []int{2, 4, 6}, ByeIndexes(lines), "the two without a bye, then the lowest-ranked with one")
	assert.Empty(t, ByeIndexes(lines[:4]))

	st := field(7, settings(4))
	for round := 1; round <= 4; round++ {
		r := draw(t, st, int64(round))
		require.Len(t, r.Tables, 1)
		require.Len(t, r.Byes, 3)
		for i := range r.Tables {
			score(st, &r.Tables[i], 1000+100*round, 1000)
		}
	}
	_, lines2 := Format{}.Standings(st)
	for _, l := range lines2 {
		assert.Contains(t, []int{1, 2}, l.Byes, "%s: 12 byes over 7 players, 1 or 2 each", l.Entry.Name)
		assert.Equal(t, 4, l.Byes+l.Played)
	}
}

// TestResultsAndForfeit: each player of a partnership scores its VP and MP; a forfeit
// gives the partnership there the bye's VP and MP, the absent one 0 VP and the MP
// negated; a time-out the technical score.
func TestResultsAndForfeit(t *testing.T) {
	s := settings(1)
	s.ByeMP = 150
	st := field(8, s)
	r := draw(t, st, 5)
	t1, t2 := &r.Tables[0], &r.Tables[1]
	score(st, t1, 1400, 1000) // 400: 14-6
	t2.Outcome = tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: 2}
	_, lines := Format{}.Standings(st)
	got := map[int64][2]int{}
	for _, l := range lines {
		got[l.Entry.ID] = [2]int{l.Values[ValVP], l.Values[ValMP]}
	}
	p1, p2 := t1.People(), t2.People()
	for i, id := range p1 {
		want := [2]int{14 * 6, 400}
		if i >= 2 {
			want = [2]int{6 * 6, -400}
		}
		assert.Equal(t, want, got[id], "table 1, seat %d", i+1)
	}
	for i, id := range p2 {
		want := [2]int{12 * 6, 150}
		if i >= 2 {
			want = [2]int{0, -150}
		}
		assert.Equal(t, want, got[id], "table 2 (side 2 forfeited), seat %d", i+1)
	}
	assert.Equal(t, []string{tournament.OutcomeTimeout, tournament.OutcomeForfeit}, Format{}.Outcomes(s))

	t1.Outcome = tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 1} // ahead, but ran out
	res := Format{}.Result(st, t1)
	assert.Equal(t, []int{-355, 355}, res.MP)
	assert.Equal(t, []tournament.Points{tournament.RP(6), tournament.RP(14)}, res.Points)
}

// TestStandingsWaitForCompleteTables: a table half entered counts for nobody, and the
// byes of a round count once the round is complete.
func TestStandingsWaitForCompleteTables(t *testing.T) {
	st := field(9, settings(2))
	r := draw(t, st, 8)
	score(st, &r.Tables[0], 1000, 900)
	_, lines := Format{}.Standings(st)
	require.Len(t, lines, 9, "everyone drawn is ranked")
	bye := r.Byes[0].EntryID
	for _, l := range lines {
		if l.Entry.ID == bye {
			assert.Zero(t, l.Values[ValVP], "the round is not complete")
			assert.Equal(t, 1, l.Byes)
		}
	}
	score(st, &r.Tables[1], 1000, 1000)
	_, lines = Format{}.Standings(st)
	for _, l := range lines {
		if l.Entry.ID == bye {
			assert.Equal(t, 12*6, l.Values[ValVP])
		}
	}
	// The bye's 12 VP, then table 1's winners (100: 11 VP) level, then…
	assert.Equal(t, bye, lines[0].Entry.ID)
	assert.Equal(t, []int{11 * 6, 100}, lines[1].Values)
	assert.Equal(t, lines[1].Values, lines[2].Values, "partners rank level")
	assert.True(t, lines[1].Tied && lines[2].Tied, "ex aequo")
	assert.Equal(t, 2, lines[2].Place)
}

// TestCheckSeats: two sides of two a table, nobody twice.
func TestCheckSeats(t *testing.T) {
	st := field(9, settings(3))
	r := draw(t, st, 1)
	ok := *r
	assert.Empty(t, Format{}.CheckSeats(st, r, &ok))

	swapped := *r
	swapped.Tables = []tournament.Table{r.Tables[0], r.Tables[1]}
	p := r.Tables[1].People()
	swapped.Tables[1].Sides = []tournament.Side{{Position: 1, EntryID: p[0], Partners: []int64{p[1], p[2]}}, {Position: 2, EntryID: p[3]}}
	assert.Equal(t, tournament.FieldErrors{"seat.2.1": "individual4.seats.side_of_two", "seat.2.2": "individual4.seats.side_of_two"},
		Format{}.CheckSeats(st, r, &swapped))

	twice := *r
	twice.Tables = []tournament.Table{r.Tables[0], r.Tables[1]}
	q := r.Tables[0].People()
	twice.Tables[1].Sides = SidesOf([4]int64{q[0], p[1], p[2], p[3]})
	assert.Equal(t, tournament.FieldErrors{"seat.2.1": "seats.twice"}, Format{}.CheckSeats(st, r, &twice))

	three := *r
	three.Tables = []tournament.Table{{Number: 1, Sides: append(SidesOf([4]int64{q[0], q[1], q[2], q[3]}), tournament.Side{Position: 3, EntryID: p[0], Partners: []int64{p[1]}})}}
	assert.Equal(t, "individual4.seats.table_of_four", Format{}.CheckSeats(st, r, &three)["table.1"])
}

// TestNextSteps: what the director is told, and the note on the byes.
func TestNextSteps(t *testing.T) {
	st := field(0, settings(2))
	assert.Equal(t, "next.add_players", Format{}.Next(st).Key)
	st = field(3, settings(2))
	assert.Equal(t, "next.check_in", Format{}.Next(st).Key)
	st = field(18, settings(2))
	step := Format{}.Next(st)
	assert.Equal(t, tournament.Step{Key: "next.draw_first", CanDraw: true, Note: "individual4.note.bye", NoteArgs: []any{18, 12, 0, 2}}, step)
	r := draw(t, st, 1)
	step = Format{}.Next(st)
	assert.Equal(t, "next.enter_scores", step.Key)
	assert.True(t, step.CanDraw, "a draw over an incomplete round is possible with a reason")
	for i := range r.Tables {
		score(st, &r.Tables[i], 1000, 1000)
	}
	step = Format{}.Next(st)
	assert.Equal(t, "next.draw_next", step.Key)
	assert.Equal(t, []any{2}, step.Args)
	r = draw(t, st, 2)
	for i := range r.Tables {
		score(st, &r.Tables[i], 1000, 1000)
	}
	step = Format{}.Next(st)
	assert.True(t, step.Finished)
	assert.Empty(t, step.Note)
	st = field(16, settings(2))
	assert.Empty(t, Format{}.Next(st).Note, "a multiple of 4: no bye")
}

// TestContinuedStageCarries: a stage continuing another starts from the values carried
// in, and avoids seating as opponents players who met before.
func TestContinuedStageCarries(t *testing.T) {
	st := field(4, settings(1))
	st.Carry = map[int64]tournament.Carried{1: {Values: []int{60, 100}, Byes: 1, Met: []int64{2, 3, 4}}}
	r := draw(t, st, 3)
	score(st, &r.Tables[0], 1000, 1000)
	_, lines := Format{}.Standings(st)
	require.Equal(t, int64(1), lines[0].Entry.ID)
	assert.Equal(t, []int{60 + 60, 100}, lines[0].Values)
	assert.Equal(t, 1, lines[0].Byes)
	h := HistoryOf(nil, st.Carry)
	assert.True(t, h.Opponents[key(3, 1)])
	assert.Empty(t, h.Partners)
}

// TestLaterRoundsRedrawIdentically: a later round drawn again from the same state and
// seed is the same round (a correction's re-seat, a withdrawal's redraw rely on it),
// also when the search gives up for the greedy seating (20 players after 12 rounds).
func TestLaterRoundsRedrawIdentically(t *testing.T) {
	for _, n := range []int{13, 20} {
		st := field(n, settings(13))
		rng := rand.New(rand.NewPCG(5, 5))
		for round := 1; round <= 12; round++ {
			playRandom(st, draw(t, st, int64(round)), rng)
		}
		a, _, err := Format{}.Draw(st, 99)
		require.NoError(t, err)
		b, _, err := Format{}.Draw(st, 99)
		require.NoError(t, err)
		assert.Equal(t, a, b, "%d players", n)
		lines := Running(st, 13, 99)
		for _, i := range slices.Backward(ByeIndexes(lines)) {
			lines = slices.Delete(lines, i, i+1)
		}
		h := HistoryOf(st.Rounds, nil)
		_, _, greedy := seat(Field{N: len(lines), Partnered: func(i, j int) bool { return h.Partners[key(lines[i].Entry, lines[j].Entry)] },
			Faced: func(i, j int) bool { return h.Opponents[key(lines[i].Entry, lines[j].Entry)] }})
		assert.Equal(t, n == 20, greedy, "%d players: the greedy seating", n)
	}
}
