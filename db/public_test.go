package db_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

func TestPublishIsVersionedLoggedAndRevisioned(t *testing.T) {
	f := newEvening(t, 9, nil)
	rev0, pub, err := f.db.PublicRevision(f.ctx, f.tid)
	require.NoError(t, err)
	assert.False(t, pub, "a new tournament is not published")
	v := f.state(t).Tournament.Version

	_, err = f.svc.Publish(f.ctx, f.tid, true, v+1, "anna")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "a stale version is refused")
	tr, err := f.svc.Publish(f.ctx, f.tid, true, v, "anna")
	require.NoError(t, err)
	assert.True(t, tr.Published)
	assert.Equal(t, v+1, tr.Version)

	rev1, pub, err := f.db.PublicRevision(f.ctx, f.tid)
	require.NoError(t, err)
	assert.True(t, pub)
	assert.Greater(t, rev1, rev0, "publishing moves the revision")
	assert.True(t, f.state(t).Tournament.Published)
	ev, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, "publish", ev[0].Kind)

	_, _, err = f.db.PublicRevision(f.ctx, 9999)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
}

func TestRoundClockSurvivesInTheDatabase(t *testing.T) {
	f := newEvening(t, 9, nil)
	now := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	_, err := f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockStart, time.Hour, "anna")
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "no round 1 yet")
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)

	_, err = f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockStart, time.Hour, "anna")
	require.NoError(t, err)
	c := f.state(t).Rounds[0].Clock
	require.True(t, c.Running())
	assert.True(t, c.EndsAt.Equal(now.Add(time.Hour)), "stored end %v", c.EndsAt)

	now = now.Add(20 * time.Minute)
	_, err = f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockPause, 0, "anna")
	require.NoError(t, err)
	now = now.Add(time.Hour) // paused: time passing changes nothing
	c = f.state(t).Rounds[0].Clock
	assert.False(t, c.Running())
	assert.Equal(t, 40*time.Minute, c.Remaining(now))

	_, err = f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockAdjust, -45*time.Minute, "anna")
	require.NoError(t, err)
	ts, err := f.svc.Table(f.ctx, f.tid, 1, 1)
	require.NoError(t, err)
	assert.True(t, ts.Round.Clock.Expired(now), "the score sheet sees the clock run out")

	_, err = f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockReset, 0, "anna")
	require.NoError(t, err)
	assert.False(t, f.state(t).Rounds[0].Clock.Set())
}
