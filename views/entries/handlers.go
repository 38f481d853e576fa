package entries

import "burraco/views/page"

// Handlers serve a tournament's entries: players, pairs and the roll call.
type Handlers struct{ *page.App }
