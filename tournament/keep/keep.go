// Package keep keeps answers built once per key: the readers of a key share one build,
// those arriving while it is built wait for it, and a failed build is not kept.
package keep

import (
	"context"
	"errors"
	"sync"
)

// Max bounds how many answers one Map keeps: past it, answers are built for their
// reader alone.
const Max = 256

// errPanicked is a build's error while it runs: what its waiters read if it panics
// (they build it again).
var errPanicked = errors.New("keep: the build panicked")

// answer is an answer built for a key; done closes when it is built.
type answer struct {
	done chan struct{}
	v    any
	err  error
}

// Map keeps the answers built for keys. The zero value is ready to use; it is safe for
// concurrent use. What it hands out is shared: read-only.
type Map struct {
	mu  sync.Mutex
	ans map[string]*answer
}

// Get returns build's answer for key, built once; readers arriving while it is built
// wait for it rather than build it again (or until ctx ends). A failed build is not
// kept: the next reader builds again.
func (m *Map) Get(ctx context.Context, key string, build func() (any, error)) (any, error) {
	for {
		m.mu.Lock()
		if a := m.ans[key]; a != nil {
			m.mu.Unlock()
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
		if len(m.ans) >= Max {
			m.mu.Unlock()
			return build()
		}
		if m.ans == nil {
			m.ans = map[string]*answer{}
		}
		a := &answer{done: make(chan struct{})}
		m.ans[key] = a
		m.mu.Unlock()
		a.err = errPanicked
		func() {
			defer func() {
				if a.err != nil {
					m.mu.Lock()
					delete(m.ans, key)
					m.mu.Unlock()
				}
				close(a.done)
			}()
			a.v, a.err = build()
		}()
		return a.v, a.err
	}
}
