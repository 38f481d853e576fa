package db_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
)

// countedEvening is an evening of n players with games 1 and 2 drawn and game 1
// entered, on a database whose statements are counted.
func countedEvening(t *testing.T, n int) (*fixture, *db.Counter) {
	t.Helper()
	c := &db.Counter{}
	d, err := db.OpenCounting(dbtest.DSN(t), c)
	require.NoError(t, err)
	t.Cleanup(func() { d.Close() })
	f := newEveningIn(t, d, n, nil)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	return f, c
}

// TestColdLoadIsOnePass: a cold read of a stage sends the same statements at 6 and at
// 60 players (no query per round, table or entry), in one read transaction; a second
// read of the same revision sends the stamp's query alone.
func TestColdLoadIsOnePass(t *testing.T) {
	var logs [][]string
	for _, n := range []int{6, 60} {
		f, c := countedEvening(t, n)
		svc := &tournament.Tournaments{Store: f.db, Players: f.db} // nothing derived yet
		c.Reset()
		_, _, lines, err := svc.Standings(f.ctx, f.tid)
		require.NoError(t, err)
		require.Len(t, lines, n)
		log := c.Log()
		t.Logf("cold read at %d players: %d statements\n  %s", n, len(log), strings.Join(log, "\n  "))
		// The stamp, then BEGIN, the tournament with its stamp, the stage, entries,
		// rounds, tables with sides, hands, byes, ROLLBACK.
		assert.LessOrEqual(t, len(log), 10, "at %d players", n)
		assert.Equal(t, 1, c.Transactions(), "the stage in one snapshot")
		logs = append(logs, log)

		c.Reset()
		_, err = svc.Load(f.ctx, f.tid)
		require.NoError(t, err)
		_, _, _, err = svc.Standings(f.ctx, f.tid)
		require.NoError(t, err)
		assert.Equal(t, 0, c.Transactions(), "two warm reads: no transaction")
		assert.Equal(t, 2, c.Statements(), "two warm reads: a stamp each\n%s", strings.Join(c.Log(), "\n"))
	}
	assert.Equal(t, logs[0], logs[1], "the statements do not grow with the field")
}

// TestStampMovesWithTheRegistry: a player renamed in the registry shows renamed in a
// tournament read after it (its log has not moved: the stamp's registry part has), and
// a save moves the revision.
func TestStampMovesWithTheRegistry(t *testing.T) {
	f := newEvening(t, 6, nil)
	st := f.state(t)
	before, err := f.db.Stamp(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, st.Tournament.Revision, before.Revision)

	p, err := f.db.FindPlayer(f.ctx, st.Entries[0].Members[0].PlayerID)
	require.NoError(t, err)
	p.LastName = "Rinominato"
	require.NoError(t, f.db.UpdatePlayer(f.ctx, p))

	after, err := f.db.Stamp(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, before.Revision, after.Revision, "the tournament's log did not move")
	assert.Greater(t, after.Registry, before.Registry)
	st = f.state(t)
	assert.Equal(t, "Rinominato P01", st.Entries[0].Name, "the derived state was read again")

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	drawn, err := f.db.Stamp(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Greater(t, drawn.Revision, after.Revision)
	assert.Len(t, f.state(t).Rounds, 1)

	_, err = f.db.Stamp(f.ctx, f.tid+1000)
	assert.Equal(t, "error.not_found", keyOf(err))
	_, _, err = f.db.LoadStamped(f.ctx, f.tid, 7)
	assert.Equal(t, "error.not_found", keyOf(err))
}
