package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
)

// A sheet with each player's game total only: one hand per side, at hand 1.
func TestCheckSheetGameTotals(t *testing.T) {
	st := &Stage{Settings: fakeSettings{hands: 3}, Rules: scoring.ThreePlayer}
	game := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
	tot := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.TotalOnly, Total: n} }

	hands, fe, err := CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{game(1165), game(130), game(-255)}}})
	require.NoError(t, err)
	assert.Empty(t, fe)
	assert.Equal(t, []HandScore{{Hand: 1, Side: 1, Figures: *game(1165), Score: 1165}, {Hand: 1, Side: 2, Figures: *game(130), Score: 130},
		{Hand: 1, Side: 3, Figures: *game(-255), Score: -255}}, hands)

	// A game total stands alone, at hand 1; beyond three hands' worth it is out of range
	// (a single hand's total could not be 5,000).
	_, fe, _ = CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{game(5000), game(130), game(12)}, {tot(10), nil, game(5)}}})
	assert.Equal(t, FieldErrors{"h1.s3.total": "hand.multiple_of_5", "h2.s1.form": "hand.game_total_alone", "h2.s3.total": "hand.game_total_first"}, fe)
	_, fe, _ = CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{game(-8000), nil, nil}}})
	assert.Equal(t, FieldErrors{"h1.s1.total": "hand.out_of_range"}, fe)
	_, fe, _ = CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{tot(5000), nil, nil}}})
	assert.Equal(t, FieldErrors{"h1.s1.total": "hand.out_of_range"}, fe, "one hand's total keeps its own bound")
}
