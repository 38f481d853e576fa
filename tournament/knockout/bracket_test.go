package knockout

import (
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

func init() { tournament.Register(Format{}) }

// field is a stage of n checked-in players, entry IDs 1..n.
func field(n int) *tournament.State {
	st := &tournament.State{Stage: tournament.Stage{ID: 1, Format: Name, Settings: Format{}.Defaults(), Rules: scoring.Standard}}
	for i := 1; i <= n; i++ {
		st.Entries = append(st.Entries, tournament.Entry{ID: int64(i), Kind: tournament.EntryPlayer, Name: fmt.Sprintf("P%02d", i), CheckedIn: true})
	}
	return st
}

// seededField is a stage fed from another, its n qualifiers seeded 1..n (entry i is
// seed i).
func seededField(n int) *tournament.State {
	st := field(n)
	from := int64(99)
	st.Stage.FromStageID = &from
	for i := 1; i <= n; i++ {
		st.Seeds = append(st.Seeds, int64(i))
	}
	return st
}

// totals enters one game total per side at a table.
func totals(t *tournament.Table, a, b int) {
	t.Hands = []tournament.HandScore{
		{Hand: 1, Side: 1, Figures: scoring.Hand{Form: scoring.GameTotal, Total: a}, Score: a},
		{Hand: 1, Side: 2, Figures: scoring.Hand{Form: scoring.GameTotal, Total: b}, Score: b},
	}
}

// play enters every table of the current round: win(a, b) says whether the side at
// position 1 (entry a) beats entry b; the margin is 10 × the winner's ID, so that the
// points inside a group differ.
func play(st *tournament.State, win func(a, b int64) bool) {
	r := st.Current()
	for i := range r.Tables {
		t := &r.Tables[i]
		a, b := t.Sides[0].EntryID, t.Sides[1].EntryID
		if win(a, b) {
			totals(t, 1000+10*int(a), 1000)
		} else {
			totals(t, 1000, 1000+10*int(b))
		}
	}
}

// run draws and plays the stage to the end, returning the rounds.
func run(t *testing.T, st *tournament.State, seed int64, win func(a, b int64) bool) {
	t.Helper()
	for {
		r, subs, err := Format{}.Draw(st, seed)
		if e, ok := tournament.AsError(err); ok && e.Key == "knockout.finished" {
			return
		}
		require.NoError(t, err)
		require.Empty(t, subs)
		r.Number = len(st.Rounds) + 1
		st.Rounds = append(st.Rounds, *r)
		play(st, win)
		require.True(t, st.Complete(st.Current()), "round %d complete", r.Number)
		require.LessOrEqual(t, len(st.Rounds), 8)
	}
}

func winnerIDs(st *tournament.State, r *tournament.Round) []int64 {
	var out []int64
	for _, res := range st.Results(r) {
		for p, pts := range res.Points {
			if pts > 0 {
				out = append(out, res.Entries[p])
			}
		}
	}
	return out
}

func TestSize(t *testing.T) {
	for _, tt := range []struct{ n, want int }{{2, 2}, {3, 4}, {4, 4}, {5, 8}, {8, 8}, {9, 16}, {13, 16}, {33, 64}, {64, 64}, {65, 128}, {70, 128}} {
		assert.Equal(t, tt.want, Size(tt.n), "n=%d", tt.n)
	}
}

func TestSeedOrder(t *testing.T) {
	assert.Equal(t, []int{1, 2}, SeedOrder(2))
	assert.Equal(t, []int{1, 4, 2, 3}, SeedOrder(4))
	assert.Equal(t, []int{1, 8, 4, 5, 2, 7, 3, 6}, SeedOrder(8))
	assert.Equal(t, []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}, SeedOrder(16))
}

// TestEveryFieldSize draws and plays a random knockout of every size from 2 to 70 and
// checks the bracket: its size, the byes, that no bye meets a bye and every side
// reaches round 2 having passed at most one round, that the winner of table 1 meets the
// winner of table 2, and the ranking groups.
func TestEveryFieldSize(t *testing.T) {
	for n := 2; n <= 70; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			st := field(n)
			// The lower ID wins: deterministic, and unrelated to the draw.
			run(t, st, int64(1000+n), func(a, b int64) bool { return a < b })

			p := Size(n)
			r1 := st.Rounds[0]
			assert.True(t, p >= n && p < 2*n || n == 2 && p == 2, "bracket size %d for %d", p, n)
			assert.Len(t, r1.Byes, p-n, "byes")
			// Every place of round 1 holds at least one side: P/2 places, a table holding
			// two, a bye one; so no bye meets a bye.
			assert.Equal(t, p/2, len(r1.Tables)+len(r1.Byes), "places of round 1")
			assert.Equal(t, n, 2*len(r1.Tables)+len(r1.Byes), "sides of round 1")
			people := r1.People()
			slices.Sort(people)
			assert.Equal(t, n, len(slices.Compact(people)), "everybody once")
			for i, tb := range r1.Tables {
				assert.Equal(t, i+1, tb.Number, "round 1 tables numbered 1..N")
			}
			rounds := bits.Len(uint(p)) - 1
			assert.Len(t, st.Rounds, rounds, "log2(size) rounds")
			if n > 2 {
				// Round 2 seats every bye and every winner of round 1, with no bye.
				r2 := st.Rounds[1]
				assert.Empty(t, r2.Byes, "no bye after round 1")
				in2 := r2.People()
				assert.Len(t, in2, p/2)
				for _, b := range r1.Byes {
					assert.Contains(t, in2, b.EntryID, "a side with a bye plays round 2")
				}
				// Table 1 meets table 2: round 1's winners in table order, then the byes.
				want := append(winnerIDs(st, &r1), func() []int64 {
					var ids []int64
					for _, b := range r1.Byes {
						ids = append(ids, b.EntryID)
					}
					return ids
				}()...)
				var got []int64
				for _, tb := range r2.Tables {
					got = append(got, tb.Entries()...)
				}
				assert.Equal(t, want, got, "round 2 pairs the winners of tables 1 and 2, 3 and 4, …")
			}
			for k := 1; k+1 < len(st.Rounds); k++ {
				var got []int64
				for _, tb := range st.Rounds[k+1].Tables {
					got = append(got, tb.Entries()...)
				}
				assert.Equal(t, winnerIDs(st, &st.Rounds[k]), got, "round %d: the winner of table 1 meets the winner of table 2", k+2)
			}
			assert.Equal(t, "knockout.next.finished", Format{}.Next(st).Key)

			// Ranking: the winner, the finalist, then one ex aequo group per round, out in
			// round k sharing place 2^(R-k)+1, their points ordering the display.
			_, lines := Format{}.Standings(st)
			require.Len(t, lines, n)
			groups := map[int][]tournament.Standing{}
			for _, l := range lines {
				groups[l.Place] = append(groups[l.Place], l)
			}
			assert.Len(t, groups[1], 1, "one winner")
			assert.Equal(t, int64(1), groups[1][0].Entry.ID, "the lowest ID won every match")
			if n > 1 {
				assert.Len(t, groups[2], 1, "one finalist")
			}
			total := 2
			for k := rounds - 1; k >= 1; k-- {
				place := 1<<(rounds-k) + 1
				g := groups[place]
				assert.Len(t, g, len(st.Rounds[k-1].Tables), "group of place %d: the losers of round %d", place, k)
				for i, l := range g {
					assert.Equal(t, len(g) > 1, l.Tied, "ex aequo")
					if i > 0 {
						assert.GreaterOrEqual(t, g[i-1].Values[0], l.Values[0], "points order a group's display")
					}
				}
				total += len(g)
			}
			assert.Equal(t, n, total, "every side in a group")
		})
	}
}

// TestSeededEveryFieldSize: seeded from a qualifying stage, byes go to the best seeds,
// round 1 pairs seeds adding up to size+1, and when the better seed always wins the
// best seeds meet as late as possible (1 v 2 in the final, 1 v 4 and 2 v 3 in the
// semi-finals).
func TestSeededEveryFieldSize(t *testing.T) {
	for n := 2; n <= 70; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			st := seededField(n)
			run(t, st, 1, func(a, b int64) bool { return a < b })
			p := Size(n)
			r1 := st.Rounds[0]
			var byes []int64
			for _, b := range r1.Byes {
				byes = append(byes, b.EntryID)
			}
			var want []int64
			for s := 1; s <= p-n; s++ {
				want = append(want, int64(s))
			}
			assert.Equal(t, want, byes, "byes to seeds 1..%d, best first", p-n)
			for _, tb := range r1.Tables {
				assert.Equal(t, int64(p+1), tb.Sides[0].EntryID+tb.Sides[1].EntryID, "seed s meets seed size+1-s")
			}
			for k, r := range st.Rounds {
				left := int64(p >> k) // seeds still in when the best always wins
				for _, tb := range r.Tables {
					assert.Equal(t, left+1, tb.Sides[0].EntryID+tb.Sides[1].EntryID, "round %d pairs seed s with seed %d-s", k+1, left+1)
				}
			}
			final := st.Rounds[len(st.Rounds)-1]
			require.Len(t, final.Tables, 1)
			assert.Equal(t, []int64{1, 2}, final.Tables[0].Entries(), "1 and 2 meet in the final")

			b := Format{}.Bracket(st)
			assert.Equal(t, p, b.Size)
			assert.Equal(t, 1, b.Rounds[0].Matches[0].Sides[0].Seed, "seed 1 on top")
			for _, br := range b.Rounds {
				for _, m := range br.Matches {
					assert.False(t, m.Flagged)
				}
			}
		})
	}
}

func TestSeedingOrderForAStage(t *testing.T) {
	// 13 qualifiers in 16 places: seeds 1-3 get a bye, then 8 v 9, 4 v 13, 5 v 12, …
	st := seededField(13)
	r, _, err := Format{}.Draw(st, 1)
	require.NoError(t, err)
	st.Rounds = append(st.Rounds, *r)
	var got [][2]int64
	for _, m := range (Format{}).Bracket(st).Rounds[0].Matches {
		got = append(got, [2]int64{m.Sides[0].EntryID, m.Sides[1].EntryID})
	}
	assert.Equal(t, [][2]int64{{1, 0}, {8, 9}, {4, 13}, {5, 12}, {2, 0}, {7, 10}, {3, 0}, {6, 11}}, got)
	var tables [][]int64
	for _, tb := range r.Tables {
		tables = append(tables, tb.Entries())
	}
	assert.Equal(t, [][]int64{{8, 9}, {4, 13}, {5, 12}, {7, 10}, {6, 11}}, tables, "tables 1..5 in bracket order")
}

func TestRandomDrawFollowsTheSeed(t *testing.T) {
	a, _, err := Format{}.Draw(field(13), 4242)
	require.NoError(t, err)
	b, _, err := Format{}.Draw(field(13), 4242)
	require.NoError(t, err)
	c, _, err := Format{}.Draw(field(13), 4243)
	require.NoError(t, err)
	assert.Equal(t, tournament.SeatsOf(a), tournament.SeatsOf(b), "the same seed draws the same bracket")
	assert.NotEqual(t, tournament.SeatsOf(a), tournament.SeatsOf(c), "another seed, another draw")
	// Byes are drawn at random: over many seeds every player gets one sometimes.
	got := map[int64]bool{}
	for seed := int64(1); seed <= 200; seed++ {
		r, _, err := Format{}.Draw(field(13), seed)
		require.NoError(t, err)
		for _, b := range r.Byes {
			got[b.EntryID] = true
		}
	}
	assert.Len(t, got, 13)
}

func TestTooFew(t *testing.T) {
	_, _, err := Format{}.Draw(field(1), 1)
	e, ok := tournament.AsError(err)
	require.True(t, ok)
	assert.Equal(t, "knockout.too_few", e.Key)
}

func TestDrawNeedsEveryWinner(t *testing.T) {
	st := field(4)
	r, _, _ := Format{}.Draw(st, 7)
	st.Rounds = append(st.Rounds, *r)
	totals(&st.Rounds[0].Tables[0], 500, 400)
	_, _, err := Format{}.Draw(st, 7)
	e, ok := tournament.AsError(err)
	require.True(t, ok)
	assert.Equal(t, "knockout.undecided", e.Key)
}
