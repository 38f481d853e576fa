package site

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseRequestStart reads the start time proxies put in X-Request-Start.
func TestParseRequestStart(t *testing.T) {
	want := time.Date(2026, 11, 29, 21, 30, 0, 250e6, time.UTC)
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"t=1795987800.250", true},   // nginx: "t=${msec}"
		{"t=1795987800250", true},    // Caddy: "t={time.now.unix_ms}"
		{"t=1795987800250000", true}, // microseconds
		{"1795987800.250", true},     // no "t="
		{"", false}, {"t=", false}, {"t=soon", false}, {"t=-5", false},
	} {
		got, ok := parseRequestStart(tc.in)
		require.Equal(t, tc.ok, ok, tc.in)
		if ok {
			assert.WithinDuration(t, want, got, time.Millisecond, tc.in)
		}
	}
}
