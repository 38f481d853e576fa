package individual4

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// playRandom enters random totals at every table of a round (some level, so ties happen).
func playRandom(st *tournament.State, r *tournament.Round, rng *rand.Rand) {
	for i := range r.Tables {
		a, b := 5*rng.IntN(400), 5*rng.IntN(400)
		if rng.IntN(8) == 0 {
			b = a
		}
		score(st, &r.Tables[i], a, b)
	}
}

// countRepeats counts what a round's tables repeat of the history.
func countRepeats(r *tournament.Round, h History) Repeats {
	var out Repeats
	for _, t := range r.Tables {
		p := t.People()
		if h.Partners[key(p[0], p[1])] {
			out.Partners++
		}
		if h.Partners[key(p[2], p[3])] {
			out.Partners++
		}
		for _, a := range p[:2] {
			for _, b := range p[2:] {
				if h.Opponents[key(a, b)] {
					out.Opponents++
				}
			}
		}
	}
	return out
}

// fewestRepeats is the best any seating of the players (a multiple of 4) can do, by
// brute force over every grouping into tables of two partnerships: the fewest repeated
// partnerships, and among those the fewest repeated opponents.
func fewestRepeats(ids []int64, h History) Repeats {
	best := Repeats{Partners: len(ids), Opponents: 4 * len(ids)}
	used := make([]bool, len(ids))
	var rec func(p, o int)
	rec = func(p, o int) {
		if p > best.Partners || (p == best.Partners && o >= best.Opponents) {
			return
		}
		first := slices.Index(used, false)
		if first < 0 {
			best = Repeats{Partners: p, Opponents: o}
			return
		}
		used[first] = true
		for x := first + 1; x < len(ids); x++ {
			if used[x] {
				continue
			}
			used[x] = true
			for y := x + 1; y < len(ids); y++ {
				if used[y] {
					continue
				}
				used[y] = true
				for z := y + 1; z < len(ids); z++ {
					if used[z] {
						continue
					}
					used[z] = true
					q := [4]int64{ids[first], ids[x], ids[y], ids[z]}
					for _, g := range [3][4]int64{{q[0], q[1], q[2], q[3]}, {q[0], q[2], q[1], q[3]}, {q[0], q[3], q[1], q[2]}} {
						dp, do := 0, 0
						if h.Partners[key(g[0], g[1])] {
							dp++
						}
						if h.Partners[key(g[2], g[3])] {
							dp++
						}
						for _, a := range g[:2] {
							for _, b := range g[2:] {
								if h.Opponents[key(a, b)] {
									do++
								}
							}
						}
						rec(p+dp, o+do)
					}
					used[z] = false
				}
				used[y] = false
			}
			used[x] = false
		}
		used[first] = false
	}
	rec(0, 0)
	return best
}

// TestPropertyRandomTournaments plays random seeded tournaments (4 to 200 players, 1 to
// 12 rounds, random results) and checks after each draw: every player plays or has a
// bye, exactly once; the byes are the players beyond a multiple of 4 and nobody has a
// second bye while another has none; every table is two partnerships of two; and on
// fields of up to 12 players the draw repeats no more partnerships than the best
// seating of the same players (brute force over every grouping), nor, with as few
// repeated partnerships, more opponents. On fields of 40 or more nobody partners
// anybody twice.
func TestPropertyRandomTournaments(t *testing.T) {
	trials := 300
	if testing.Short() {
		trials = 80
	}
	rng := rand.New(rand.NewPCG(2026, 23))
	counts := map[string]int{}
	for trial := range trials {
		n := 4 + rng.IntN(9) // 4 to 12: checked exactly
		switch trial % 4 {
		case 1:
			n = 13 + rng.IntN(28)
		case 3:
			n = 4 + rng.IntN(197)
		}
		s := settings(1 + rng.IntN(12))
		st := field(n, s)
		name := fmt.Sprintf("trial %d: %d players, %d rounds", trial, n, s.Count)
		byes := map[int64]int{}
		for round := 1; round <= s.Count; round++ {
			h := HistoryOf(st.Rounds, nil)
			r := draw(t, st, rng.Int64())

			seen := map[int64]int{}
			for _, id := range r.People() {
				seen[id]++
			}
			require.Len(t, seen, n, "%s, round %d: everyone plays or has a bye", name, round)
			for id, k := range seen {
				require.Equal(t, 1, k, "%s, round %d: player %d seated twice", name, round, id)
			}
			require.Len(t, r.Byes, n%4, "%s, round %d: the players beyond a multiple of 4 sit out", name, round)
			for _, b := range r.Byes {
				byes[b.EntryID]++
			}
			lo, hi := n, 0
			for _, e := range st.Entries {
				lo, hi = min(lo, byes[e.ID]), max(hi, byes[e.ID])
			}
			require.LessOrEqual(t, hi-lo, 1, "%s, round %d: a second bye while another player has none", name, round)
			var seated []int64
			for _, tb := range r.Tables {
				require.Len(t, tb.Sides, 2)
				for _, sd := range tb.Sides {
					require.Len(t, sd.Partners, 1, "%s, round %d: a side of two", name, round)
				}
				seated = append(seated, tb.People()...)
			}
			got := countRepeats(r, h)
			if got.Partners > 0 {
				counts["repeated partnerships"] += got.Partners
			}
			if got.Opponents > 0 {
				counts["rounds with repeated opponents"]++
			}
			if n <= 12 {
				best := fewestRepeats(seated, h)
				require.Equal(t, best, got, "%s, round %d: the draw repeats more than the best seating", name, round)
				counts["checked exactly"]++
				if best.Partners > 0 {
					counts["forced partner repeats"]++
				}
			}
			if n >= 40 {
				require.Zero(t, got.Partners, "%s, round %d: a partnership repeated in a large field", name, round)
			}
			playRandom(st, r, rng)
		}
		counts["tournaments"]++
	}
	t.Logf("%v", counts)
	assert.Positive(t, counts["forced partner repeats"], "the trials include fields where a partnership must repeat")
	assert.Greater(t, counts["checked exactly"], 500)
}

// TestSeatWithNothingToAvoid: with no history a field is seated 1+2 v 3+4, 5+6 v 7+8…
func TestSeatWithNothingToAvoid(t *testing.T) {
	groups, r := Seat(Field{N: 12})
	assert.Equal(t, []Group{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}}, groups)
	assert.Zero(t, r)
}

// TestSeatAvoidsPartnerFirst: 1 and 2 were partners, and 3 faced 1: the table of the top
// four is 1+3 v 2+4 (no repeat), not 1+2 v 3+4 (a partnership again) nor 1+4 v 2+3
// (where 1 would face 3 again).
func TestSeatAvoidsPartnerFirst(t *testing.T) {
	f := Field{N: 4,
		Partnered: func(i, j int) bool { return i+j == 1 },
		Faced:     func(i, j int) bool { return min(i, j) == 0 && max(i, j) == 2 }}
	groups, r := Seat(f)
	assert.Equal(t, []Group{{0, 2, 1, 3}}, groups, "1+3 v 2+4: 1 and 3 partner, so they do not face each other")
	assert.Zero(t, r)

	// Every split repeats something: 1+2 and 3+4 were partners, 1 faced 3 and 4, 2 faced 3.
	f = Field{N: 4,
		Partnered: func(i, j int) bool { return i+j == 1 && i*j == 0 || min(i, j) == 2 && max(i, j) == 3 },
		Faced: func(i, j int) bool {
			a, b := min(i, j), max(i, j)
			return a == 0 && b >= 2 || a == 1 && b == 2
		}}
	groups, r = Seat(f)
	// 1+2 v 3+4: two partnerships repeated. 1+3 v 2+4: opponents 1-2, 1-4 (faced), 3-2
	// (faced), 3-4: 2 repeats. 1+4 v 2+3: opponents 1-2, 1-3 (faced), 4-2, 4-3: 1 repeat.
	assert.Equal(t, []Group{{0, 3, 1, 2}}, groups)
	assert.Equal(t, Repeats{Opponents: 1}, r)
}

// TestSeatFallsBackOnHugeSearches: a field of 200 where every player faced 80% of the
// field (at random) cannot be seated without repeated opponents, and the search for the
// fewest gives up past its bound: the greedy seating and its swaps still seat everybody
// once, with no repeated partnership (5% of the possible partnerships were played).
func TestSeatFallsBackOnHugeSearches(t *testing.T) {
	n := 200
	rng := rand.New(rand.NewPCG(7, 7))
	rel := make([]uint8, n*n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			var b uint8
			if rng.IntN(20) == 0 {
				b |= relPartner
			}
			if rng.IntN(10) < 8 {
				b |= relOpponent
			}
			rel[i*n+j], rel[j*n+i] = b, b
		}
	}
	f := Field{N: n, Partnered: func(i, j int) bool { return rel[i*n+j]&relPartner != 0 },
		Faced: func(i, j int) bool { return rel[i*n+j]&relOpponent != 0 }}
	groups, r, greedy := seat(f)
	require.True(t, greedy, "the search gave up")
	require.Len(t, groups, n/4)
	seen := map[int]bool{}
	for _, g := range groups {
		for _, p := range g {
			assert.False(t, seen[p])
			seen[p] = true
		}
	}
	assert.Len(t, seen, n)
	assert.Zero(t, r.Partners)
	t.Logf("repeats: %+v", r)
}
