package individual4

import (
	"fmt"

	"burraco/scoring"
	"burraco/tournament"
)

// scale is the stage's copy of its VP scale, or the shipped one its hands call for.
func scale(st *tournament.State) *scoring.Scale {
	return tournament.StageScale(st, Format{})
}

// match is how the stage scores a table (tournament.Match).
func match(st *tournament.State) tournament.Match {
	s := of(st.Stage.Settings)
	return tournament.Match{Hands: s.Hands, Scale: scale(st), ByeVP: s.ByeVP, ByeMP: s.ByeMP, TimeOut: s.TimeOut()}
}

// Result implements tournament.Format: a match of two partnerships scored in VP
// (tournament.Match.Result: RULES.md sections 2 and 7a), by position.
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	return match(st).Result(t)
}

// The values a standing ranks on, in order (tournament.Standing.Values).
const (
	ValVP = tournament.MatchVP // victory points, in sixths (tournament.Points)
	ValMP = tournament.MatchMP // the sum of the signed MP differences
)

// Standings implements tournament.Format: one line per player, who scores their
// partnership's VP and MP at each complete table, and a bye's once its round is
// complete; VP, then MP, then ex aequo, from the values a continued stage's players
// carry in. A player never drawn is not ranked.
func (Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	m := match(st)
	drawn := map[int64]bool{}
	for _, r := range st.Rounds {
		for _, id := range r.People() {
			drawn[id] = true
		}
	}
	out, idx := tournament.StartCarry(st, 2, func(e tournament.Entry) bool { return drawn[e.ID] })
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		complete := true
		for ti := range r.Tables {
			t := &r.Tables[ti]
			res := m.Result(t)
			complete = complete && res.Complete
			for p, sd := range t.Sides {
				for _, id := range sd.Members() {
					i, ok := idx[id]
					if !ok {
						continue
					}
					line := tournament.RoundLine{Round: r.Number, Table: t.Number, Score: res.Scores[p], Done: res.Complete}
					if res.Complete {
						line.Points = res.Points[p]
						out[i].Values[ValVP] += int(res.Points[p])
						out[i].Values[ValMP] += res.MP[p]
						out[i].Played++
					}
					out[i].Rounds[ri] = line
				}
			}
		}
		for _, b := range r.Byes {
			i, ok := idx[b.EntryID]
			if !ok {
				continue
			}
			line := tournament.RoundLine{Round: r.Number, Bye: true, Awarded: b.Awarded, Done: complete}
			if complete {
				line.Points = b.Points
				out[i].Values[ValVP] += int(b.Points)
				out[i].Values[ValMP] += m.ByeMP
			}
			out[i].Byes++
			out[i].Rounds[ri] = line
		}
	}
	tournament.Rank(out, st.Stage.Qualifiers)
	return tournament.MatchColumns, out
}

// CheckSeats implements tournament.Format: tables of two sides of two players each,
// nobody twice (the service keeps the round's byes and the people of the draw).
func (Format) CheckSeats(st *tournament.State, drawn, changed *tournament.Round) tournament.FieldErrors {
	fe := tournament.CheckTables(changed, 2, "individual4.seats.table_of_four")
	for ti, t := range changed.Tables {
		for si, sd := range t.Sides {
			if len(sd.Partners) != 1 {
				fe.Add(fmt.Sprintf("seat.%d.%d", ti+1, si+1), "individual4.seats.side_of_two")
			}
		}
	}
	return fe
}

// CheckRound implements tournament.RoundChecked: the seat check needs the round alone.
func (f Format) CheckRound(_ tournament.Settings, r *tournament.Round) tournament.FieldErrors {
	return f.CheckSeats(nil, r, r)
}

// Next implements tournament.Format.
func (Format) Next(st *tournament.State) tournament.Step {
	s := of(st.Stage.Settings)
	drawable := 0
	for _, e := range st.Drawable() {
		if !e.Substitute() {
			drawable++
		}
	}
	cur := st.Current()
	var step tournament.Step
	switch {
	case len(st.Entries) == 0:
		step.Key = "next.add_players"
	case cur == nil && drawable < TableSize:
		step.Key = "next.check_in"
	case cur == nil && st.Stage.ScaleID == nil && Format{}.DefaultScale(s) == nil:
		step = tournament.Step{Key: "individual4.next.choose_scale", Args: []any{s.Hands}}
	case cur == nil:
		step = tournament.Step{Key: "next.draw_first", CanDraw: true}
	case !st.Complete(cur):
		step = tournament.Step{Key: "next.enter_scores", CanDraw: len(st.Rounds) < s.Count}
	case len(st.Rounds) < s.Count:
		step = tournament.Step{Key: "next.draw_next", Args: []any{len(st.Rounds) + 1}, CanDraw: true}
	default:
		step = tournament.Step{Key: "next.finished", Finished: true}
	}
	if k := drawable % TableSize; k != 0 && drawable >= TableSize && !step.Finished {
		step.Note, step.NoteArgs = "individual4.note.bye", []any{drawable, s.ByeVP, s.ByeMP, k}
	}
	return step
}
