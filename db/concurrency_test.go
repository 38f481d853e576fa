package db_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/threeplayer"
)

// These tests race real goroutines through the service on SQLite files: every command
// runs in one write transaction (BEGIN IMMEDIATE), so whatever the order the database
// picks, the outcome must be one a sequential order would give.

// race runs fns at once: each in its own goroutine, all released together once every
// one of them is waiting, so that they really contend. It returns their errors.
func race(fns ...func() error) []error {
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, len(fns))
	for i, fn := range fns {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			errs[i] = fn()
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	return errs
}

// sheetOf is a complete sheet of n hands with the same totals on every hand.
func sheetOf(n int, totals ...int) tournament.Sheet {
	var sh tournament.Sheet
	for range n {
		row := make([]*scoring.Hand, len(totals))
		for i, v := range totals {
			row[i] = total(v)
		}
		sh.Hands = append(sh.Hands, row)
	}
	return sh
}

// conflict asserts err is an ECONFLICT with the key given.
func conflict(t *testing.T, err error, key string, msg ...any) bool {
	t.Helper()
	e, ok := tournament.AsError(err)
	if !assert.True(t, ok, "want ECONFLICT %s, got %v %s", key, err, fmt.Sprint(msg...)) {
		return false
	}
	return assert.Equal(t, tournament.ECONFLICT, e.Code, msg...) && assert.Equal(t, key, e.Key, msg...)
}

// TestConcurrentCorrectionsReseatFromFinalResults: four corrections of game 1, one per
// table, saved at once while game 2 is drawn and not started. Each re-seats game 2 from
// what it sees; in the end game 2 must be the rotation of the final game 1.
func TestConcurrentCorrectionsReseatFromFinalResults(t *testing.T) {
	d, _ := open(t)
	for trial := range 50 {
		f := newEveningIn(t, d, 12, nil)
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(1000 + trial)}, "anna")
		require.NoError(t, err)
		f.fill(t, 1)
		_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(5000 + trial)}, "anna")
		require.NoError(t, err)
		st := f.state(t)
		require.Len(t, st.Rounds[0].Tables, 4)
		require.False(t, st.Rounds[1].Started())
		drawn := tournament.SeatsOf(&st.Rounds[1])

		hands := st.Stage.HandsPerRound()
		var fns []func() error
		for tn := 1; tn <= 4; tn++ {
			fns = append(fns, func() error {
				// Seat 3 won, seat 1 came third.
				sh := sheetOf(hands, -100, 100, 300)
				sh.NextRound = tournament.NextReseat // the director chose to re-seat game 2
				_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, tn, sh, "bruno")
				return err
			})
		}
		for i, err := range race(fns...) {
			require.NoError(t, err, "trial %d table %d", trial, i+1)
		}

		st = f.state(t)
		require.Len(t, st.Rounds, 2)
		for _, tb := range st.Rounds[0].Tables {
			res := st.Format().Result(st, &tb)
			require.True(t, res.Complete)
			assert.Equal(t, []int{-100 * hands, 100 * hands, 300 * hands}, res.Scores, "trial %d table %d holds its correction", trial, tb.Number)
		}
		// What game 2 must be: drawn again, with its seed, from the final game 1.
		prior := *st
		prior.Rounds = st.Rounds[:1]
		want, subs, err := threeplayer.Format{}.Draw(&prior, st.Rounds[1].Seed)
		require.NoError(t, err)
		require.Empty(t, subs)
		got := tournament.SeatsOf(&st.Rounds[1])
		require.Equal(t, tournament.SeatsOf(want), got, "trial %d: game 2 is the rotation of the final game 1", trial)
		assert.NotEqual(t, drawn, got, "trial %d: the corrections moved people", trial)
		for _, tb := range st.Rounds[1].Tables {
			assert.Empty(t, tb.Hands)
		}
	}
}

// TestConcurrentSeatChangeAndFirstSave: the director swaps two players of game 1 while
// table 1's first sheet is saved. Whatever the order, a hand is never stored for a seat
// its player no longer holds: with the version the form was read at, the sheet is
// refused once the seats changed; the seat change is refused once a sheet is in.
func TestConcurrentSeatChangeAndFirstSave(t *testing.T) {
	d, _ := open(t)
	outcomes := map[string]int{}
	for trial := range 100 {
		versioned := trial%2 == 0 // the form's case: the sheet carries the version it was read at
		f := newEveningIn(t, d, 6, nil)
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(trial + 1)}, "anna")
		require.NoError(t, err)
		st := f.state(t)
		r := &st.Rounds[0]
		require.Len(t, r.Tables, 2)
		drawn := tournament.SeatsOf(r)
		t1, t2 := drawn.Tables[0], drawn.Tables[1]
		swapped := tournament.Seats{Tables: [][]int64{{t2[0], t1[1], t1[2]}, {t1[0], t2[1], t2[2]}}, Byes: []int64{}}
		sh := sheetOf(st.Stage.HandsPerRound(), 300, 100, -100)
		if versioned {
			sh.Version = r.Tables[0].Version
			require.NotZero(t, sh.Version)
		}

		var seatErr, saveErr error
		override := func() error {
			seatErr = f.svc.OverrideSeats(f.ctx, f.tid, 1, swapped, "anna")
			return seatErr
		}
		save := func() error {
			_, saveErr = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "bruno")
			return saveErr
		}
		if trial%4 < 2 { // vary which goroutine starts first, so that both orders happen
			race(override, save)
		} else {
			race(save, override)
		}
		msg := fmt.Sprintf("trial %d (versioned %t): seats %v, save %v", trial, versioned, seatErr, saveErr)

		st = f.state(t)
		r = &st.Rounds[0]
		seats := tournament.SeatsOf(r)
		tb := r.Table(1)
		require.NotNil(t, tb)
		// Whatever happened: every hand at table 1 is at a position of a side sitting there.
		for _, h := range tb.Hands {
			require.True(t, h.Side >= 1 && h.Side <= len(tb.Sides), msg)
			require.Equal(t, h.Side, tb.Sides[h.Side-1].Position, msg)
			require.Contains(t, seats.Tables[0], tb.Sides[h.Side-1].EntryID, msg)
		}
		evs, err := f.svc.Events(f.ctx, f.tid)
		require.NoError(t, err)
		var kinds []string // oldest first
		for _, e := range slices.Backward(evs) {
			if e.Kind == "seats_override" || e.Kind == "scores" {
				kinds = append(kinds, e.Kind)
			}
		}

		switch {
		case seatErr == nil && saveErr == nil:
			// Only possible without a version: the seats changed, then the sheet was
			// saved onto the new seats.
			require.False(t, versioned, "a versioned sheet and a seat change cannot both land: %s", msg)
			assert.Equal(t, []string{"seats_override", "scores"}, kinds, msg)
			assert.Equal(t, swapped, seats, msg)
			assert.Len(t, tb.Hands, 3*st.Stage.HandsPerRound(), msg)
			outcomes["seats then unversioned save"]++
		case seatErr == nil:
			// The seats changed first: the sheet read before is stale.
			require.True(t, versioned, "an unversioned save is never refused here: %s", msg)
			conflict(t, saveErr, "sheet.stale", msg)
			assert.Equal(t, swapped, seats, msg)
			assert.Empty(t, tb.Hands, msg)
			assert.Equal(t, []string{"seats_override"}, kinds, msg)
			outcomes["seats, then stale save refused"]++
		case saveErr == nil:
			// The sheet went in first: the game has started, its seats stay.
			conflict(t, seatErr, "seats.started", msg)
			assert.Equal(t, drawn, seats, "the players the sheet was written for still hold their seats: %s", msg)
			assert.Len(t, tb.Hands, 3*st.Stage.HandsPerRound(), msg)
			assert.Equal(t, []string{"scores"}, kinds, msg)
			outcomes["save, then seat change refused"]++
		default:
			t.Fatalf("both refused: %s", msg)
		}
	}
	t.Logf("outcomes over 100 trials: %v", outcomes)
}

// TestConcurrentSaveSameSheetVersion: two saves of one sheet read at the same version;
// one lands, the other is refused as stale.
func TestConcurrentSaveSameSheetVersion(t *testing.T) {
	d, _ := open(t)
	for trial := range 20 {
		f := newEveningIn(t, d, 3, nil)
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(trial + 1)}, "anna")
		require.NoError(t, err)
		st := f.state(t)
		v := st.Rounds[0].Tables[0].Version
		n := st.Stage.HandsPerRound()
		sheets := []tournament.Sheet{sheetOf(n, 300, 100, -100), sheetOf(n, -100, 100, 300)}
		outs := make([]*tournament.SheetOutcome, 2)
		var fns []func() error
		for i := range sheets {
			sheets[i].Version = v
			fns = append(fns, func() error {
				var err error
				outs[i], err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheets[i], fmt.Sprintf("director %d", i))
				return err
			})
		}
		errs := race(fns...)
		won := slices.IndexFunc(errs, func(err error) bool { return err == nil })
		require.NotEqual(t, -1, won, "trial %d: neither save landed: %v", trial, errs)
		lost := 1 - won
		conflict(t, errs[lost], "sheet.stale", fmt.Sprintf("trial %d", trial))
		assert.Equal(t, v+1, outs[won].Version)

		st = f.state(t)
		tb := st.Rounds[0].Tables[0]
		assert.Equal(t, v+1, tb.Version, "trial %d: saved once", trial)
		res := st.Format().Result(st, &tb)
		want := []int{-100 * n, 100 * n, 300 * n}
		if won == 0 {
			want = []int{300 * n, 100 * n, -100 * n}
		}
		assert.Equal(t, want, res.Scores, "trial %d: the winning sheet is stored", trial)
	}
}

// TestConcurrentPlayerUpdateSameVersion: two edits of one player from the same version;
// one lands, the other is refused as stale.
func TestConcurrentPlayerUpdateSameVersion(t *testing.T) {
	d, _ := open(t)
	players := &tournament.Players{Store: d}
	for trial := range 20 {
		ctx := t.Context()
		p := tournament.Player{FirstName: "Anna", LastName: fmt.Sprintf("Verdi%02d", trial), CardNumber: fmt.Sprintf("C%02d", trial)}
		require.NoError(t, players.Create(ctx, &p))
		v := p.Version
		require.NotZero(t, v)
		edits := []tournament.Player{p, p}
		edits[0].Notes, edits[1].Notes = "first", "second"
		errs := race(
			func() error { _, err := players.Update(ctx, p.ID, edits[0]); return err },
			func() error { _, err := players.Update(ctx, p.ID, edits[1]); return err },
		)
		won := slices.IndexFunc(errs, func(err error) bool { return err == nil })
		require.NotEqual(t, -1, won, "trial %d: neither edit landed: %v", trial, errs)
		conflict(t, errs[1-won], "player.stale", fmt.Sprintf("trial %d", trial))
		got, err := d.FindPlayer(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, v+1, got.Version, "trial %d: saved once", trial)
		assert.Equal(t, edits[won].Notes, got.Notes, "trial %d", trial)
		assert.Equal(t, p.CardNumber, got.CardNumber)

		// The same race on the store alone: both writers read the same version, so the
		// store's own check decides.
		v = got.Version
		a, b := *got, *got
		a.Phone, b.Phone = "111", "222"
		errs = race(func() error { return d.UpdatePlayer(ctx, &a) }, func() error { return d.UpdatePlayer(ctx, &b) })
		won = slices.IndexFunc(errs, func(err error) bool { return err == nil })
		require.NotEqual(t, -1, won, "trial %d: neither store update landed: %v", trial, errs)
		conflict(t, errs[1-won], "player.stale", fmt.Sprintf("trial %d (store)", trial))
		got, err = d.FindPlayer(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, v+1, got.Version, "trial %d: saved once", trial)
		assert.Equal(t, []string{"111", "222"}[won], got.Phone)
	}
}

// TestConcurrentDrawsGiveOneDraw: eight directors press "draw" at once on an evening
// not yet drawn; one draw is made, the others are refused.
func TestConcurrentDrawsGiveOneDraw(t *testing.T) {
	d, _ := open(t)
	for trial := range 20 {
		f := newEveningIn(t, d, 9, nil)
		rounds := make([]*tournament.Round, 8)
		var fns []func() error
		for i := range rounds {
			fns = append(fns, func() error {
				var err error
				rounds[i], err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, fmt.Sprintf("director %d", i))
				return err
			})
		}
		errs := race(fns...)
		won := -1
		for i, err := range errs {
			if err == nil {
				require.Equal(t, -1, won, "trial %d: two draws landed", trial)
				won = i
				continue
			}
			assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "trial %d: %v", trial, err)
		}
		require.NotEqual(t, -1, won, "trial %d: no draw landed: %v", trial, errs)

		st := f.state(t)
		require.Len(t, st.Rounds, 1, "trial %d", trial)
		assert.Equal(t, tournament.SeatsOf(rounds[won]), tournament.SeatsOf(&st.Rounds[0]))
		assert.Equal(t, rounds[won].Seed, st.Rounds[0].Seed)
		evs, err := f.svc.Events(f.ctx, f.tid)
		require.NoError(t, err)
		draws := 0
		for _, e := range evs {
			if e.Kind == "draw" {
				draws++
				assert.Equal(t, fmt.Sprintf("director %d", won), e.Director)
			}
		}
		assert.Equal(t, 1, draws, "trial %d: one draw logged", trial)
	}
}

// TestMoreWritersThanConnections: 48 saves of one tournament's sheets at once, more than
// a PostgreSQL store's connections, on a store that has run no statement yet. They queue
// on the tournament's lock and all land; none waits for a connection another holds
// while it waits for the lock (a store that prepared statements on the pool inside a
// transaction would hang here).
func TestMoreWritersThanConnections(t *testing.T) {
	d, dsn := open(t)
	f := newEveningIn(t, d, 48, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	hands := f.state(t).Stage.HandsPerRound()
	require.NoError(t, d.Close())
	fresh, err := db.Open(dsn) // nothing prepared yet
	require.NoError(t, err)
	defer fresh.Close()
	svc := &tournament.Tournaments{Store: fresh, Players: fresh}
	var fns []func() error
	for i := range 48 {
		fns = append(fns, func() error {
			_, err := svc.SaveSheet(f.ctx, f.tid, 1, 1+i%16, sheetOf(hands, 300, 100, -100+i*5), "anna")
			return err
		})
	}
	done := make(chan []error, 1)
	go func() { done <- race(fns...) }()
	select {
	case errs := <-done:
		for i, err := range errs {
			assert.NoError(t, err, "save %d", i)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the saves did not finish in 60 s: writers wait on each other")
	}
}
