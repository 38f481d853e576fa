package threeplayer

import (
	"slices"
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

	// An incomplete table gives no points yet, and a sit-out counts once its game is
	// complete (a tester saw a bye of a game just drawn put a player first).
	ev.Rounds[0].Tables[0].Hands = ev.Rounds[0].Tables[0].Hands[:2]
	ss = standings(ev)
	assert.Equal(t, [][3]any{{"A", 1, "0"}, {"B", 1, "0"}, {"C", 1, "0"}, {"D", 1, "0"}}, summary(ss))
	assert.True(t, ss[0].Rounds[0].Bye)
	assert.False(t, ss[0].Rounds[0].Done)
}

// A sit-out does not lose the tie-break on game points (RULES.md section 3): for the
// game sat out it counts the average game score of that game's second-placed players,
// rounded to the nearest 5 (or 0, if the director chose so), and never as a best game.
func TestSitOutGameScore(t *testing.T) {
	es := entries("A", "B", "C", "D", "E", "F", "G")
	ev := evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3), SitOutScore: SitOutScoreSecond}, 0, es)
	// Seconds: B 300 at table 1, E 205 at table 2: average 252.5, rounded to 255.
	ev.Rounds = append(ev.Rounds, game(1, Seating{Tables: [][]int64{{1, 2, 3}, {4, 5, 6}}, SitOuts: []int64{7}},
		map[int64][]int{1: {600}, 2: {300}, 3: {0}, 4: {400}, 5: {205}, 6: {-100}}, tournament.RP(3)))
	ss := standings(ev)
	g := ss[slices.IndexFunc(ss, func(s tournament.Standing) bool { return s.Entry.Name == "G" })]
	assert.Equal(t, 255, g.Values[ValGamePoints])
	assert.Equal(t, 255, g.Rounds[0].Score)
	assert.Equal(t, 0, g.Values[ValBest], "a game sat out is never the best game")
	assert.Equal(t, 0, g.Played)
	// G (3 points, 255) now ranks above B (3 points, 300)? No: B has more game points.
	// And above E (3 points, 205): the sit-out does not lose the tie-break.
	assert.Equal(t, []string{"A", "D", "B", "G", "E", "C", "F"}, names(ss))

	ev.Stage.Settings = Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3), SitOutScore: SitOutScoreZero}
	ss = standings(ev)
	assert.Equal(t, []string{"A", "D", "B", "E", "G", "C", "F"}, names(ss), "with the 0 option the sit-out loses the tie-break")
}

// An award to a late arrival is not a sit-out (RULES.md section 3.6): it scores the
// bye points awarded, 0 game points for the tie-break (the second places' average is
// for sit-outs drawn by rotation), and its line says it was awarded.
func TestAwardedByeScoresNoGamePoints(t *testing.T) {
	es := entries("A", "B", "C", "D", "E", "F", "G", "H")
	ev := evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3), SitOutScore: SitOutScoreSecond}, 0, es)
	// Seconds: B 300, E 200: a sit-out counts 250. G sat out; H arrived late, awarded.
	r := game(1, Seating{Tables: [][]int64{{1, 2, 3}, {4, 5, 6}}, SitOuts: []int64{7}},
		map[int64][]int{1: {600}, 2: {300}, 3: {0}, 4: {400}, 5: {200}, 6: {-100}}, tournament.RP(3))
	r.Byes = append(r.Byes, tournament.Bye{EntryID: 8, Points: tournament.RP(3), Awarded: true})
	ev.Rounds = append(ev.Rounds, r)
	ss := standings(ev)
	line := func(name string) tournament.Standing {
		return ss[slices.IndexFunc(ss, func(s tournament.Standing) bool { return s.Entry.Name == name })]
	}
	g, h := line("G"), line("H")
	assert.Equal(t, []int{int(tournament.RP(3)), 250, 0}, g.Values, "the sit-out drawn by rotation")
	assert.False(t, g.Rounds[0].Awarded)
	assert.Equal(t, []int{int(tournament.RP(3)), 0, 0}, h.Values, "the award: its points, 0 game points")
	assert.Equal(t, tournament.RoundLine{Round: 1, Points: tournament.RP(3), Bye: true, Awarded: true, Done: true}, h.Rounds[0])
	assert.Equal(t, []string{"A", "D", "B", "G", "E", "H", "C", "F"}, names(ss), "the award loses the tie-break to every 3 with game points")
	assert.Equal(t, []tournament.Bye{{EntryID: 7, Points: tournament.RP(3)}}, r.SitOuts())
	assert.Equal(t, []tournament.Bye{{EntryID: 8, Points: tournament.RP(3), Awarded: true}}, r.Awards())
}

func TestSecondAverageRounding(t *testing.T) {
	for _, tc := range []struct {
		seconds []int
		want    int
	}{
		{[]int{300}, 300}, {[]int{300, 205}, 255}, {[]int{300, 200, 205}, 235}, // 235 exactly
		{[]int{-300, -205}, -250}, // -252.5 rounds half up to -250
		{[]int{101, 102}, 100}, {[]int{103, 104}, 105},
	} {
		es := entries("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")
		st := evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate, SitOutScore: SitOutScoreSecond}, 0, es)
		seating := Seating{SitOuts: []int64{10}}
		hands := map[int64][]int{}
		for i, sec := range tc.seconds {
			a, b, c := int64(3*i+1), int64(3*i+2), int64(3*i+3)
			seating.Tables = append(seating.Tables, []int64{a, b, c})
			hands[a], hands[b], hands[c] = []int{2000}, []int{sec}, []int{-2000}
		}
		st.Rounds = append(st.Rounds, game(1, seating, hands, 0))
		assert.Equal(t, tc.want, secondAverage(st, &st.Rounds[0]), "%v", tc.seconds)
	}
}

// A no-show (never drawn) is not in the standings; a player drawn as a sit-out is.
func TestNoShowIsNotRanked(t *testing.T) {
	es := entries("A", "B", "C", "D", "NoShow")
	es[4].CheckedIn = false
	ev := evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3), SitOutScore: SitOutScoreSecond}, 0, es)
	ev.Rounds = append(ev.Rounds, game(1, Seating{Tables: [][]int64{{1, 2, 3}}, SitOuts: []int64{4}}, map[int64][]int{1: {100}, 2: {50}, 3: {0}}, tournament.RP(3)))
	assert.Equal(t, []string{"A", "B", "D", "C"}, names(standings(ev)), "D sat out: 3 points and B's 50 game points, but no best game")
}

func TestSettingsChangeOnceDrawn(t *testing.T) {
	f := Format{}
	old := Settings{Games: 4, HandsPerGame: 3, SitOut: SitOutRotate, ByePoints: tournament.RP(3), SitOutScore: SitOutScoreSecond}
	assert.Empty(t, f.CheckChange(old, Settings{Games: 1, HandsPerGame: 2, SitOut: SitOutSubstitutes}, 0), "anything goes before the first draw")
	more := old
	more.Games, more.ByePoints, more.SitOutScore = 6, tournament.RP(4), SitOutScoreZero
	assert.Empty(t, f.CheckChange(old, more, 2), "more games, other bye points, another sit-out score")
	fewer := old
	fewer.Games = 2
	assert.Empty(t, f.CheckChange(old, fewer, 2), "down to the games drawn")
	fewer.Games, fewer.HandsPerGame, fewer.SitOut = 1, 4, SitOutSubstitutes
	assert.Equal(t, tournament.FieldErrors{"games": "tournament.err.games_drawn", "hands_per_game": "tournament.err.fixed",
		"sit_out": "tournament.err.fixed"}, f.CheckChange(old, fewer, 2))
}

func names(ss []tournament.Standing) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Entry.Name)
	}
	return out
}
