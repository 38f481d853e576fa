package individual4

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"burraco/tournament"
)

// rngFor is the random source of a round's draw: its seed is recorded with the round, so
// the draw can be audited and reproduced.
func rngFor(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x696e64697634)) // "indiv4"
}

// Line is one player's place in the running standings a round is drawn from.
type Line struct {
	Entry int64 `json:"entry_id"`
	VP    int   `json:"vp"` // in sixths, as tournament.Points
	MP    int   `json:"mp"`
	Byes  int   `json:"byes"`
	// Tie is the player's rank in the round's random order, which breaks ties of VP and
	// MP (1 = first); drawn from the round's seed.
	Tie int `json:"tie"`
}

// Order sorts the lines by VP, then MP, then the random tie order drawn from seed: the
// running standings a round is drawn from, best first. In round 1 every line is level,
// so the order is random. The lines' Tie fields are set.
func Order(lines []Line, seed int64) {
	slices.SortFunc(lines, func(a, b Line) int { return cmp.Compare(a.Entry, b.Entry) })
	perm := rngFor(seed).Perm(len(lines))
	for i := range lines {
		lines[i].Tie = perm[i] + 1
	}
	slices.SortStableFunc(lines, func(a, b Line) int {
		if c := cmp.Compare(b.VP, a.VP); c != 0 {
			return c
		}
		if c := cmp.Compare(b.MP, a.MP); c != 0 {
			return c
		}
		return cmp.Compare(a.Tie, b.Tie)
	})
}

// ByeIndexes chooses who sits out in a field of lines in standings order (RULES.md
// section 7a): as many players as the field has beyond a multiple of 4, those with the
// fewest byes first and, among them, the lowest-ranked, so nobody sits out twice while
// another player has not. It returns their indexes, in standings order.
func ByeIndexes(lines []Line) []int {
	k := len(lines) % TableSize
	idx := make([]int, len(lines))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if c := cmp.Compare(lines[a].Byes, lines[b].Byes); c != 0 {
			return c
		}
		return cmp.Compare(b, a) // the lower-ranked first
	})
	out := slices.Clone(idx[:k])
	slices.Sort(out)
	return out
}

// Running returns the running standings round n is drawn from (the results of the
// rounds before it), for the players drawable now, in the order the draw uses with
// seed: VP, MP, then the random tie order.
func Running(st *tournament.State, n int, seed int64) []Line {
	var ids []int64
	for _, e := range st.Drawable() {
		if !e.Substitute() {
			ids = append(ids, e.ID)
		}
	}
	return running(st, n, ids, seed)
}

// running orders the players ids by the standings after the rounds before n.
func running(st *tournament.State, n int, ids []int64, seed int64) []Line {
	before := *st
	before.Rounds = st.Rounds[:min(max(n-1, 0), len(st.Rounds))]
	_, standings := Format{}.Standings(&before)
	byID := map[int64]*tournament.Standing{}
	for i := range standings {
		byID[standings[i].Entry.ID] = &standings[i]
	}
	lines := make([]Line, 0, len(ids))
	for _, id := range ids {
		l := Line{Entry: id}
		if sd := byID[id]; sd != nil {
			l.VP, l.MP, l.Byes = sd.Values[ValVP], sd.Values[ValMP], sd.Byes
		} else if c, ok := st.Carry[id]; ok {
			l.Byes = c.Byes
		}
		lines = append(lines, l)
	}
	Order(lines, seed)
	return lines
}

// History is who partnered and who faced whom in earlier rounds.
type History struct {
	Partners, Opponents map[[2]int64]bool
}

// key is a pair of players in either order.
func key(a, b int64) [2]int64 { return [2]int64{min(a, b), max(a, b)} }

// HistoryOf reads who partnered and who faced whom in the given rounds, and in the
// stages before a continued stage: their partners (tournament.Carried.Partners) and the
// opponents they met (Carried.Met).
func HistoryOf(rounds []tournament.Round, carry map[int64]tournament.Carried) History {
	h := History{Partners: map[[2]int64]bool{}, Opponents: map[[2]int64]bool{}}
	for a, c := range carry {
		for _, b := range c.Partners {
			h.Partners[key(a, b)] = true
		}
		for _, b := range c.Met {
			h.Opponents[key(a, b)] = true
		}
	}
	for _, r := range rounds {
		for _, t := range r.Tables {
			for si, sd := range t.Sides {
				ms := sd.Members()
				for x := range ms {
					for y := x + 1; y < len(ms); y++ {
						h.Partners[key(ms[x], ms[y])] = true
					}
				}
				for _, other := range t.Sides[si+1:] {
					for _, a := range ms {
						for _, b := range other.Members() {
							h.Opponents[key(a, b)] = true
						}
					}
				}
			}
		}
	}
	return h
}

// SeatLines seats a field in standings order (Order): the byes by ByeIndexes, then the
// others by Seat, avoiding what the history repeats. Each table is four entry IDs:
// [0]+[1] against [2]+[3].
func SeatLines(lines []Line, h History) (tables [][4]int64, byes []int64, r Repeats) {
	out := ByeIndexes(lines)
	left := make([]Line, 0, len(lines))
	for i, l := range lines {
		if slices.Contains(out, i) {
			byes = append(byes, l.Entry)
		} else {
			left = append(left, l)
		}
	}
	f := Field{N: len(left),
		Partnered: func(i, j int) bool { return h.Partners[key(left[i].Entry, left[j].Entry)] },
		Faced:     func(i, j int) bool { return h.Opponents[key(left[i].Entry, left[j].Entry)] }}
	groups, r := Seat(f)
	for _, g := range groups {
		tables = append(tables, [4]int64{left[g[0]].Entry, left[g[1]].Entry, left[g[2]].Entry, left[g[3]].Entry})
	}
	return tables, byes, r
}

// Draw implements tournament.Format: round 1 at random, later rounds by the running
// standings (VP, MP, then the round's random tie order), four players a table, 1st+2nd
// against 3rd+4th, avoiding first a repeated partnership, then repeated opponents, then
// moving anybody further than needed (Seat). The players beyond a multiple of 4 sit out
// in turn (ByeIndexes), scoring the bye's VP. At each table side 1 is the partnership
// of the player ranked highest there, each side's entry its higher-ranked player.
func (f Format) Draw(st *tournament.State, seed int64) (*tournament.Round, []tournament.Entry, error) {
	s := of(st.Stage.Settings)
	for _, e := range st.Drawable() {
		if !e.Substitute() && e.Kind != tournament.EntryPlayer {
			return nil, nil, tournament.Errorf(tournament.ECONFLICT, "individual4.draw.kind", e.Name)
		}
	}
	n := len(st.Rounds) + 1
	if n == 1 && st.Stage.ScaleID == nil && f.DefaultScale(s) == nil {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "individual4.draw.no_scale", s.Hands)
	}
	lines := Running(st, n, seed)
	if len(lines) < TableSize {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "draw.too_few")
	}
	tables, byes, _ := SeatLines(lines, HistoryOf(st.Rounds[:n-1], st.Carry))
	r := &tournament.Round{Number: n, Seed: seed}
	for _, id := range byes {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: id, Points: tournament.RP(s.ByeVP)})
	}
	for k, t := range tables {
		r.Tables = append(r.Tables, tournament.Table{Number: k + 1, Sides: SidesOf(t)})
	}
	return r, nil, nil
}

// SidesOf seats a table of four: [0]+[1] at position 1, [2]+[3] at position 2, each
// side's entry its first player and the second its partner.
func SidesOf(t [4]int64) []tournament.Side {
	return []tournament.Side{
		{Position: 1, EntryID: t[0], Partners: []int64{t[1]}},
		{Position: 2, EntryID: t[2], Partners: []int64{t[3]}},
	}
}
