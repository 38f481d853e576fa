package db_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/knockout"
)

// newKnockout creates a knockout tournament with n players entered and present.
func newKnockout(t testing.TB, n int) *fixture {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), knockout.Name)
	require.NoError(t, err)
	tr.Name = "Coppa"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	for i := 1; i <= n; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("K%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	return &fixture{ctx, svc, tr.ID, d}
}

// match enters a knockout table's three hands: a and b are the two sides' totals.
func (f *fixture) match(t testing.TB, round, table, a, b int) *tournament.SheetOutcome {
	t.Helper()
	sh := tournament.Sheet{Hands: [][]*scoring.Hand{{total(a), total(b)}, {total(0), total(0)}, {total(0), total(0)}}}
	out, err := f.svc.SaveSheet(f.ctx, f.tid, round, table, sh, "anna")
	require.NoError(t, err)
	return out
}

func sides(r *tournament.Round, table int) []int64 { return r.Table(table).Entries() }

// TestKnockoutCorrectionAfterTheNextRoundWasDrawn: correcting a round-1 result once
// round 2 is drawn re-seats the round-2 match not played with the right side, and
// leaves the one played as it was, flagged to the director (in the answer, the log and
// the next step), never silently kept or dropped.
func TestKnockoutCorrectionAfterTheNextRoundWasDrawn(t *testing.T) {
	f := newKnockout(t, 8)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 11}, "anna")
	require.NoError(t, err)
	for tb := 1; tb <= 4; tb++ {
		f.match(t, 1, tb, 500, 100) // side 1 wins every table
	}
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	st := f.state(t)
	r1 := st.Rounds[0]
	require.Equal(t, []int64{sides(&r1, 1)[0], sides(&r1, 2)[0]}, sides(&st.Rounds[1], 1), "winners of tables 1 and 2 meet")
	f.match(t, 2, 1, 300, 200) // round 2 table 1 is played

	// Table 3 was won by side 2 after all: round 2 table 2, not played, takes it.
	out := f.match(t, 1, 3, 100, 500)
	require.Len(t, out.Placed, 1)
	assert.Equal(t, tournament.MatchChange{Round: 2, Table: 2, Sides: [2]int64{sides(&r1, 3)[0], sides(&r1, 4)[0]},
		Expected: [2]int64{sides(&r1, 3)[1], sides(&r1, 4)[0]}}, out.Placed[0])
	assert.Empty(t, out.Flagged)
	st = f.state(t)
	assert.Equal(t, []int64{sides(&r1, 3)[1], sides(&r1, 4)[0]}, sides(&st.Rounds[1], 2), "the right side in the match not played")

	// Table 1 was won by side 2: round 2 table 1 was already played, so it stays, flagged.
	out = f.match(t, 1, 1, 100, 500)
	assert.Empty(t, out.Placed)
	require.Len(t, out.Flagged, 1)
	assert.Equal(t, tournament.MatchChange{Round: 2, Table: 1, Sides: [2]int64{sides(&r1, 1)[0], sides(&r1, 2)[0]},
		Expected: [2]int64{sides(&r1, 1)[1], sides(&r1, 2)[0]}}, out.Flagged[0])
	st = f.state(t)
	assert.Equal(t, []int64{sides(&r1, 1)[0], sides(&r1, 2)[0]}, sides(&st.Rounds[1], 1), "the match played keeps its sides and scores")
	assert.Len(t, st.Rounds[1].Table(1).Hands, 6)
	b, ok := tournament.BracketOf(st)
	require.True(t, ok)
	assert.True(t, b.Rounds[1].Matches[0].Flagged)
	assert.Equal(t, "knockout.next.flagged", st.Format().Next(st).Key)
	ev, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Contains(t, ev[0].Also, tournament.Line{Key: "event.also.bracket_flagged", Args: []string{"2", "1"}})
	assert.Contains(t, ev[1].Also, tournament.Line{Key: "event.also.bracket_placed", Args: []string{"2", "2"}})

	// Clearing the flagged match makes it a match not played: the right side sits there.
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 1, tournament.Sheet{Clear: true}, "anna")
	require.NoError(t, err)
	st = f.state(t)
	assert.Equal(t, []int64{sides(&r1, 1)[1], sides(&r1, 2)[0]}, sides(&st.Rounds[1], 1))
	assert.Equal(t, "next.enter_scores", st.Format().Next(st).Key)
}

// TestKnockoutAbsentKeepsTheSeat: in a knockout a side marked absent after the draw
// keeps its place (a walkover for its opponent), nobody is moved or drawn again.
func TestKnockoutAbsentKeepsTheSeat(t *testing.T) {
	f := newKnockout(t, 6)
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	require.Len(t, r.Byes, 2)
	seated := r.Tables[0].Sides[0].EntryID
	no := false
	_, out, err := f.svc.SetEntry(f.ctx, f.tid, seated, tournament.EntryChange{CheckedIn: &no}, "anna")
	require.NoError(t, err)
	assert.True(t, out.StillSeated)
	st := f.state(t)
	assert.Equal(t, tournament.SeatsOf(r), tournament.SeatsOf(&st.Rounds[0]), "nothing moved")

	// The director records the walkover: side 1 forfeits.
	setOutcome(t, f, 1, 1, tournament.Outcome{Kind: knockout.OutcomeForfeit, Side: 1})
	st = f.state(t)
	res := st.Results(&st.Rounds[0])[0]
	assert.True(t, res.Complete)
	assert.Equal(t, []tournament.Points{0, tournament.RP(1)}, res.Points)
}

// setOutcome records a table's outcome through the store, keeping its hands (the
// score sheet's outcome field belongs to the sheet's own change).
func setOutcome(t testing.TB, f *fixture, round, table int, o tournament.Outcome) {
	t.Helper()
	require.NoError(t, f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		_, tb, err := tx.Table(st.Stage.ID, round, table)
		if err != nil {
			return err
		}
		if err := tx.Scores(tb); err != nil {
			return err
		}
		tb.Hands = st.Round(round).Table(table).Hands
		tb.Outcome = o
		if err := tx.SaveTable(tb); err != nil {
			return err
		}
		// As every command, it logs: the revision moves, and readers see the change.
		return tx.Log(tournament.Event{TournamentID: f.tid, At: time.Now().UTC(), Director: "anna", Kind: "sheet",
			StageID: st.Stage.ID, Round: round, Table: table})
	}))
}

// TestStageQualifyingIntoKnockout: a 3-player evening of 12 whose top 4 play a seeded
// knockout: 1 v 4 and 2 v 3, the final between the winners.
func TestStageQualifyingIntoKnockout(t *testing.T) {
	f := newEvening(t, 12, nil)
	st := f.state(t)
	in := st.Tournament
	stage := st.Stage
	stage.Qualifiers = 4
	_, _, err := f.svc.Update(f.ctx, f.tid, in, stage, "anna")
	require.NoError(t, err)

	_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	assert.Equal(t, "stage.not_finished", keyOf(err), "the qualifying stage must be finished")
	for g := 1; g <= 2; g++ {
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(40 + g)}, "anna")
		require.NoError(t, err)
		f.fillDistinct(t, g)
	}
	_, cols, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.NotEmpty(t, cols)
	var top []int64
	for _, l := range lines[:4] {
		require.True(t, l.Qualifies, "%s qualifies", l.Entry.Name)
		top = append(top, l.Entry.ID)
	}
	require.False(t, lines[4].Qualifies || lines[4].AtCut)

	next, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, next.Seq)
	require.NotNil(t, next.FromStageID)
	assert.Equal(t, stage.ID, *next.FromStageID)
	_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	assert.Equal(t, "stage.not_finished", keyOf(err), "the knockout is not finished")

	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, tournament.SeatsOf(r).Tables, "1 v 4, 2 v 3")
	assert.Empty(t, r.Byes)
	f.match(t, 1, 1, 400, 600) // seed 4 beats seed 1 by 200
	f.match(t, 1, 2, 600, 100) // seed 2 beats seed 3 by 500
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	f.match(t, 2, 1, 0, 5)
	st = f.state(t)
	assert.Equal(t, [][]int64{{top[3], top[1]}}, tournament.SeatsOf(&st.Rounds[1]).Tables)
	assert.True(t, st.Format().Next(st).Finished)
	_, _, lines, err = f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 4, "the knockout ranks its four")
	assert.Equal(t, top[1], lines[0].Entry.ID)
	assert.Equal(t, top[3], lines[1].Entry.ID)
	assert.Equal(t, 3, lines[2].Place)
	assert.Equal(t, 3, lines[3].Place)
	assert.Equal(t, top[0], lines[2].Entry.ID, "3rd-4th ex aequo, seed 1 (−200) shown before seed 3 (−500)")
}

// fillDistinct enters every table of a 3-player game with scores that differ from table
// to table, so that the standings have no tie at the qualification line.
func (f *fixture) fillDistinct(t testing.TB, number int) {
	st := f.state(t)
	for ti := range st.Rounds[number-1].Tables {
		var sh tournament.Sheet
		for h := 0; h < st.Stage.HandsPerRound(); h++ {
			sh.Hands = append(sh.Hands, []*scoring.Hand{total(300 + 5*ti + 40*number), total(100 - 5*ti), total(-100)})
		}
		_, err := f.svc.SaveSheet(f.ctx, f.tid, number, ti+1, sh, "anna")
		require.NoError(t, err)
	}
}

func keyOf(err error) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Key
	}
	return fmt.Sprint(err)
}

func TestStartStageNeedsABracketFormat(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.StartStage(f.ctx, f.tid, "individual3", "anna")
	e, ok := tournament.AsError(err)
	require.True(t, ok)
	assert.Equal(t, "stage.format_fed", e.Fields["format"])
}

// TestStageDanishIntoKnockout: the stage code asks the qualifying format only for its
// standings, so a Danish qualifying of 8 individuals feeds a knockout of its top 4 too.
func TestStageDanishIntoKnockout(t *testing.T) {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), "danish")
	require.NoError(t, err)
	tr.Name = "Danese"
	f, _ := tournament.FormatOf("danish")
	stage.Settings, err = f.Decode([]byte(`{"sides":"individual","rounds":2,"hands_per_round":3}`))
	require.NoError(t, err)
	stage.Qualifiers = 4
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	for i := 1; i <= 8; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("D%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	fx := &fixture{ctx, svc, tr.ID, d}
	for r := 1; r <= 2; r++ {
		g, err := svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: int64(70 + r)}, "anna")
		require.NoError(t, err)
		for _, tb := range g.Tables {
			// Side 1 wins by a margin that differs from table to table: no tie at the line.
			gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
			sh := tournament.Sheet{Hands: [][]*scoring.Hand{{gt(1000 + 200*tb.Number + 50*r), gt(0)}}}
			_, err := svc.SaveSheet(ctx, tr.ID, r, tb.Number, sh, "anna")
			require.NoError(t, err)
		}
	}
	_, _, lines, err := svc.Standings(ctx, tr.ID)
	require.NoError(t, err)
	var top []int64
	for _, l := range lines[:4] {
		require.True(t, l.Qualifies, "%s", l.Entry.Name)
		top = append(top, l.Entry.ID)
	}
	_, err = svc.StartStage(ctx, tr.ID, knockout.Name, "anna")
	require.NoError(t, err)
	// The fed stage keeps its format: a Danish one would draw the non-qualifiers too.
	now := fx.state(t)
	back := now.Stage
	back.Format, back.Settings = "danish", stage.Settings
	_, _, err = svc.Update(ctx, tr.ID, now.Tournament, back, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e, "the format of a fed stage cannot change")
	assert.Equal(t, "tournament.err.fixed", e.Fields["format"])
	r, err := svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, tournament.SeatsOf(r).Tables)
	st := fx.state(t)
	assert.Equal(t, knockout.Name, st.Stage.Format)
}

// BenchmarkSaveKnockoutSheet saves a sheet of a 64-side knockout. "current": a table
// of the last round drawn, the sheets of an evening coming back, which reads only its
// table as any save does. "correction": round 1, table 1, once round 2 is drawn: a
// bracket's save then settles the later matches and reads the stage whole. Compare with
// BenchmarkSaveSheet and BenchmarkRawSQLiteNineRowWrite, the floor.
func BenchmarkSaveKnockoutSheet(b *testing.B) {
	f := newKnockout(b, 64)
	if _, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "bench"); err != nil {
		b.Fatal(err)
	}
	sh := tournament.Sheet{Hands: [][]*scoring.Hand{{total(500), total(100)}, {total(0), total(0)}, {total(0), total(0)}}}
	for tb := 1; tb <= 32; tb++ {
		if _, err := f.svc.SaveSheet(f.ctx, f.tid, 1, tb, sh, "bench"); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "bench"); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		round int
	}{{"current", 2}, {"correction", 1}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.svc.SaveSheet(f.ctx, f.tid, c.round, 1, sh, "bench"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestKnockoutClearedEarlierMatchBlocks: a round-1 match cleared after round 2 was drawn
// leaves the bracket undecided: the next step says so and the final is not drawn until
// it has a result again (found by the attack review: the knockout finished without it).
func TestKnockoutClearedEarlierMatchBlocks(t *testing.T) {
	f := newKnockout(t, 8)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 11}, "anna")
	require.NoError(t, err)
	for tb := 1; tb <= 4; tb++ {
		f.match(t, 1, tb, 500, 100)
	}
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Clear: true}, "anna")
	require.NoError(t, err)
	f.match(t, 2, 1, 500, 100)
	f.match(t, 2, 2, 500, 100)
	st := f.state(t)
	step := st.Format().Next(st)
	assert.Equal(t, "knockout.next.undecided", step.Key)
	assert.False(t, step.CanDraw)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Override: "try"}, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e, "no final while a round-1 match has no winner")
	assert.Equal(t, "knockout.undecided", e.Key)
	f.match(t, 1, 1, 500, 100)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	assert.NoError(t, err)
}
