package page

import (
	"burraco/scoring"
	"burraco/tournament"
)

// ReportFiguresOf are a report's figures for showing: each row's totals by side (a
// game total in one row), the game totals and what they give under the format.
type ReportFiguresOf struct {
	Rows   [][]string
	Games  []int
	Result tournament.TableResult
	Game   bool // sent as game totals
}

// FiguresOf computes a report's figures at a table of a stage.
func FiguresOf(st *tournament.Stage, tb *tournament.Table, r *tournament.Report) ReportFiguresOf {
	sides := len(tb.Sides)
	out := ReportFiguresOf{Games: make([]int, sides)}
	for _, row := range r.Sheet.Hands {
		line := make([]string, sides)
		for s := range line {
			line[s] = "–"
			if s < len(row) && row[s] != nil {
				n := row[s].Score(&st.Rules)
				line[s] = Itoa(n)
				out.Games[s] += n
				out.Game = row[s].Form == scoring.GameTotal
			}
		}
		out.Rows = append(out.Rows, line)
	}
	v := &tournament.TableView{TableState: tournament.TableState{Stage: *st, Table: *tb}}
	if res, fe, err := tournament.PreviewReport(v, r.Sheet); err == nil && len(fe) == 0 {
		out.Result = res
	}
	return out
}

// FigureDiff marks the cells of a report's figures that differ from another version's
// (a dispute): Rows[i][s] a hand's (a row the other has not differs), Games[s] a game
// total.
type FigureDiff struct {
	Rows  [][]bool
	Games []bool
}

// DiffFigures compares a report's figures with another version's (nil: no other, no
// marks).
func DiffFigures(f ReportFiguresOf, other *ReportFiguresOf) FigureDiff {
	d := FigureDiff{Games: make([]bool, len(f.Games))}
	for i, row := range f.Rows {
		line := make([]bool, len(row))
		for s := range row {
			line[s] = other != nil && (i >= len(other.Rows) || s >= len(other.Rows[i]) || other.Rows[i][s] != row[s])
		}
		d.Rows = append(d.Rows, line)
	}
	for s, g := range f.Games {
		d.Games[s] = other != nil && (s >= len(other.Games) || other.Games[s] != g)
	}
	return d
}

// figuresBeside computes a report's figures and, when other is given (a dispute's other
// version), the cells that differ from it.
func figuresBeside(st *tournament.Stage, tb *tournament.Table, r, other *tournament.Report) (ReportFiguresOf, FigureDiff) {
	f := FiguresOf(st, tb, r)
	if other == nil {
		return f, DiffFigures(f, nil)
	}
	o := FiguresOf(st, tb, other)
	return f, DiffFigures(f, &o)
}
