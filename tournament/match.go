package tournament

import "burraco/scoring"

// Match is how a format of two-side matches scored in VP (Danish, Mitchell: RULES.md
// sections 2 and 4) scores a table: the round's hands, the stage's scale, what a bye
// scores and the time-out's technical score.
type Match struct {
	Hands   int
	Scale   *scoring.Scale // nil: no scale chosen yet, so no table is complete
	ByeVP   int
	ByeMP   int
	TimeOut scoring.TimeOut
}

// matchTotals adds up a table's hands: each position's total and the hand scores
// entered. A game total (scoring.GameTotal) counts for every hand of the round.
func matchTotals(t *Table, hands int) (scores []int, entered int) {
	scores = make([]int, len(t.Sides))
	for _, h := range t.Hands {
		p := h.Side - 1
		if p < 0 || p >= len(t.Sides) {
			continue
		}
		entered++
		if h.Figures.Form == scoring.GameTotal {
			entered += hands - 1
		}
		scores[p] += h.Score
	}
	return scores, entered
}

// Result scores one table: each side's total over the round, then, once every hand is
// entered (or the table has a time-out), the MP difference and the VP of the scale. A
// time-out gives the technical score unless the real result is better for the side with
// time left (RULES.md section 2). A forfeit (a side that did not play) gives the other
// side the bye's VP and MP, and the absent side 0 VP and the bye's MP negated.
func (m Match) Result(t *Table) TableResult {
	scores, entered := matchTotals(t, m.Hands)
	r := TableResult{Number: t.Number, Entries: t.Entries(), Scores: scores, Entered: entered,
		Expected: len(t.Sides) * m.Hands}
	side := t.Outcome.Side == 1 || t.Outcome.Side == 2
	timeout := t.Outcome.Kind == OutcomeTimeout && side
	if t.Outcome.Kind == OutcomeForfeit && side && len(t.Sides) == 2 {
		r.Complete = true
		present := 2 - t.Outcome.Side // the position index of the side that was there
		r.MP, r.Points = make([]int, 2), make([]Points, 2)
		r.MP[present], r.MP[1-present] = m.ByeMP, -m.ByeMP
		r.Points[present] = RP(m.ByeVP)
		return r
	}
	r.Complete = len(t.Sides) == 2 && (r.Entered >= r.Expected || timeout)
	if !r.Complete || m.Scale == nil {
		r.Complete = r.Complete && m.Scale != nil
		return r
	}
	var res scoring.Result
	if timeout {
		res = m.Scale.TimedOut(scores[0], scores[1], t.Outcome.Side == 1, m.TimeOut)
	} else {
		res = m.Scale.Match(scores[0], scores[1])
	}
	r.MP = []int{res.MPA, res.MPB}
	r.Points = []Points{RP(res.VPA), RP(res.VPB)}
	return r
}

// The values a match format's standing ranks on, in order (Standing.Values).
const (
	MatchVP = iota // victory points, in sixths (Points)
	MatchMP        // the sum of the signed MP differences
)

// MatchColumns are the columns a match format ranks on: VP, then MP.
var MatchColumns = []Column{
	{Name: "vp", Label: "standings.vp", Kind: "points"},
	{Name: "mp", Label: "standings.mp", Kind: "number"},
}

// MatchStandings ranks a stage of matches (RULES.md section 4): VP, then MP (the sum of
// the signed differences), then ex aequo, from the values a continued stage's entries
// carry in. Complete tables count (result scores them), and a bye once its round is
// complete (its VP, and byeMP). An entry never drawn (a no-show) is not ranked.
func MatchStandings(st *State, result func(*Table) TableResult, byeMP int) ([]Column, []Standing) {
	drawn := map[int64]bool{}
	for _, r := range st.Rounds {
		for _, id := range r.People() {
			drawn[id] = true
		}
	}
	out, idx := StartCarry(st, 2, func(e Entry) bool { return drawn[e.ID] })
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		complete := true
		for ti := range r.Tables {
			t := &r.Tables[ti]
			res := result(t)
			complete = complete && res.Complete
			for p, sd := range t.Sides {
				i, ok := idx[sd.EntryID]
				if !ok {
					continue
				}
				line := RoundLine{Round: r.Number, Table: t.Number, Score: res.Scores[p], Done: res.Complete}
				if res.Complete {
					line.Points = res.Points[p]
					out[i].Values[MatchVP] += int(res.Points[p])
					out[i].Values[MatchMP] += res.MP[p]
					out[i].Played++
				}
				out[i].Rounds[ri] = line
			}
		}
		for _, b := range r.Byes {
			i, ok := idx[b.EntryID]
			if !ok {
				continue
			}
			line := RoundLine{Round: r.Number, Bye: true, Awarded: b.Awarded, Done: complete}
			if complete {
				line.Points = b.Points
				out[i].Values[MatchVP] += int(b.Points)
				out[i].Values[MatchMP] += byeMP
			}
			out[i].Byes++
			out[i].Rounds[ri] = line
		}
	}
	Rank(out, st.Stage.Qualifiers)
	return MatchColumns, out
}
