package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPointsString(t *testing.T) {
	for p, want := range map[Points]string{0: "0", 1: "0.17", 20: "3.33", 27: "4.5", 40: "6.67", 59: "9.83", 60: "10", -27: "-4.5"} {
		assert.Equal(t, want, p.String())
	}
}

func TestParsePoints(t *testing.T) {
	for in, want := range map[string]Points{"3": 18, "4.5": 27, "4,5": 27, "3.33": 20, "0": 0, "6": 36, "2.17": 13} {
		got, ok := ParsePoints(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "x", "3.4", "-1", "3.333"} {
		_, ok := ParsePoints(in)
		assert.False(t, ok, in)
	}
}
