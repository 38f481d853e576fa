package db_test

import (
	"context"
	"fmt"
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
	require.NoError(t, svc.Create(ctx, &tr, &stage))
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
	assert.Contains(t, evs[0].Detail, "table 3 left early")
	assert.Equal(t, "anna", evs[0].Director)

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Override: "x"}, "anna")
	e, _ = tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "draw.all_drawn", e.Key)

	// Settings are locked once a game is drawn.
	st := f.state(t)
	_, _, err = f.svc.Update(f.ctx, f.tid, st.Tournament, st.Stage, "anna")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
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

func TestCorrectionReseatsTheNextGame(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	ev := f.state(t)
	before := tournament.SeatsOf(&ev.Rounds[1])
	t1 := ev.Rounds[0].Tables[0].Entries()

	// Correct table 1 so that seat 3 won instead: the next game is re-seated.
	sh := tournament.Sheet{}
	for range 3 {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(-100), total(100), total(300)})
	}
	out, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	assert.True(t, out.Reseated)
	ev = f.state(t)
	after := tournament.SeatsOf(&ev.Rounds[1])
	assert.NotEqual(t, before, after)
	assert.Equal(t, t1[2], after.Tables[0][0], "the new winner of table 1 stays at table 1")
	evs, _ := f.svc.Events(f.ctx, f.tid)
	assert.Contains(t, evs[0].Detail, "round 2 re-seated")

	// Once game 2 has started, a correction of game 1 keeps game 2's seats and says so.
	f.fill(t, 2)
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	assert.True(t, out.LaterStarted)
	assert.False(t, out.Reseated)
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
	require.NoError(t, (&tournament.Tournaments{Store: d, Players: d}).Create(ctx, &tr, &stage))
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
	_, err = f.svc.SetEntry(f.ctx, f.tid, gone, true, true, "anna")
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

// The log says what a director did with an entry in words: present, absent,
// withdrawn, reinstated.
func TestEntryChangesLoggedInWords(t *testing.T) {
	f := newEvening(t, 1, nil)
	e := f.state(t).Entries[0]
	steps := []struct {
		checkedIn, withdrawn bool
		want                 string
	}{
		{true, false, "Test P01 present"},
		{false, false, "Test P01 absent"},
		{false, true, "Test P01 withdrawn"},
		{false, false, "Test P01 reinstated"},
		{true, true, "Test P01 withdrawn, present"},
		{true, true, "Test P01 present"},
	}
	for _, s := range steps {
		_, err := f.svc.SetEntry(f.ctx, f.tid, e.ID, s.checkedIn, s.withdrawn, "anna")
		require.NoError(t, err)
		evs, err := f.svc.Events(f.ctx, f.tid)
		require.NoError(t, err)
		assert.Equal(t, s.want, evs[0].Detail)
	}
}
