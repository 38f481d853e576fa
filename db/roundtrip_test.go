package db_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
)

// tripLog writes the statements of each round trip, one round trip a line group.
func tripLog(groups [][]string) string {
	var b strings.Builder
	for i, g := range groups {
		fmt.Fprintf(&b, "round trip %d:\n", i+1)
		for _, q := range g {
			if len(q) > 110 {
				q = q[:110] + "…"
			}
			fmt.Fprintf(&b, "    %s\n", q)
		}
	}
	return b.String()
}

// TestSaveRoundTrips: on PostgreSQL a sheet's save writes in one round trip: the table's
// version, its hands, the reports it closes and its log line reach the server together,
// after the reads the command decides on (the tournament's lock and its first read go
// together too, and so do the table, its hands and its entries), and the whole save
// takes 5 round trips with BEGIN and COMMIT, counted on the network connection itself.
// (Run in the PostgreSQL pass: skipped without a server, unless CI=true.)
func TestSaveRoundTrips(t *testing.T) {
	if !dbtest.OnPostgres() {
		t.Skip("counted in the PostgreSQL pass")
	}
	c := &db.Counter{}
	d, err := db.OpenCounting(dbtest.Schema(t), c)
	require.NoError(t, err)
	t.Cleanup(func() { d.Close() })
	f := newEveningIn(t, d, 6, nil)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)

	// Two tables of a 6-player game: the first save prepares the statements on the
	// connection (pgx does once per connection), a correction of each then counts.
	save := func(table, score int) {
		t.Helper()
		sh := sheet()
		sh.Hands[0][2].Total = score
		_, err := f.svc.SaveSheet(context.Background(), f.tid, 1, table, sh, "anna")
		require.NoError(t, err)
	}
	for table := 1; table <= 2; table++ {
		save(table, -160)
	}
	for table := 1; table <= 2; table++ {
		c.Reset()
		save(table, -150) // a correction: the hands change, the entries are named
		trips, groups := c.RoundTrips()
		t.Logf("a save of table %d: %d round trips, %d statements\n%s", table, trips, c.Statements(), tripLog(groups))
		require.Equal(t, len(groups), trips, "each send carries statements counted in the log:\n%s", tripLog(groups))
		assert.LessOrEqual(t, trips, 5, tripLog(groups))

		var writes []string
		for _, g := range groups {
			if strings.HasPrefix(g[0], "UPDATE round_tables") {
				writes = g
			}
			for _, q := range g {
				if strings.HasPrefix(q, "SELECT id FROM tournaments") {
					assert.Len(t, g, 2, "the lock and the tournament's first read in one round trip:\n%s", tripLog(groups))
				}
			}
		}
		require.Len(t, writes, 4, "every write of the save in one round trip:\n%s", tripLog(groups))
		for i, prefix := range []string{"UPDATE round_tables", "INSERT INTO hands", "UPDATE reports", "INSERT INTO events"} {
			assert.True(t, strings.HasPrefix(writes[i], prefix), "write %d: %s", i+1, writes[i])
		}
	}

	// The batch keeps the save's guarantees: the hands as saved, the log line with its
	// undo data, the revision moved by one per save.
	st, err := d.Load(f.ctx, f.tid) // the store's whole read: the figures as saved
	require.NoError(t, err)
	assert.Equal(t, -150, st.Rounds[0].Tables[0].Hands[2].Figures.Total)
	evs, err := d.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, "scores_corrected", evs[0].Kind)
	assert.NotEmpty(t, evs[0].Undo)
	rev, err := d.Revision(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, evs[0].ID, rev)
}

// TestSaveStaleInBatch: a table whose version moved between the read and the batched
// write fails the whole save (nothing of it is kept), on either database.
func TestSaveStaleInBatch(t *testing.T) {
	d, _ := open(t)
	f := newEveningIn(t, d, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheet(), "anna")
	require.NoError(t, err)
	before, err := d.Revision(f.ctx, f.tid)
	require.NoError(t, err)

	// A store whose SaveTable is handed a table at an older version than stored: the
	// version check travels with the batch and refuses it there.
	err = d.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		st, err := tx.Stage()
		require.NoError(t, err)
		_, tb, err := tx.Table(st.ID, 1, 1)
		require.NoError(t, err)
		require.NoError(t, tx.Scores(tb))
		tb.Version-- // stale
		tb.Hands = tb.Hands[:3]
		if err := tx.SaveTable(tb); err != nil {
			return err
		}
		return tx.Log(tournament.Event{Kind: "scores_corrected", Director: "anna", At: time.Now()})
	})
	e, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "sheet.stale", e.Key)
	after, err := d.Revision(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, before, after, "no log line kept")
	st := f.state(t)
	assert.Len(t, st.Rounds[0].Tables[0].Hands, 9, "no hand deleted")
}

// TestScoresReadEveryFigure: the hands a save reads (Tx.Scores: read ahead with the
// table on PostgreSQL, else one line of text a hand) are the hands as written, every figure, flags both ways and
// negative numbers, as the stage's read (LoadTable) gives them.
func TestScoresReadEveryFigure(t *testing.T) {
	d, _ := open(t)
	f := newEveningIn(t, d, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	want := []tournament.HandScore{
		{Hand: 1, Side: 1, Score: -1234, Figures: scoring.Hand{Form: scoring.Components, Clean: 2, Dirty: 3, SemiClean: 4, Closed: true,
			KittyTaken: false, Opened: true, Table: 505, InHand: -60, KittyLeft: 70, Base: 80, Cards: -90, Total: -1234}},
		{Hand: 1, Side: 2, Score: 7, Figures: scoring.Hand{Form: scoring.TotalOnly, KittyTaken: true, Total: 7}},
		{Hand: 2, Side: 3, Score: 0, Figures: scoring.Hand{}},
	}
	var read []tournament.HandScore
	for _, write := range []bool{true, false} {
		err = d.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
			st, err := tx.Stage()
			if err != nil {
				return err
			}
			_, tb, err := tx.Table(st.ID, 1, 1)
			if err != nil {
				return err
			}
			if _, err := tx.TableEntries(tb); err != nil {
				return err
			}
			if err := tx.Scores(tb); err != nil {
				return err
			}
			if !write {
				read = tb.Hands
				// Read again after a statement: nothing read ahead is used.
				if _, _, err := tx.RoundState(st.ID, 5); err != nil {
					return err
				}
				again := *tb
				if err := tx.Scores(&again); err != nil {
					return err
				}
				assert.Equal(t, want, again.Hands, "read again")
				return nil
			}
			tb.Hands = want
			if err := tx.SaveTable(tb); err != nil {
				return err
			}
			return tx.Log(tournament.Event{Kind: "scores", Director: "anna", At: time.Now()})
		})
		require.NoError(t, err)
	}
	assert.Equal(t, want, read)
	ts, err := d.LoadTable(f.ctx, f.tid, 1, 1)
	require.NoError(t, err)
	assert.Equal(t, want, ts.Table.Hands, "as the stage's read gives them")
}
