package page

import "github.com/labstack/echo/v4"

// PublicURL is the address of a tournament's public pages as phones reach them (see
// site.Config.publicBase): what its QR code holds.
func PublicURL(c echo.Context, tid int64) string {
	return SiteOf(c).PublicBase + IDPath("/p/", tid, "")
}
