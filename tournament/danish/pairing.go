package danish

import (
	"cmp"
	"math"
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
// the search gives up and pairs greedily (see PairField). Only fields that have nearly
// all met each other, of more than memoMax sides, come near it.
const maxNodes = 400_000

// memoMax is the largest field whose searches are remembered (by the set of sides
// paired, in one word).
const memoMax = 58

// Clash says what a pairing should avoid between two sides, as bits: the priorities of
// RULES.md section 4.1 are NeverMeet, then Rematch, then SameClub.
type Clash uint8

// The clashes, lowest priority first.
const (
	SameClub  Clash = 1 << iota // two sides of one club, in the rounds the clubs are kept apart
	Rematch                     // two sides the pairing mode says should not meet again
	NeverMeet                   // two sides the director listed as never to meet
)

// Field is a field to pair, given in standings order (best first).
type Field struct {
	N     int
	Clash func(i, j int) Clash // what pairing i with j would cost (nil: nothing)
	// Clubs are each side's clubs (numbers from 1, each once; none, one, or two for a
	// pair of two clubs) when clubs are kept apart this round (nil otherwise): two sides sharing a
	// club are a SameClub clash, and the search uses the largest club left to bound the
	// clashes it cannot avoid.
	Clubs [][]int
}

// Clashes counts the clashes of a pairing, by kind.
type Clashes struct {
	NeverMeet, Rematch, SameClub int
}

// clash is what pairing i with j costs, the club included.
func (f *Field) clash(i, j int) Clash {
	var c Clash
	if f.Clash != nil {
		c = f.Clash(i, j)
	}
	if f.Clubs != nil && shareClub(f.Clubs[i], f.Clubs[j]) {
		c |= SameClub
	}
	return c
}

// shareClub reports whether two sides have a club in common.
func shareClub(a, b []int) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// Pair pairs an even field given in standings order (best first), where avoid says which
// pairs should not meet (rematches): PairField with only Rematch clashes. It returns the
// pairs as indexes into the field, and how many should not have met.
func Pair(n int, avoid func(i, j int) bool) (pairs [][2]int, rematches int) {
	pairs, c := PairField(Field{N: n, Clash: func(i, j int) Clash {
		if avoid(i, j) {
			return Rematch
		}
		return 0
	}})
	return pairs, c.Rematch
}

// PairField pairs an even field given in standings order (best first). The pairing
// chosen has, first, the fewest NeverMeet clashes; among those the fewest Rematch; among
// those the fewest SameClub; and among those, going down the standings, each side not
// yet paired takes the nearest side below it that still lets the rest be paired: the
// Monrad rule "the next possible opponent, moving as few places as possible", that is
// the lexicographically smallest sequence of opponents' ranks. With nothing to avoid it
// is 1–2, 3–4… It returns the pairs as indexes into the field, and their clashes.
//
// The priorities are one weighted cost (a NeverMeet outweighs every Rematch the field
// could have, a Rematch every SameClub), found by iterative deepening on it (IDA*): a
// depth-first search, nearest opponents first, within a budget that grows to the
// smallest cost a failed search saw, with the lower bounds it proved remembered by the
// set of sides paired (fields of up to memoMax sides) and the largest club left as a
// bound of the club clashes to come.
//
// The search is bounded (maxNodes, shared by every budget tried): a field of more than
// memoMax sides that has met nearly all of itself (a near round robin) can exhaust it,
// and is then paired greedily: down the standings, each side takes the nearest side below
// it with the fewest clashes, by priority.
func PairField(f Field) (pairs [][2]int, clashes Clashes) {
	n := f.N
	if n%2 != 0 {
		panic("danish: PairField needs an even field")
	}
	w1 := n/2 + 1        // a Rematch outweighs every SameClub
	w2 := w1 * (n/2 + 1) // a NeverMeet outweighs every Rematch and SameClub
	p := pairer{n: n, field: &f, w1: w1, w2: w2, next: make([]int, n+2), prev: make([]int, n+2), partner: make([]int, n)}
	if n <= memoMax {
		p.bounds = map[uint64]int{}
	}
	if f.Clubs != nil {
		p.clubs = newClubCount(f.Clubs)
	}
	p.reset()
	k := p.bound()
	for {
		p.reset()
		ok, next := p.search(k)
		if ok {
			break
		}
		if p.nodes > maxNodes {
			p.greedy()
			break
		}
		if next <= k {
			panic("danish: no pairing") // unreachable: the bounds grow, and every field has a pairing
		}
		k = next
	}
	for i := 0; i < n; i++ {
		if j := p.partner[i]; j > i {
			pairs = append(pairs, [2]int{i, j})
			c := f.clash(i, j)
			if c&NeverMeet != 0 {
				clashes.NeverMeet++
			}
			if c&Rematch != 0 {
				clashes.Rematch++
			}
			if c&SameClub != 0 {
				clashes.SameClub++
			}
		}
	}
	return pairs, clashes
}

// pairer searches depth first, nearest opponents first, over the sides not yet paired,
// kept in a doubly linked list (index n is its head and tail).
type pairer struct {
	n          int
	field      *Field
	w1, w2     int // the weights of a Rematch and a NeverMeet (a SameClub weighs 1)
	next, prev []int
	partner    []int
	used       uint64         // the sides paired so far, for fields of up to memoMax
	bounds     map[uint64]int // the lower bound proved of the cost left, by the sides paired
	clubs      *clubCount     // the clubs of the sides left, when clubs are kept apart
	left       int            // the sides left
	nodes      int
}

// cost is what pairing i with j weighs.
func (p *pairer) cost(i, j int) int {
	c := p.field.clash(i, j)
	if c == 0 {
		return 0
	}
	w := 0
	if c&NeverMeet != 0 {
		w += p.w2
	}
	if c&Rematch != 0 {
		w += p.w1
	}
	if c&SameClub != 0 {
		w++
	}
	return w
}

// bound is a lower bound of the cost of pairing the sides left: the one proved by an
// earlier search of the same sides, or the club clashes the largest club left forces
// (c sides of a club among m have at least c − m/2 of their pairs among themselves).
func (p *pairer) bound() int {
	b := 0
	if p.clubs != nil {
		if extra := 2*p.clubs.max - p.left; extra > 0 {
			b = extra / 2
		}
	}
	if p.bounds != nil {
		b = max(b, p.bounds[p.used])
	}
	return b
}

// greedy pairs down the standings, each side with the nearest side below it of the
// lowest cost: the fallback when the search gives up.
func (p *pairer) greedy() {
	used := make([]bool, p.n)
	for i := range p.n {
		if used[i] {
			continue
		}
		pick, best := -1, 0
		for j := i + 1; j < p.n; j++ {
			if used[j] {
				continue
			}
			if c := p.cost(i, j); pick < 0 || c < best {
				pick, best = j, c
				if c == 0 {
					break
				}
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
	p.left = p.n
	if p.clubs != nil {
		p.clubs.reset()
	}
}

func (p *pairer) remove(i int) {
	p.next[p.prev[i]], p.prev[p.next[i]] = p.next[i], p.prev[i]
	if p.n <= memoMax {
		p.used |= 1 << uint(i)
	}
	p.left--
	if p.clubs != nil {
		p.clubs.take(i)
	}
}

func (p *pairer) restore(i int) {
	p.next[p.prev[i]], p.prev[p.next[i]] = i, i
	if p.n <= memoMax {
		p.used &^= 1 << uint(i)
	}
	p.left++
	if p.clubs != nil {
		p.clubs.put(i)
	}
}

// search pairs the sides left within a cost of k. When it cannot, it returns a lower
// bound of their cost, greater than k: the next budget worth trying.
func (p *pairer) search(k int) (bool, int) {
	h := p.n
	i := p.next[h]
	if i == h {
		return true, 0
	}
	if b := p.bound(); b > k {
		return false, b
	}
	key := p.used
	p.remove(i)
	low := math.MaxInt
	for j := p.next[h]; j != h; j = p.next[j] {
		c := p.cost(i, j)
		if c > k {
			low = min(low, c)
			continue
		}
		if p.nodes++; p.nodes > maxNodes {
			break
		}
		p.remove(j)
		ok, b := p.search(k - c)
		if ok {
			p.partner[i], p.partner[j] = j, i
			return true, 0
		}
		if b < math.MaxInt-c {
			low = min(low, c+b)
		}
		p.restore(j)
	}
	p.restore(i)
	if p.bounds != nil && p.nodes <= maxNodes {
		p.bounds[key] = max(p.bounds[key], low)
	}
	return false, low
}

// clubCount counts the sides left of each club, and the largest count, in constant time
// per club of a side taken or put back.
type clubCount struct {
	of     [][]int // each side's clubs
	count  []int   // sides left by club
	counts []int   // clubs by number of sides left
	max    int
}

func newClubCount(of [][]int) *clubCount {
	most := 0
	for _, cs := range of {
		for _, c := range cs {
			most = max(most, c)
		}
	}
	return &clubCount{of: of, count: make([]int, most+1), counts: make([]int, len(of)+2)}
}

func (c *clubCount) reset() {
	clear(c.count)
	clear(c.counts)
	c.max = 0
	for i := range c.of {
		c.put(i)
	}
}

func (c *clubCount) take(i int) {
	for _, k := range c.of[i] {
		n := c.count[k]
		c.counts[n]--
		c.count[k] = n - 1
		c.counts[n-1]++
		if n == c.max && c.counts[n] == 0 {
			c.max--
		}
	}
}

func (c *clubCount) put(i int) {
	for _, k := range c.of[i] {
		n := c.count[k]
		c.counts[n]--
		c.count[k] = n + 1
		c.counts[n+1]++
		if n+1 > c.max {
			c.max = n + 1
		}
	}
}
