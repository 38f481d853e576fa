package tournament

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"burraco/tournament/keep"
	"burraco/tournament/lag"
)

// Stamp is what a loaded stage depends on in the database: the tournament's revision
// (its log's latest number: every command logs) and the sum of the registry versions of
// its members (a player renamed in the registry shows renamed in every tournament, and
// that logs nothing there). A stage derived at a stamp is current while the stored stamp
// is the same, on every instance of the app.
type Stamp struct {
	Revision int64
	Registry int64
}

// after reports whether s is later than o: its revision, then its registry's.
func (s Stamp) after(o Stamp) bool {
	return s.Revision > o.Revision || (s.Revision == o.Revision && s.Registry > o.Registry)
}

// maxDerived bounds how many stages the service keeps derived: the evenings being run
// and read now, each a few megabytes at 3,000 players.
const maxDerived = 16

// derived is a stage as loaded at a stamp with what is computed from it, once, for
// every reader (director and public, HTML and JSON): it is never changed after it is
// built, and what it hands out is read-only or copied.
type derived struct {
	stamp Stamp
	state *State

	standings sync.Once
	cols      []Column
	lines     []Standing

	mu     sync.Mutex
	orders map[int]*pairingOrder

	// kept are the answers built from this stage, by key (Kept), at most keep.Max.
	kept keep.Map
}

// Snapshot is a stage as derived at one stamp, what every reader of that stamp shares:
// read-only.
type Snapshot struct{ d *derived }

// State is the stage's state: shared, read-only.
func (s Snapshot) State() *State { return s.d.state }

// Stamp is the stamp the stage was derived at.
func (s Snapshot) Stamp() Stamp { return s.d.stamp }

// Standings ranks the stage (once per stamp): shared, read-only.
func (s Snapshot) Standings() ([]Column, []Standing) { return s.d.rankings() }

// PairingOrder is Tournaments.PairingOrder's answer from the snapshot: the running
// standings round n was paired from (ENOTFOUND for a format that does not pair from
// the standings, or a round not drawn). Shared, read-only.
func (s Snapshot) PairingOrder(n int) ([]Column, []OrderLine, error) {
	p, ok := s.d.state.Format().(Paired)
	if !ok || s.d.state.Round(n) == nil {
		return nil, nil, Errorf(ENOTFOUND, "error.not_found")
	}
	cols, lines := s.d.pairing(p, n)
	return cols, lines, nil
}

// Kept returns what build makes of stage seq of a tournament (0: the current one) as
// derived at the stamp stored now, built once per (stamp, key) on this instance and
// shared by every reader of that stamp (an encoded answer, a rendered page): read-only.
// The stamp is read on every call (one indexed read, as every reader of a stage pays),
// so a change committed on any instance is seen by the next call here; what is kept for
// an older stamp is never answered again. A failed build is not kept.
func (s *Tournaments) Kept(ctx context.Context, tid int64, seq int, key string, build func(Snapshot) (any, error)) (any, error) {
	d, err := s.derive(ctx, tid, seq)
	if err != nil {
		return nil, err
	}
	return d.kept.Get(ctx, key, func() (any, error) { return build(Snapshot{d}) })
}

// Snapshot returns stage seq of a tournament (0: the current one) as derived at the
// stamp stored now, shared: read-only.
func (s *Tournaments) Snapshot(ctx context.Context, tid int64, seq int) (Snapshot, error) {
	d, err := s.derive(ctx, tid, seq)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{d}, nil
}

// pairingOrder is the order round n was paired from, computed once.
type pairingOrder struct {
	once  sync.Once
	cols  []Column
	lines []OrderLine
}

// rankings returns the stage's standings, computed on first use.
func (d *derived) rankings() ([]Column, []Standing) {
	d.standings.Do(func() { d.cols, d.lines = d.state.Format().Standings(d.state) })
	return d.cols, d.lines
}

// pairing returns the running standings round n was paired from, computed on first use.
func (d *derived) pairing(p Paired, n int) ([]Column, []OrderLine) {
	d.mu.Lock()
	if d.orders == nil {
		d.orders = map[int]*pairingOrder{}
	}
	o := d.orders[n]
	if o == nil {
		o = &pairingOrder{}
		d.orders[n] = o
	}
	d.mu.Unlock()
	o.once.Do(func() { o.cols, o.lines = p.PairingOrder(d.state, n) })
	return o.cols, o.lines
}

// stampKey names a tournament's stamp reads that may be shared: those of readers that
// may lag (lag.Allowed: the store may read it on a replica) apart from the others.
type stampKey struct {
	tid    int64
	mayLag bool
}

// derivedKey names a stage of a tournament: seq 0 is whichever is current.
type derivedKey struct {
	tid int64
	seq int
}

// derivedSlot holds the latest derived state of a stage, and the load under way.
type derivedSlot struct {
	d       *derived
	used    uint64
	loading chan struct{} // closed when the load under way ends
	want    Stamp         // the stamp the load under way was started for
	// preparing: a load started by Prepare is under way (from before its stamp is read).
	preparing bool
}

// derivedCache keeps the latest derived state of the stages read lately. The zero
// value is ready to use; it is safe for concurrent use.
type derivedCache struct {
	mu    sync.Mutex
	slots map[derivedKey]*derivedSlot
	tick  uint64
}

// readStamp is a tournament's stamp read for a request with its director's check
// (Auth.TokenDirectorFor), for its first read of the tournament; taken once.
type readStamp struct {
	tid   int64
	club  int64
	stamp Stamp
	taken atomic.Bool
}

// readStampKey is readStamp's context key.
type readStampKey struct{}

// WithStamp returns ctx carrying tournament tid's stamp as just read (after the request
// arrived): the request's first read of the tournament (Kept, Snapshot…) takes it rather
// than read it again; a later read, which may follow a change the request made, reads it.
func WithStamp(ctx context.Context, tid, club int64, st Stamp) context.Context {
	return context.WithValue(ctx, readStampKey{}, &readStamp{tid: tid, club: club, stamp: st})
}

// StampClub is the club of the tournament whose stamp ctx carries (WithStamp), or 0:
// the web layer's scope check drops a stamp its scope may not read (WithoutStamp), so
// that a read it reaches goes to the store, which refuses it.
func StampClub(ctx context.Context) int64 {
	if rs, ok := ctx.Value(readStampKey{}).(*readStamp); ok && rs != nil {
		return rs.club
	}
	return 0
}

// WithoutStamp returns ctx carrying no stamp read ahead (see StampClub).
func WithoutStamp(ctx context.Context) context.Context {
	if _, ok := ctx.Value(readStampKey{}).(*readStamp); !ok {
		return ctx
	}
	return context.WithValue(ctx, readStampKey{}, (*readStamp)(nil))
}

// stampOf returns tournament tid's stamp: the one ctx carries if not taken yet, else
// read now (shared by the readers arriving together, never a read begun before).
func (s *Tournaments) stampOf(ctx context.Context, tid int64, mayLag bool) (Stamp, error) {
	if rs, ok := ctx.Value(readStampKey{}).(*readStamp); ok && rs != nil && !mayLag && rs.tid == tid && rs.taken.CompareAndSwap(false, true) {
		return rs.stamp, nil
	}
	return s.stamps.Read(ctx, stampKey{tid, mayLag}, func(ctx context.Context) (Stamp, error) { return s.Store.Stamp(ctx, tid) })
}

// derive returns stage seq of a tournament (0: the current one) derived at the stamp
// stored now: from the cache when it holds that stamp, else loaded once (readers
// arriving during a load wait for it rather than load again).
func (s *Tournaments) derive(ctx context.Context, tid int64, seq int) (*derived, error) {
	mayLag := lag.Allowed(ctx)
	stamp, err := s.stampOf(ctx, tid, mayLag)
	if err != nil {
		return nil, err
	}
	c := &s.derived
	k := derivedKey{tid, seq}
	for {
		c.mu.Lock()
		if c.slots == nil {
			c.slots = map[derivedKey]*derivedSlot{}
		}
		c.tick++
		sl := c.slots[k]
		// A reader that may lag (its stamp read on a replica) takes a stage derived later
		// too: newer than it asked, never older.
		if sl != nil && sl.d != nil && (sl.d.stamp == stamp || mayLag && sl.d.stamp.after(stamp)) {
			sl.used = c.tick
			d := sl.d // read under the lock: a load ending now replaces it
			c.mu.Unlock()
			return d, nil
		}
		if sl != nil && sl.loading != nil && sl.want == stamp {
			wait := sl.loading
			c.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		done := make(chan struct{})
		if sl == nil {
			sl = &derivedSlot{}
			c.slots[k] = sl
		}
		sl.loading, sl.want, sl.used = done, stamp, c.tick
		c.evict()
		c.mu.Unlock()

		st, got, err := s.Store.LoadStamped(ctx, tid, seq)
		c.mu.Lock()
		if sl.loading == done {
			sl.loading = nil
		}
		var d *derived
		if err == nil {
			// What was read is at least as new as the stamp asked for: the next reader
			// whose stamp is older loads again, which only happens across a change.
			d = &derived{stamp: got, state: st}
			if sl.d == nil || !sl.d.stamp.after(got) {
				// Never back: a load that ends after a later one keeps the later.
				sl.d = d
			}
		}
		c.mu.Unlock()
		close(done)
		return d, err
	}
}

// evict drops the least recently used stages beyond maxDerived (not one being loaded).
// c.mu is held.
func (c *derivedCache) evict() {
	for len(c.slots) > maxDerived {
		var oldest derivedKey
		var at uint64
		found := false
		for k, sl := range c.slots {
			if sl.loading == nil && !sl.preparing && (!found || sl.used < at) {
				oldest, at, found = k, sl.used, true
			}
		}
		if !found {
			return
		}
		delete(c.slots, oldest)
	}
}

// Clone returns a deep copy of the state: its entries, rounds, tables, sides, hands and
// byes are the copy's own, to change.
func (st *State) Clone() *State {
	cp := *st
	cp.Entries = slices.Clone(st.Entries)
	for i := range cp.Entries {
		cp.Entries[i].Members = slices.Clone(cp.Entries[i].Members)
	}
	cp.Rounds = slices.Clone(st.Rounds)
	for i := range cp.Rounds {
		r := &cp.Rounds[i]
		r.Tables = slices.Clone(r.Tables)
		for j := range r.Tables {
			r.Tables[j].Sides = slices.Clone(r.Tables[j].Sides)
			for k := range r.Tables[j].Sides {
				r.Tables[j].Sides[k].Partners = slices.Clone(r.Tables[j].Sides[k].Partners)
			}
			r.Tables[j].Hands = slices.Clone(r.Tables[j].Hands)
		}
		r.Byes = slices.Clone(r.Byes)
	}
	cp.Seeds = slices.Clone(st.Seeds)
	return &cp
}

// latest returns the latest derived state of a stage this instance holds (nil for
// none).
func (c *derivedCache) latest(k derivedKey) *derived {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sl := c.slots[k]; sl != nil {
		return sl.d
	}
	return nil
}

// prepare returns the latest derived state of a stage, and whether the caller is to
// start a load of it in the background (none is under way: it is marked as under way,
// until done is called).
func (c *derivedCache) prepare(k derivedKey) (d *derived, start bool, done func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.slots == nil {
		c.slots = map[derivedKey]*derivedSlot{}
	}
	sl := c.slots[k]
	if sl == nil {
		c.tick++
		sl = &derivedSlot{used: c.tick}
		c.slots[k] = sl
		c.evict()
	}
	if sl.preparing || sl.loading != nil {
		return sl.d, false, nil
	}
	sl.preparing = true
	return sl.d, true, func() {
		c.mu.Lock()
		sl.preparing = false
		c.mu.Unlock()
	}
}

// StandingsSince is Standings for a reader that knows the tournament's revision (the
// public pages, which read it at most their TTL ago): when this instance holds the
// current stage derived at that revision or a later one, it is answered without a
// query; otherwise as Standings (the stamp read, the stage loaded if it moved). The
// state, columns and lines are shared: read-only.
func (s *Tournaments) StandingsSince(ctx context.Context, tid, rev int64) (*State, []Column, []Standing, error) {
	if d := s.derived.latest(derivedKey{tid, 0}); d != nil && d.stamp.Revision >= rev {
		cols, lines := d.rankings()
		return d.state, cols, lines, nil
	}
	return s.Standings(ctx, tid)
}

// Prepare reports whether this instance holds the current stage of a tournament
// derived at revision rev or later; when it does not, it starts deriving it in the
// background (unless a load is under way already), ranked, so that a reader who can
// wait for nothing (a public page already rendered at an earlier revision) is served
// at rev as soon as it is ready. The background load is not cancelled with ctx; it
// gives up after a minute.
func (s *Tournaments) Prepare(ctx context.Context, tid, rev int64) bool {
	k := derivedKey{tid, 0}
	if d := s.derived.latest(k); d != nil && d.stamp.Revision >= rev {
		return true
	}
	d, start, done := s.derived.prepare(k)
	if d != nil && d.stamp.Revision >= rev {
		if done != nil {
			done()
		}
		return true
	}
	if start {
		bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		go func() {
			defer cancel()
			defer done()
			if d, err := s.derive(bg, tid, 0); err == nil {
				d.rankings()
			}
		}()
	}
	return false
}

// Latest returns the current stage of a tournament as this instance derived it last,
// ranked, without a query (ok false when it holds none): for a reader that may be
// served what it was served before while Prepare derives the stage anew. The state,
// columns and lines are shared: read-only.
func (s *Tournaments) Latest(tid int64) (st *State, cols []Column, lines []Standing, ok bool) {
	d := s.derived.latest(derivedKey{tid, 0})
	if d == nil {
		return nil, nil, nil, false
	}
	cols, lines = d.rankings()
	return d.state, cols, lines, true
}
