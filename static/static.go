// Package static holds the CSS, JavaScript and images the pages use, embedded in the
// binary so the app works offline at a club.
package static

import "embed"

// Files are the static assets, served under /static/.
//
//go:embed *.css *.js *.svg
var Files embed.FS
