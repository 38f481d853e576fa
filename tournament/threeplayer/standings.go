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
// Only complete tables count, and a sit-out once its game is complete: it scores its bye
// points and, for the game points, the settings' sit-out score (never its best single
// game); bye points awarded to a late arrival count 0 game points. Substitutes are not ranked,
// nor is an entry that was never drawn (a no-show). The first qualifiers who have not
// withdrawn qualify.
func (f Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	s := of(st.Stage.Settings)
	if s.Scoring == ScoringVP {
		return f.standingsVP(st)
	}
	drawn := make(map[int64]bool, len(st.Entries))
	for _, r := range st.Rounds {
		for _, id := range r.People() {
			drawn[id] = true
		}
	}
	idx := make(map[int64]int, len(st.Entries))
	out := make([]tournament.Standing, 0, len(st.Entries))
	// Every line's values and rounds in two allocations, not two a line.
	values := make([]int, 0, 3*len(st.Entries))
	rounds := make([]tournament.RoundLine, 0, len(st.Rounds)*len(st.Entries))
	for _, e := range st.Entries {
		if e.Substitute() || !drawn[e.ID] {
			continue
		}
		idx[e.ID] = len(out)
		values = append(values, 0, 0, 0)
		rounds = rounds[:len(rounds)+len(st.Rounds)]
		out = append(out, tournament.Standing{Entry: e, Values: values[len(values)-3 : len(values) : len(values)],
			Rounds: rounds[len(rounds)-len(st.Rounds) : len(rounds) : len(rounds)]})
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
		// A sit-out counts once its game is complete, as the tables of that game do.
		done := len(r.Byes) > 0 && st.Complete(r)
		byeScore := 0
		if done && s.SitOutScore == SitOutScoreSecond {
			byeScore = secondAverage(st, r)
		}
		for _, b := range r.Byes {
			if i, ok := idx[b.EntryID]; ok {
				// An award to a late arrival is ranking points only: 0 game points.
				score := byeScore
				if b.Awarded {
					score = 0
				}
				line := &out[i]
				line.Rounds[ri] = tournament.RoundLine{Round: r.Number, Score: score, Points: b.Points, Bye: true, Awarded: b.Awarded, Done: done}
				if !done {
					continue
				}
				line.Values[ValPoints] += int(b.Points)
				line.Values[ValGamePoints] += score
				line.Byes++
			}
		}
	}
	tournament.Rank(out, st.Stage.Qualifiers)
	return columns, out
}

// secondAverage is a sit-out's game score for a round (RULES.md section 3): the average
// game score of the round's second-placed players (by the rotation's order, ties
// broken by the stated rule), over its complete tables, rounded to the nearest multiple
// of 5 (halves up); 0 while no table is complete.
func secondAverage(st *tournament.State, r *tournament.Round) int {
	sum, n := 0, 0
	order := Order(st, r)
	for i := range r.Tables {
		res := Format{}.Result(st, &r.Tables[i])
		if !res.Complete || len(order[i]) < 2 {
			continue
		}
		for j, id := range res.Entries {
			if id == order[i][1] {
				sum += res.Scores[j]
				n++
			}
		}
	}
	if n == 0 {
		return 0
	}
	// round(sum / n / 5) * 5, halves up, in integers: floor((2·sum + 5n) / 10n) · 5.
	num, den := 2*sum+5*n, 10*n
	q := num / den
	if num%den != 0 && num < 0 {
		q--
	}
	return q * 5
}
