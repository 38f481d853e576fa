package db_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/tournament"
)

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newAuth(t *testing.T) (*tournament.Auth, *clock) {
	d, _ := open(t)
	c := &clock{time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)}
	return &tournament.Auth{Store: d, Cost: bcrypt.MinCost, Now: c.now}, c
}

var first = tournament.DirectorInput{Username: "Anna", Name: "Anna Verdi", Password: "segreto-lungo", Confirm: "segreto-lungo"}

func TestSetupOnlyOnce(t *testing.T) {
	ctx := context.Background()
	a, _ := newAuth(t)
	need, err := a.SetupNeeded(ctx)
	require.NoError(t, err)
	assert.True(t, need)

	// Two setups racing: exactly one wins.
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := first
			in.Username = "dir" + string(rune('a'+i))
			_, errs[i] = a.Setup(ctx, in)
		}()
	}
	wg.Wait()
	wins := 0
	for _, err := range errs {
		if err == nil {
			wins++
		} else {
			assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
		}
	}
	assert.Equal(t, 1, wins)
	need, _ = a.SetupNeeded(ctx)
	assert.False(t, need)
}

func TestDirectorValidation(t *testing.T) {
	a, _ := newAuth(t)
	_, err := a.Setup(context.Background(), tournament.DirectorInput{Username: "A b", Password: "short", Confirm: "other"})
	e, ok := tournament.AsError(err)
	require.True(t, ok)
	assert.Equal(t, map[string]string{
		"username": "director.username.format",
		"name":     "error.required",
		"password": "director.password.short",
		"confirm":  "director.password.mismatch",
	}, e.Fields)
}

func TestLoginAndSessions(t *testing.T) {
	ctx := context.Background()
	a, clk := newAuth(t)
	d, err := a.Setup(ctx, first)
	require.NoError(t, err)
	assert.Equal(t, "anna", d.Username, "usernames are lower-cased")

	_, secret, err := a.Login(ctx, " ANNA ", "segreto-lungo", "1.2.3.4")
	require.NoError(t, err)
	got, err := a.SessionDirector(ctx, secret)
	require.NoError(t, err)
	assert.Equal(t, d.ID, got.ID)

	_, err = a.SessionDirector(ctx, secret+"x")
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))

	clk.t = clk.t.Add(tournament.SessionLifetime + time.Minute)
	_, err = a.SessionDirector(ctx, secret)
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err), "sessions expire")

	_, secret, err = a.Login(ctx, "anna", "segreto-lungo", "1.2.3.4")
	require.NoError(t, err)
	require.NoError(t, a.Logout(ctx, secret))
	_, err = a.SessionDirector(ctx, secret)
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err), "logout ends the session")
}

func TestLoginThrottling(t *testing.T) {
	ctx := context.Background()
	a, clk := newAuth(t)
	_, err := a.Setup(ctx, first)
	require.NoError(t, err)
	retry := func(err error) time.Duration {
		e, ok := tournament.AsError(err)
		require.True(t, ok, "%v", err)
		require.Equal(t, tournament.ETHROTTLED, e.Code)
		return e.RetryAfter
	}
	for i := 0; i < tournament.MaxFailuresPerPair; i++ {
		_, _, err := a.Login(ctx, "anna", "wrong", "1.2.3.4")
		require.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
	}
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "1.2.3.4")
	assert.Equal(t, 2*time.Second, retry(err), "the guessing pair waits, whatever the password")
	_, _, err = a.Login(ctx, "Anna ", "segreto-lungo", "5.6.7.8")
	assert.NoError(t, err, "the owner from another address is not locked out")

	// The delay doubles with each further failure of the pair.
	for _, wait := range []time.Duration{2, 4, 8, 16} {
		clk.t = clk.t.Add(wait * time.Second)
		_, _, err := a.Login(ctx, "anna", "wrong", "1.2.3.4")
		require.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
		_, _, err = a.Login(ctx, "anna", "wrong", "1.2.3.4")
		assert.Equal(t, 2*wait*time.Second, retry(err))
	}
	clk.t = clk.t.Add(32 * time.Second)
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "1.2.3.4")
	require.NoError(t, err, "the right password once the wait is over")
	_, _, err = a.Login(ctx, "anna", "wrong", "1.2.3.4")
	require.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err), "success forgets the pair's failures")

	// One address guessing many usernames hits the per-address ceiling.
	for i := 0; i < tournament.MaxFailuresPerIP; i++ {
		_, _, err := a.Login(ctx, "user"+string(rune('a'+i)), "x", "9.9.9.9")
		require.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
	}
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "9.9.9.9")
	assert.Equal(t, tournament.ThrottleWindow, retry(err))
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "5.6.7.8")
	assert.NoError(t, err, "other addresses are not affected")
	clk.t = clk.t.Add(tournament.ThrottleWindow + time.Second)
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "9.9.9.9")
	assert.NoError(t, err, "the window passes")
}

func TestPairDelay(t *testing.T) {
	assert.Zero(t, tournament.PairDelay(tournament.MaxFailuresPerPair-1))
	assert.Equal(t, 2*time.Second, tournament.PairDelay(tournament.MaxFailuresPerPair))
	assert.Equal(t, 4*time.Second, tournament.PairDelay(tournament.MaxFailuresPerPair+1))
	assert.Equal(t, tournament.ThrottleWindow, tournament.PairDelay(1000))
}

func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	ctx := context.Background()
	a, _ := newAuth(t)
	d, _ := a.Setup(ctx, first)
	_, keep, _ := a.Login(ctx, "anna", "segreto-lungo", "ip")
	_, other, _ := a.Login(ctx, "anna", "segreto-lungo", "ip")

	err := a.ChangePassword(ctx, d.ID, "nope", "nuova-password", "nuova-password", keep)
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "director.password.wrong", e.Fields["current"])

	require.NoError(t, a.ChangePassword(ctx, d.ID, "segreto-lungo", "nuova-password", "nuova-password", keep))
	_, err = a.SessionDirector(ctx, keep)
	assert.NoError(t, err)
	_, err = a.SessionDirector(ctx, other)
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
	_, _, err = a.Login(ctx, "anna", "nuova-password", "ip")
	assert.NoError(t, err)
}

func TestTokens(t *testing.T) {
	ctx := context.Background()
	a, _ := newAuth(t)
	d, _ := a.Setup(ctx, first)
	tok, secret, err := a.CreateToken(ctx, d.ID, "export")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(secret, tok.Prefix))
	got, err := a.TokenDirector(ctx, secret)
	require.NoError(t, err)
	assert.Equal(t, d.ID, got.ID)

	other, err := a.AddDirector(ctx, tournament.DirectorInput{Username: "bruno", Name: "Bruno", Password: "0123456789", Confirm: "0123456789"})
	require.NoError(t, err)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(a.RevokeToken(ctx, other.ID, tok.ID)), "one cannot revoke another's token")

	require.NoError(t, a.RevokeToken(ctx, d.ID, tok.ID))
	_, err = a.TokenDirector(ctx, secret)
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
	ts, _ := a.Tokens(ctx, d.ID)
	require.Len(t, ts, 1)
	assert.NotNil(t, ts[0].RevokedAt)

	_, _, err = a.CreateToken(ctx, d.ID, " ")
	assert.Equal(t, tournament.EINVALID, tournament.ErrorCode(err))
}

// TestChecksReadTheStamp (issue 35): a token's or a session's check made for a read of a
// tournament reads the tournament's stamp in the same statement: the stamp Stamp reads,
// not found for a tournament that does not exist (the check still answers), and the
// check refused once the token is revoked or the session ended; Auth puts the stamp on
// the context, where the request's first read of the tournament takes it.
func TestChecksReadTheStamp(t *testing.T) {
	f := newEvening(t, 6, nil)
	ctx := f.ctx
	a := &tournament.Auth{Store: f.db, Cost: bcrypt.MinCost}
	d, err := a.Setup(ctx, first)
	require.NoError(t, err)
	_, secret, err := a.CreateToken(ctx, d.ID, "script")
	require.NoError(t, err)
	_, session, err := a.Login(ctx, "anna", first.Password, "1.2.3.4")
	require.NoError(t, err)
	want, err := f.db.Stamp(ctx, f.tid)
	require.NoError(t, err)

	got, st, found, err := f.db.TokenDirectorStamp(ctx, tournament.HashSecret(secret), f.tid)
	require.NoError(t, err)
	assert.Equal(t, d.ID, got.ID)
	assert.Empty(t, got.PasswordHash)
	assert.NotZero(t, found)
	assert.Equal(t, want, st)
	got, st, found, err = f.db.SessionDirectorStamp(ctx, tournament.HashSecret(session), time.Now(), f.tid)
	require.NoError(t, err)
	assert.Equal(t, d.ID, got.ID)
	assert.NotZero(t, found)
	assert.Equal(t, want, st)
	got, _, found, err = f.db.TokenDirectorStamp(ctx, tournament.HashSecret(secret), f.tid+1000)
	require.NoError(t, err, "no such tournament: the check still answers")
	assert.Equal(t, d.ID, got.ID)
	assert.Zero(t, found)

	// Through Auth, onto the context: the first read of the tournament takes the stamp.
	got, rctx, err := a.TokenDirectorFor(ctx, secret, f.tid)
	require.NoError(t, err)
	assert.Equal(t, d.ID, got.ID)
	snap, err := f.svc.Snapshot(rctx, f.tid, 0)
	require.NoError(t, err)
	assert.Equal(t, want, snap.Stamp())
	_, sctx, err := a.SessionDirectorFor(ctx, session, f.tid)
	require.NoError(t, err)
	assert.NotEqual(t, ctx, sctx, "the stamp is on the context")

	// A save moves the stamp the next check reads.
	_, err = f.svc.Draw(ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	_, st, _, err = f.db.TokenDirectorStamp(ctx, tournament.HashSecret(secret), f.tid)
	require.NoError(t, err)
	assert.Greater(t, st.Revision, want.Revision)

	// Refused once revoked, or ended.
	toks, err := a.Tokens(ctx, d.ID)
	require.NoError(t, err)
	require.NoError(t, a.RevokeToken(ctx, d.ID, toks[0].ID))
	_, _, _, err = f.db.TokenDirectorStamp(ctx, tournament.HashSecret(secret), f.tid)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, _, err = a.TokenDirectorFor(ctx, secret, f.tid)
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
	require.NoError(t, a.Logout(ctx, session))
	_, _, _, err = f.db.SessionDirectorStamp(ctx, tournament.HashSecret(session), time.Now(), f.tid)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, _, err = a.SessionDirectorFor(ctx, session, f.tid)
	assert.Equal(t, tournament.EUNAUTHORIZED, tournament.ErrorCode(err))
}
