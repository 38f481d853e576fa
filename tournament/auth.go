package tournament

import (
	"burraco/tournament/readshare"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Login throttling (see docs/SECURITY-login.md). Failures are counted per
// (username, client address) pair and per client address, over ThrottleWindow:
//   - a pair gets MaxFailuresPerPair free attempts; after n >= MaxFailuresPerPair
//     failures each further attempt from that pair must wait 2^(n-MaxFailuresPerPair+1)
//     seconds after the last failure (at most ThrottleWindow), whatever the password;
//   - an address with MaxFailuresPerIP failures, across usernames, waits until the
//     oldest of them leaves the window.
//
// The right password from another address is never held back, so a stranger cannot
// lock a director out.
const (
	ThrottleWindow     = 15 * time.Minute
	MaxFailuresPerPair = 5
	MaxFailuresPerIP   = 20
	SessionLifetime    = 14 * 24 * time.Hour
	tokenPrefix        = "bt_"
)

// Auth is the use-case service for director accounts, sessions and API tokens.
type Auth struct {
	Store AuthStore
	// Cost is the bcrypt cost; zero means bcrypt.DefaultCost.
	Cost int
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// MaxChecks bounds the password checks (bcrypt) running at once, so that a flood of
	// logins cannot take every CPU from the pages; zero means max(1, NumCPU/2).
	MaxChecks int
	// CheckWait is how long a login waits for its turn to check a password before it is
	// refused with ETHROTTLED; zero means one second.
	CheckWait time.Duration

	checksOnce sync.Once
	checks     chan struct{}
	dummyOnce  sync.Once
	dummy      []byte
	knownOnce  sync.Once
	knownKey   []byte
	knownMu    sync.Mutex
	known      map[int64][]byte // director ID → passwordDigest of the password verified

	// sessions and tokens share the checks of one secret between requests arriving
	// together (readshare.Group): never a check begun before a request asked, so one
	// ended or revoked on any instance is refused from its commit on.
	sessions, tokens readshare.Group[string, *Director]
	// stamped share the checks made with a tournament's stamp (StampedAuthStore).
	stamped readshare.Group[stampedKey, stampedCheck]
}

// passwordDigest is a keyed digest of a password together with the stored hash it was
// verified against: the key is random, made by this process and never stored, so the
// digest is no help to whoever reads the database; and a new password (a new hash, set
// on any instance) no longer matches.
func (a *Auth) passwordDigest(hash, password string) []byte {
	a.knownOnce.Do(func() {
		a.knownKey = make([]byte, 32)
		if _, err := rand.Read(a.knownKey); err != nil {
			panic(err)
		}
		a.known = map[int64][]byte{}
	})
	mac := hmac.New(sha256.New, a.knownKey)
	mac.Write([]byte(hash))
	mac.Write([]byte{0})
	mac.Write([]byte(password))
	return mac.Sum(nil)
}

// remember keeps the password just verified (or set) for a director, so that the
// director's next login with it needs no bcrypt check: under a flood of wrong
// passwords from many addresses, which fills the bounded checks, the right one is still
// admitted at once (docs/SECURITY.md).
func (a *Auth) remember(id int64, hash, password string) {
	d := a.passwordDigest(hash, password)
	a.knownMu.Lock()
	a.known[id] = d
	a.knownMu.Unlock()
}

// knownPassword reports whether password is the one this process last verified for the
// director, against the hash stored now.
func (a *Auth) knownPassword(d *Director, password string) bool {
	digest := a.passwordDigest(d.PasswordHash, password)
	a.knownMu.Lock()
	known := a.known[d.ID]
	a.knownMu.Unlock()
	return known != nil && hmac.Equal(known, digest)
}

// comparePassword checks a password against a bcrypt hash, waiting its turn among the
// bounded checks; if no turn comes within CheckWait it fails with ETHROTTLED.
func (a *Auth) comparePassword(ctx context.Context, hash []byte, password string) (bool, error) {
	a.checksOnce.Do(func() {
		n := a.MaxChecks
		if n <= 0 {
			n = max(1, runtime.NumCPU()/2)
		}
		a.checks = make(chan struct{}, n)
	})
	wait := a.CheckWait
	if wait <= 0 {
		wait = time.Second
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case a.checks <- struct{}{}:
	case <-timer.C:
		return false, &Error{Code: ETHROTTLED, Key: "login.busy", RetryAfter: time.Second}
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-a.checks }()
	var ok bool
	atLowPriority(func() { ok = bcrypt.CompareHashAndPassword(hash, []byte(password)) == nil })
	return ok, nil
}

func (a *Auth) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

func (a *Auth) hash(pw string) (string, error) {
	cost := a.Cost
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pw), cost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(h), nil
}

// SetupNeeded reports whether no director exists yet.
func (a *Auth) SetupNeeded(ctx context.Context) (bool, error) {
	n, err := a.Store.CountDirectors(ctx)
	return n == 0, err
}

// Setup creates the first director; once one exists it fails with ECONFLICT.
func (a *Auth) Setup(ctx context.Context, in DirectorInput) (*Director, error) {
	return a.addDirector(ctx, in, a.Store.CreateFirstDirector)
}

// AddDirector creates another director.
func (a *Auth) AddDirector(ctx context.Context, in DirectorInput) (*Director, error) {
	return a.addDirector(ctx, in, a.Store.CreateDirector)
}

func (a *Auth) addDirector(ctx context.Context, in DirectorInput, create func(context.Context, *Director) error) (*Director, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	h, err := a.hash(in.Password)
	if err != nil {
		return nil, err
	}
	d := &Director{Username: in.Username, Name: in.Name, PasswordHash: h, CreatedAt: a.now()}
	if err := create(ctx, d); err != nil {
		return nil, err
	}
	a.remember(d.ID, h, in.Password)
	return d, nil
}

// Directors lists every director.
func (a *Auth) Directors(ctx context.Context) ([]Director, error) {
	return a.Store.ListDirectors(ctx)
}

// dummyHash is compared against when the username is unknown, so that a wrong
// username takes as long as a wrong password: it has the cost of real hashes.
func (a *Auth) dummyHash() []byte {
	a.dummyOnce.Do(func() {
		h, err := a.hash("not a password")
		if err != nil {
			panic(err)
		}
		a.dummy = []byte(h)
	})
	return a.dummy
}

// PairDelay is how long a (username, address) pair with n failures in the window
// waits after its last failure before its next attempt.
func PairDelay(n int) time.Duration {
	if n < MaxFailuresPerPair {
		return 0
	}
	k := n - MaxFailuresPerPair + 1
	if k >= 10 { // 2^10 s > ThrottleWindow
		return ThrottleWindow
	}
	return min(time.Duration(1<<k)*time.Second, ThrottleWindow)
}

// throttled is the error for a login refused until wait has passed.
func throttled(wait time.Duration) error {
	secs := int((wait + time.Second - 1) / time.Second)
	e := &Error{Code: ETHROTTLED, Key: "login.wait", Args: []any{secs}, RetryAfter: time.Duration(secs) * time.Second}
	if secs >= 120 {
		e.Key, e.Args = "login.throttled", []any{(secs + 59) / 60}
	}
	return e
}

// checkThrottle refuses an attempt the throttling policy holds back.
func (a *Auth) checkThrottle(ctx context.Context, pairKey, addrKey string, now time.Time) error {
	since := now.Add(-ThrottleWindow)
	byAddr, err := a.Store.LoginFailureTimes(ctx, addrKey, since)
	if err != nil {
		return err
	}
	if n := len(byAddr); n >= MaxFailuresPerIP {
		return throttled(byAddr[n-MaxFailuresPerIP].Add(ThrottleWindow).Sub(now))
	}
	byPair, err := a.Store.LoginFailureTimes(ctx, pairKey, since)
	if err != nil {
		return err
	}
	if n := len(byPair); n >= MaxFailuresPerPair {
		if until := byPair[n-1].Add(PairDelay(n)); now.Before(until) {
			return throttled(until.Sub(now))
		}
	}
	return nil
}

// authenticate checks credentials, throttled per (username, address) and per address.
func (a *Auth) authenticate(ctx context.Context, username, password, addr string) (*Director, error) {
	username = strings.ToLower(strings.TrimSpace(username))
	now := a.now()
	pairKey, addrKey := "pair:"+addr+"|"+username, "addr:"+addr
	if err := a.checkThrottle(ctx, pairKey, addrKey, now); err != nil {
		return nil, err
	}
	d, err := a.Store.FindDirectorByUsername(ctx, username)
	if err != nil && ErrorCode(err) != ENOTFOUND {
		return nil, err
	}
	hash := a.dummyHash()
	if d != nil {
		hash = []byte(d.PasswordHash)
	}
	ok := d != nil && a.knownPassword(d, password)
	if !ok {
		if ok, err = a.comparePassword(ctx, hash, password); err != nil {
			return nil, err
		}
		if ok && d != nil {
			a.remember(d.ID, d.PasswordHash, password)
		}
	}
	if !ok || d == nil {
		for _, k := range []string{pairKey, addrKey} {
			if err := a.Store.RecordLoginFailure(ctx, k, now); err != nil {
				return nil, err
			}
		}
		return nil, &Error{Code: EUNAUTHORIZED, Key: "login.failed"}
	}
	if err := a.Store.ClearLoginFailures(ctx, pairKey); err != nil {
		return nil, err
	}
	return d, nil
}

// Login checks credentials and opens a browser session, returning its secret.
func (a *Auth) Login(ctx context.Context, username, password, addr string) (*Director, string, error) {
	d, err := a.authenticate(ctx, username, password, addr)
	if err != nil {
		return nil, "", err
	}
	secret, hash := newSecret("")
	now := a.now()
	if err := a.Store.CreateSession(ctx, &Session{TokenHash: hash, DirectorID: d.ID, CreatedAt: now, ExpiresAt: now.Add(SessionLifetime)}); err != nil {
		return nil, "", err
	}
	return d, secret, nil
}

// LoginToken checks credentials and creates a named API token: the API's login.
func (a *Auth) LoginToken(ctx context.Context, username, password, addr, name string) (*APIToken, string, error) {
	d, err := a.authenticate(ctx, username, password, addr)
	if err != nil {
		return nil, "", err
	}
	return a.CreateToken(ctx, d.ID, name)
}

// Logout ends a browser session.
func (a *Auth) Logout(ctx context.Context, secret string) error {
	return a.Store.DeleteSession(ctx, HashSecret(secret))
}

// SessionDirector returns the director of a live session.
func (a *Auth) SessionDirector(ctx context.Context, secret string) (*Director, error) {
	if secret == "" {
		return nil, Errorf(EUNAUTHORIZED, "error.unauthorized")
	}
	hash := HashSecret(secret)
	d, err := a.sessions.Read(ctx, hash, func(ctx context.Context) (*Director, error) {
		return a.Store.SessionDirector(ctx, hash, a.now())
	})
	if ErrorCode(err) == ENOTFOUND {
		return nil, Errorf(EUNAUTHORIZED, "error.unauthorized")
	} else if err != nil {
		return nil, err
	}
	own := *d // each request's own
	return &own, nil
}

// ChangePassword checks the current password, stores the new one, ends the
// director's other sessions and revokes their API tokens.
func (a *Auth) ChangePassword(ctx context.Context, directorID int64, current, next, confirm, keepSession string) error {
	d, err := a.Store.FindDirector(ctx, directorID)
	if err != nil {
		return err
	}
	fe := FieldErrors{}
	ok, err := a.comparePassword(ctx, []byte(d.PasswordHash), current)
	if err != nil {
		return err
	}
	if !ok {
		fe.Add("current", "director.password.wrong")
	}
	validatePassword(fe, "password", next)
	if confirm != next {
		fe.Add("confirm", "director.password.mismatch")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	h, err := a.hash(next)
	if err != nil {
		return err
	}
	keep := ""
	if keepSession != "" {
		keep = HashSecret(keepSession)
	}
	if err := a.Store.SetPassword(ctx, directorID, h, keep, a.now()); err != nil {
		return err
	}
	a.remember(directorID, h, next)
	return nil
}

// CheckTokenName checks an API token's name (field "name"): one line, given, at most
// 100 characters; it returns the name with its spaces collapsed.
func CheckTokenName(name string) (string, FieldErrors) {
	name = collapseSpaces(name)
	fe := FieldErrors{}
	CheckText(fe, "name", name, OneLine)
	if name == "" {
		fe.Add("name", "error.required")
	} else if utf8.RuneCountInString(name) > maxNameLen {
		fe.Add("name", "error.too_long")
	}
	return name, fe
}

// CreateToken makes a new API token and returns it with its secret, shown only now.
func (a *Auth) CreateToken(ctx context.Context, directorID int64, name string) (*APIToken, string, error) {
	name, fe := CheckTokenName(name)
	if err := fe.Err(); err != nil {
		return nil, "", err
	}
	secret, hash := newSecret(tokenPrefix)
	t := &APIToken{DirectorID: directorID, Name: name, Prefix: secret[:len(tokenPrefix)+6], TokenHash: hash, CreatedAt: a.now()}
	request := struct {
		Director int64
		Name     string
	}{directorID, name}
	err := once(ctx, a.Store, "create token", request, func(ctx context.Context, c *Claim) error {
		c.setResult(idResult(&t.ID))
		return a.Store.CreateToken(ctx, t)
	}, func(string) error {
		// The secret is shown once and not kept: a token sent again is not made twice,
		// nor can its secret be shown again.
		return Errorf(ECONFLICT, "tokens.replayed")
	})
	if err != nil {
		return nil, "", err
	}
	return t, secret, nil
}

// Tokens lists a director's API tokens, revoked ones included.
func (a *Auth) Tokens(ctx context.Context, directorID int64) ([]APIToken, error) {
	return a.Store.ListTokens(ctx, directorID)
}

// RevokeToken stops one of the director's tokens from working.
func (a *Auth) RevokeToken(ctx context.Context, directorID, id int64) error {
	return a.Store.RevokeToken(ctx, directorID, id, a.now())
}

// stampedKey names a check made with a tournament's stamp: the secret's hash, whether it
// is a session's (else a token's), the tournament.
type stampedKey struct {
	hash    string
	session bool
	tid     int64
}

// stampedCheck is a check's answer with the tournament's stamp.
type stampedCheck struct {
	d     *Director
	stamp Stamp
	club  int64 // 0: no such tournament
}

// SessionDirectorFor is SessionDirector for a request that reads tournament tid: on a
// StampedAuthStore the tournament's stamp is read in the same statement and put on the
// returned context (WithStamp), where the request's first read of the tournament takes
// it instead of reading it again. Otherwise, or with tid 0, it is SessionDirector and
// ctx is returned as it is.
func (a *Auth) SessionDirectorFor(ctx context.Context, secret string, tid int64) (*Director, context.Context, error) {
	ss, ok := a.Store.(StampedAuthStore)
	if !ok || tid <= 0 || secret == "" {
		d, err := a.SessionDirector(ctx, secret)
		return d, ctx, err
	}
	hash := HashSecret(secret)
	now := a.now()
	return a.stampedCheck(ctx, stampedKey{hash, true, tid}, func(ctx context.Context) (*Director, Stamp, int64, error) {
		return ss.SessionDirectorStamp(ctx, hash, now, tid)
	})
}

// TokenDirectorFor is TokenDirector for a request that reads tournament tid, as
// SessionDirectorFor is SessionDirector.
func (a *Auth) TokenDirectorFor(ctx context.Context, secret string, tid int64) (*Director, context.Context, error) {
	ss, ok := a.Store.(StampedAuthStore)
	if !ok || tid <= 0 || !strings.HasPrefix(secret, tokenPrefix) {
		d, err := a.TokenDirector(ctx, secret)
		return d, ctx, err
	}
	hash := HashSecret(secret)
	return a.stampedCheck(ctx, stampedKey{hash, false, tid}, func(ctx context.Context) (*Director, Stamp, int64, error) {
		return ss.TokenDirectorStamp(ctx, hash, tid)
	})
}

// stampedCheck makes a check with a tournament's stamp, shared by the requests arriving
// together (a read begun after each asked, as the checks alone are).
func (a *Auth) stampedCheck(ctx context.Context, k stampedKey, read func(context.Context) (*Director, Stamp, int64, error)) (*Director, context.Context, error) {
	r, err := a.stamped.Read(ctx, k, func(ctx context.Context) (stampedCheck, error) {
		d, st, club, err := read(ctx)
		return stampedCheck{d, st, club}, err
	})
	if ErrorCode(err) == ENOTFOUND {
		return nil, ctx, Errorf(EUNAUTHORIZED, "error.unauthorized")
	} else if err != nil {
		return nil, ctx, err
	}
	own := *r.d // each request's own
	if r.club != 0 {
		ctx = WithStamp(ctx, k.tid, r.club, r.stamp)
	}
	return &own, ctx, nil
}

// TokenDirector returns the director of a live API token.
func (a *Auth) TokenDirector(ctx context.Context, secret string) (*Director, error) {
	if !strings.HasPrefix(secret, tokenPrefix) {
		return nil, Errorf(EUNAUTHORIZED, "error.unauthorized")
	}
	hash := HashSecret(secret)
	d, err := a.tokens.Read(ctx, hash, func(ctx context.Context) (*Director, error) {
		return a.Store.TokenDirector(ctx, hash)
	})
	if ErrorCode(err) == ENOTFOUND {
		return nil, Errorf(EUNAUTHORIZED, "error.unauthorized")
	} else if err != nil {
		return nil, err
	}
	own := *d // each request's own
	return &own, nil
}
