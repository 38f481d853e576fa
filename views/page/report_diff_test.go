package page

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDiffFigures: the cells of a report that differ from the other version of a
// dispute, hand by hand and in the game totals; a row the other lacks differs; no
// other version, no marks.
func TestDiffFigures(t *testing.T) {
	a := ReportFiguresOf{Rows: [][]string{{"300", "200"}, {"600", "100"}}, Games: []int{900, 300}}
	for _, c := range []struct {
		name  string
		other *ReportFiguresOf
		rows  [][]bool
		games []bool
	}{
		{"none", nil, [][]bool{{false, false}, {false, false}}, []bool{false, false}},
		{"same", &ReportFiguresOf{Rows: [][]string{{"300", "200"}, {"600", "100"}}, Games: []int{900, 300}},
			[][]bool{{false, false}, {false, false}}, []bool{false, false}},
		{"600 against 650", &ReportFiguresOf{Rows: [][]string{{"300", "200"}, {"650", "100"}}, Games: []int{950, 300}},
			[][]bool{{false, false}, {true, false}}, []bool{true, false}},
		{"game totals only", &ReportFiguresOf{Rows: [][]string{{"900", "300"}}, Games: []int{900, 300}},
			[][]bool{{true, true}, {true, true}}, []bool{false, false}},
	} {
		d := DiffFigures(a, c.other)
		assert.Equal(t, c.rows, d.Rows, c.name)
		assert.Equal(t, c.games, d.Games, c.name)
	}
}
