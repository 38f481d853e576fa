package danish

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"burraco/tournament"
)

// roundTen returns a field of n sides after nine rounds in "no rematches" mode, with the
// running standings round 10 is paired from and who met whom.
func roundTen(b *testing.B, n int) (*tournament.State, []Line, map[int64]map[int64]bool) {
	b.Helper()
	st := field(n, settings(NoRematch, 10))
	rng := rand.New(rand.NewPCG(10, uint64(n)))
	for round := 1; round <= 9; round++ {
		playRandom(st, draw(b, st, int64(round)), rng)
	}
	return st, Running(st, 10, 10), met(st.Rounds, nil)
}

// BenchmarkPairing is the pairing of round 10 in "no rematches" mode: the running
// standings ordered (VP, MP, the seed's tie order), the bye, and the pairing that avoids
// every earlier opponent. The floor is BenchmarkSortFloor on the same field.
func BenchmarkPairing(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		_, lines, seen := roundTen(b, n)
		avoid := func(x, y int64) bool { return seen[x][y] }
		work := make([]Line, len(lines))
		b.Run(fmt.Sprintf("sides=%d", n), func(b *testing.B) {
			for b.Loop() {
				copy(work, lines)
				Order(work, 11)
				tables, _ := PairLines(work, avoid)
				if len(tables) != n/2 {
					b.Fatal("not everybody was paired")
				}
			}
		})
	}
}

// BenchmarkPairingApart is BenchmarkPairing with every constraint of RULES.md 4.1 on
// top of "no rematches": the sides in 200 clubs kept apart (round 10 of 10), and 1% of
// the sides in pairs never to meet. Same floor.
func BenchmarkPairingApart(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		st, lines, _ := roundTen(b, n)
		s := of(st.Stage.Settings)
		rng := rand.New(rand.NewPCG(24, uint64(n)))
		for i := range st.Entries {
			st.Entries[i].Club = fmt.Sprintf("Circolo %d", rng.IntN(200))
		}
		for range n / 100 {
			a, c := int64(1+rng.IntN(n)), int64(1+rng.IntN(n))
			if a != c {
				s.NeverMeet = append(s.NeverMeet, [2]int64{a, c})
			}
		}
		s.ApartClubs = 10
		c := constraintsOf(st, s, 10)
		work := make([]Line, len(lines))
		b.Run(fmt.Sprintf("sides=%d", n), func(b *testing.B) {
			var clashes Clashes
			for b.Loop() {
				copy(work, lines)
				Order(work, 11)
				field := work
				if k := ByeIndex(field); k >= 0 {
					field = append(field[:k:k], field[k+1:]...)
				}
				var pairs [][2]int
				pairs, clashes = PairField(c.field(field))
				if len(pairs) != n/2 {
					b.Fatal("not everybody was paired")
				}
			}
			b.ReportMetric(float64(clashes.NeverMeet+clashes.Rematch+clashes.SameClub), "clashes")
		})
	}
}

// BenchmarkSortFloor only sorts the same field by standings (VP, then MP): the floor the
// pairing is compared with.
func BenchmarkSortFloor(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		_, lines, _ := roundTen(b, n)
		rng := rand.New(rand.NewPCG(1, 2))
		rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		work := make([]Line, len(lines))
		b.Run(fmt.Sprintf("sides=%d", n), func(b *testing.B) {
			for b.Loop() {
				copy(work, lines)
				slices.SortFunc(work, func(x, y Line) int {
					if c := cmp.Compare(y.VP, x.VP); c != 0 {
						return c
					}
					return cmp.Compare(y.MP, x.MP)
				})
			}
		})
	}
}

// BenchmarkDraw is the whole draw of round 10 from the stored state: the standings from
// every hand of nine rounds, who met whom, and the pairing.
func BenchmarkDraw(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		st, _, _ := roundTen(b, n)
		b.Run(fmt.Sprintf("sides=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := (Format{}).Draw(st, 11); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
