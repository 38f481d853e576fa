package page

import "github.com/labstack/echo/v4"

// Site is what every page knows about the running app: its release and the address
// phones are given.
type Site struct {
	Version string
	// PublicBase is scheme://host[:port] of the public pages as phones should reach them.
	PublicBase string
	// Unreachable: the public address is this machine's loopback, which phones cannot reach.
	Unreachable bool
	// Addr is the address the app listens on, for the advice on how to open it up.
	Addr string
}

// SiteContextKey holds the request's Site on the echo context.
const SiteContextKey = "site"

// SiteOf returns the site of a request (a zero site outside the middleware).
func SiteOf(c echo.Context) *Site {
	if st, ok := c.Get(SiteContextKey).(*Site); ok {
		return st
	}
	return &Site{}
}
