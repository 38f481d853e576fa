package danish

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

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

// pairable reports whether the sides can all be paired with no two that met: exactly,
// by a search over the sets of sides left (fields of up to 30).
func pairable(ids []int64, met map[int64]map[int64]bool) bool {
	if len(ids) > 30 {
		panic("pairable: field too large")
	}
	failed := map[uint32]bool{}
	var rec func(left uint32) bool
	rec = func(left uint32) bool {
		if left == 0 {
			return true
		}
		if failed[left] {
			return false
		}
		i := 0
		for left&(1<<i) == 0 {
			i++
		}
		for j := i + 1; j < len(ids); j++ {
			if left&(1<<j) != 0 && !met[ids[i]][ids[j]] && rec(left&^(1<<i|1<<j)) {
				return true
			}
		}
		failed[left] = true
		return false
	}
	return rec(1<<len(ids) - 1)
}

// avoidable reports whether a pairing without a rematch exists for the sides: by Dirac's
// theorem when everyone can still meet at least half the field (a Hamiltonian cycle of
// the "not met" graph), exactly otherwise.
func avoidable(ids []int64, met map[int64]map[int64]bool) bool {
	most := 0
	for _, id := range ids {
		n := 0
		for _, o := range ids {
			if met[id][o] {
				n++
			}
		}
		most = max(most, n)
	}
	if len(ids)-1-most >= len(ids)/2 {
		return true
	}
	return pairable(ids, met)
}

// TestPropertyRandomTournaments plays many random seeded tournaments (pairs and
// individuals, odd and even fields of 4 to 200 sides, up to 12 rounds, every mode) and
// checks after each draw: every side plays or has the bye, exactly once; no side has a
// second bye while another has none; "no rematches" gives none whenever avoidable;
// modified Danish never repeats the previous round's opponent except in the last round;
// the random draw is as "no rematches"; the table shift has nobody meet twice, nor sit
// out twice, within its movement.
func TestPropertyRandomTournaments(t *testing.T) {
	trials := 240
	if testing.Short() {
		trials = 60
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	modes := []Pairing{Pure, Modified, NoRematch, Random, Shift}
	counts := map[string]int{}
	for trial := range trials {
		n := 4 + rng.IntN(27) // mostly small fields, where rematches are hard to avoid
		if trial%6 == 0 {
			n = 4 + rng.IntN(197)
		}
		s := settings(modes[trial%len(modes)], 1+rng.IntN(12))
		if trial%2 == 1 {
			s.Sides = Individuals
		}
		st := field(n, s)
		name := fmt.Sprintf("trial %d: %d %s sides, %s, %d rounds", trial, n, s.Sides, s.Pairing, s.Count)
		byes := map[int64]int{}
		for round := 1; round <= s.Count; round++ {
			before := met(st.Rounds, nil)
			var last map[int64]map[int64]bool
			if len(st.Rounds) > 0 {
				last = met(st.Rounds[len(st.Rounds)-1:], nil)
			}
			r := draw(t, st, rng.Int64())

			seen := map[int64]int{}
			for _, id := range r.People() {
				seen[id]++
			}
			require.Len(t, seen, n, "%s, round %d: everyone plays or has the bye", name, round)
			for id, k := range seen {
				require.Equal(t, 1, k, "%s, round %d: side %d seated twice", name, round, id)
			}
			require.Len(t, r.Byes, n%2, "%s, round %d: one bye for an odd field", name, round)
			for _, b := range r.Byes {
				byes[b.EntryID]++
			}
			lo, hi := n, 0
			for _, e := range st.Entries {
				lo, hi = min(lo, byes[e.ID]), max(hi, byes[e.ID])
			}
			// The table shift's bye is the phantom table's seat, which the moving line takes
			// in turn: nobody has a second one within the movement, (n+1)/2 rounds.
			if s.Pairing != Shift || round <= (n+1)/2 {
				require.LessOrEqual(t, hi-lo, 1, "%s, round %d: a second bye while another side has none", name, round)
			}

			var playing []int64
			rematches, repeats := 0, 0
			for _, tb := range r.Tables {
				require.Len(t, tb.Sides, 2)
				a, b := tb.Sides[0].EntryID, tb.Sides[1].EntryID
				playing = append(playing, a, b)
				if before[a][b] {
					rematches++
				}
				if last[a][b] {
					repeats++
				}
			}
			switch s.Pairing {
			case Shift:
				if round <= (n+1)/2 {
					require.Zero(t, rematches, "%s, round %d: the movement repeats a meeting", name, round)
				}
			case NoRematch, Random:
				if rematches > 0 {
					counts["forced rematch"]++
					slices.Sort(playing)
					require.False(t, avoidable(playing, before), "%s, round %d: %d rematches although avoidable", name, round, rematches)
				}
			case Modified:
				if round < s.Count {
					require.Zero(t, repeats, "%s, round %d: the previous round's opponent again", name, round)
				} else if repeats > 0 {
					counts["last-round repeat"]++
				}
			}
			playRandom(st, r, rng)
		}
		counts["tournaments"]++
	}
	t.Logf("%v", counts)
	require.Positive(t, counts["forced rematch"], "the trials include fields where a rematch cannot be avoided")
}
