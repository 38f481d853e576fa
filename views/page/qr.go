package page

import (
	"bytes"
	"fmt"

	qr "github.com/piglig/go-qr"
)

// QRSVG draws a QR code (made by go-qr, medium error correction or better when it fits
// in the same size) as an SVG of one path with a quiet zone of 4 modules, sharp at any
// print size.
func QRSVG(text string) ([]byte, error) {
	q, err := qr.EncodeText(text, qr.Medium)
	if err != nil {
		return nil, fmt.Errorf("qr code: %w", err)
	}
	const quiet = 4
	size := q.Size()
	n := size + 2*quiet
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + Itoa(n) + ` ` + Itoa(n) + `" shape-rendering="crispEdges">`)
	b.WriteString(`<rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="`)
	for y := range size {
		for x := range size {
			if q.Module(x, y) {
				b.WriteString("M" + Itoa(x+quiet) + " " + Itoa(y+quiet) + "h1v1h-1z")
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}
