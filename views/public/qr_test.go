package public

import (
	"image"
	"image/color"
	"regexp"
	"strconv"
	"testing"

	qr "github.com/piglig/go-qr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQRCodeReadsBack draws the SVG's path as a phone's camera would see it (white
// around, black modules) and decodes it: the code holds the address it was given.
func TestQRCodeReadsBack(t *testing.T) {
	for _, text := range []string{
		"http://192.168.1.20:8080/p/1",
		"https://burraco.example.org/p/123456",
	} {
		svg, err := QRSVG(text)
		require.NoError(t, err)
		m := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindSubmatch(svg)
		require.NotNil(t, m, "a viewBox")
		n, _ := strconv.Atoi(string(m[1]))
		const px = 4 // pixels a module
		img := image.NewGray(image.Rect(0, 0, n*px, n*px))
		for i := range img.Pix {
			img.Pix[i] = 0xff
		}
		modules := regexp.MustCompile(`M(\d+) (\d+)h1v1h-1z`).FindAllSubmatch(svg, -1)
		require.NotEmpty(t, modules)
		for _, mod := range modules {
			x, _ := strconv.Atoi(string(mod[1]))
			y, _ := strconv.Atoi(string(mod[2]))
			assert.True(t, x >= 4 && y >= 4 && x < n-4 && y < n-4, "a quiet zone of 4 modules")
			for dy := range px {
				for dx := range px {
					img.SetGray(x*px+dx, y*px+dy, color.Gray{})
				}
			}
		}
		res, err := qr.DecodeDetailed(img)
		require.NoError(t, err)
		assert.Equal(t, text, res.Text)
		assert.GreaterOrEqual(t, int(res.Ecc), int(qr.Medium), "medium error correction or better")
	}
}
