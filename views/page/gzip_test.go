package page_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/page"
)

// TestAcceptsGzip: gzip named in Accept-Encoding, in any case and place, and not refused
// with q=0 in any spelling.
func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"gzip": true, "GZIP": true, "br, gzip;q=0.5": true, "deflate, gzip": true, " gzip ; q=1": true,
		"": false, "identity": false, "br": false, "gzip;q=0": false, "br, gzip; q=0.000": false, "gzip;q = 0": false, "x-gzip": false,
	} {
		assert.Equal(t, want, page.AcceptsGzip(h), h)
	}
	assert.Zero(t, testing.AllocsPerRun(10, func() { page.AcceptsGzip("deflate, br, gzip;q=0.5") }), "nothing allocated")
}
