// Package exports serves a tournament's downloads (CSV, PDF, JSON), its import and the
// database backup.
package exports

import "burraco/views/page"

// Handlers serve the downloads, the tournament import and the backup.
type Handlers struct{ *page.App }
