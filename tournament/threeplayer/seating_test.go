package threeplayer

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ids(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

// checkSeating asserts every player is seated exactly once, at full tables of 3.
func checkSeating(t *testing.T, players []int64, s Seating) {
	t.Helper()
	var all []int64
	for _, tb := range s.Tables {
		require.Len(t, tb, 3)
		all = append(all, tb...)
	}
	all = append(all, s.SitOuts...)
	slices.Sort(all)
	want := slices.Clone(players)
	slices.Sort(want)
	require.Equal(t, want, all)
}

func TestFirstDrawIsSeededAndRandom(t *testing.T) {
	p := ids(12)
	a := NextSeating(p, nil, nil, 42, true)
	b := NextSeating(p, nil, nil, 42, true)
	c := NextSeating(p, nil, nil, 43, true)
	checkSeating(t, p, a)
	assert.Equal(t, a, b, "the same seed gives the same draw")
	assert.NotEqual(t, a, c, "another seed gives another draw")
	assert.Equal(t, a, NextSeating([]int64{12, 3, 5, 1, 2, 4, 6, 7, 8, 9, 10, 11}, nil, nil, 42, true), "input order does not matter")
	assert.Empty(t, a.SitOuts)
}

// rotate seats a game whose tables finished in seat order (seat 1 won, seat 3 was third).
func rotate(prev Seating, players []int64, sat map[int64]int, seed int64) Seating {
	return NextSeating(players, prev.Tables, sat, seed, true)
}

func TestRotation(t *testing.T) {
	tests := []struct {
		tables int
		want   [][]int64
	}{
		{1, [][]int64{{1, 2, 3}}},
		{2, [][]int64{{1, 5, 6}, {4, 2, 3}}},
		{3, [][]int64{{1, 8, 6}, {4, 2, 9}, {7, 5, 3}}},
		{7, [][]int64{{1, 20, 6}, {4, 2, 9}, {7, 5, 12}, {10, 8, 15}, {13, 11, 18}, {16, 14, 21}, {19, 17, 3}}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d tables", tt.tables), func(t *testing.T) {
			p := ids(3 * tt.tables)
			var prev Seating
			for i := 0; i < tt.tables; i++ {
				prev.Tables = append(prev.Tables, []int64{int64(3*i + 1), int64(3*i + 2), int64(3*i + 3)})
			}
			next := rotate(prev, p, nil, 7)
			checkSeating(t, p, next)
			// Seat order: the winner who stayed, the second who arrived, the third who arrived.
			assert.Equal(t, tt.want, next.Tables)
		})
	}
}

func TestTableOrderTieRule(t *testing.T) {
	score := map[int64]int{1: 500, 2: 900, 3: 500}
	best := map[int64]int{1: 200, 2: 0, 3: 300}
	assert.Equal(t, []int64{2, 3, 1}, TableOrder([]int64{1, 2, 3}, score, best), "equal game scores: the best single hand wins")
	best[3] = 200
	assert.Equal(t, []int64{2, 1, 3}, TableOrder([]int64{1, 2, 3}, score, best), "still equal: the lower seat")
}

// TestSitOutsRotateFairly plays 10 and 11 players over several games: each game the
// right number sit out, and nobody sits out twice before everyone has sat out once.
func TestSitOutsRotateFairly(t *testing.T) {
	for _, n := range []int{10, 11, 4, 5} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			p := ids(n)
			sat := map[int64]int{}
			var prev Seating
			games := n * 2
			for g := 1; g <= games; g++ {
				var s Seating
				if g == 1 {
					s = NextSeating(p, nil, sat, int64(g), true)
				} else {
					s = rotate(prev, p, sat, int64(g))
				}
				checkSeating(t, p, s)
				require.Len(t, s.SitOuts, n%3)
				for _, id := range s.SitOuts {
					sat[id]++
				}
				lo, hi := games, 0
				for _, id := range p {
					lo, hi = min(lo, sat[id]), max(hi, sat[id])
				}
				require.LessOrEqual(t, hi-lo, 1, "game %d: sit-outs %v", g, sat)
				prev = s
			}
		})
	}
}

func TestRotationAfterWithdrawal(t *testing.T) {
	// 9 players at 3 tables; player 5 withdraws: 8 left, 2 tables and 2 sit-outs.
	prev := Seating{Tables: [][]int64{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}}
	p := []int64{1, 2, 3, 4, 6, 7, 8, 9}
	next := rotate(prev, p, nil, 3)
	checkSeating(t, p, next)
	assert.Len(t, next.Tables, 2)
	assert.Len(t, next.SitOuts, 2)
}
