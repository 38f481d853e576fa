package teams

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/danish"
)

// pairable reports whether the teams can all be paired with none that met: exactly, by
// a search over the sets of teams left (fields of up to 30).
func pairable(ids []int64, met map[int64]map[int64]bool) bool {
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

// avoidable reports whether a pairing of the teams without a rematch exists: exactly up
// to 24 teams; above, by Dirac's theorem (every team can still meet half the field: the
// "not met" graph has a Hamiltonian cycle, so a perfect matching), and unknown (false)
// otherwise.
func avoidable(ids []int64, met map[int64]map[int64]bool) bool {
	if len(ids) <= 24 {
		return pairable(ids, met)
	}
	for _, a := range ids {
		free := 0
		for _, b := range ids {
			if a != b && !met[a][b] {
				free++
			}
		}
		if 2*free < len(ids) {
			return false
		}
	}
	return true
}

// TestRandomTournaments plays random team tournaments of 4 to 50 teams (16 to 200+
// players), up to 12 rounds, with random line-ups and scores: every team plays one match
// or has the bye each round, its two tables seating the same two teams with each
// team's pair 1 and pair 2 once; byes differ by at most one; no rematch while a
// pairing without one exists (no-rematch mode).
func TestRandomTournaments(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 23))
	sizes := []int{4, 5, 6, 7, 8, 9, 11, 13, 16, 21, 24, 27, 33, 40, 47, 50}
	for _, n := range sizes {
		for _, mode := range []danish.Pairing{danish.NoRematch, danish.Modified, danish.Random} {
			rounds := 1 + rng.IntN(12)
			t.Run(fmt.Sprintf("%d teams %s %d rounds", n, mode, rounds), func(t *testing.T) {
				var six []int64
				for i := 1; i <= n; i++ {
					if rng.IntN(3) == 0 {
						six = append(six, int64(i))
					}
				}
				st := field(n, settings(mode, rounds), six...)
				byes := map[int64]int{}
				for k := 1; k <= rounds; k++ {
					met := met(st.Rounds, nil)
					r := draw(t, st, rng.Int64N(1_000_000))
					require.Empty(t, Format{}.CheckSeats(st, r, r), "round %d keeps the matches' shape", k)
					seen := map[int64]int{}
					for _, tb := range r.Tables {
						for _, sd := range tb.Sides {
							seen[sd.EntryID]++
						}
					}
					for _, b := range r.Byes {
						seen[b.EntryID] += 2
						byes[b.EntryID]++
					}
					require.Len(t, seen, n, "round %d: every team", k)
					for id, c := range seen {
						require.Equal(t, 2, c, "round %d: team %d plays one match (two tables) or has the bye", k, id)
					}
					require.Len(t, r.Byes, n%2)
					lo, hi := rounds, 0
					for i := 1; i <= n; i++ {
						lo, hi = min(lo, byes[int64(i)]), max(hi, byes[int64(i)])
					}
					require.LessOrEqual(t, hi-lo, 1, "round %d: byes differ by at most one", k)
					if mode == danish.NoRematch {
						rematches := 0
						var played []int64
						for _, m := range (Format{}).Matches(st, r) {
							if met[m.Entries[0]][m.Entries[1]] {
								rematches++
							}
							played = append(played, m.Entries[0], m.Entries[1])
						}
						slices.Sort(played)
						if rematches > 0 {
							require.False(t, avoidable(played, met), "round %d: a rematch that could be avoided", k)
						}
					}
					// Random line-ups for the next round, then random scores.
					for i := 1; i <= n; i++ {
						e := st.Entry(int64(i))
						ps := rng.Perm(len(e.Members))
						st.Lineups = append(st.Lineups, tournament.Lineup{StageID: 1, Round: k + 1, EntryID: e.ID,
							Pairs: [2][2]int64{{e.Members[ps[0]].PlayerID, e.Members[ps[1]].PlayerID}, {e.Members[ps[2]].PlayerID, e.Members[ps[3]].PlayerID}}})
					}
					for i := range r.Tables {
						a, b := 5*rng.IntN(400), 5*rng.IntN(400)
						if rng.IntN(8) == 0 {
							b = a
						}
						score(st, &r.Tables[i], a, b)
					}
				}
				// The standings add up: VP summed over the teams is what the matches and
				// byes gave.
				_, lines := Format{}.Standings(st)
				require.Len(t, lines, n)
				cs := Contributions(st)
				for _, l := range lines {
					sum := 0
					for _, m := range l.Entry.Members {
						for _, c := range cs[m.PlayerID] {
							sum += c.MP
						}
					}
					require.Equal(t, 2*(l.Values[ValMP]-byes[l.Entry.ID]*of(st.Stage.Settings).ByeMP), sum,
						"%s: its players' contributions are its MP, each pair's twice", l.Entry.Name)
				}
			})
		}
	}
}
