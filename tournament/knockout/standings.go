package knockout

import (
	"cmp"
	"slices"
	"strings"

	"burraco/tournament"
)

// Standings implements tournament.Format (RULES.md section 5): the sides of round 1
// ranked by the round they reached (the winner, the finalist, then ex aequo groups of
// the sides out in the same round: 3–4, 5–8, …). Points scored (MP, the sum of the
// match differences) are shown, and order the display inside a group only.
func (Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	cols := []tournament.Column{{Name: "mp", Label: "knockout.col.mp", Kind: "number"}}
	if len(st.Rounds) == 0 {
		return cols, nil
	}
	s := of(st.Stage.Settings)
	type line struct {
		reached, mp int
		rounds      []tournament.RoundLine
		played      int
		byes        int
	}
	lines := map[int64]*line{}
	var ids []int64
	for _, id := range st.Rounds[0].People() {
		if lines[id] != nil {
			continue // a team, at both tables of its match
		}
		lines[id] = &line{reached: 1}
		ids = append(ids, id)
	}
	for _, r := range st.Rounds {
		for _, b := range r.Byes {
			if l := lines[b.EntryID]; l != nil {
				l.reached = r.Number + 1
				l.byes++
				l.rounds = append(l.rounds, tournament.RoundLine{Round: r.Number, Points: b.Points, Bye: true, Done: true})
			}
		}
		for _, g := range gamesOf(&r) {
			m := decideGame(st, s, &g)
			for p, id := range g.entries() {
				l := lines[id]
				if l == nil {
					continue
				}
				rl := tournament.RoundLine{Round: r.Number, Table: g.first().Number, Score: m.scores[p], Done: m.winner > 0}
				l.reached = r.Number
				if m.winner > 0 {
					l.played++
					l.mp += m.mp[p]
					if m.winner == p+1 {
						l.reached, rl.Points = r.Number+1, tournament.RP(1)
					}
				}
				l.rounds = append(l.rounds, rl)
			}
		}
	}
	out := make([]tournament.Standing, 0, len(ids))
	for _, id := range ids {
		l := lines[id]
		e := tournament.Entry{ID: id}
		if x := st.Entry(id); x != nil {
			e = *x
		}
		out = append(out, tournament.Standing{Entry: e, Values: []int{l.reached}, Played: l.played, Byes: l.byes, Rounds: l.rounds})
	}
	tournament.Rank(out, st.Stage.Qualifiers) // the qualifiers by place group: a group across the line is at the cut
	mp := map[int64]int{}
	for i := range out {
		mp[out[i].Entry.ID] = lines[out[i].Entry.ID].mp
		out[i].Values = []int{mp[out[i].Entry.ID]}
	}
	// Inside an ex aequo group, the points order the display (the place stays shared).
	slices.SortStableFunc(out, func(a, b tournament.Standing) int {
		if c := cmp.Compare(a.Place, b.Place); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Values[0], a.Values[0]); c != 0 {
			return c
		}
		return cmp.Compare(strings.ToLower(a.Entry.Name), strings.ToLower(b.Entry.Name))
	})
	return cols, out
}

// Next implements tournament.Format.
func (f Format) Next(st *tournament.State) tournament.Step {
	cur := st.Current()
	if cur == nil {
		n := len(st.Seeds)
		if !seeded(st) {
			for _, e := range st.Drawable() {
				if !e.Substitute() {
					n++
				}
			}
		}
		switch {
		case !seeded(st) && len(st.Entries) == 0:
			return tournament.Step{Key: "next.add_players"}
		case !seeded(st) && n < 2:
			return tournament.Step{Key: "knockout.next.check_in"}
		}
		return tournament.Step{Key: "knockout.next.draw_first", CanDraw: true}
	}
	b := f.Bracket(st)
	for _, br := range b.Rounds {
		for _, m := range br.Matches {
			if m.Flagged {
				return tournament.Step{Key: "knockout.next.flagged", Args: []any{br.Number, m.Table}, Round: br.Number, Table: m.Table}
			}
		}
	}
	s := of(st.Stage.Settings)
	for _, r := range st.Rounds { // a tie may come from a correction of an earlier round
		for _, g := range gamesOf(&r) {
			if m := decideGame(st, s, &g); m.tie && m.winner == 0 {
				n := g.first().Number
				return tournament.Step{Key: "knockout.next.tie", Args: []any{r.Number, n}, Round: r.Number, Table: n}
			}
		}
	}
	for _, g := range gamesOf(cur) { // every match of the round decided
		if decideGame(st, s, &g).winner == 0 {
			return tournament.Step{Key: "next.enter_scores"}
		}
	}
	for _, r := range st.Rounds[:len(st.Rounds)-1] { // a match of an earlier round cleared
		for _, g := range gamesOf(&r) {
			if decideGame(st, s, &g).winner == 0 {
				return tournament.Step{Key: "knockout.next.undecided", Args: []any{r.Number, g.first().Number}}
			}
		}
	}
	if len(gamesOf(cur))+len(cur.Byes) <= 1 {
		return tournament.Step{Key: "knockout.next.finished", Finished: true}
	}
	return tournament.Step{Key: "knockout.next.draw_next", Args: []any{cur.Number + 1}, CanDraw: true}
}
