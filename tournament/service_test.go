package tournament_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
	"burraco/tournament/knockout"
	"burraco/tournament/threeplayer"
)

// The formats main serves, and the 2-sided test format of the generic code.
func init() { formats.Register(formattest.Format{}) }

const director = "Direttore"

// evening is a tournament in the in-memory store with its players entered and present.
type evening struct {
	t       *testing.T
	ctx     context.Context
	store   *memStore
	svc     *tournament.Tournaments
	tid     int64
	entries []int64
}

// newEvening creates a tournament of the format with n players checked in; set, when
// given, changes the first stage before it is created.
func newEvening(t *testing.T, format string, n int, set func(*tournament.Stage)) *evening {
	t.Helper()
	now := time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC)
	store := newMemStore()
	ev := &evening{t: t, ctx: context.Background(), store: store,
		svc: &tournament.Tournaments{Store: store, Players: store, Now: func() time.Time { return now }}}
	tr, st, err := tournament.New(now, format)
	require.NoError(t, err)
	tr.Name = "Martedì sera"
	if set != nil {
		set(&st)
	}
	require.NoError(t, ev.svc.Create(ev.ctx, &tr, &st, "anna"))
	ev.tid = tr.ID
	var ids []int64
	for i := range n {
		p := store.addPlayer(fmt.Sprintf("Nome%c", 'A'+i), "Rossi")
		ids = append(ids, p.ID)
	}
	es, err := ev.svc.AddPlayers(ev.ctx, ev.tid, ids, director)
	require.NoError(t, err)
	for _, e := range es {
		ev.entries = append(ev.entries, e.ID)
	}
	marked, err := ev.svc.MarkAllPresent(ev.ctx, ev.tid, director)
	require.NoError(t, err)
	require.Equal(t, n, marked)
	return ev
}

// threePlayer is a 3-player evening of n players, games of one hand entered as a game
// total.
func threePlayer(t *testing.T, n, games int) *evening {
	return newEvening(t, threeplayer.Name, n, func(st *tournament.Stage) {
		s := st.Settings.(threeplayer.Settings)
		s.Games, s.HandsPerGame = games, 1
		st.Settings = s
	})
}

func (ev *evening) draw(opt tournament.DrawOptions) *tournament.Round {
	ev.t.Helper()
	r, err := ev.svc.Draw(ev.ctx, ev.tid, opt, director)
	require.NoError(ev.t, err)
	return r
}

func (ev *evening) state() *tournament.State {
	ev.t.Helper()
	st, err := ev.store.Load(ev.ctx, ev.tid)
	require.NoError(ev.t, err)
	return st
}

func (ev *evening) table(n, t int) *tournament.TableState {
	ev.t.Helper()
	ts, err := ev.store.LoadTable(ev.ctx, ev.tid, n, t)
	require.NoError(ev.t, err)
	return ts
}

func (ev *evening) revision() int64 {
	ev.t.Helper()
	rev, err := ev.store.Revision(ev.ctx, ev.tid)
	require.NoError(ev.t, err)
	return rev
}

func (ev *evening) events() []tournament.Event {
	ev.t.Helper()
	evs, err := ev.store.Events(ev.ctx, ev.tid)
	require.NoError(ev.t, err)
	return evs // newest first
}

// gameTotals is a sheet of one game total a side, in seat order.
func gameTotals(version int, totals ...int) tournament.Sheet {
	row := make([]*scoring.Hand, len(totals))
	for i, n := range totals {
		row[i] = &scoring.Hand{Form: scoring.GameTotal, Total: n}
	}
	return tournament.Sheet{Hands: [][]*scoring.Hand{row}, Version: version}
}

// score saves table t of round n with game totals, at the version stored.
func (ev *evening) score(n, t int, totals ...int) *tournament.SheetOutcome {
	ev.t.Helper()
	out, err := ev.svc.SaveSheet(ev.ctx, ev.tid, n, t, gameTotals(ev.table(n, t).Table.Version, totals...), director)
	require.NoError(ev.t, err)
	return out
}

// requireError checks a domain error's code and message key.
func requireError(t *testing.T, err error, code, key string) {
	t.Helper()
	require.Error(t, err)
	e, ok := tournament.AsError(err)
	require.True(t, ok, "a domain error: %v", err)
	assert.Equal(t, code, e.Code)
	assert.Equal(t, key, e.Key)
}

func rp(n int) tournament.Points { return tournament.RP(n) }

// TestSaveSheetRanksAThreePlayerTable: a complete table of three gives its places 6, 3
// and 1 ranking points, tied players sharing the places they cover (RULES.md section 2).
func TestSaveSheetRanksAThreePlayerTable(t *testing.T) {
	for _, c := range []struct {
		name   string
		totals []int
		want   []tournament.Points
	}{
		{"in seat order", []int{1200, 800, 400}, []tournament.Points{rp(6), rp(3), rp(1)}},
		{"the last seat wins", []int{400, 800, 1200}, []tournament.Points{rp(1), rp(3), rp(6)}},
		{"two tied first", []int{900, 900, -200}, []tournament.Points{(rp(6) + rp(3)) / 2, (rp(6) + rp(3)) / 2, rp(1)}},
		{"two tied last", []int{1500, 300, 300}, []tournament.Points{rp(6), (rp(3) + rp(1)) / 2, (rp(3) + rp(1)) / 2}},
		{"all three tied", []int{500, 500, 500}, []tournament.Points{rp(10) / 3, rp(10) / 3, rp(10) / 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ev := threePlayer(t, 3, 2)
			ev.draw(tournament.DrawOptions{Seed: 1})
			before := ev.table(1, 1).Table.Version
			out := ev.score(1, 1, c.totals...)
			assert.True(t, out.Result.Complete)
			assert.Equal(t, c.want, out.Result.Points)
			assert.Equal(t, c.totals, out.Result.Scores)
			assert.Greater(t, out.Version, before, "the table's version moves")

			stored := ev.table(1, 1).Table
			assert.Equal(t, out.Version, stored.Version)
			require.Len(t, stored.Hands, 3)
			for i, h := range stored.Hands {
				assert.Equal(t, tournament.HandScore{Hand: 1, Side: i + 1, Score: c.totals[i],
					Figures: scoring.Hand{Form: scoring.GameTotal, Total: c.totals[i]}}, h)
			}
			last := ev.events()[0]
			assert.Equal(t, "scores", last.Kind)
			assert.Equal(t, [3]int{1, 1}, [3]int{last.Round, last.Table})
			assert.Len(t, last.Changes, 3, "each hand entered is a change")
			assert.True(t, ev.state().Complete(&ev.state().Rounds[0]))
		})
	}
}

// TestSaveSheetRefuses: a sheet that cannot be saved changes nothing, and says why.
func TestSaveSheetRefuses(t *testing.T) {
	for _, c := range []struct {
		name      string
		sheet     func(version int) tournament.Sheet
		prepare   func(ev *evening)
		code, key string
	}{
		{"a stale version gets a conflict", func(v int) tournament.Sheet { return gameTotals(v-1, 900, 600, 300) }, nil,
			tournament.ECONFLICT, "sheet.stale"},
		{"an empty sheet", func(v int) tournament.Sheet { return tournament.Sheet{Version: v} }, nil,
			tournament.EINVALID, "sheet.empty"},
		{"a side missing from a hand", func(v int) tournament.Sheet { return gameTotals(v, 900, 600) }, nil,
			tournament.EINVALID, "sheet.seats"},
		{"an outcome the 3-player format does not offer", func(v int) tournament.Sheet {
			sh := gameTotals(v, 900, 600, 300)
			sh.Outcome = &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 1}
			return sh
		}, nil, tournament.EINVALID, "error.invalid"},
		{"a total off the 5-point grid", func(v int) tournament.Sheet { return gameTotals(v, 903, 600, 300) }, nil,
			tournament.EINVALID, "error.invalid"},
		{"a locked round", func(v int) tournament.Sheet { return gameTotals(v, 900, 600, 300) }, func(ev *evening) {
			require.NoError(t, ev.svc.Lock(ev.ctx, ev.tid, 1, true, director))
		}, tournament.ECONFLICT, "round.locked"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ev := threePlayer(t, 3, 2)
			ev.draw(tournament.DrawOptions{Seed: 1})
			first := ev.score(1, 1, 1200, 800, 400)
			if c.prepare != nil {
				c.prepare(ev)
			}
			rev, table := ev.revision(), ev.table(1, 1).Table
			_, err := ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, c.sheet(first.Version), director)
			requireError(t, err, c.code, c.key)
			assert.Equal(t, rev, ev.revision(), "nothing logged")
			assert.Equal(t, table, ev.table(1, 1).Table, "the table as it was")
		})
	}
}

// TestCorrectionAfterTheNextDraw: correcting a game whose next game is drawn and not
// started asks the director first when it moves seats; "keep" saves and keeps the seats,
// "reseat" draws the next game again with its own seed (RULES.md section 3).
func TestCorrectionAfterTheNextDraw(t *testing.T) {
	for _, choice := range []string{"", tournament.NextKeep, tournament.NextReseat} {
		t.Run("choice "+choice, func(t *testing.T) {
			ev := threePlayer(t, 9, 3)
			ev.draw(tournament.DrawOptions{Seed: 7})
			for tb := 1; tb <= 3; tb++ {
				ev.score(1, tb, 1200, 800, 400)
			}
			next := ev.draw(tournament.DrawOptions{Seed: 8})
			seats := tournament.SeatsOf(next)
			rev := ev.revision()

			// The winner of table 1 comes last: the rotation moves them.
			sheet := gameTotals(ev.table(1, 1).Table.Version, 400, 800, 1200)
			sheet.NextRound = choice
			out, err := ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, sheet, director)
			stored := ev.state()
			switch choice {
			case "":
				requireError(t, err, tournament.ECONFLICT, "sheet.reseat_choice")
				require.NotNil(t, out)
				assert.NotEmpty(t, out.Moves, "the moves to choose from")
				assert.Equal(t, rev, ev.revision(), "nothing saved before the choice")
				assert.Equal(t, 1200, ev.table(1, 1).Table.Hands[0].Score)
				assert.Equal(t, seats, tournament.SeatsOf(&stored.Rounds[1]))
			case tournament.NextKeep:
				require.NoError(t, err)
				assert.True(t, out.Kept)
				assert.Equal(t, seats, tournament.SeatsOf(&stored.Rounds[1]), "the next game's seats kept")
				assert.Equal(t, 400, ev.table(1, 1).Table.Hands[0].Score)
				assert.Equal(t, "scores_corrected", ev.events()[0].Kind)
			case tournament.NextReseat:
				require.NoError(t, err)
				assert.True(t, out.Reseated)
				reseated := tournament.SeatsOf(&stored.Rounds[1])
				assert.NotEqual(t, seats, reseated, "the next game drawn again")
				// The same draw, from the corrected results, with the game's own seed.
				st := ev.state()
				st.Rounds = st.Rounds[:1]
				again, _, err := st.Format().Draw(st, 8)
				require.NoError(t, err)
				assert.Equal(t, tournament.SeatsOf(again), reseated)
				assert.Equal(t, int64(8), stored.Rounds[1].Seed)
			}
		})
	}
}

// TestDrawRefusesAnIncompleteRound: the next round waits for every table of the current
// one, unless the director says why (logged), in every format.
func TestDrawRefusesAnIncompleteRound(t *testing.T) {
	for _, c := range []struct {
		format string
		set    func(*tournament.Stage)
		n      int
		score  []int
	}{
		{threeplayer.Name, func(st *tournament.Stage) {
			st.Settings = threeplayer.Settings{Games: 3, HandsPerGame: 1, SitOut: threeplayer.SitOutRotate,
				SitOutScore: threeplayer.SitOutScoreSecond}
		}, 6, []int{900, 600, 300}},
		{formattest.Name, func(st *tournament.Stage) {
			st.Settings = formattest.Settings{Games: 3, Hands: 1, Sides: "individual"}
		}, 4, []int{900, 300}},
	} {
		t.Run(c.format, func(t *testing.T) {
			ev := newEvening(t, c.format, c.n, c.set)
			r1 := ev.draw(tournament.DrawOptions{Seed: 11, Round: 1})
			assert.Equal(t, 1, r1.Number)
			require.Len(t, r1.Tables, 2)
			assert.ElementsMatch(t, ev.entries, r1.People(), "everyone present is drawn")

			_, err := ev.svc.Draw(ev.ctx, ev.tid, tournament.DrawOptions{Seed: 12, Round: 1}, director)
			requireError(t, err, tournament.ECONFLICT, "draw.already")

			ev.score(1, 1, c.score...)
			rev := ev.revision()
			_, err = ev.svc.Draw(ev.ctx, ev.tid, tournament.DrawOptions{Seed: 12}, director)
			requireError(t, err, tournament.ECONFLICT, "draw.incomplete")
			assert.Equal(t, rev, ev.revision())
			assert.Len(t, ev.state().Rounds, 1)

			r2 := ev.draw(tournament.DrawOptions{Seed: 12, Override: " table 2 went home "})
			assert.Equal(t, "table 2 went home", r2.Override)
			last := ev.events()[0]
			assert.Equal(t, "draw_override", last.Kind)
			assert.Equal(t, 2, last.Round)

			ev.score(1, 2, c.score...)
			ev.score(2, 1, c.score...)
			ev.score(2, 2, c.score...)
			r3 := ev.draw(tournament.DrawOptions{})
			assert.Equal(t, 3, r3.Number)
			assert.GreaterOrEqual(t, r3.Seed, int64(100000), "a new six-digit seed")
			_, err = ev.svc.Draw(ev.ctx, ev.tid, tournament.DrawOptions{Override: "more"}, director)
			requireError(t, err, tournament.ECONFLICT, "draw.all_drawn")
		})
	}
}

// TestUndo: a line of the log is taken back as if it had not been, and only while no
// later line builds on it.
func TestUndo(t *testing.T) {
	t.Run("a correction restores the hands before it", func(t *testing.T) {
		ev := threePlayer(t, 3, 2)
		ev.draw(tournament.DrawOptions{Seed: 1})
		ev.score(1, 1, 1200, 800, 400)
		entered := ev.table(1, 1).Table.Hands
		ev.score(1, 1, 1200, 400, 800)
		line := ev.events()[0]
		require.Equal(t, "scores_corrected", line.Kind)
		require.Len(t, line.Changes, 2, "two hands changed")

		done, err := ev.svc.Undo(ev.ctx, ev.tid, line.ID, director)
		require.NoError(t, err)
		assert.Equal(t, line.ID, done.Undoes)
		assert.Equal(t, entered, ev.table(1, 1).Table.Hands)
		evs := ev.events()
		assert.Equal(t, "undo", evs[0].Kind)
		assert.Equal(t, evs[0].ID, evs[1].UndoneBy, "the correction is marked undone")

		_, err = ev.svc.Undo(ev.ctx, ev.tid, line.ID, director)
		requireError(t, err, tournament.ECONFLICT, "undo.already")
	})
	t.Run("a first save empties the table again", func(t *testing.T) {
		ev := threePlayer(t, 3, 2)
		ev.draw(tournament.DrawOptions{Seed: 1})
		ev.score(1, 1, 1200, 800, 400)
		_, err := ev.svc.Undo(ev.ctx, ev.tid, ev.events()[0].ID, director)
		require.NoError(t, err)
		assert.Empty(t, ev.table(1, 1).Table.Hands)
	})
	t.Run("a later draw stands in the way of a score", func(t *testing.T) {
		ev := threePlayer(t, 3, 2)
		ev.draw(tournament.DrawOptions{Seed: 1})
		ev.score(1, 1, 1200, 800, 400)
		scores := ev.events()[0].ID
		ev.draw(tournament.DrawOptions{Seed: 2})
		rev := ev.revision()
		_, err := ev.svc.Undo(ev.ctx, ev.tid, scores, director)
		requireError(t, err, tournament.ECONFLICT, "undo.later")
		assert.Equal(t, rev, ev.revision())
		assert.Len(t, ev.table(1, 1).Table.Hands, 3)
	})
	t.Run("a draw's undo removes the round", func(t *testing.T) {
		ev := threePlayer(t, 3, 2)
		ev.draw(tournament.DrawOptions{Seed: 1})
		_, err := ev.svc.Undo(ev.ctx, ev.tid, ev.events()[0].ID, director)
		require.NoError(t, err)
		assert.Empty(t, ev.state().Rounds)
		ev.draw(tournament.DrawOptions{Seed: 1, Round: 1}) // round 1 can be drawn again
	})
}

// TestUndoDraw: the last round goes while nothing of it is entered, and only the last.
func TestUndoDraw(t *testing.T) {
	ev := threePlayer(t, 3, 3)
	ev.draw(tournament.DrawOptions{Seed: 1})
	ev.score(1, 1, 1200, 800, 400)
	ev.draw(tournament.DrawOptions{Seed: 2})

	for _, c := range []struct {
		number    int
		code, key string
	}{
		{1, tournament.ECONFLICT, "draw.undo_last"},
		{3, tournament.ECONFLICT, "draw.undo_last"},
	} {
		err := ev.svc.UndoDraw(ev.ctx, ev.tid, c.number, director)
		requireError(t, err, c.code, c.key)
	}
	require.NoError(t, ev.svc.UndoDraw(ev.ctx, ev.tid, 2, director))
	assert.Len(t, ev.state().Rounds, 1)
	evs := ev.events()
	assert.Equal(t, "draw_undone", evs[0].Kind)
	assert.Equal(t, "draw", evs[1].Kind)
	assert.Equal(t, evs[0].ID, evs[1].UndoneBy, "the draw's line is taken back")

	err := ev.svc.UndoDraw(ev.ctx, ev.tid, 1, director)
	requireError(t, err, tournament.ECONFLICT, "draw.undo_started")
	assert.Len(t, ev.state().Rounds, 1)
}

// TestStartStageSeedsFromStandings: a finished evening's qualifiers go on to a knockout,
// its round 1 seating them by their standings (1 v 4, 2 v 3; RULES.md section 6).
func TestStartStageSeedsFromStandings(t *testing.T) {
	ev := newEvening(t, threeplayer.Name, 6, func(st *tournament.Stage) {
		st.Settings = threeplayer.Settings{Games: 1, HandsPerGame: 1, SitOut: threeplayer.SitOutRotate,
			SitOutScore: threeplayer.SitOutScoreSecond}
		st.Qualifiers = 4
	})
	ev.draw(tournament.DrawOptions{Seed: 5})
	ev.score(1, 1, 1200, 800, 400)

	_, err := ev.svc.StartStage(ev.ctx, ev.tid, knockout.Name, director)
	require.Error(t, err, "not before the evening is finished")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	assert.Len(t, ev.state().Rounds, 1)

	ev.score(1, 2, 300, 1100, 700)
	_, _, lines, err := ev.svc.Standings(ev.ctx, ev.tid)
	require.NoError(t, err)
	var seeds []int64
	for _, l := range lines[:4] {
		seeds = append(seeds, l.Entry.ID)
	}
	t1, t2 := ev.table(1, 1).Table.Entries(), ev.table(1, 2).Table.Entries()
	assert.Equal(t, []int64{t1[0], t2[1], t1[1], t2[2]}, seeds, "by ranking points, then game points")

	stage, err := ev.svc.StartStage(ev.ctx, ev.tid, knockout.Name, director)
	require.NoError(t, err)
	assert.Equal(t, 2, stage.Seq)
	require.NotNil(t, stage.FromStageID)
	assert.Equal(t, ev.state().Stage.ID, stage.ID, "the new stage is the current one")

	r := ev.draw(tournament.DrawOptions{Seed: 9})
	require.Len(t, r.Tables, 2)
	assert.Equal(t, []int64{seeds[0], seeds[3]}, r.Tables[0].Entries(), "1 v 4")
	assert.Equal(t, []int64{seeds[1], seeds[2]}, r.Tables[1].Entries(), "2 v 3")

	// The start is undone while the new stage has no score: the evening is current again.
	require.NoError(t, ev.svc.UndoDraw(ev.ctx, ev.tid, 1, director))
	var startLine int64
	for _, e := range ev.events() {
		if e.Kind == "stage" {
			startLine = e.ID
		}
	}
	_, err = ev.svc.Undo(ev.ctx, ev.tid, startLine, director)
	require.NoError(t, err)
	st := ev.state()
	assert.Equal(t, 1, st.Stage.Seq)
	assert.Equal(t, threeplayer.Name, st.Stage.Format)
}

// TestFailedCommandWritesNothing: a command that fails at its last write (the log line)
// leaves the store as it was, though it had written before: one transaction.
func TestFailedCommandWritesNothing(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func(ev *evening) error
	}{
		{"a sheet save", func(ev *evening) error {
			_, err := ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, gameTotals(ev.table(1, 1).Table.Version, 400, 800, 1200), director)
			return err
		}},
		{"a draw", func(ev *evening) error {
			_, err := ev.svc.Draw(ev.ctx, ev.tid, tournament.DrawOptions{Override: "late"}, director)
			return err
		}},
		{"an undone draw", func(ev *evening) error {
			return ev.svc.UndoDraw(ev.ctx, ev.tid, 1, director)
		}},
		{"an undone score", func(ev *evening) error {
			_, err := ev.svc.Undo(ev.ctx, ev.tid, ev.events()[0].ID, director)
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ev := threePlayer(t, 6, 2)
			ev.draw(tournament.DrawOptions{Seed: 3})
			if c.name != "an undone draw" {
				ev.score(1, 1, 1200, 800, 400)
			}
			before, events := ev.state(), ev.events()
			ev.store.failOn = "Log"
			err := c.run(ev)
			require.ErrorIs(t, err, errInjected)
			ev.store.failOn = ""
			assert.Equal(t, before, ev.state(), "nothing written")
			assert.Equal(t, events, ev.events(), "nothing logged")
			require.NoError(t, c.run(ev), "the same command succeeds once the store does")
			assert.NotEqual(t, events, ev.events())
		})
	}
}

// TestSaveSheetOutcomes: what decided a table other than its scores is one of the
// format's outcomes, about one of its sides; a forfeit needs no hand, and clearing the
// sheet removes it (the 2-sided test format, which offers every outcome).
func TestSaveSheetOutcomes(t *testing.T) {
	individual := func(st *tournament.Stage) {
		st.Settings = formattest.Settings{Games: 2, Hands: 1, Sides: "individual"}
	}
	outcome := func(kind string, side int) *tournament.Outcome { return &tournament.Outcome{Kind: kind, Side: side} }
	for _, c := range []struct {
		name    string
		sheet   tournament.Sheet
		want    tournament.Outcome
		hands   int
		points  []tournament.Points
		kind    string
		invalid string // the field refused
	}{
		{name: "a forfeit without hands", sheet: tournament.Sheet{Outcome: outcome(tournament.OutcomeForfeit, 2)},
			want: tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: 2}, points: []tournament.Points{rp(2), 0}, kind: "scores"},
		{name: "a time-out beside the scores", sheet: func() tournament.Sheet {
			sh := gameTotals(0, 300, 500)
			sh.Outcome = outcome(tournament.OutcomeTimeout, 2)
			return sh
		}(), want: tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 2}, hands: 2, points: []tournament.Points{rp(2), 0}, kind: "scores"},
		{name: "scores alone", sheet: gameTotals(0, 300, 500), hands: 2, kind: "scores"},
		{name: "a side the table does not have", sheet: tournament.Sheet{Outcome: outcome(tournament.OutcomeForfeit, 3)},
			invalid: "outcome.side"},
		{name: "an outcome no format knows", sheet: tournament.Sheet{Outcome: outcome("walkover", 1)},
			invalid: "outcome.kind"},
		{name: "a side without an outcome", sheet: func() tournament.Sheet {
			sh := gameTotals(0, 300, 500)
			sh.Outcome = outcome("", 1)
			return sh
		}(), invalid: "outcome.kind"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ev := newEvening(t, formattest.Name, 2, individual)
			ev.draw(tournament.DrawOptions{Seed: 1})
			rev := ev.revision()
			out, err := ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, c.sheet, director)
			if c.invalid != "" {
				requireError(t, err, tournament.EINVALID, "error.invalid")
				e, _ := tournament.AsError(err)
				assert.Contains(t, e.Fields, c.invalid)
				assert.Equal(t, rev, ev.revision(), "nothing saved")
				return
			}
			require.NoError(t, err)
			stored := ev.table(1, 1).Table
			assert.Equal(t, c.want, stored.Outcome)
			assert.Len(t, stored.Hands, c.hands)
			assert.True(t, out.Result.Complete)
			if c.points != nil {
				assert.Equal(t, c.points, out.Result.Points)
			}
			assert.Equal(t, c.kind, ev.events()[0].Kind)

			// A later sheet without an outcome keeps it; clearing removes everything.
			_, err = ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, gameTotals(stored.Version, 400, 200), director)
			require.NoError(t, err)
			assert.Equal(t, c.want, ev.table(1, 1).Table.Outcome, "nil keeps the stored outcome")
			_, err = ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, tournament.Sheet{Clear: true, Version: ev.table(1, 1).Table.Version}, director)
			require.NoError(t, err)
			cleared := ev.table(1, 1).Table
			assert.Empty(t, cleared.Hands)
			assert.Equal(t, tournament.Outcome{}, cleared.Outcome)
			assert.Equal(t, "scores_cleared", ev.events()[0].Kind)
		})
	}
}

// TestBracketCorrectionReseatsTheNextMatch: in a knockout, correcting a match whose
// next round is drawn and not played seats the side the corrected result sends on, with
// no question (the bracket follows from the results; RULES.md section 5).
func TestBracketCorrectionReseatsTheNextMatch(t *testing.T) {
	ev := newEvening(t, knockout.Name, 4, func(st *tournament.Stage) {
		st.Settings = knockout.Settings{Sides: knockout.Individual, HandsPerMatch: 1, TimeOutMP: 250}
	})
	r1 := ev.draw(tournament.DrawOptions{Seed: 4})
	require.Len(t, r1.Tables, 2)
	ev.score(1, 1, 900, 300)
	ev.score(1, 2, 200, 800)
	final := ev.draw(tournament.DrawOptions{})
	require.Len(t, final.Tables, 1)
	a, b := r1.Tables[0].Entries(), r1.Tables[1].Entries()
	assert.ElementsMatch(t, []int64{a[0], b[1]}, final.Tables[0].Entries(), "the winners meet in the final")

	out, err := ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, gameTotals(ev.table(1, 1).Table.Version, 300, 900), director)
	require.NoError(t, err)
	require.Len(t, out.Placed, 1, "the final, not played, is seated again")
	assert.Empty(t, out.Flagged)
	assert.ElementsMatch(t, []int64{a[1], b[1]}, ev.table(2, 1).Table.Entries(), "the corrected winner goes on")

	// Once the final is played, a correction before it is flagged, not re-seated.
	ev.score(2, 1, 700, 100)
	out, err = ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, gameTotals(ev.table(1, 1).Table.Version, 900, 300), director)
	require.NoError(t, err)
	assert.Empty(t, out.Placed)
	require.Len(t, out.Flagged, 1)
	assert.ElementsMatch(t, []int64{a[1], b[1]}, ev.table(2, 1).Table.Entries(), "a played match keeps its sides")
}
