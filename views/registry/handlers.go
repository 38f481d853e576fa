package registry

import "burraco/views/page"

// Handlers serve the player registry.
type Handlers struct{ *page.App }
