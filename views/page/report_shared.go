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
