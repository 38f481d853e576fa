package mitchell

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

func init() { tournament.Register(Format{}) }

// field returns a stage of n pairs named P01, P02… (ID i), checked in, with settings s.
func pairsField(n int, s Settings) *tournament.State {
	st := &tournament.State{Tournament: tournament.Tournament{ID: 1}, Stage: tournament.Stage{ID: 1, Format: Name, Settings: s}}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("P%02d", i)
		st.Entries = append(st.Entries, tournament.Entry{ID: int64(i), TournamentID: 1, Kind: tournament.EntryPair,
			Name: name, CheckedIn: true,
			Members: []tournament.Member{{PlayerID: int64(2 * i), Name: name + "a"}, {PlayerID: int64(2*i + 1), Name: name + "b"}}})
	}
	return st
}

func settings(rounds, move int) Settings {
	s := Format{}.Defaults().(Settings)
	s.Count, s.Move = rounds, move
	return s
}

// draw draws the next round into the state.
func draw(t testing.TB, st *tournament.State, seed int64) *tournament.Round {
	t.Helper()
	r, subs, err := Format{}.Draw(st, seed)
	require.NoError(t, err)
	require.Empty(t, subs)
	st.Rounds = append(st.Rounds, *r)
	return &st.Rounds[len(st.Rounds)-1]
}

// score enters a table's totals: the whole total on hand 1, 0 on the others.
func score(st *tournament.State, t *tournament.Table, totals ...int) {
	t.Hands = nil
	for p, total := range totals {
		for h := 1; h <= st.Stage.Settings.HandsPerRound(); h++ {
			v := 0
			if h == 1 {
				v = total
			}
			t.Hands = append(t.Hands, tournament.HandScore{Hand: h, Side: p + 1, Score: v})
		}
	}
}

// Every movement of 1 to 30 tables, with any move from 1 to one past the tables, visits
// each offset once in its rounds: no East-West pair comes back to a North-South pair.
func TestPlanVisitsEveryTableOnce(t *testing.T) {
	for n := 1; n <= 30; n++ {
		for m := 1; m <= n+1; m++ {
			p := Plan{Tables: n, Move: m}
			seen := map[int]int{}
			for r := 1; r <= p.MaxRounds(); r++ {
				o := p.Offset(r)
				require.Zero(t, seen[o], "tables %d move %d: round %d repeats the offset of round %d", n, m, r, seen[o])
				seen[o] = r
				for s := 1; s <= n; s++ {
					require.Equal(t, s, p.Start(p.Table(s, r), r))
				}
			}
			assert.Len(t, seen, n)
		}
	}
}

// Hand-worked movements (EW_k is the East-West pair that played round 1 at table k).
//
// 4 tables, move 1: no skip is needed (no boards travel in Burraco):
//
//	round 1: tables 1 2 3 4 hold EW1 EW2 EW3 EW4
//	round 2:                  EW4 EW1 EW2 EW3  (each up one: 1→2, 4→1)
//	round 3:                  EW3 EW4 EW1 EW2
//	round 4:                  EW2 EW3 EW4 EW1
//
// 4 tables, move 2: after 2 rounds EW1 would be back at table 1, so it skips one:
//
//	round 1: EW1 at 1; round 2: 1+2 = 3; round 3: 3+2 = 5 → 1 already played, skip → 2;
//	round 4: 2+2 = 4.  EW1 plays tables 1, 3, 2, 4.
//	tables 1 2 3 4 hold: round 1 EW1 EW2 EW3 EW4; round 2 EW3 EW4 EW1 EW2;
//	round 3 EW4 EW1 EW2 EW3; round 4 EW2 EW3 EW4 EW1.
//
// 6 tables, move 2: the skip comes after half the rounds (6/gcd(6,2) = 3):
//
//	EW1 plays tables 1, 3, 5, then 5+2+1 = 8 → 2, then 4, 6.
//
// 5 tables, move 5 (a move of all the tables would leave EW where they are): skip every
// round, so EW1 plays 1, 2, 3, 4, 5.
func TestPlanHandWorked(t *testing.T) {
	tables := func(p Plan, start int) []int {
		var out []int
		for r := 1; r <= p.MaxRounds(); r++ {
			out = append(out, p.Table(start, r))
		}
		return out
	}
	at := func(p Plan, r int) []int { // the EW pair (by round-1 table) at tables 1…n in round r
		var out []int
		for tb := 1; tb <= p.Tables; tb++ {
			out = append(out, p.Start(tb, r))
		}
		return out
	}
	one := Plan{Tables: 4, Move: 1}
	assert.Equal(t, []int{1, 2, 3, 4}, at(one, 1))
	assert.Equal(t, []int{4, 1, 2, 3}, at(one, 2))
	assert.Equal(t, []int{3, 4, 1, 2}, at(one, 3))
	assert.Equal(t, []int{2, 3, 4, 1}, at(one, 4))
	for r := 1; r <= 4; r++ {
		assert.False(t, one.SkipAfter(r))
	}
	two := Plan{Tables: 4, Move: 2}
	assert.Equal(t, []int{1, 3, 2, 4}, tables(two, 1))
	assert.Equal(t, []int{3, 4, 1, 2}, at(two, 2))
	assert.Equal(t, []int{4, 1, 2, 3}, at(two, 3))
	assert.Equal(t, []int{2, 3, 4, 1}, at(two, 4))
	assert.Equal(t, []bool{false, true, false, false}, []bool{two.SkipAfter(1), two.SkipAfter(2), two.SkipAfter(3), two.SkipAfter(4)})
	assert.Equal(t, []int{1, 3, 5, 2, 4, 6}, tables(Plan{Tables: 6, Move: 2}, 1))
	assert.True(t, Plan{Tables: 6, Move: 2}.SkipAfter(3))
	assert.Equal(t, []int{1, 2, 3, 4, 5}, tables(Plan{Tables: 5, Move: 5}, 1))
	// 6 tables, move 3: skip after every 2 rounds: 1, 4, 1+1=2, 5, 3, 6.
	assert.Equal(t, []int{1, 4, 2, 5, 3, 6}, tables(Plan{Tables: 6, Move: 3}, 1))
}

// met records who met whom in the state's rounds; it fails on a meeting repeated.
func meetings(t *testing.T, st *tournament.State, label string) map[[2]int64]int {
	t.Helper()
	met := map[[2]int64]int{}
	for _, r := range st.Rounds {
		for _, tb := range r.Tables {
			a, b := tb.Sides[0].EntryID, tb.Sides[1].EntryID
			key := [2]int64{min(a, b), max(a, b)}
			require.Zero(t, met[key], "%s: %d and %d meet again in round %d (first in %d)", label, a, b, r.Number, met[key])
			met[key] = r.Number
		}
	}
	return met
}

// Draws of 3 to 30 tables, odd and even fields (a phantom table or none), every move
// from 1 to 4 and one of all the tables: over all the rounds the movement allows, nobody
// meets twice, North-South pairs stay at their table, East-West pairs meet every
// North-South pair once, and with a phantom each East-West pair sits out exactly once.
func TestMovementNobodyMeetsTwice(t *testing.T) {
	for tables := 3; tables <= 30; tables++ {
		for _, pairs := range []int{2 * tables, 2*tables - 1} {
			for _, move := range []int{1, 2, 3, 4, tables} {
				label := fmt.Sprintf("%d pairs, move %d", pairs, move)
				st := pairsField(pairs, settings(tables, min(move, MaxMove)))
				for r := 1; r <= tables; r++ {
					draw(t, st, int64(tables*1000+pairs*10+move))
				}
				met := meetings(t, st, label)
				r1 := st.Rounds[0]
				ns := map[int64]int{}
				for _, tb := range r1.Tables {
					ns[tb.Sides[0].EntryID] = tb.Number
				}
				sat := map[int64]int{}
				for _, r := range st.Rounds {
					require.Len(t, r.Tables, pairs/2, label)
					require.Len(t, r.Byes, pairs%2, label)
					for _, b := range r.Byes {
						require.Zero(t, ns[b.EntryID], "%s: a North-South pair sits out", label)
						sat[b.EntryID]++
					}
					for _, tb := range r.Tables {
						require.Equal(t, tb.Number, ns[tb.Sides[0].EntryID], "%s: round %d: North-South moved", label, r.Number)
					}
				}
				ew := pairs - len(ns)
				assert.Len(t, met, len(ns)*ew, label)
				if pairs%2 == 1 {
					assert.Len(t, sat, ew, label)
					for id, n := range sat {
						assert.Equal(t, 1, n, "%s: pair %d", label, id)
					}
				}
				_, err := draw2(st)
				require.Error(t, err, "%s: a round past the movement", label)
			}
		}
	}
}

func draw2(st *tournament.State) (*tournament.Round, error) {
	r, _, err := Format{}.Draw(st, 1)
	return r, err
}
