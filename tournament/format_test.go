package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
)

func TestRank(t *testing.T) {
	line := func(name string, withdrawn bool, values ...int) Standing {
		return Standing{Entry: Entry{Name: name, Withdrawn: withdrawn}, Values: values}
	}
	ss := []Standing{
		line("b", false, 10, 5), line("a", false, 10, 5), line("c", true, 12, 0), line("d", false, 10, 4), line("e", false, 1, 0),
	}
	Rank(ss, 2)
	var got [][3]any
	for _, s := range ss {
		got = append(got, [3]any{s.Entry.Name, s.Place, s.Tied})
	}
	assert.Equal(t, [][3]any{{"c", 1, false}, {"a", 2, true}, {"b", 2, true}, {"d", 4, false}, {"e", 5, false}}, got,
		"higher values first, the second value breaks ties, equal values share a place, names only order the display")
	assert.False(t, ss[0].Qualifies, "a withdrawn entry does not qualify")
	assert.True(t, ss[1].Qualifies && ss[2].Qualifies, "two places for two tied: both qualify")
	assert.False(t, ss[3].Qualifies || ss[3].AtCut)

	Rank(ss, 1)
	assert.True(t, ss[1].AtCut && ss[2].AtCut, "a tie across the line is for the director")
	assert.False(t, ss[1].Qualifies)
}

func TestCheckSheet(t *testing.T) {
	st := &Stage{Settings: fakeSettings{hands: 2}, Rules: scoring.ThreePlayer}
	closer := &scoring.Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Table: 300}
	tot := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.TotalOnly, Total: n} }

	hands, fe, err := CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{closer, tot(-20), nil}}})
	require.NoError(t, err)
	assert.Empty(t, fe)
	assert.Equal(t, []HandScore{{Hand: 1, Side: 1, Figures: *closer, Score: 600}, {Hand: 1, Side: 2, Figures: *tot(-20), Score: -20}}, hands)

	_, fe, _ = CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{nil, closer, closer}, {tot(12), nil, nil}}})
	assert.Equal(t, FieldErrors{"h1.s3.closed": "hand.two_closers", "h2.s1.total": "hand.multiple_of_5"}, fe)

	_, _, err = CheckSheet(st, 3, Sheet{Hands: make([][]*scoring.Hand, 3)})
	assert.Equal(t, "sheet.too_many_hands", mustError(t, err).Key)
	_, _, err = CheckSheet(st, 3, Sheet{Hands: [][]*scoring.Hand{{nil, nil}}})
	assert.Equal(t, "sheet.seats", mustError(t, err).Key)
}

func mustError(t *testing.T, err error) *Error {
	t.Helper()
	e, ok := AsError(err)
	require.True(t, ok, "%v", err)
	return e
}

type fakeSettings struct{ hands int }

func (f fakeSettings) Rounds() int        { return 1 }
func (f fakeSettings) HandsPerRound() int { return f.hands }
func (f fakeSettings) Pairs() bool        { return false }
