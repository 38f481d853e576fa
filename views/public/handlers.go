// Package public serves the pages anyone may read of a published tournament (tables,
// standings, a player, the bracket, the projector), their JSON twins, its QR code and
// table tent, from a cache of rendered pages.
package public

import "burraco/views/page"

// Handlers serve the public pages from Cache.
type Handlers struct {
	*page.App
	Cache *Cache
	// seasons keeps the season pages (seasons.go).
	seasons seasonCache
}
