package page

import (
	"io"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
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

// BracketWinner is the entry that won the bracket's final, 0 until it is decided.
func BracketWinner(b tournament.Bracket) int64 {
	if len(b.Rounds) == 0 {
		return 0
	}
	last := b.Rounds[len(b.Rounds)-1]
	if len(last.Matches) != 1 || last.Matches[0].Winner == 0 {
		return 0
	}
	return last.Matches[0].Sides[last.Matches[0].Winner-1].EntryID
}
