package season

import (
	"cmp"
	"slices"
	"strings"
)

// Evening is one tournament of the season as its final ranking left it.
type Evening struct {
	TournamentID int64  `json:"tournament_id"`
	Name         string `json:"name"`
	Date         string `json:"date"` // YYYY-MM-DD
	Format       string `json:"format"`
	// Field is the number of ranked entries (a pair is one entry; substitutes are not
	// ranked).
	Field    int       `json:"field"`
	Placings []Placing `json:"placings"`
	// InProgress: the evening's ranking is not final yet (a round still to draw or to
	// complete); the season lists it but does not count it (RULES.md 8.1).
	InProgress bool `json:"in_progress,omitempty"`
}

// Placing is one ranked entry of an evening: its players (two for a pair), its place in
// the final ranking (shared places are equal), and its own ranking value.
type Placing struct {
	EntryID int64    `json:"entry_id"`
	Players []Player `json:"players"`
	Place   int      `json:"place"`
	// Value is the evening's own first ranking value (ranking points, VP, matches won).
	Value Score `json:"value"`
	// MP and VP are the entry's match and victory points when its format has them.
	MP *Score `json:"mp,omitempty"`
	VP *Score `json:"vp,omitempty"`
}

// Player is a player as a season names them.
type Player struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Result is what one evening is worth to one player in the season.
type Result struct {
	TournamentID int64  `json:"tournament_id"`
	Name         string `json:"name"`
	Date         string `json:"date"`
	Format       string `json:"format"`
	Field        int    `json:"field"`
	Place        int    `json:"place"`
	Tied         bool   `json:"tied"`
	// Partner is the other member of a pair, or nil.
	Partner *Player `json:"partner,omitempty"`
	// Value is the evening's own value; Points what it is worth in the season.
	Value   Score  `json:"value"`
	MP      *Score `json:"mp,omitempty"`
	VP      *Score `json:"vp,omitempty"`
	Points  Score  `json:"points"`
	Counted bool   `json:"counted"` // false: dropped (not among the best N)
}

// Standing is one player's line of the season standings.
type Standing struct {
	Player Player `json:"player"`
	// Place is shared by equal lines (Tied); 0 when the player is not ranked (fewer
	// evenings than the minimum).
	Place    int  `json:"place"`
	Tied     bool `json:"tied"`
	Ranked   bool `json:"ranked"`
	Evenings int  `json:"evenings"`
	Counted  int  `json:"counted"`
	Wins     int  `json:"wins"` // evenings finished first (shared or not)
	// Best is the best single result; Bonus the participation bonus; Total the counted
	// points plus the bonus.
	Best    Score    `json:"best"`
	Bonus   Score    `json:"bonus"`
	Total   Score    `json:"total"`
	Results []Result `json:"results"` // every evening played, in date order
}

// Points returns what each placing of an evening is worth in the season, in the order
// of ev.Placings.
func (s Settings) Points(ev Evening) []Score {
	out := make([]Score, len(ev.Placings))
	switch s.Method {
	case ByValue:
		for i, p := range ev.Placings {
			out[i] = p.Value
		}
	case ByPercent:
		var best Score
		for i, p := range ev.Placings {
			if i == 0 || p.Value.Cmp(best) > 0 {
				best = p.Value
			}
		}
		if best.Sign() <= 0 {
			return out // nobody scored: everyone has 0 %
		}
		for i, p := range ev.Placings {
			out[i] = p.Value.Mul(Int(100)).Quo(best)
		}
	default: // ByPlace
		shared := map[int]int{} // place → how many share it
		for _, p := range ev.Placings {
			shared[p.Place]++
		}
		for i, p := range ev.Placings {
			k := shared[p.Place]
			var sum int64
			for q := p.Place; q < p.Place+k; q++ {
				if q >= 1 && q <= len(s.Table) {
					sum += int64(s.Table[q-1])
				}
			}
			pts := Frac(sum, int64(k))
			if s.ScaleByField {
				ref := s.ReferenceField
				if ref == 0 {
					ref = len(s.Table)
				}
				if ref > 0 {
					pts = pts.Mul(Frac(int64(ev.Field), int64(ref)))
				}
			}
			out[i] = pts
		}
	}
	return out
}

// Compute ranks the season from its evenings: each player's results (a pair's counting
// for both members), the best N counted and the others dropped, the total with the
// bonus, and the places: total, then most wins, then best single result, then ex aequo.
// Players with fewer evenings than the minimum come after, unranked. An evening in
// progress is not counted.
func (s Settings) Compute(evenings []Evening) []Standing {
	evs := slices.DeleteFunc(slices.Clone(evenings), func(e Evening) bool { return e.InProgress })
	slices.SortStableFunc(evs, func(a, b Evening) int {
		if c := cmp.Compare(a.Date, b.Date); c != 0 {
			return c
		}
		return cmp.Compare(a.TournamentID, b.TournamentID)
	})
	lines := map[int64]*Standing{}
	var order []int64
	for _, ev := range evs {
		pts := s.Points(ev)
		shared := map[int]int{}
		for _, p := range ev.Placings {
			shared[p.Place]++
		}
		for i, p := range ev.Placings {
			for _, pl := range p.Players {
				l := lines[pl.ID]
				if l == nil {
					l = &Standing{Player: pl}
					lines[pl.ID] = l
					order = append(order, pl.ID)
				}
				r := Result{TournamentID: ev.TournamentID, Name: ev.Name, Date: ev.Date, Format: ev.Format, Field: ev.Field,
					Place: p.Place, Tied: shared[p.Place] > 1, Value: p.Value, MP: p.MP, VP: p.VP, Points: pts[i]}
				for _, o := range p.Players {
					if o.ID != pl.ID {
						r.Partner = &o
					}
				}
				l.Results = append(l.Results, r)
			}
		}
	}
	out := make([]Standing, 0, len(order))
	for _, id := range order {
		l := lines[id]
		s.count(l)
		out = append(out, *l)
	}
	rank(out)
	return out
}

// count marks a player's counted results (the best N, an earlier evening kept before a
// later equal one) and sums them.
func (s Settings) count(l *Standing) {
	idx := make([]int, len(l.Results))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return l.Results[b].Points.Cmp(l.Results[a].Points) })
	n := len(idx)
	if s.Best > 0 && s.Best < n {
		n = s.Best
	}
	l.Evenings, l.Counted = len(l.Results), n
	l.Bonus = Int(int64(s.Bonus) * int64(len(l.Results)))
	l.Total = l.Bonus
	for k, i := range idx {
		r := &l.Results[i]
		if k < n {
			r.Counted = true
			l.Total = l.Total.Add(r.Points)
		}
		if k == 0 {
			l.Best = r.Points
		}
		if r.Place == 1 {
			l.Wins++
		}
	}
	l.Ranked = l.Evenings >= s.MinEvenings
}

// rank orders the lines and gives their places: ranked lines first by total, wins, best
// single result (equal on all three: ex aequo, sharing a place), then the unranked ones
// in the same order without a place. Names only order the display.
func rank(out []Standing) {
	key := func(a, b *Standing) int {
		if c := b.Total.Cmp(a.Total); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
			return c
		}
		return b.Best.Cmp(a.Best)
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if a.Ranked != b.Ranked {
			if a.Ranked {
				return -1
			}
			return 1
		}
		if c := key(&a, &b); c != 0 {
			return c
		}
		if c := cmp.Compare(strings.ToLower(a.Player.Name), strings.ToLower(b.Player.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.Player.ID, b.Player.ID)
	})
	for i := range out {
		if !out[i].Ranked {
			continue
		}
		if i > 0 && out[i-1].Ranked && key(&out[i-1], &out[i]) == 0 {
			out[i].Place, out[i].Tied, out[i-1].Tied = out[i-1].Place, true, true
		} else {
			out[i].Place = i + 1
		}
	}
}
