// Package readshare lets the readers of one key share a database read, never one begun
// before they asked.
package readshare

import (
	"context"
	"sync"
)

// Group lets the readers of one key share a read from the database, never one
// begun before they asked: a reader arriving while no read of its key is under way
// begins one; a reader arriving while one is under way (begun before it arrived, so
// it may have missed a commit the reader has seen answered) waits for the next read,
// which begins when that one ends and serves everyone who arrived meanwhile. What a
// reader gets was read after it arrived, so it holds every commit made before, on any
// instance, as a read of its own would; 32 readers at once cost two reads, not 32.
// The zero value is ready to use.
type Group[K comparable, V any] struct {
	mu   sync.Mutex
	keys map[K]*readState[V]
}

// readState is a key's read under way, and the next one its late readers wait for.
type readState[V any] struct {
	running bool
	next    *sharedRead[V] // nil while nobody waits for the next read
}

// sharedRead is one read's outcome; done closes when it is known.
type sharedRead[V any] struct {
	readers int // how many wait for it (under Group.mu)
	done    chan struct{}
	v       V
	err     error
}

// Read returns what fn reads for key, from a read begun after this call.
func (s *Group[K, V]) Read(ctx context.Context, key K, fn func(context.Context) (V, error)) (V, error) {
	s.mu.Lock()
	if s.keys == nil {
		s.keys = map[K]*readState[V]{}
	}
	st := s.keys[key]
	if st == nil {
		st = &readState[V]{}
		s.keys[key] = st
	}
	if !st.running {
		st.running = true
		s.mu.Unlock()
		return s.run(ctx, key, st, nil, fn)
	}
	r := st.next
	if r == nil {
		r = &sharedRead[V]{done: make(chan struct{})}
		st.next = r
	}
	r.readers++
	s.mu.Unlock()
	select {
	case <-r.done:
		return r.v, r.err
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
}

// run reads for key (and for the readers waiting on mine, if any), then begins the next
// read for those who arrived meanwhile, or lets the key go. The read runs without a
// reader's cancellation when others wait on it.
func (s *Group[K, V]) run(ctx context.Context, key K, st *readState[V], mine *sharedRead[V], fn func(context.Context) (V, error)) (V, error) {
	rctx := ctx
	if mine != nil {
		rctx = context.WithoutCancel(ctx)
	}
	v, err := fn(rctx)
	if mine != nil {
		mine.v, mine.err = v, err
		close(mine.done)
	}
	s.mu.Lock()
	next := st.next
	st.next = nil
	if next == nil {
		st.running = false
		if s.keys[key] == st {
			delete(s.keys, key)
		}
		s.mu.Unlock()
		return v, err
	}
	s.mu.Unlock()
	// The readers who arrived during this read: one read begun now serves them all.
	go s.run(ctx, key, st, next, fn)
	return v, err
}
