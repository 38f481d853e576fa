package public

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A phone shows one tie-break beside the points: the deepest one a line needs to be told
// apart from the line above or below it.
func TestMarkDeciders(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cols   int
		values [][]int
		want   []int
	}{
		{"points alone decide: the first tie-break", 3, [][]int{{12, 900, 400}, {9, 950, 500}, {6, 800, 300}}, []int{1, 1, 1}},
		{"equal points: the first tie-break decides", 3, [][]int{{12, 900, 400}, {12, 850, 500}, {6, 800, 300}}, []int{1, 1, 1}},
		{"equal points and game points: the best game decides", 3, [][]int{{12, 900, 400}, {12, 900, 350}, {6, 800, 300}}, []int{2, 2, 1}},
		{"the deeper of two neighbours", 3, [][]int{{12, 900, 400}, {12, 900, 350}, {12, 850, 300}}, []int{2, 2, 1}},
		{"tied on everything (ex aequo): the first tie-break", 3, [][]int{{12, 900, 400}, {12, 900, 400}}, []int{1, 1}},
		{"one column: nothing to show", 1, [][]int{{3}, {3}}, []int{0, 0}},
		{"Danish VP then MP", 2, [][]int{{40, 3060}, {20, 1515}, {20, 15}}, []int{1, 1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := make([]publicLine, len(tc.values))
			for i, v := range tc.values {
				lines[i].Values = v
			}
			markDeciders(lines, tc.cols)
			var got []int
			for _, l := range lines {
				got = append(got, l.Decides)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
