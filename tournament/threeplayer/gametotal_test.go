package threeplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/scoring"
	"burraco/tournament"
)

// A table entered as game totals is complete, ranked on the totals; with no single hand
// known, the best hand does not break a tie: the seat order does.
func TestGameTotalsCompleteATable(t *testing.T) {
	st := &tournament.State{Stage: tournament.Stage{Settings: Settings{Games: 2, HandsPerGame: 3}}}
	tb := &tournament.Table{Number: 1, Sides: tournament.SidesFromEntries([]int64{10, 20, 30})}
	game := func(side, n int) tournament.HandScore {
		return tournament.HandScore{Hand: 1, Side: side, Figures: scoring.Hand{Form: scoring.GameTotal, Total: n}, Score: n}
	}
	tb.Hands = []tournament.HandScore{game(1, 300), game(2, 500), game(3, 300)}
	r := Format{}.Result(st, tb)
	assert.True(t, r.Complete)
	assert.Equal(t, 9, r.Entered)
	assert.Equal(t, []int{300, 500, 300}, r.Scores)
	assert.Equal(t, []string{"2", "6", "2"}, []string{r.Points[0].String(), r.Points[1].String(), r.Points[2].String()})

	tb.Hands = tb.Hands[:2]
	r = Format{}.Result(st, tb)
	assert.False(t, r.Complete)
	assert.Equal(t, 6, r.Entered)

	tb.Hands = []tournament.HandScore{game(1, 300), game(2, 500), game(3, 300)}
	round := &tournament.Round{Number: 1, Tables: []tournament.Table{*tb}}
	assert.Equal(t, [][]int64{{20, 10, 30}}, Order(st, round))
}
