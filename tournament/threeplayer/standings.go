package threeplayer

import "burraco/tournament"

// The values a 3-player standing ranks on, in order (tournament.Standing.Values).
const (
	ValPoints     = iota // ranking points, in sixths
	ValGamePoints        // total game points
	ValBest              // best single game
)

var columns = []tournament.Column{
	{Name: "points", Label: "standings.points", Kind: "points"},
	{Name: "game_points", Label: "standings.game_points", Kind: "number"},
	{Name: "best_game", Label: "standings.best", Kind: "number", OnlyPlayed: true},
}

// Standings implements tournament.Format (RULES.md section 3): ranking points, then
// total game points, then the best single game; still tied is ex aequo, a shared place.
// Only complete tables count; a sit-out scores its bye points. Substitutes are not
// ranked. The first qualifiers who have not withdrawn qualify.
func (f Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	idx := map[int64]int{}
	var out []tournament.Standing
	for _, e := range st.Entries {
		if e.Substitute() {
			continue
		}
		idx[e.ID] = len(out)
		out = append(out, tournament.Standing{Entry: e, Values: make([]int, 3), Rounds: make([]tournament.RoundLine, len(st.Rounds))})
	}
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		for i := range out {
			out[i].Rounds[ri].Round = r.Number
		}
		for ti := range r.Tables {
			res := f.Result(st, &r.Tables[ti])
			for j, id := range res.Entries {
				i, ok := idx[id]
				if !ok {
					continue
				}
				s := &out[i]
				s.Rounds[ri] = tournament.RoundLine{Round: r.Number, Table: res.Number, Score: res.Scores[j], Done: res.Complete}
				if !res.Complete {
					continue
				}
				s.Rounds[ri].Points = res.Points[j]
				s.Values[ValPoints] += int(res.Points[j])
				s.Values[ValGamePoints] += res.Scores[j]
				if s.Played == 0 || res.Scores[j] > s.Values[ValBest] {
					s.Values[ValBest] = res.Scores[j]
				}
				s.Played++
			}
		}
		for _, b := range r.Byes {
			if i, ok := idx[b.EntryID]; ok {
				s := &out[i]
				s.Rounds[ri] = tournament.RoundLine{Round: r.Number, Points: b.Points, Bye: true, Done: true}
				s.Values[ValPoints] += int(b.Points)
				s.Byes++
			}
		}
	}
	tournament.Rank(out, st.Stage.Qualifiers)
	return columns, out
}
