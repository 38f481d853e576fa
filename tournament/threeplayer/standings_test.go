package threeplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

func init() { tournament.Register(Format{}) }

// game builds a round whose players scored the given per-hand totals.
func game(n int, seating Seating, hands map[int64][]int, bye tournament.Points) tournament.Round {
	r := tournament.Round{Number: n}
	for t, seats := range seating.Tables {
		tb := tournament.Table{Number: t + 1, Sides: tournament.SidesFromEntries(seats)}
		for p, id := range seats {
			for h, s := range hands[id] {
				tb.Hands = append(tb.Hands, tournament.HandScore{Hand: h + 1, Side: p + 1, Figures: scoring.Hand{Form: scoring.TotalOnly, Total: s}, Score: s})
			}
		}
		r.Tables = append(r.Tables, tb)
	}
	for _, id := range seating.SitOuts {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: id, Points: bye})
	}
	return r
}

func entries(names ...string) []tournament.Entry {
	out := make([]tournament.Entry, len(names))
	for i, n := range names {
		out[i] = tournament.Entry{ID: int64(i + 1), Kind: tournament.EntryPlayer, Name: n, CheckedIn: true}
	}
	return out
}

// evening is a 3-player stage with the given settings and entries.
func evening(s Settings, qualifiers int, es []tournament.Entry) *tournament.State {
	return &tournament.State{Stage: tournament.Stage{Format: Name, Settings: s, Qualifiers: qualifiers, Rules: scoring.ThreePlayer}, Entries: es}
}

func standings(st *tournament.State) []tournament.Standing {
	_, ss := Format{}.Standings(st)
	return ss
}

func summary(ss []tournament.Standing) [][3]any {
	var out [][3]any
	for _, s := range ss {
		out = append(out, [3]any{s.Entry.Name, s.Place, tournament.Points(s.Values[ValPoints]).String()})
	}
	return out
}

func TestStandingsTieBreakChain(t *testing.T) {
	ev := evening(Settings{Games: 2, HandsPerGame: 3, SitOut: SitOutRotate, ByePoints: tournament.RP(3)}, 3, entries("A", "B", "C", "D", "E", "F"))
	// Game 1: A 6, B 3, C 1 | D 6, E 3, F 1.
	ev.Rounds = append(ev.Rounds, game(1, Seating{Tables: [][]int64{{1, 2, 3}, {4, 5, 6}}}, map[int64][]int{
		1: {500, 300, 200}, 2: {100, 100, 100}, 3: {0, 0, -100},
		4: {400, 200, 100}, 5: {300, 0, 0}, 6: {-100, -100, -100},
	}, 0))
	ss := standings(ev)
	// A and D have 6 points each: A has more game points (1000 to 700). B and E have 3
	// points, 300 game points and a best game of 300 each: ex aequo, a shared 3rd place,
	// straddling the qualification line (3 qualify).
	assert.Equal(t, [][3]any{{"A", 1, "6"}, {"D", 2, "6"}, {"B", 3, "3"}, {"E", 3, "3"}, {"C", 5, "1"}, {"F", 6, "1"}}, summary(ss))
	assert.True(t, ss[2].Tied && ss[3].Tied)
	assert.False(t, ss[1].Tied)
	assert.True(t, ss[0].Qualifies && ss[1].Qualifies)
	assert.False(t, ss[2].Qualifies, "a tie across the line is not decided by the app")
	assert.True(t, ss[2].AtCut && ss[3].AtCut)
	assert.False(t, ss[4].AtCut || ss[4].Qualifies)
}

func TestStandingsBestGameBreaksTie(t *testing.T) {
	ev := evening(Settings{Games: 2, HandsPerGame: 1, SitOut: SitOutRotate}, 0, entries("A", "B", "C", "D", "E", "F"))
	ev.Rounds = []tournament.Round{
		game(1, Seating{Tables: [][]int64{{1, 2, 3}, {4, 5, 6}}}, map[int64][]int{1: {600}, 2: {100}, 3: {0}, 4: {300}, 5: {100}, 6: {0}}, 0),
		game(2, Seating{Tables: [][]int64{{1, 2, 5}, {4, 3, 6}}}, map[int64][]int{1: {0}, 2: {-100}, 5: {-200}, 4: {300}, 3: {200}, 6: {100}}, 0),
	}
	ss := standings(ev)
	// A and D: 12 points and 600 game points each; A's best game (600) beats D's (300).
	assert.Equal(t, [][3]any{{"A", 1, "12"}, {"D", 2, "12"}, {"B", 3, "6"}, {"C", 4, "4"}, {"E", 5, "4"}, {"F", 6, "2"}}, summary(ss))
	assert.Equal(t, [2]int{600, 600}, [2]int{ss[0].Values[ValGamePoints], ss[1].Values[ValGamePoints]})
	assert.Equal(t, [2]int{600, 300}, [2]int{ss[0].Values[ValBest], ss[1].Values[ValBest]})
	assert.False(t, ss[0].Tied)
	// C and E: 4 points; C has 200 game points, E -100.
	assert.Equal(t, [2]int{200, -100}, [2]int{ss[3].Values[ValGamePoints], ss[4].Values[ValGamePoints]})
}

func TestStandingsByesWithdrawnSubstitutes(t *testing.T) {
	es := entries("A", "B", "C", "D", "Sub")
	es[4].Kind = tournament.EntrySubstitute
	es[1].Withdrawn = true
	ev := evening(Settings{Games: 2, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3)}, 1, es)
	ev.Rounds = append(ev.Rounds, game(1, Seating{Tables: [][]int64{{2, 3, 5}}, SitOuts: []int64{1, 4}}, map[int64][]int{2: {900}, 3: {100}, 5: {500}}, tournament.RP(3)))
	ss := standings(ev)
	require.Len(t, ss, 4, "substitutes are not ranked")
	assert.Equal(t, [][3]any{{"B", 1, "6"}, {"A", 2, "3"}, {"D", 2, "3"}, {"C", 4, "1"}}, summary(ss))
	assert.True(t, ss[0].Entry.Withdrawn)
	assert.False(t, ss[0].Qualifies, "a withdrawn player does not qualify")
	assert.True(t, ss[1].AtCut && ss[2].AtCut)
	assert.True(t, ss[1].Rounds[0].Bye)

	// An incomplete table gives no points yet.
	ev.Rounds[0].Tables[0].Hands = ev.Rounds[0].Tables[0].Hands[:2]
	ss = standings(ev)
	assert.Equal(t, [][3]any{{"A", 1, "3"}, {"D", 1, "3"}, {"B", 3, "0"}, {"C", 3, "0"}}, summary(ss))
}
