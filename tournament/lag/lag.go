// Package lag marks the reads that may lag behind the latest commit: a request whose
// context is marked (Allow) may be answered from a streaming replica of the database,
// which replays the primary's changes a moment later. The public pages and their JSON
// twins, and the phones' polls of their tables, are marked; a director's reads and every
// write are not, so a director always reads their own writes. The store (db) reads the
// mark; the views set it.
package lag

import (
	"context"
	"sync/atomic"
)

// Mark is a request's consent to reads that may lag. Once one of its reads went to the
// primary (the replica down or failing), the later ones go there too (Pin): a request
// never reads older data after newer, so what it keys by a revision read first (a page,
// encoded bytes) is never older than that revision.
type Mark struct{ primary atomic.Bool }

type key struct{}

// Allow returns ctx marked: its reads may be served by a replica that lags.
func Allow(ctx context.Context) context.Context {
	if Of(ctx) != nil {
		return ctx
	}
	return context.WithValue(ctx, key{}, &Mark{})
}

// Of returns ctx's mark, nil when its reads must see every commit.
func Of(ctx context.Context) *Mark {
	m, _ := ctx.Value(key{}).(*Mark)
	return m
}

// Allowed reports whether ctx's reads may lag.
func Allowed(ctx context.Context) bool { return Of(ctx) != nil }

// Pin sends the mark's later reads to the primary.
func (m *Mark) Pin() { m.primary.Store(true) }

// Pinned reports whether the mark's reads go to the primary.
func (m *Mark) Pinned() bool { return m.primary.Load() }
