package threeplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/tournament"
)

func TestTablePoints(t *testing.T) {
	tests := []struct {
		name   string
		scores []int
		want   []string
		sixths []tournament.Points
	}{
		{"no tie", []int{1200, 800, -100}, []string{"6", "3", "1"}, []tournament.Points{36, 18, 6}},
		{"order does not matter", []int{-100, 1200, 800}, []string{"1", "6", "3"}, nil},
		{"two tied first", []int{900, 900, 200}, []string{"4.5", "4.5", "1"}, []tournament.Points{27, 27, 6}},
		{"two tied second", []int{900, 200, 200}, []string{"6", "2", "2"}, []tournament.Points{36, 12, 12}},
		{"three tied", []int{500, 500, 500}, []string{"3.33", "3.33", "3.33"}, []tournament.Points{20, 20, 20}},
		{"negative scores", []int{-300, -200, -1000}, []string{"3", "6", "1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TablePoints(tt.scores)
			var s []string
			var total tournament.Points
			for _, p := range got {
				s = append(s, p.String())
				total += p
			}
			assert.Equal(t, tt.want, s)
			assert.Equal(t, tournament.RP(10), total, "a table always shares exactly 10 points")
			if tt.sixths != nil {
				assert.Equal(t, tt.sixths, got)
			}
		})
	}
}
