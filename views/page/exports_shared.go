package page

import (
	"io"

	"github.com/labstack/echo/v4"
)

// MaxImport is the largest tournament document read.
const MaxImport = 4 << 20

// Uploaded reads a file field of a multipart form.
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
