package danish

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// rngFor is the random source of a round's draw: its seed is recorded with the round, so
// the draw can be audited and reproduced.
func rngFor(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x64616e697368)) // "danish"
}

// Line is one side's place in the running standings a round is paired from.
type Line struct {
	Entry int64 `json:"entry_id"`
	VP    int   `json:"vp"` // in sixths, as tournament.Points
	MP    int   `json:"mp"`
	Byes  int   `json:"byes"`
	// Tie is the side's rank in the round's random order, which breaks ties of VP and MP
	// (1 = first); drawn from the round's seed.
	Tie int `json:"tie"`
}

// Order sorts the lines by VP, then MP, then the random tie order drawn from seed: the
// running standings a round is paired from, best first. In round 1 every line is level,
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

// ByeIndex chooses who has the bye in a field of lines in standings order (RULES.md
// section 4): the lowest-ranked side among those with the fewest byes, so nobody has a
// second bye while another side has had none. It returns -1 for an even field.
func ByeIndex(lines []Line) int {
	if len(lines)%2 == 0 {
		return -1
	}
	best := -1
	for i := len(lines) - 1; i >= 0; i-- {
		if best < 0 || lines[i].Byes < lines[best].Byes {
			best = i
		}
	}
	return best
}

// maxNodes bounds the whole search of one pairing (a few tenths of a second): past it,
// Pair gives up the search and pairs greedily (see Pair). Only fields that have nearly
// all met each other, of more than memoMax sides, come near it.
const maxNodes = 400_000

// memoMax is the largest field whose failed searches are remembered (by the set of sides
// paired and the rematches left, in one word).
const memoMax = 58

// Pair pairs an even field given in standings order (best first), where avoid says which
// pairs should not meet. The pairing chosen has, first, the fewest pairs that should
// not meet; among those, going down the standings, each side not yet paired takes the
// nearest side below it that still lets the rest be paired: the Monrad rule "the next
// possible opponent, moving as few places as possible", that is the lexicographically
// smallest sequence of opponents' ranks. With nothing to avoid it is 1–2, 3–4…
// It returns the pairs as indexes into the field, and how many should not have met.
//
// The search is bounded (maxNodes, shared by every number of rematches tried): a field
// of more than memoMax sides that has met nearly all of itself (a near round robin) can
// exhaust it, and is then paired greedily: down the standings, each side takes the
// nearest side below it that it has not met, else the nearest side.
func Pair(n int, avoid func(i, j int) bool) (pairs [][2]int, rematches int) {
	if n%2 != 0 {
		panic("danish: Pair needs an even field")
	}
	p := pairer{n: n, avoid: avoid, next: make([]int, n+2), prev: make([]int, n+2), partner: make([]int, n)}
	if n <= memoMax {
		p.failed = map[uint64]bool{}
	}
	for k := 0; ; k++ {
		p.reset()
		if p.search(k) {
			break
		}
		if p.nodes > maxNodes {
			p.greedy()
			break
		}
		if k >= n/2 {
			panic("danish: no pairing") // unreachable: with n/2 rematches allowed, 1–2, 3–4 is one
		}
	}
	for i := 0; i < n; i++ {
		if j := p.partner[i]; j > i {
			pairs = append(pairs, [2]int{i, j})
			if avoid(i, j) {
				rematches++
			}
		}
	}
	return pairs, rematches
}

// pairer searches depth first, nearest opponents first, over the sides not yet paired,
// kept in a doubly linked list (index n is its head and tail).
type pairer struct {
	n          int
	avoid      func(i, j int) bool
	next, prev []int
	partner    []int
	used       uint64 // the sides paired so far, for fields of up to memoMax
	failed     map[uint64]bool
	nodes      int
}

// greedy pairs down the standings, each side with the nearest side below it that it may
// meet, else the nearest side: the fallback when the search gives up.
func (p *pairer) greedy() {
	used := make([]bool, p.n)
	for i := range p.n {
		if used[i] {
			continue
		}
		pick := -1
		for j := i + 1; j < p.n; j++ {
			if used[j] {
				continue
			}
			if pick < 0 {
				pick = j
			}
			if !p.avoid(i, j) {
				pick = j
				break
			}
		}
		used[i], used[pick] = true, true
		p.partner[i], p.partner[pick] = pick, i
	}
}

func (p *pairer) reset() {
	h := p.n
	for i := 0; i < p.n; i++ {
		p.next[i], p.prev[i] = i+1, i-1
	}
	if p.n > 0 {
		p.prev[0] = h
		p.next[p.n-1] = h
	}
	p.next[h], p.prev[h] = 0, p.n-1
	if p.n == 0 {
		p.next[h], p.prev[h] = h, h
	}
	p.used = 0
}

func (p *pairer) remove(i int) {
	p.next[p.prev[i]], p.prev[p.next[i]] = p.next[i], p.prev[i]
	if p.n <= memoMax {
		p.used |= 1 << uint(i)
	}
}

func (p *pairer) restore(i int) {
	p.next[p.prev[i]], p.prev[p.next[i]] = i, i
	if p.n <= memoMax {
		p.used &^= 1 << uint(i)
	}
}

// search pairs the sides left with at most k pairs that should not meet.
func (p *pairer) search(k int) bool {
	h := p.n
	i := p.next[h]
	if i == h {
		return true
	}
	if p.failed != nil && p.failed[p.used<<6|uint64(k)] {
		return false
	}
	p.remove(i)
	for j := p.next[h]; j != h; j = p.next[j] {
		bad := p.avoid(i, j)
		if bad && k == 0 {
			continue
		}
		if p.nodes++; p.nodes > maxNodes {
			break
		}
		p.remove(j)
		left := k
		if bad {
			left--
		}
		if p.search(left) {
			p.partner[i], p.partner[j] = j, i
			return true
		}
		p.restore(j)
	}
	p.restore(i)
	if p.failed != nil && p.nodes <= maxNodes {
		p.failed[p.used<<6|uint64(k)] = true
	}
	return false
}
