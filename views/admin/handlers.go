// Package admin serves the director's account pages: setup, login, directors, tokens.
package admin

import "burraco/views/page"

// Handlers serve the setup, login and account pages.
type Handlers struct{ *page.App }
