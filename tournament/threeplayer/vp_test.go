package threeplayer

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// vpSettings is a 3-player evening of two games of 3 hands scored in VP.
func vpSettings() Settings {
	s := Format{}.Defaults().(Settings)
	s.Scoring = ScoringVP
	return s
}

// TestTableVPByHand recomputes the worked examples of RULES.md 3.2 in VP, on the FIBUR
// 3-hand scale (section 2).
func TestTableVPByHand(t *testing.T) {
	sc := scoring.FIBUR3
	vps := func(p []tournament.Points) []string {
		out := make([]string, len(p))
		for i, v := range p {
			out[i] = v.String()
		}
		return out
	}
	tests := []struct {
		name   string
		scores []int
		vp     []string
		mp     []int
	}{
		// 1165 v 130: 1035 apart, band 1005–1250, 18–2. 1165 v −255: 1420, band
		// 1255–1500, 19–1. 130 v −255: 385, band 355–500, 14–6.
		// 18 + 19 = 37, 2 + 14 = 16, 1 + 6 = 7; MP 1035 + 1420, −1035 + 385, −1420 − 385.
		{"1165, 130, −255 (6, 3, 1)", []int{1165, 130, -255}, []string{"37", "16", "7"}, []int{2455, -650, -1805}},
		// 600 v 600: level, 10–10. 600 v 0: 600, band 505–650, 15–5, twice.
		// 10 + 15 = 25 each for the two first, 5 + 5 = 10 for the third.
		{"600, 600, 0 (4.5, 4.5, 1)", []int{600, 600, 0}, []string{"25", "25", "10"}, []int{600, 600, -1200}},
		// All three level: 10–10 three times, 20 each (10/3 each in 6/3/1).
		{"a three-way tie (3.33 each)", []int{300, 300, 300}, []string{"20", "20", "20"}, []int{0, 0, 0}},
		// 100 v 60: 40, band 0–50, 10–10; 100 v 0 and 60 v 0: bands 55–150, 11–9. The
		// first two share 21 VP (6 and 3 in 6/3/1): MP 140 and 20 tell them apart.
		{"level on VP, apart on MP", []int{100, 60, 0}, []string{"21", "21", "18"}, []int{140, 20, -160}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vp, mp := TableVP(&sc, tc.scores)
			assert.Equal(t, tc.vp, vps(vp))
			assert.Equal(t, tc.mp, mp)
			var sum tournament.Points
			for _, v := range vp {
				sum += v
			}
			assert.Equal(t, tournament.RP(60), sum, "three matches of 20 VP")
		})
	}
}

// TestVPOrderIsTheScoreOrder: the place at a table by VP, then MP (what the rotation
// moves by in VP scoring) is always the place by game score, on both shipped scales:
// so the rotation stays as it is, ties of game score going to the best hand, then the
// lower seat.
func TestVPOrderIsTheScoreOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 6))
	for _, sc := range []scoring.Scale{scoring.FIBUR3, scoring.FIBUR4} {
		for range 5000 {
			scores := []int{5 * (rng.IntN(800) - 300), 5 * (rng.IntN(800) - 300), 5 * (rng.IntN(800) - 300)}
			vp, mp := TableVP(&sc, scores)
			for i := range 3 {
				for j := range 3 {
					byVP := cmp.Or(cmp.Compare(vp[i], vp[j]), cmp.Compare(mp[i], mp[j]))
					require.Equal(t, cmp.Compare(scores[i], scores[j]), byVP, "%v: VP %v MP %v", scores, vp, mp)
				}
			}
		}
	}
}

// TestStandingsVPByHand: four players, so one sits out each game, scoring 20 VP and 0
// MP. Game 1: A 1165, B 130, C −255 (37, 16, 7 VP), D sits out (20). Game 2: D 600, A
// 600, B 0 (25, 25, 10), C sits out (20). A 62 VP (+3055 MP), D 45 (+600), C 27 (−1805),
// B 26 (−1850).
func TestStandingsVPByHand(t *testing.T) {
	st := evening(vpSettings(), 0, entries("A", "B", "C", "D"))
	st.Rounds = []tournament.Round{
		game(1, Seating{Tables: [][]int64{{1, 2, 3}}, SitOuts: []int64{4}}, map[int64][]int{1: {1165, 0, 0}, 2: {130, 0, 0}, 3: {-255, 0, 0}}, tournament.RP(20)),
		game(2, Seating{Tables: [][]int64{{4, 1, 2}}, SitOuts: []int64{3}}, map[int64][]int{4: {600, 0, 0}, 1: {600, 0, 0}, 2: {0, 0, 0}}, tournament.RP(20)),
	}
	cols, ss := Format{}.Standings(st)
	assert.Equal(t, []string{"vp", "mp"}, []string{cols[0].Name, cols[1].Name})
	var got [][3]any
	for _, s := range ss {
		got = append(got, [3]any{s.Entry.Name, tournament.Points(s.Values[ValVP]).String(), s.Values[ValMP]})
	}
	assert.Equal(t, [][3]any{{"A", "62", 3055}, {"D", "45", 600}, {"C", "27", -1805}, {"B", "26", -1850}}, got)

	// The rotation moves by place at the table, which VP then MP give as the score did.
	order := Order(st, &st.Rounds[0])
	assert.Equal(t, [][]int64{{1, 2, 3}}, order)
}

func TestVPDrawAndByes(t *testing.T) {
	f := Format{}
	s := vpSettings()
	require.NotNil(t, f.DefaultScale(s))
	assert.Equal(t, scoring.FIBUR3.Name, f.DefaultScale(s).Name)
	assert.Nil(t, f.DefaultScale(Format{}.Defaults()), "6/3/1 uses no scale")
	missed, ok := f.MissedBye(s)
	assert.True(t, ok)
	assert.Equal(t, tournament.RP(20), missed, "a late arrival may be awarded the sit-out's VP")

	st := evening(s, 0, entries("A", "B", "C", "D"))
	r, _, err := f.Draw(st, 7)
	require.NoError(t, err)
	require.Len(t, r.Byes, 1)
	assert.Equal(t, tournament.RP(20), r.Byes[0].Points)
	assert.Equal(t, "individual3.sitout.explain_vp", f.Next(st).Note)

	s.HandsPerGame = 5 // no shipped scale: the director must choose one
	st = evening(s, 0, entries("A", "B", "C"))
	_, _, err = f.Draw(st, 7)
	e, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "individual3.draw.no_scale", e.Key)
	assert.Equal(t, "individual3.next.choose_scale", f.Next(st).Key)
	id := int64(4)
	st.Stage.ScaleID = &id
	_, _, err = f.Draw(st, 7)
	assert.NoError(t, err, "a scale chosen")

	// The scoring is announced: it cannot change once a game is drawn.
	n := vpSettings()
	n.Scoring = ScoringRP
	assert.Equal(t, "tournament.err.fixed", f.CheckChange(vpSettings(), n, 1)["scoring"])
	assert.True(t, slices.ContainsFunc(f.Fields(), func(fd tournament.Field) bool { return fd.Name == "scoring" }))
}
