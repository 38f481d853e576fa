package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTablePoints(t *testing.T) {
	tests := []struct {
		name   string
		scores []int
		want   []string
		sixths []Points
	}{
		{"no tie", []int{1200, 800, -100}, []string{"6", "3", "1"}, []Points{36, 18, 6}},
		{"order does not matter", []int{-100, 1200, 800}, []string{"1", "6", "3"}, nil},
		{"two tied first", []int{900, 900, 200}, []string{"4.5", "4.5", "1"}, []Points{27, 27, 6}},
		{"two tied second", []int{900, 200, 200}, []string{"6", "2", "2"}, []Points{36, 12, 12}},
		{"three tied", []int{500, 500, 500}, []string{"3.33", "3.33", "3.33"}, []Points{20, 20, 20}},
		{"negative scores", []int{-300, -200, -1000}, []string{"3", "6", "1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TablePoints(tt.scores)
			var s []string
			var total Points
			for _, p := range got {
				s = append(s, p.String())
				total += p
			}
			assert.Equal(t, tt.want, s)
			assert.Equal(t, RP(10), total, "a table always shares exactly 10 points")
			if tt.sixths != nil {
				assert.Equal(t, tt.sixths, got)
			}
		})
	}
}

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
