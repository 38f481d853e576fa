package tournament

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

// Issue 9 (4): password checks are bounded; one that cannot start in time is refused.
func TestPasswordChecksAreBounded(t *testing.T) {
	ctx := context.Background()
	h, err := bcrypt.GenerateFromPassword([]byte("segreto-lungo"), bcrypt.MinCost)
	require.NoError(t, err)
	a := &Auth{MaxChecks: 1, CheckWait: 50 * time.Millisecond}
	ok, err := a.comparePassword(ctx, h, "segreto-lungo")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, 1, cap(a.checks))

	a.checks <- struct{}{} // a check under way
	start := time.Now()
	_, err = a.comparePassword(ctx, h, "segreto-lungo")
	e, isErr := AsError(err)
	require.True(t, isErr, "%v", err)
	assert.Equal(t, ETHROTTLED, e.Code)
	assert.Equal(t, "login.busy", e.Key)
	assert.Equal(t, time.Second, e.RetryAfter)
	if os.Getenv("BURRACO_TIMED") != "" { // a timed check: CI's dedicated step only
		assert.Less(t, time.Since(start), time.Second, "it waits CheckWait, not longer")
	}

	<-a.checks
	ok, err = a.comparePassword(ctx, h, "wrong")
	require.NoError(t, err)
	assert.False(t, ok)
}

// loginStore is an AuthStore for the login alone: directors, sessions, failures.
type loginStore struct {
	AuthStore
	mu        sync.Mutex
	directors []*Director
	failures  map[string][]time.Time
}

func (s *loginStore) CreateFirstDirector(_ context.Context, d *Director) error {
	return s.CreateDirector(nil, d)
}

func (s *loginStore) CreateDirector(_ context.Context, d *Director) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d.ID = int64(len(s.directors) + 1)
	cp := *d
	s.directors = append(s.directors, &cp)
	return nil
}

func (s *loginStore) FindDirectorByUsername(_ context.Context, u string) (*Director, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.directors {
		if d.Username == u {
			cp := *d
			return &cp, nil
		}
	}
	return nil, Errorf(ENOTFOUND, "error.not_found")
}

func (s *loginStore) FindDirector(_ context.Context, id int64) (*Director, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := *s.directors[id-1]
	return &cp, nil
}

func (s *loginStore) SetPassword(_ context.Context, id int64, hash, _ string, _ time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.directors[id-1].PasswordHash = hash
	return nil
}

func (s *loginStore) CreateSession(context.Context, *Session) error { return nil }

func (s *loginStore) RecordLoginFailure(_ context.Context, key string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failures == nil {
		s.failures = map[string][]time.Time{}
	}
	s.failures[key] = append(s.failures[key], at)
	return nil
}

func (s *loginStore) LoginFailureTimes(_ context.Context, key string, since time.Time) ([]time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []time.Time
	for _, t := range s.failures[key] {
		if !t.Before(since) {
			out = append(out, t)
		}
	}
	return out, nil
}

func (s *loginStore) ClearLoginFailures(_ context.Context, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.failures, key)
	return nil
}

// Issue 18 (2): while a flood of wrong passwords from many addresses holds every
// password check, the director's right password (one this instance has verified or
// set) is admitted from an address never seen, with no check to wait for; a wrong one
// still waits its turn and is refused, and the memory follows a change of password.
func TestRightPasswordAdmittedWhileChecksAreFull(t *testing.T) {
	ctx := context.Background()
	store := &loginStore{}
	a := &Auth{Store: store, Cost: bcrypt.MinCost, MaxChecks: 1, CheckWait: 20 * time.Millisecond}
	_, err := a.Setup(ctx, DirectorInput{Username: "anna", Name: "Anna", Password: "segreto-lungo", Confirm: "segreto-lungo"})
	require.NoError(t, err)
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "10.0.0.1")
	require.NoError(t, err)

	a.checksOnce.Do(func() { a.checks = make(chan struct{}, 1) })
	a.checks <- struct{}{} // the flood holds every check
	for i := range 5 {
		d, _, err := a.Login(ctx, "anna", "segreto-lungo", fmt.Sprintf("192.168.7.%d", i+1))
		require.NoError(t, err, "the right password from a fresh address")
		assert.Equal(t, "anna", d.Username)
	}
	_, _, err = a.Login(ctx, "anna", "wrong-password", "192.168.8.1")
	assert.Equal(t, "login.busy", mustKeyOf(t, err), "a wrong password still needs a check")

	// Another instance (or this one restarted) has verified nothing yet: it checks.
	b := &Auth{Store: store, Cost: bcrypt.MinCost, MaxChecks: 1, CheckWait: 20 * time.Millisecond}
	b.checksOnce.Do(func() { b.checks = make(chan struct{}, 1) })
	b.checks <- struct{}{}
	_, _, err = b.Login(ctx, "anna", "segreto-lungo", "192.168.9.1")
	assert.Equal(t, "login.busy", mustKeyOf(t, err))
	<-b.checks
	_, _, err = b.Login(ctx, "anna", "segreto-lungo", "192.168.9.2")
	require.NoError(t, err)
	b.checks <- struct{}{}
	_, _, err = b.Login(ctx, "anna", "segreto-lungo", "192.168.9.3")
	require.NoError(t, err, "verified once, then admitted at once")

	// A new password (set through b): the old one is no longer admitted by a's memory.
	<-b.checks
	require.NoError(t, b.ChangePassword(ctx, 1, "segreto-lungo", "nuovo-segreto-lungo", "nuovo-segreto-lungo", ""))
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "192.168.10.1")
	assert.Equal(t, "login.busy", mustKeyOf(t, err), "the old password is checked again")
	<-a.checks
	_, _, err = a.Login(ctx, "anna", "segreto-lungo", "192.168.10.2")
	assert.Equal(t, "login.failed", mustKeyOf(t, err))
	_, _, err = b.Login(ctx, "anna", "nuovo-segreto-lungo", "192.168.10.3")
	require.NoError(t, err)
}

func mustKeyOf(t *testing.T, err error) string {
	t.Helper()
	e, ok := AsError(err)
	require.True(t, ok, "%v", err)
	return e.Key
}
