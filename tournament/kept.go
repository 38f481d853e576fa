package tournament

import "context"

// maxKept bounds how many answers one derived stage keeps (pages × languages ×
// directors): past it, answers are built for their reader alone.
const maxKept = 256

// errBuildPanicked is a kept answer's error while it is built: what its waiters read if
// the build panics (they build it again).
var errBuildPanicked = Errorf(EINTERNAL, "error.internal")

// keptAnswer is an answer built from a derived stage; done closes when it is built.
type keptAnswer struct {
	done chan struct{}
	v    any
	err  error
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
	return d.keep(ctx, key, func() (any, error) { return build(Snapshot{d}) })
}

// keep returns build's answer for key, built once; readers arriving while it is built
// wait for it rather than build it again.
func (d *derived) keep(ctx context.Context, key string, build func() (any, error)) (any, error) {
	for {
		d.keptMu.Lock()
		if a := d.kept[key]; a != nil {
			d.keptMu.Unlock()
			select {
			case <-a.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if a.err == nil {
				return a.v, nil
			}
			continue // its builder failed (and let go of it): build again
		}
		if len(d.kept) >= maxKept {
			d.keptMu.Unlock()
			return build()
		}
		if d.kept == nil {
			d.kept = map[string]*keptAnswer{}
		}
		a := &keptAnswer{done: make(chan struct{})}
		d.kept[key] = a
		d.keptMu.Unlock()
		a.err = errBuildPanicked
		func() {
			defer func() {
				if a.err != nil {
					d.keptMu.Lock()
					delete(d.kept, key)
					d.keptMu.Unlock()
				}
				close(a.done)
			}()
			a.v, a.err = build()
		}()
		return a.v, a.err
	}
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
