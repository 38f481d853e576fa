package page

import (
	"io"

	"github.com/labstack/echo/v4"
)

// PublicURL is the address of a tournament's public pages as phones reach them (see
// Site.PublicBase): what its QR code holds.
func PublicURL(c echo.Context, tid int64) string {
	return SiteOf(c).PublicBase + IDPath("/p/", tid, "")
}

// MaxImport is the largest tournament document read.
const MaxImport = 4 << 20

// Uploaded reads a file field of a multipart form, up to MaxImport bytes.
func Uploaded(c echo.Context, name string) ([]byte, error) {
	fh, err := c.FormFile(name)
	if err != nil {
		return nil, err
	}
	src, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return io.ReadAll(io.LimitReader(src, MaxImport))
}
