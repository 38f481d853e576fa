package db_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/threeplayer"
)

type fixture struct {
	ctx context.Context
	svc *tournament.Tournaments
	tid int64
	db  *db.DB
}

// newEvening creates a 3-player tournament with n registered players entered and present.
func newEvening(t testing.TB, n int, edit func(*threeplayer.Settings)) *fixture {
	d, _ := open(t)
	return newEveningIn(t, d, n, edit)
}

func newEveningIn(t testing.TB, d *db.DB, n int, edit func(*threeplayer.Settings)) *fixture {
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(t, err)
	tr.Name = "Martedì"
	if edit != nil {
		s := stage.Settings.(threeplayer.Settings)
		edit(&s)
		stage.Settings = s
	}
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	for i := 1; i <= n; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	return &fixture{ctx, svc, tr.ID, d}
}

// state loads the tournament.
func (f *fixture) state(t testing.TB) *tournament.State {
	st, err := f.svc.Load(f.ctx, f.tid)
	require.NoError(t, err)
	return st
}

// total is a hand entered as its total alone.
func total(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.TotalOnly, Total: n} }

// fill enters every table of a game: seat 1 wins, seat 2 second, seat 3 third.
func (f *fixture) fill(t testing.TB, number int) {
	st := f.state(t)
	for ti := range st.Rounds[number-1].Tables {
		var sh tournament.Sheet
		for h := 0; h < st.Stage.HandsPerRound(); h++ {
			sh.Hands = append(sh.Hands, []*scoring.Hand{total(300), total(100), total(-100)})
		}
		_, err := f.svc.SaveSheet(f.ctx, f.tid, number, ti+1, sh, "anna")
		require.NoError(t, err)
	}
}

func TestDrawNeedsCompleteGameOrLoggedOverride(t *testing.T) {
	f := newEvening(t, 9, nil)
	g1, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 99}, "anna")
	require.NoError(t, err)
	assert.Equal(t, int64(99), g1.Seed)
	assert.Len(t, g1.Tables, 3)

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "draw.incomplete", e.Key)

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Override: "table 3 left early"}, "anna")
	require.NoError(t, err)
	evs, _ := f.svc.Events(f.ctx, f.tid)
	assert.Equal(t, "draw_override", evs[0].Kind)
	assert.Equal(t, []string{"2", evs[0].Args[1], "1", "table 3 left early"}, evs[0].Args)
	assert.Equal(t, "anna", evs[0].Director)

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Override: "x"}, "anna")
	e, _ = tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "draw.all_drawn", e.Key)

	// Once a game is drawn, the rules stay as announced.
	st := f.state(t)
	st.Stage.Rules.SemiCleanOn = !st.Stage.Rules.SemiCleanOn
	_, _, err = f.svc.Update(f.ctx, f.tid, st.Tournament, st.Stage, "anna")
	e, _ = tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, map[string]string{"rules": "tournament.err.rules_locked"}, e.Fields)
}

func TestSameSeedSameDraw(t *testing.T) {
	a := newEvening(t, 12, nil)
	b := newEvening(t, 12, nil)
	ga, err := a.svc.Draw(a.ctx, a.tid, tournament.DrawOptions{Seed: 2026}, "x")
	require.NoError(t, err)
	gb, err := b.svc.Draw(b.ctx, b.tid, tournament.DrawOptions{Seed: 2026}, "x")
	require.NoError(t, err)
	assert.Equal(t, tournament.SeatsOf(ga), tournament.SeatsOf(gb))
}

// RULES.md section 3: correcting a game after the next was drawn, while the next has no
// score, shows which seats the correction would move and the director chooses to re-seat
// or keep the drawn seats; once the next game has scores, its seats stay.
func TestCorrectionAfterTheNextDraw(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	ev := f.state(t)
	before := tournament.SeatsOf(&ev.Rounds[1])
	t1 := ev.Rounds[0].Tables[0].Entries()

	// Correct table 1 so that seat 3 won instead. Without a choice nothing is saved: the
	// answer lists the moves.
	sh := tournament.Sheet{}
	for range 3 {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(-100), total(100), total(300)})
	}
	out, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "sheet.reseat_choice", e.Key)
	require.NotEmpty(t, out.Moves)
	moved := map[int64]tournament.Move{}
	for _, m := range out.Moves {
		moved[m.EntryID] = m
		assert.NotEqual(t, m.From, m.To)
		assert.NotEmpty(t, m.Name)
	}
	assert.Equal(t, 1, moved[t1[2]].To, "the new winner of table 1 would stay at table 1")
	ev = f.state(t)
	assert.Equal(t, 300, ev.Rounds[0].Tables[0].Hands[0].Score, "nothing saved without a choice")

	// Keep: the scores are saved, game 2's seats stay, the log says what was kept.
	sh.NextRound = tournament.NextKeep
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	assert.True(t, out.Kept)
	ev = f.state(t)
	assert.Equal(t, -100, ev.Rounds[0].Tables[0].Hands[0].Score)
	assert.Equal(t, before, tournament.SeatsOf(&ev.Rounds[1]))
	evs, _ := f.svc.Events(f.ctx, f.tid)
	require.Len(t, evs[0].Also, 1)
	assert.Equal(t, "event.also.kept", evs[0].Also[0].Key)

	// Saving the same sheet again changes nothing in the rotation: no question, and the
	// seats kept (or changed by hand) stay.
	sh.NextRound = ""
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	assert.Equal(t, before, tournament.SeatsOf(&f.state(t).Rounds[1]))

	// Another correction that changes the rotation asks again; re-seat this time.
	for h := range sh.Hands {
		sh.Hands[h] = []*scoring.Hand{total(-100), total(300), total(100)} // seat 2 now wins
	}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	assert.Equal(t, "sheet.reseat_choice", mustKey(t, err))
	sh.NextRound = tournament.NextReseat
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	assert.True(t, out.Reseated)
	ev = f.state(t)
	after := tournament.SeatsOf(&ev.Rounds[1])
	assert.NotEqual(t, before, after)
	assert.Equal(t, t1[1], after.Tables[0][0], "the new winner of table 1 stays at table 1")
	evs, _ = f.svc.Events(f.ctx, f.tid)
	require.Len(t, evs[0].Also, 1)
	assert.Equal(t, "event.also.reseated", evs[0].Also[0].Key)
	assert.Equal(t, "2", evs[0].Also[0].Args[0])

	// A correction that moves nobody needs no choice.
	sh.NextRound = ""
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)

	// Once game 2 has started, a correction of game 1 keeps game 2's seats and says so.
	f.fill(t, 2)
	sh.Hands[0] = []*scoring.Hand{total(300), total(100), total(-100)}
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	assert.True(t, out.LaterStarted)
	assert.False(t, out.Reseated)
}

// Bug (issue 8): the re-seat after a correction counted the next game's own sit-out
// among past sit-outs, so the player sitting out the next game was moved in and another
// sat out. A re-seat changes tables, never who sits out because of the draw itself.
func TestReseatKeepsTheNextGamesSitOut(t *testing.T) {
	f := newEvening(t, 7, func(s *threeplayer.Settings) { s.Games = 3 })
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 11}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 12}, "anna")
	require.NoError(t, err)
	f.fill(t, 2)
	r3, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 13}, "anna")
	require.NoError(t, err)
	require.Len(t, r3.Byes, 1)
	out := r3.Byes[0].EntryID
	// Correct game 2, table 1: seats 2 and 3 swap places.
	sh := tournament.Sheet{NextRound: tournament.NextReseat}
	for range 3 {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(300), total(-100), total(100)})
	}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 1, sh, "anna")
	require.NoError(t, err)
	st := f.state(t)
	require.Len(t, st.Rounds[2].Byes, 1)
	assert.Equal(t, out, st.Rounds[2].Byes[0].EntryID, "the same player sits out game 3")
}

func TestSheetValidation(t *testing.T) {
	f := newEvening(t, 3, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	closer := &scoring.Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Table: 300}
	sh := tournament.Sheet{Hands: [][]*scoring.Hand{
		{closer, closer, total(12)},
		{nil, nil, nil},
	}}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, map[string]string{"h1.s2.closed": "hand.two_closers", "h1.s3.total": "hand.multiple_of_5"}, e.Fields)
	ev := f.state(t)
	assert.Empty(t, ev.Rounds[0].Tables[0].Hands, "nothing is half-saved")

	// A partly entered sheet is kept as entered; the table is not complete yet.
	sh.Hands[0] = []*scoring.Hand{closer, total(-20), total(-160)}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	ev = f.state(t)
	tb := ev.Rounds[0].Tables[0]
	require.Len(t, tb.Hands, 3)
	scores := map[int]int{}
	for _, h := range tb.Hands {
		scores[h.Side] = h.Score
	}
	assert.Equal(t, map[int]int{1: 600, 2: -20, 3: -160}, scores, "closing 100 + clean 200 + 300 on the table")
	assert.False(t, ev.Complete(&ev.Rounds[0]))
}

func TestOverrideSeats(t *testing.T) {
	f := newEvening(t, 7, nil)
	g, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	require.Len(t, g.Byes, 1)
	s := tournament.SeatsOf(g)
	// Swap the sit-out with a seated player.
	swapped := tournament.Seats{Tables: [][]int64{{s.Byes[0], s.Tables[0][1], s.Tables[0][2]}, s.Tables[1]}, Byes: []int64{s.Tables[0][0]}}
	require.NoError(t, f.svc.OverrideSeats(f.ctx, f.tid, 1, swapped, "anna"))
	ev := f.state(t)
	assert.Equal(t, swapped, tournament.SeatsOf(&ev.Rounds[0]))
	assert.Equal(t, threeplayer.DefaultByePoints, ev.Rounds[0].Byes[0].Points, "the new sit-out scores the bye points")

	bad := tournament.Seats{Tables: [][]int64{{s.Tables[0][0], s.Tables[0][0], s.Tables[0][2]}, s.Tables[1]}, Byes: s.Byes}
	err = f.svc.OverrideSeats(f.ctx, f.tid, 1, bad, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "seats.twice", e.Fields["seat.1.2"])

	f.fill(t, 1)
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(f.svc.OverrideSeats(f.ctx, f.tid, 1, swapped, "anna")), "not once the game started")
}

func TestSubstitutes(t *testing.T) {
	f := newEvening(t, 7, func(s *threeplayer.Settings) { s.SitOut = threeplayer.SitOutSubstitutes })
	g, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 8}, "anna")
	require.NoError(t, err)
	assert.Len(t, g.Tables, 3, "7 players and 2 substitutes")
	assert.Empty(t, g.Byes)
	ev := f.state(t)
	subs := 0
	for _, e := range ev.Entries {
		if e.Substitute() {
			subs++
			assert.Regexp(t, `^Sostituto \d$`, e.Name)
		}
	}
	assert.Equal(t, 2, subs)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	ev = f.state(t)
	assert.Len(t, ev.Entries, 9, "the same substitutes play on")
	_, ss := ev.Format().Standings(ev)
	assert.Len(t, ss, 7, "substitutes are not ranked")
}

func TestScaleInUseCannotBeDeleted(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	scales := &tournament.Scales{Store: d}
	ss, _ := scales.List(ctx)
	cp, err := scales.Copy(ctx, ss[0].ID, "Club")
	require.NoError(t, err)
	tr, stage, err := tournament.New(time.Now(), threeplayer.Name)
	require.NoError(t, err)
	tr.Name, stage.ScaleID = "Uses the scale", &cp.ID
	require.NoError(t, (&tournament.Tournaments{Store: d, Players: d}).Create(ctx, &tr, &stage, "anna"))
	err = scales.Delete(ctx, cp.ID)
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "scale.in_use", e.Key)
	_, err = scales.Get(ctx, cp.ID)
	assert.NoError(t, err, "still there")
}

// TestNonMultipleOfThree plays 10 and 11 players over four games under both options:
// rotating sit-outs (nobody sits out twice before everyone has once) and substitutes
// (everyone plays every game, the substitutes fill the tables).
func TestNonMultipleOfThree(t *testing.T) {
	for _, n := range []int{10, 11} {
		for _, pol := range []threeplayer.SitOutPolicy{threeplayer.SitOutRotate, threeplayer.SitOutSubstitutes} {
			t.Run(fmt.Sprintf("%d players, %s", n, pol), func(t *testing.T) {
				f := newEvening(t, n, func(s *threeplayer.Settings) { s.SitOut, s.Games = pol, 4 })
				for g := 1; g <= 4; g++ {
					_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(g)}, "anna")
					require.NoError(t, err)
					f.fill(t, g)
				}
				ev := f.state(t)
				sat := map[int64]int{}
				played := map[int64]int{}
				for _, g := range ev.Rounds {
					for _, tb := range g.Tables {
						require.Len(t, tb.Sides, 3)
						for _, id := range tb.Entries() {
							played[id]++
						}
					}
					for _, b := range g.Byes {
						sat[b.EntryID]++
					}
				}
				_, ss := ev.Format().Standings(ev)
				require.Len(t, ss, n, "every player is ranked, no substitute")
				for _, s := range ss {
					if pol == threeplayer.SitOutSubstitutes {
						assert.Equal(t, 4, played[s.Entry.ID], "%s plays every game", s.Entry.Name)
						assert.Zero(t, sat[s.Entry.ID])
					} else {
						assert.Equal(t, 4, played[s.Entry.ID]+sat[s.Entry.ID])
						assert.Equal(t, sat[s.Entry.ID], s.Byes)
					}
				}
				if pol == threeplayer.SitOutRotate {
					// 4 games × (n mod 3) sit-outs spread over n players: at most one each so far.
					for _, s := range ss {
						assert.LessOrEqual(t, s.Byes, 1, s.Entry.Name)
					}
					assert.Len(t, sat, 4*(n%3))
				} else {
					subs := 0
					for _, e := range ev.Entries {
						if e.Substitute() {
							subs++
						}
					}
					assert.Equal(t, (3-n%3)%3, subs)
				}
			})
		}
	}
}

func TestWithdrawnPlayersAreNotDrawn(t *testing.T) {
	f := newEvening(t, 7, func(s *threeplayer.Settings) { s.Games = 3 })
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	ev := f.state(t)
	gone := ev.Rounds[0].Tables[0].Sides[0].EntryID
	yes := true
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, gone, tournament.EntryChange{Withdrawn: &yes}, "anna")
	require.NoError(t, err)
	g, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	assert.Len(t, g.Tables, 2, "6 players left: two full tables, no sit-out")
	assert.Empty(t, g.Byes)
	for _, tb := range g.Tables {
		assert.NotContains(t, tb.Entries(), gone)
	}
	ev = f.state(t)
	_, ss := ev.Format().Standings(ev)
	for _, s := range ss {
		if s.Entry.ID == gone {
			assert.Equal(t, 1, s.Played, "kept with what they played")
			assert.Equal(t, "6", tournament.Points(s.Values[threeplayer.ValPoints]).String())
		}
	}
}

// The "two closers" problem lands on the right seat even when an earlier seat is blank.
func TestTwoClosersReportedOnTheirSeat(t *testing.T) {
	f := newEvening(t, 3, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	closer := &scoring.Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Table: 300}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: [][]*scoring.Hand{{nil, closer, closer}}}, "anna")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, map[string]string{"h1.s3.closed": "hand.two_closers"}, e.Fields)
}

func mustKey(t *testing.T, err error) string {
	t.Helper()
	e, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	return e.Key
}

// A draw that names its round draws once: the same request sent twice (a double click,
// a client's retry) gets a conflict the second time, even with an override.
func TestDrawNamesItsRound(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1, Round: 1}, "anna")
	require.NoError(t, err)
	opt := tournament.DrawOptions{Override: "late table", Round: 2}
	_, err = f.svc.Draw(f.ctx, f.tid, opt, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, opt, "anna")
	assert.Equal(t, "draw.already", mustKey(t, err))
	assert.Len(t, f.state(t).Rounds, 2)
}

// Seats changed by hand keep the draw's shape: as many tables and sit-outs, the same
// people; a table's version never goes back, so a sheet read before a seat change
// cannot be saved onto other players.
func TestSeatChangeKeepsTheShapeAndVersions(t *testing.T) {
	f := newEvening(t, 7, nil)
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	s := tournament.SeatsOf(r)
	all := append(append(append([]int64{}, s.Tables[0]...), s.Tables[1]...), s.Byes...)
	err = f.svc.OverrideSeats(f.ctx, f.tid, 1, tournament.Seats{Tables: [][]int64{}, Byes: all}, "anna")
	assert.Equal(t, "seats.same_shape", mustError(t, err).Fields["seats"])
	err = f.svc.OverrideSeats(f.ctx, f.tid, 1, tournament.Seats{Tables: [][]int64{s.Tables[0]}, Byes: append(s.Tables[1], s.Byes...)}, "anna")
	assert.Equal(t, "seats.same_shape", mustError(t, err).Fields["seats"])

	before := f.state(t).Rounds[0].Tables[1].Version
	swapped := tournament.Seats{Tables: [][]int64{s.Tables[0], {s.Byes[0], s.Tables[1][1], s.Tables[1][2]}}, Byes: []int64{s.Tables[1][0]}}
	require.NoError(t, f.svc.OverrideSeats(f.ctx, f.tid, 1, swapped, "anna"))
	after := f.state(t).Rounds[0].Tables[1].Version
	assert.Greater(t, after, before)
	sh := tournament.Sheet{Version: before, Hands: [][]*scoring.Hand{{total(100), total(0), total(-100)}}}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 2, sh, "anna")
	assert.Equal(t, "sheet.stale", mustKey(t, err), "a sheet read before the seat change is refused")
}

func mustError(t *testing.T, err error) *tournament.Error {
	t.Helper()
	e, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	return e
}

// Bug (issue 8): a player marked absent after the draw stayed seated; a withdrawn one
// kept the bye points of a game they were not there for. Now they leave the round: a
// sit-out takes their seat, or the round is drawn again, or their bye goes.
func TestAbsentAfterTheDraw(t *testing.T) {
	no, yes := false, true
	t.Run("a sit-out takes the seat", func(t *testing.T) {
		f := newEvening(t, 7, nil)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		gone, in := r.Tables[1].Sides[2].EntryID, r.Byes[0].EntryID
		_, out, err := f.svc.SetEntry(f.ctx, f.tid, gone, tournament.EntryChange{CheckedIn: &no}, "anna")
		require.NoError(t, err)
		assert.NotEmpty(t, out.ReplacedBy)
		st := f.state(t)
		assert.Equal(t, in, st.Rounds[0].Tables[1].Sides[2].EntryID)
		assert.Empty(t, st.Rounds[0].Byes)
		assert.NotContains(t, st.Rounds[0].People(), gone)
		_, ss := st.Format().Standings(st)
		for _, s := range ss {
			assert.NotEqual(t, gone, s.Entry.ID, "never played: not ranked")
		}
	})
	t.Run("the round is drawn again", func(t *testing.T) {
		f := newEvening(t, 6, nil)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		gone := r.Tables[0].Sides[0].EntryID
		_, out, err := f.svc.SetEntry(f.ctx, f.tid, gone, tournament.EntryChange{CheckedIn: &no}, "anna")
		require.NoError(t, err)
		assert.True(t, out.Redrawn)
		st := f.state(t)
		assert.Len(t, st.Rounds[0].Tables, 1)
		assert.Len(t, st.Rounds[0].Byes, 2, "5 players: one table and two sit-outs")
		assert.NotContains(t, st.Rounds[0].People(), gone)
		evs, _ := f.svc.Events(f.ctx, f.tid)
		require.Len(t, evs[0].Also, 1)
		assert.Equal(t, "event.also.redrawn", evs[0].Also[0].Key)
	})
	t.Run("a withdrawn sit-out loses the bye of a game not started", func(t *testing.T) {
		f := newEvening(t, 7, nil)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		out1 := r.Byes[0].EntryID
		_, out, err := f.svc.SetEntry(f.ctx, f.tid, out1, tournament.EntryChange{Withdrawn: &yes}, "anna")
		require.NoError(t, err)
		assert.True(t, out.ByeRemoved)
		st := f.state(t)
		assert.Empty(t, st.Rounds[0].Byes)
		f.fill(t, 1)
		st = f.state(t)
		_, ss := st.Format().Standings(st)
		for _, s := range ss {
			assert.NotEqual(t, out1, s.Entry.ID, "withdrawn before playing anything: not ranked")
		}
	})
	t.Run("a sit-out of a game played keeps the bye", func(t *testing.T) {
		f := newEvening(t, 7, nil)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		f.fill(t, 1)
		out1 := r.Byes[0].EntryID
		_, out, err := f.svc.SetEntry(f.ctx, f.tid, out1, tournament.EntryChange{Withdrawn: &yes}, "anna")
		require.NoError(t, err)
		assert.True(t, out.StillSeated)
		assert.False(t, out.ByeRemoved)
		st := f.state(t)
		require.Len(t, st.Rounds[0].Byes, 1, "a withdrawn player keeps what they scored")
		_, ss := st.Format().Standings(st)
		assert.True(t, slices.ContainsFunc(ss, func(s tournament.Standing) bool { return s.Entry.ID == out1 && s.Entry.Withdrawn }))
	})
	t.Run("only three players: leaving a drawn game is refused with a way out", func(t *testing.T) {
		f := newEvening(t, 3, nil)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		_, _, err = f.svc.SetEntry(f.ctx, f.tid, r.Tables[0].Sides[0].EntryID, tournament.EntryChange{CheckedIn: &no}, "anna")
		assert.Equal(t, "entries.leave_too_few", mustKey(t, err))
	})
	t.Run("a started table keeps its player", func(t *testing.T) {
		f := newEvening(t, 6, nil)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		f.fill(t, 1)
		gone := r.Tables[0].Sides[0].EntryID
		_, out, err := f.svc.SetEntry(f.ctx, f.tid, gone, tournament.EntryChange{Withdrawn: &yes}, "anna")
		require.NoError(t, err)
		assert.True(t, out.StillSeated)
		assert.Contains(t, f.state(t).Rounds[0].People(), gone)
	})
	t.Run("only the flag named changes", func(t *testing.T) {
		f := newEvening(t, 3, nil)
		e := f.state(t).Entries[0]
		_, _, err := f.svc.SetEntry(f.ctx, f.tid, e.ID, tournament.EntryChange{Withdrawn: &yes}, "anna")
		require.NoError(t, err)
		got, _, err := f.svc.SetEntry(f.ctx, f.tid, e.ID, tournament.EntryChange{CheckedIn: &no}, "anna")
		require.NoError(t, err)
		assert.True(t, got.Withdrawn)
		assert.False(t, got.CheckedIn)
	})
}

// Two entry changes at once (a check-out and a withdrawal of the same player) both land:
// each changes only its own flag, inside its transaction.
func TestConcurrentEntryChangesBothLand(t *testing.T) {
	no, yes := false, true
	for trial := range 20 {
		f := newEvening(t, 3, nil)
		id := f.state(t).Entries[0].ID
		start := make(chan struct{})
		errs := make(chan error, 2)
		for _, ch := range []tournament.EntryChange{{CheckedIn: &no}, {Withdrawn: &yes}} {
			go func() {
				<-start
				_, _, err := f.svc.SetEntry(f.ctx, f.tid, id, ch, "anna")
				errs <- err
			}()
		}
		close(start)
		require.NoError(t, <-errs)
		require.NoError(t, <-errs)
		e := f.state(t).Entries[0]
		require.Equal(t, [2]bool{false, true}, [2]bool{e.CheckedIn, e.Withdrawn}, "trial %d", trial)
	}
}

// RULES.md section 3: a draw can be undone while no score of it is entered; only the
// last, and once.
func TestUndoDraw(t *testing.T) {
	f := newEvening(t, 6, func(s *threeplayer.Settings) { s.Games = 3 })
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	r2, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	assert.Equal(t, "draw.undo_last", mustKey(t, f.svc.UndoDraw(f.ctx, f.tid, 1, "anna")))
	require.NoError(t, f.svc.UndoDraw(f.ctx, f.tid, 2, "anna"))
	assert.Equal(t, "draw.undo_last", mustKey(t, f.svc.UndoDraw(f.ctx, f.tid, 2, "anna")), "a second click undoes nothing more")
	st := f.state(t)
	require.Len(t, st.Rounds, 1)
	evs, _ := f.svc.Events(f.ctx, f.tid)
	assert.Equal(t, "draw_undone", evs[0].Kind)
	assert.Equal(t, []string{"2", fmt.Sprint(r2.Seed)}, evs[0].Args)

	// Drawn again with the same seed: the same seats.
	again, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: r2.Seed}, "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.SeatsOf(r2), tournament.SeatsOf(again))
	f.fill(t, 2)
	assert.Equal(t, "draw.undo_started", mustKey(t, f.svc.UndoDraw(f.ctx, f.tid, 2, "anna")))
}

// RULES.md section 3: a late arrival joins from the next draw and scores nothing for
// the games missed, unless the director awards the bye points (logged).
func TestLateArrival(t *testing.T) {
	f := newEvening(t, 6, func(s *threeplayer.Settings) { s.Games = 3 })
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	late, err := f.svc.AddNewPlayer(f.ctx, f.tid, &tournament.Player{FirstName: "Tardi", LastName: "Zeta"}, "anna")
	require.NoError(t, err)
	here := true
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, late.ID, tournament.EntryChange{CheckedIn: &here}, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	st := f.state(t)
	assert.Contains(t, st.Rounds[1].People(), late.ID, "joins from the next draw")
	assert.NotContains(t, st.Rounds[0].People(), late.ID)

	rounds, err := f.svc.AwardMissed(f.ctx, f.tid, late.ID, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int{1}, rounds)
	st = f.state(t)
	require.Contains(t, st.Rounds[0].People(), late.ID)
	_, ss := st.Format().Standings(st)
	for _, s := range ss {
		if s.Entry.ID == late.ID {
			assert.Equal(t, 1, s.Byes)
			assert.True(t, s.Rounds[0].Bye)
			assert.Equal(t, threeplayer.DefaultByePoints, s.Rounds[0].Points)
		}
	}
	evs, _ := f.svc.Events(f.ctx, f.tid)
	assert.Equal(t, "missed_bye", evs[0].Kind)
	_, err = f.svc.AwardMissed(f.ctx, f.tid, late.ID, "anna")
	assert.Equal(t, "entries.nothing_missed", mustKey(t, err), "once")

	// An award given to the wrong player by mistake is taken back from the history.
	require.True(t, evs[0].Undoable())
	_, err = f.svc.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	assert.NotContains(t, f.state(t).Rounds[0].People(), late.ID, "the award is gone")
	rounds, err = f.svc.AwardMissed(f.ctx, f.tid, late.ID, "anna")
	require.NoError(t, err, "and can be given again")
	assert.Equal(t, []int{1}, rounds)

	// Only for someone who is here: not a no-show, not a withdrawn player.
	noShow, err := f.svc.AddNewPlayer(f.ctx, f.tid, &tournament.Player{FirstName: "Mai", LastName: "Visto"}, "anna")
	require.NoError(t, err)
	_, err = f.svc.AwardMissed(f.ctx, f.tid, noShow.ID, "anna")
	assert.Equal(t, "entries.missed_not_here", mustKey(t, err))
}

// The log tells a correction from a first entry, with before and after in words.
func TestCorrectionIsLoggedWithBeforeAndAfter(t *testing.T) {
	f := newEvening(t, 3, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	evs, _ := f.svc.Events(f.ctx, f.tid)
	assert.Equal(t, "scores", evs[0].Kind)
	assert.Equal(t, []string{"1", "1"}, evs[0].Args)
	assert.Equal(t, [2]int{1, 1}, [2]int{evs[0].Round, evs[0].Table})
	assert.Len(t, evs[0].Changes, 9, "a first entry lists every score, each from nothing")
	st := f.state(t)
	name := st.Entry(st.Rounds[0].Tables[0].Sides[1].EntryID).Name
	var sh tournament.Sheet
	for h := range 3 {
		row := []*scoring.Hand{total(300), total(100), total(-100)}
		if h == 2 {
			row[1] = total(390)
		}
		sh.Hands = append(sh.Hands, row)
	}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "bruno")
	require.NoError(t, err)
	evs, _ = f.svc.Events(f.ctx, f.tid)
	assert.Equal(t, "scores_corrected", evs[0].Kind)
	assert.Equal(t, []tournament.Change{{What: "change.hand", Of: []string{"3", name}, Before: "100", After: "390",
		BeforeHand: total(100), AfterHand: total(390)}}, evs[0].Changes, "the figures too")
	assert.Equal(t, "bruno", evs[0].Director)
}

// The log says what a director did with an entry in words: present, absent,
// withdrawn, reinstated.
func TestEntryChangesLoggedInWords(t *testing.T) {
	f := newEvening(t, 1, nil)
	e := f.state(t).Entries[0]
	present := func(a, b string) tournament.Change {
		return tournament.Change{What: "change.present", Before: a, After: b, Words: true}
	}
	withdrawn := func(a, b string) tournament.Change {
		return tournament.Change{What: "change.withdrawn", Before: a, After: b, Words: true}
	}
	yes, no := "change.yes", "change.no"
	steps := []struct {
		checkedIn, withdrawn bool
		kind                 string
		want                 []tournament.Change
	}{
		{false, false, "entry", []tournament.Change{present(yes, no)}},
		{true, false, "entry", []tournament.Change{present(no, yes)}},
		{true, true, "withdraw", []tournament.Change{withdrawn(no, yes)}},
		{true, false, "reinstate", []tournament.Change{withdrawn(yes, no)}},
		{false, true, "withdraw", []tournament.Change{present(yes, no), withdrawn(no, yes)}},
	}
	for _, s := range steps {
		_, _, err := f.svc.SetEntry(f.ctx, f.tid, e.ID, tournament.EntryChange{CheckedIn: &s.checkedIn, Withdrawn: &s.withdrawn}, "anna")
		require.NoError(t, err)
		evs, err := f.svc.Events(f.ctx, f.tid)
		require.NoError(t, err)
		assert.Equal(t, s.kind, evs[0].Kind)
		assert.Equal(t, []string{"Test P01"}, evs[0].Args)
		assert.Equal(t, s.want, evs[0].Changes)
		assert.Equal(t, e.ID, evs[0].EntryID)
	}
}
