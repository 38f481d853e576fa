// Package public serves the pages anyone may read of a published tournament (tables,
// standings, a player, the bracket, the projector), their JSON twins, its QR code and
// table tent, from a cache of rendered pages.
package public

import (
	"context"
	"time"

	"burraco/views/page"
)

// Handlers serve the public pages from Cache.
type Handlers struct {
	*page.App
	Cache *Cache
	// seasons keeps the season pages (seasons.go).
	seasons seasonCache
	// Replayed waits until the streaming replica the reads that may lag go to has
	// replayed every commit made so far, or is left out of them (nil: no replica): an
	// unpublishing waits for it, then the TTL (unpublished).
	Replayed func(ctx context.Context) error
}

// unpublished waits, once this instance has forgotten a publication, until no instance
// serves it: until the replica, if any, no longer shows it (Replayed), then the TTL out,
// so that every instance (all run with the same -public-ttl) has let go of a
// publication it read before.
func (h *Handlers) unpublished(ctx context.Context) {
	if h.Replayed != nil {
		if err := h.Replayed(ctx); err != nil && ctx.Err() == nil {
			h.Log.WarnContext(ctx, "wait for the read replica", "err", err)
		}
	}
	if h.Cache.TTL <= 0 {
		return
	}
	t := time.NewTimer(h.Cache.TTL)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
