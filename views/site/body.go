package site

import (
	"io"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

// The largest body each kind of route reads (docs/SECURITY.md). The reverse proxy's
// client_max_body_size must be at least ImportBody (docs/DEPLOY.md).
const (
	// SmallBody is every route's unless it says otherwise: those open without a login (a
	// table's report, a few KB; a login; a calculation) and any route not listed.
	SmallBody int64 = 32 << 10
	// FormBody is a director's page or API command (a sheet, a round's seats, settings).
	FormBody int64 = 256 << 10
	// ImportBody is a file: a CSV of players, pairs or teams, a tournament document, a scale.
	ImportBody int64 = 4 << 20
)

// The refused bodies' throttle: past RefusedBodies refused in RefusedWindow (drained
// evenly), each further refusal of an address is answered only after its turn, one per
// SlowTurn, at most MaxWaiting held (the rest answered at once): a sender of bad bodies
// is slowed down, while the honest requests behind the same address (a club's router)
// are never held nor refused for it — the penalty falls on the refused bodies alone.
const (
	RefusedBodies = 20
	RefusedWindow = time.Minute
	SlowTurn      = 250 * time.Millisecond
	MaxWaiting    = 32
	maxAddresses  = 10000 // addresses remembered; past it the forgiven are swept, and no new one counted
)

// Bodies caps each route's request body, by the route (method and path as registered),
// before any middleware reads it, and counts bodies refused (too large, or marked by
// page.RefuseBody) against the client's address.
type Bodies struct {
	routes map[string]int64

	mu    sync.Mutex
	addrs map[string]*refusals
	// Now and Sleep are the clock (tests replace them).
	Now   func() time.Time
	Sleep func(time.Duration)
}

// refusals is one address's: a leaky bucket of refused bodies and its turn.
type refusals struct {
	level   float64
	at      time.Time
	turn    chan struct{}
	waiting int
}

// NewBodies returns limits where every route takes SmallBody until Set.
func NewBodies() *Bodies {
	return &Bodies{routes: map[string]int64{}, addrs: map[string]*refusals{}, Now: time.Now, Sleep: time.Sleep}
}

// Set gives the route method path (as registered) a body limit.
func (b *Bodies) Set(method, path string, limit int64) { b.routes[method+" "+path] = limit }

// Limit is the body limit of the route method path.
func (b *Bodies) Limit(method, path string) int64 {
	if n, ok := b.routes[method+" "+path]; ok {
		return n
	}
	return SmallBody
}

// Middleware refuses a body over the route's limit with 413 (at once when its length
// is announced, else when the reading passes it), and holds the refusals of an address
// whose bodies were refused too often (see RefusedBodies).
func (b *Bodies) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
			return next(c)
		}
		addr := addressKey(c.RealIP())
		limit := b.Limit(r.Method, c.Path())
		if r.ContentLength > limit {
			b.refused(addr)
			return echo.ErrStatusRequestEntityTooLarge
		}
		lr := &limitedReader{r: r.Body, left: limit}
		r.Body = lr
		err := next(c)
		if lr.over || page.BodyRefused(c) {
			b.refused(addr)
		}
		return err
	}
}

// hold keeps a refusal of addr from being answered until its turn, one per SlowTurn,
// once the address is past RefusedBodies; past MaxWaiting held it is answered at once.
// Only refusals wait: a sender of bad bodies cannot make another's request wait (with
// every turn taken, a report from the same router was refused: a room locked out).
func (b *Bodies) hold(a *refusals) {
	if a == nil || a.level <= RefusedBodies || a.waiting >= MaxWaiting {
		return
	}
	a.waiting++
	b.mu.Unlock()
	a.turn <- struct{}{}
	b.Sleep(SlowTurn)
	<-a.turn
	b.mu.Lock()
	a.waiting--
}

// refused counts a refused body against addr, and holds its answer (hold).
func (b *Bodies) refused(addr string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.Now()
	a := b.addrs[addr]
	if a == nil {
		if len(b.addrs) >= maxAddresses {
			for k, o := range b.addrs {
				if o.waiting == 0 && o.drain(now) < 1 {
					delete(b.addrs, k)
				}
			}
			if len(b.addrs) >= maxAddresses {
				return // as many senders of bad bodies at once: memory stays bounded
			}
		}
		a = &refusals{at: now, turn: make(chan struct{}, 1)}
		b.addrs[addr] = a
	}
	a.drain(now)
	a.level++
	b.hold(a)
}

// drain lets the bucket leak RefusedBodies per RefusedWindow up to now, and returns its level.
func (a *refusals) drain(now time.Time) float64 {
	if d := now.Sub(a.at); d > 0 {
		a.level = max(a.level-float64(RefusedBodies)*float64(d)/float64(RefusedWindow), 0)
		a.at = now
	}
	return a.level
}

// addressKey is a client address as the throttle counts it: an IPv6 address by its
// /64, the network a single host usually gets.
func addressKey(client string) string {
	if a, err := netip.ParseAddr(client); err == nil && a.Is6() && !a.Is4In6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return client
}

// limitedReader reads at most left bytes, then fails as echo's body limit does (413).
type limitedReader struct {
	r    io.ReadCloser
	left int64
	over bool
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells a body of exactly the limit from a longer one.
		var one [1]byte
		if n, err := l.r.Read(one[:]); n == 0 {
			return 0, err
		}
		l.over = true
		return 0, echo.ErrStatusRequestEntityTooLarge
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

func (l *limitedReader) Close() error { return l.r.Close() }
