package individual4

import (
	"math"
	"slices"
)

// Field is a field to seat at tables of four, given in standings order (best first),
// its size a multiple of 4, with who partnered and who faced whom before.
type Field struct {
	N int
	// Partnered reports whether i and j were partners before; Faced whether they sat on
	// opposite sides of a table. Nil: never.
	Partnered, Faced func(i, j int) bool
}

// Group is one table by field indexes: [0] and [1] are partners (side 1, the side of
// the player ranked highest at the table), [2] and [3] partners (side 2); each side
// the higher-ranked first.
type Group [4]int

// Repeats counts what a seating repeats: partnerships, and pairs of opponents.
type Repeats struct {
	Partners, Opponents int
}

// maxWork bounds the candidate tables the search looks at for one draw (about a tenth
// of a second): past it, the search gives up and seats greedily (see Seat). It counts
// work, not time, so that a draw is the same again from its seed.
const maxWork = 1_000_000

// memoMax is the largest field whose searches are remembered (by the set of players
// seated, as a bitset of 4 words).
const memoMax = 256

// greedyWindow is how many players below the top one the greedy fallback considers for
// a table.
const greedyWindow = 11

// Seat seats a field given in standings order (best first) at tables of four, two
// partnerships a table. The seating chosen has, first, the fewest repeated partnerships;
// among those, the fewest repeated opponents (each pair of opponents who faced each
// other before counts once); and among those, going down the standings, each player
// not yet seated takes the three nearest players below them that still let the rest be
// seated, partnered in the order 1st+2nd v 3rd+4th, then 1st+3rd v 2nd+4th, then
// 1st+4th v 2nd+3rd. With nothing to avoid it is 1+2 v 3+4, 5+6 v 7+8… It returns the
// tables in standings order of their top player, and what they repeat.
//
// The priorities are one weighted cost (a repeated partnership outweighs every repeated
// opponent a field can have), found by iterative deepening on it (IDA*): a depth-first
// search, nearest players first, within a budget that grows to the smallest cost a
// failed search saw, with the lower bounds it proved remembered by the set of players
// seated. The search is bounded (maxWork candidate tables): past it the field is seated
// greedily (down the standings, each player with the cheapest table among the next
// players) and the seating improved by swapping players between tables while that lowers
// its cost.
func Seat(f Field) ([]Group, Repeats) {
	groups, r, _ := seat(f)
	return groups, r
}

// seat is Seat, also saying whether the search gave up for the greedy seating.
func seat(f Field) (groups []Group, r Repeats, greedy bool) {
	if f.N%TableSize != 0 {
		panic("individual4: Seat needs a multiple of 4")
	}
	s := newSeater(f)
	k := 0
	for {
		s.reset()
		ok, next := s.search(k, 0)
		if ok {
			groups = slices.Clone(s.out)
			break
		}
		if s.work > maxWork {
			groups, greedy = s.greedy(), true
			s.improve(groups)
			break
		}
		if next <= k {
			panic("individual4: no seating") // unreachable: every field has a seating
		}
		k = next
	}
	for _, g := range groups {
		p, o := s.repeats(g)
		r.Partners += p
		r.Opponents += o
	}
	return groups, r, greedy
}

// Relation bits between two players of a field.
const (
	relPartner = 1 << iota
	relOpponent
)

type seater struct {
	n     int
	rel   []uint8 // n×n relation bits
	wp    int     // the weight of a repeated partnership (a repeated opponent weighs 1)
	taken []bool
	key   [4]uint64
	memo  map[[4]uint64]int
	work  int
	out   []Group // the table chosen at each depth
	bufs  [][]int // the players left, at each depth
}

func newSeater(f Field) *seater {
	n := f.N
	s := &seater{n: n, rel: make([]uint8, n*n), wp: n + 1, taken: make([]bool, n), out: make([]Group, n/TableSize),
		bufs: make([][]int, n/TableSize+1)}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			if f.Partnered != nil && f.Partnered(i, j) {
				s.rel[i*n+j] |= relPartner
			}
			if f.Faced != nil && f.Faced(i, j) {
				s.rel[i*n+j] |= relOpponent
			}
		}
	}
	if n <= memoMax {
		s.memo = map[[4]uint64]int{}
	}
	return s
}

func (s *seater) reset() {
	clear(s.taken)
	s.key = [4]uint64{}
}

func (s *seater) take(i int) {
	s.taken[i] = true
	s.key[i/64] |= 1 << uint(i%64)
}

func (s *seater) put(i int) {
	s.taken[i] = false
	s.key[i/64] &^= 1 << uint(i%64)
}

// split is the table of sorted players i < a < b < c partnered the k-th way: i+a v b+c,
// i+b v a+c, i+c v a+b.
func split(i, a, b, c, k int) Group {
	switch k {
	case 0:
		return Group{i, a, b, c}
	case 1:
		return Group{i, b, a, c}
	}
	return Group{i, c, a, b}
}

// repeats counts a table's repeated partnerships and repeated opponents.
func (s *seater) repeats(g Group) (partners, opponents int) {
	n := s.n
	if s.rel[g[0]*n+g[1]]&relPartner != 0 {
		partners++
	}
	if s.rel[g[2]*n+g[3]]&relPartner != 0 {
		partners++
	}
	for _, x := range g[:2] {
		for _, y := range g[2:] {
			if s.rel[x*n+y]&relOpponent != 0 {
				opponents++
			}
		}
	}
	return partners, opponents
}

// cost is what a table weighs.
func (s *seater) cost(g Group) int {
	p, o := s.repeats(g)
	return p*s.wp + o
}

// search seats the players left within a cost of k. When it cannot, it returns a lower
// bound of their cost, greater than k: the next budget worth trying.
func (s *seater) search(k, depth int) (bool, int) {
	rem := s.bufs[depth][:0]
	for i := range s.n {
		if !s.taken[i] {
			rem = append(rem, i)
		}
	}
	s.bufs[depth] = rem
	if len(rem) == 0 {
		return true, 0
	}
	key := s.key
	if s.memo != nil {
		if b := s.memo[key]; b > k {
			return false, b
		}
	}
	i, r := rem[0], rem[1:]
	s.take(i)
	low := math.MaxInt
search:
	for x := 0; x < len(r); x++ {
		a := r[x]
		for y := x + 1; y < len(r); y++ {
			b := r[y]
			for z := y + 1; z < len(r); z++ {
				c := r[z]
				for sp := range 3 {
					g := split(i, a, b, c, sp)
					cost := s.cost(g)
					if s.work++; s.work > maxWork {
						break search
					}
					if cost > k {
						low = min(low, cost)
						continue
					}
					s.take(a)
					s.take(b)
					s.take(c)
					ok, bd := s.search(k-cost, depth+1)
					if ok {
						s.out[depth] = g
						return true, 0
					}
					if bd < math.MaxInt-cost {
						low = min(low, cost+bd)
					}
					s.put(a)
					s.put(b)
					s.put(c)
				}
			}
		}
	}
	s.put(i)
	if s.memo != nil && s.work <= maxWork {
		s.memo[key] = max(s.memo[key], low)
	}
	return false, low
}

// greedy seats down the standings: each player not yet seated with the cheapest table
// among the next greedyWindow players left (the nearest first on equal cost).
func (s *seater) greedy() []Group {
	s.reset()
	var out []Group
	for {
		var rem []int
		for i := range s.n {
			if !s.taken[i] {
				rem = append(rem, i)
			}
		}
		if len(rem) == 0 {
			return out
		}
		i, r := rem[0], rem[1:min(len(rem), greedyWindow+1)]
		best, bestCost := Group{}, -1
		for x := 0; x < len(r); x++ {
			for y := x + 1; y < len(r); y++ {
				for z := y + 1; z < len(r); z++ {
					for sp := range 3 {
						g := split(i, r[x], r[y], r[z], sp)
						if c := s.cost(g); bestCost < 0 || c < bestCost {
							best, bestCost = g, c
						}
					}
				}
			}
		}
		for _, p := range best {
			s.take(p)
		}
		out = append(out, best)
	}
}

// arrange partners four players the cheapest way, the first of the three ways on equal
// cost, and returns the table with its cost.
func (s *seater) arrange(p [4]int) (Group, int) {
	slices.Sort(p[:])
	best, bestCost := Group{}, -1
	for sp := range 3 {
		g := split(p[0], p[1], p[2], p[3], sp)
		if c := s.cost(g); bestCost < 0 || c < bestCost {
			best, bestCost = g, c
		}
	}
	return best, bestCost
}

// improve swaps players between two tables while a swap lowers the seating's cost (a
// local search, after the greedy seating), then puts the tables back in standings order.
func (s *seater) improve(groups []Group) {
	costs := make([]int, len(groups))
	for t, g := range groups {
		costs[t] = s.cost(g)
	}
	for range 50 {
		better := false
		for t := range groups {
			if costs[t] == 0 {
				continue
			}
			for u := range groups {
				if u == t {
					continue
				}
				for x := range TableSize {
					for y := range TableSize {
						gt, gu := [4]int(groups[t]), [4]int(groups[u])
						gt[x], gu[y] = gu[y], gt[x]
						nt, ct := s.arrange(gt)
						nu, cu := s.arrange(gu)
						if ct+cu < costs[t]+costs[u] {
							groups[t], groups[u], costs[t], costs[u] = nt, nu, ct, cu
							better = true
						}
					}
				}
			}
		}
		if !better {
			break
		}
	}
	slices.SortFunc(groups, func(a, b Group) int { return a[0] - b[0] })
}
