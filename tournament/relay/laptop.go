package relay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	gosync "sync"
	"time"

	"burraco/scoring/strictjson"
	"burraco/tournament"
	tsync "burraco/tournament/sync"
)

// Source is what the Sealer reads of the laptop's tournaments.
type Source interface {
	// Load reads a tournament's current stage (its State says whether it is final).
	Load(ctx context.Context, tid int64) (*tournament.State, error)
	// Export reads a tournament whole, as the document sent.
	Export(ctx context.Context, tid int64) (*tournament.Document, error)
	// TournamentUID is the tournament's uid, made once.
	TournamentUID(ctx context.Context, tid int64) (string, error)
}

// Laptop is the laptop's side: linking to the hub, filling the outbox, sending it.
type Laptop struct {
	Store  LaptopStore
	Source Source
	// Client posts to the hub (http.DefaultClient with a 60 s timeout when nil).
	Client *http.Client
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Log receives the sender's failures (slog.Default when nil).
	Log *slog.Logger
	// MinBackoff and MaxBackoff bound the wait between two tries of one entry (1 s and
	// 5 min when zero); each wait doubles, with jitter.
	MinBackoff, MaxBackoff time.Duration

	notFinal map[int64]int64 // tournament → a revision seen not final
	once     gosync.Once
	kick     chan struct{}
}

// invalid is an EINVALID error on one field.
func invalid(field, key string) error {
	fe := tournament.FieldErrors{}
	fe.Add(field, key)
	return fe.Err()
}

// wake is the worker's wake-up channel, made once.
func (l *Laptop) wake() chan struct{} {
	l.once.Do(func() { l.kick = make(chan struct{}, 1) })
	return l.kick
}

func (l *Laptop) now() time.Time {
	if l.Now != nil {
		return l.Now().UTC()
	}
	return time.Now().UTC()
}

func (l *Laptop) client() *http.Client {
	if l.Client != nil {
		return l.Client
	}
	return &http.Client{Timeout: 60 * time.Second}
}

func (l *Laptop) log() *slog.Logger {
	if l.Log != nil {
		return l.Log
	}
	return slog.Default()
}

// LinkRequest is what a laptop sends the hub to link itself: the code a director of
// the club made on the hub, the laptop's public key (base64) and a label.
type LinkRequest struct {
	Code   string `json:"code"`
	Public string `json:"public"`
	Label  string `json:"label"`
}

// LinkAnswer is the hub's answer to a link: the club's slug and the key's id.
type LinkAnswer struct {
	Club  string `json:"club"`
	KeyID string `json:"key_id"`
}

// CheckAddress reads a hub's address: http or https, a host, no query.
func CheckAddress(s string) (string, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "/")
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", invalid("address", "sync.err.address")
	}
	return s, nil
}

// LinkTo links the laptop to a hub with a code made there: the laptop's public key
// goes to the hub, which keeps it for the code's club; the hub's address and the club
// are stored. A code the hub does not take is EINVALID on "code" (sync.code_invalid);
// a hub that cannot be reached is EINVALID on "address" (sync.err.unreachable).
func (l *Laptop) LinkTo(ctx context.Context, address, code, label string) (*Link, error) {
	fe := tournament.FieldErrors{}
	addr, err := CheckAddress(address)
	if err != nil {
		fe.Add("address", "sync.err.address")
	}
	if strings.TrimSpace(code) == "" {
		fe.Add("code", "error.required")
	}
	label = strings.TrimSpace(label)
	tournament.CheckText(fe, "label", label, tournament.OneLine)
	if len(label) > 100 {
		fe.Add("label", "error.too_long")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	key, err := l.Store.LaptopKey(ctx)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(LinkRequest{Code: strings.TrimSpace(code), Public: tsync.EncodePublic(key.Public), Label: label})
	if err != nil {
		return nil, fmt.Errorf("link request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, addr+LinkPath, bytes.NewReader(body))
	if err != nil {
		return nil, invalid("address", "sync.err.address")
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := l.client().Do(req)
	if err != nil {
		return nil, invalid("address", "sync.err.unreachable")
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode != http.StatusOK {
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusConflict || resp.StatusCode == http.StatusUnprocessableEntity {
			return nil, invalid("code", "sync.code_invalid")
		}
		return nil, invalid("address", "sync.err.unreachable")
	}
	var a LinkAnswer
	if err := strictjson.Decode(raw, &a); err != nil || a.Club == "" {
		return nil, invalid("address", "sync.err.unreachable")
	}
	link := &Link{Address: addr, Club: a.Club, Label: label, LinkedAt: l.now()}
	now := l.now()
	link.LastContact = &now
	if err := l.Store.SetHubLink(ctx, link); err != nil {
		return nil, err
	}
	l.Kick()
	return link, nil
}

// Seal queues every tournament that is final at a revision not yet queued (one row per
// tournament and revision: the exact bytes and signature the sender posts). Nothing is
// queued before the laptop is linked (the club's slug goes into the document).
func (l *Laptop) Seal(ctx context.Context) (int, error) {
	link, err := l.Store.HubLink(ctx)
	if err != nil || link == nil {
		return 0, err
	}
	todo, err := l.Store.Unqueued(ctx)
	if err != nil {
		return 0, err
	}
	if l.notFinal == nil {
		l.notFinal = map[int64]int64{}
	}
	n := 0
	for tid, rev := range todo {
		if l.notFinal[tid] == rev {
			continue
		}
		ok, err := l.sealOne(ctx, link, tid)
		if err != nil {
			return n, fmt.Errorf("seal tournament %d: %w", tid, err)
		}
		if ok {
			n++
			delete(l.notFinal, tid)
		} else {
			l.notFinal[tid] = rev
		}
	}
	if n > 0 {
		l.Kick()
	}
	return n, nil
}

// sealOne queues one tournament's revision when it is final.
func (l *Laptop) sealOne(ctx context.Context, link *Link, tid int64) (bool, error) {
	st, err := l.Source.Load(ctx, tid)
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !st.Final() {
		return false, nil
	}
	doc, err := l.Source.Export(ctx, tid)
	if err != nil {
		return false, err
	}
	if doc.Tournament.Revision != st.Tournament.Revision {
		return false, nil // changed between the two reads: the next pass sees it again
	}
	uid, err := l.Source.TournamentUID(ctx, tid)
	if err != nil {
		return false, err
	}
	key, err := l.Store.LaptopKey(ctx)
	if err != nil {
		return false, err
	}
	env, err := tsync.New(link.Club, uid, doc.Tournament.Revision, tsync.Prepare(doc), l.now())
	if err != nil {
		return false, err
	}
	body, sig, err := key.Seal(env)
	if err != nil {
		return false, err
	}
	now := l.now()
	return true, l.Store.Enqueue(ctx, &Entry{Tournament: tid, UID: uid, Revision: doc.Tournament.Revision,
		Body: body, Signature: sig, State: Waiting, QueuedAt: now, NextAt: now})
}

// backoff is the wait after the n-th failed try: MinBackoff doubled n-1 times, at most
// MaxBackoff, with ±50 % jitter.
func (l *Laptop) backoff(n int) time.Duration {
	lo, hi := l.MinBackoff, l.MaxBackoff
	if lo <= 0 {
		lo = time.Second
	}
	if hi <= 0 {
		hi = 5 * time.Minute
	}
	d := lo
	for i := 1; i < n && d < hi; i++ {
		d *= 2
	}
	d = min(d, hi)
	return d/2 + rand.N(d)
}

// errNoAnswer is a try that got no answer (the hub unreachable, cut, failing).
var errNoAnswer = errors.New("no answer from the hub")

// SendDue posts every entry due now, oldest first, and stores the answers. It returns
// how many got an answer.
func (l *Laptop) SendDue(ctx context.Context) (int, error) {
	link, err := l.Store.HubLink(ctx)
	if err != nil || link == nil {
		return 0, err
	}
	due, err := l.Store.Due(ctx, l.now(), 50)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range due {
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		// Before posting: the next try is set first, so a crash mid-send tries again later.
		if err := l.Store.Attempt(ctx, e.ID, l.now().Add(l.backoff(e.Attempts+1))); err != nil {
			return n, err
		}
		a, err := l.post(ctx, link.Address, e.Body, e.Signature)
		if err != nil {
			l.log().Info("sync: no answer from the hub", "tournament", e.Tournament, "revision", e.Revision, "err", err)
			continue
		}
		at := l.now()
		state := Accepted
		if a.Outcome != tsync.Accepted {
			state = Refused
		}
		if err := l.Store.Answer(ctx, e.ID, state, a.Reason, a.Args, a.Fields, at); err != nil {
			return n, err
		}
		_ = l.Store.TouchHubLink(ctx, at)
		n++
	}
	return n, nil
}

// post sends one body and reads the hub's answer: an Answer for a 200 or a refusal
// (4xx with an answer's body); anything else (no connection, a cut, 5xx, a body that
// is no answer) is errNoAnswer.
func (l *Laptop) post(ctx context.Context, address string, body []byte, sig string) (*tsync.Answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, address+ResultsPath, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, sig)
	resp, err := l.client().Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errNoAnswer, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errNoAnswer, err)
	}
	if resp.StatusCode >= 500 || (resp.StatusCode != http.StatusOK && resp.StatusCode < 400) {
		return nil, fmt.Errorf("%w: status %d", errNoAnswer, resp.StatusCode)
	}
	// Accepted: the answer is the body; refused: the body is the error with the answer
	// inside ({"error": …, "answer": …}).
	var a tsync.Answer
	var refusal struct {
		Answer *tsync.Answer `json:"answer"`
	}
	if resp.StatusCode == http.StatusOK {
		err = json.Unmarshal(raw, &a)
	} else if err = json.Unmarshal(raw, &refusal); err == nil && refusal.Answer != nil {
		a = *refusal.Answer
	}
	if err != nil || (a.Outcome != tsync.Accepted && a.Outcome != tsync.Refused) {
		return nil, fmt.Errorf("%w: status %d, not an answer", errNoAnswer, resp.StatusCode)
	}
	if (resp.StatusCode == http.StatusOK) != (a.Outcome == tsync.Accepted) {
		return nil, fmt.Errorf("%w: status %d with outcome %s", errNoAnswer, resp.StatusCode, a.Outcome)
	}
	return &a, nil
}

// Kick wakes the worker (a link made, a revision queued).
func (l *Laptop) Kick() {
	select {
	case l.wake() <- struct{}{}:
	default:
	}
}

// DefaultTick is how often the laptop's worker looks for work when given no interval.
const DefaultTick = 5 * time.Second

// Run is the laptop's worker until ctx ends: every tick (and when kicked) it seals
// what became final and sends what is due. Started by main, stopped on shutdown; the
// outbox is in the database, so a restart resumes where it stopped. A tick that is not
// positive is DefaultTick.
func (l *Laptop) Run(ctx context.Context, tick time.Duration) {
	if tick <= 0 {
		tick = DefaultTick
	}
	kick := l.wake()
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		if _, err := l.Seal(ctx); err != nil && ctx.Err() == nil {
			l.log().Warn("sync: seal", "err", err)
		}
		if _, err := l.SendDue(ctx); err != nil && ctx.Err() == nil {
			l.log().Warn("sync: send", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-kick:
		}
	}
}
