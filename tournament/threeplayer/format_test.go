package threeplayer

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

func TestDecodeSettings(t *testing.T) {
	f := Format{}
	tests := []struct {
		name, in string
		want     Settings
		err      bool
	}{
		{"empty is the defaults", ``, Settings{2, 3, SitOutRotate, tournament.RP(3), SitOutScoreSecond, ScoringRP, DefaultByeVP}, false},
		{"null is the defaults", `null`, Settings{2, 3, SitOutRotate, tournament.RP(3), SitOutScoreSecond, ScoringRP, DefaultByeVP}, false},
		{"partial keeps the defaults", `{"games":4}`, Settings{4, 3, SitOutRotate, tournament.RP(3), SitOutScoreSecond, ScoringRP, DefaultByeVP}, false},
		{"points as on a sheet", `{"bye_points":"4.5","sit_out":"substitutes"}`, Settings{2, 3, SitOutSubstitutes, tournament.RP(4) + 3, SitOutScoreSecond, ScoringRP, DefaultByeVP}, false},
		{"points as a number", `{"bye_points":3.33}`, Settings{2, 3, SitOutRotate, tournament.RP(3) + 2, SitOutScoreSecond, ScoringRP, DefaultByeVP}, false},
		{"unknown field", `{"gamez":2}`, Settings{}, true},
		{"wrong type", `{"games":"2"}`, Settings{}, true},
		{"unreadable points", `{"bye_points":"3.4"}`, Settings{}, true},
		{"null points", `{"bye_points":null}`, Settings{}, true},
		{"null games", `{"games":null}`, Settings{}, true},
		{"trailing data", `{"games":2} {}`, Settings{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.Decode([]byte(tt.in))
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestCheckAndForm(t *testing.T) {
	f := Format{}
	assert.Empty(t, f.Check(f.Defaults()))
	fe := f.Check(Settings{Games: 0, HandsPerGame: 11, SitOut: "coin", ByePoints: tournament.RP(7), SitOutScore: "max", Scoring: "10-5-0", ByeVP: 41})
	assert.Equal(t, tournament.FieldErrors{"games": "tournament.err.games", "hands_per_game": "tournament.err.hands",
		"sit_out": "tournament.err.sit_out", "bye_points": "tournament.err.bye_points", "sit_out_score": "tournament.err.sit_out_score",
		"scoring": "individual3.err.scoring", "bye_vp": "individual3.err.bye_vp"}, fe)

	// A form round-trips, and every unreadable value is reported, the rest still read.
	s := Settings{Games: 4, HandsPerGame: 2, SitOut: SitOutSubstitutes, ByePoints: tournament.RP(4) + 3, SitOutScore: SitOutScoreZero,
		Scoring: ScoringVP, ByeVP: 24}
	back, fe := f.ParseForm(f.FormValues(s))
	assert.Empty(t, fe)
	assert.Equal(t, s, back)
	back, fe = f.ParseForm(map[string]string{"games": "x", "hands_per_game": "3", "sit_out": "rotate", "bye_points": "3,5"})
	assert.Equal(t, tournament.FieldErrors{"games": "error.not_a_number"}, fe)
	assert.Equal(t, tournament.RP(3)+3, back.(Settings).ByePoints, "a decimal comma is read")
	_, fe = f.ParseForm(map[string]string{"games": "2", "hands_per_game": "3", "sit_out": "rotate", "bye_points": "3.4"})
	assert.Equal(t, tournament.FieldErrors{"bye_points": "tournament.err.bye_points"}, fe)
}

func TestDrawGivesRoundsAndByes(t *testing.T) {
	st := evening(Settings{Games: 3, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3)}, 0, entries("A", "B", "C", "D", "E", "F", "G"))
	r, subs, err := Format{}.Draw(st, 42)
	require.NoError(t, err)
	assert.Empty(t, subs)
	require.Len(t, r.Tables, 2)
	require.Len(t, r.Byes, 1)
	assert.Equal(t, tournament.RP(3), r.Byes[0].Points, "a sit-out scores the bye points")
	for i, tb := range r.Tables {
		assert.Equal(t, i+1, tb.Number)
		assert.Equal(t, []int{1, 2, 3}, []int{tb.Sides[0].Position, tb.Sides[1].Position, tb.Sides[2].Position})
	}
	again, _, _ := Format{}.Draw(st, 42)
	assert.Equal(t, tournament.SeatsOf(r), tournament.SeatsOf(again), "the same seed gives the same draw")

	// Substitutes: two new ones fill the third table, with negative IDs until stored.
	st.Stage.Settings = Settings{Games: 3, HandsPerGame: 1, SitOut: SitOutSubstitutes}
	r, subs, err = Format{}.Draw(st, 42)
	require.NoError(t, err)
	assert.Len(t, r.Tables, 3)
	assert.Empty(t, r.Byes)
	require.Len(t, subs, 2)
	assert.Equal(t, tournament.EntrySubstitute, subs[0].Kind)
	assert.Contains(t, r.People(), int64(-1))
	assert.Contains(t, r.People(), int64(-2))

	// Too few players.
	st = evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate}, 0, entries("A", "B"))
	_, _, err = Format{}.Draw(st, 1)
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "draw.too_few", e.Key)
}

func TestNextSteps(t *testing.T) {
	f := Format{}
	st := evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate, ByePoints: tournament.RP(3)}, 0, nil)
	assert.Equal(t, "next.add_players", f.Next(st).Key)
	st.Entries = entries("A", "B")
	assert.Equal(t, "next.check_in", f.Next(st).Key)
	st.Entries = entries("A", "B", "C", "D")
	step := f.Next(st)
	assert.Equal(t, "next.draw_first", step.Key)
	assert.True(t, step.CanDraw)
	assert.Equal(t, "sitout.explain.rotate", step.Note)
	assert.Equal(t, []any{4, 1, "3", 2}, step.NoteArgs)
	st.Rounds = []tournament.Round{game(1, Seating{Tables: [][]int64{{1, 2, 3}}, SitOuts: []int64{4}}, map[int64][]int{1: {100}, 2: {50}}, tournament.RP(3))}
	step = f.Next(st)
	assert.Equal(t, "next.enter_scores", step.Key)
	assert.False(t, step.CanDraw, "the only game is drawn")
	st.Rounds[0] = game(1, Seating{Tables: [][]int64{{1, 2, 3}}, SitOuts: []int64{4}}, map[int64][]int{1: {100}, 2: {50}, 3: {0}}, tournament.RP(3))
	step = f.Next(st)
	assert.Equal(t, "next.finished", step.Key)
	assert.True(t, step.Finished)
	assert.Empty(t, step.Note)
}

func TestCheckSeats(t *testing.T) {
	st := evening(Settings{Games: 1, HandsPerGame: 1, SitOut: SitOutRotate}, 0, entries("A", "B", "C", "D"))
	ok := &tournament.Round{Tables: []tournament.Table{{Sides: tournament.SidesFromEntries([]int64{1, 2, 3})}}, Byes: []tournament.Bye{{EntryID: 4}}}
	assert.Empty(t, Format{}.CheckSeats(st, ok, ok))
	bad := &tournament.Round{Tables: []tournament.Table{{Sides: tournament.SidesFromEntries([]int64{1, 2})}}, Byes: []tournament.Bye{{EntryID: 2}}}
	assert.Equal(t, tournament.FieldErrors{"table.1": "seats.table_of_three", "bye.1": "seats.twice"}, Format{}.CheckSeats(st, ok, bad))
}

// Two substitutes never sit at one table while another table has none (a tester saw a
// player face two volunteers for a whole game).
func TestSubstitutesAtDifferentTables(t *testing.T) {
	for _, n := range []int{4, 7, 10, 13} {
		for seed := int64(1); seed <= 50; seed++ {
			st := evening(Settings{Games: 3, HandsPerGame: 1, SitOut: SitOutSubstitutes}, 0, entries(make([]string, n)...))
			r, subs, err := Format{}.Draw(st, seed)
			require.NoError(t, err)
			require.Len(t, subs, 2)
			if len(r.Tables) < 2 {
				continue
			}
			for _, tb := range r.Tables {
				n := 0
				for _, id := range tb.Entries() {
					if id < 0 {
						n++
					}
				}
				assert.LessOrEqual(t, n, 1, "seed %d: %v", seed, tournament.SeatsOf(r))
			}
		}
	}
}

// TestSubstituteSwapRule is the rule of RULES.md section 3.4: substitutes move with the
// rotation, except that a table never holds two while another table holds none. Tables
// are settled in number order; at a table with two, the substitute in the higher seat
// changes places with the player in the same seat of the lowest-numbered table without a
// substitute. IDs of 100 and more are substitutes here.
func TestSubstituteSwapRule(t *testing.T) {
	tests := []struct {
		name   string
		tables [][]int64
		want   [][]int64
	}{
		{"apart: nothing moves", [][]int64{{1, 100, 2}, {3, 4, 101}}, [][]int64{{1, 100, 2}, {3, 4, 101}}},
		{"together at table 1: the higher seat goes to table 2", [][]int64{{1, 100, 101}, {2, 3, 4}, {5, 6, 7}},
			[][]int64{{1, 100, 4}, {2, 3, 101}, {5, 6, 7}}},
		{"together at table 2: the lowest table without one takes it", [][]int64{{1, 2, 3}, {100, 101, 4}, {5, 6, 7}},
			[][]int64{{1, 101, 3}, {100, 2, 4}, {5, 6, 7}}},
		{"together at the last table, seats 1 and 3", [][]int64{{1, 2, 3}, {4, 5, 6}, {100, 7, 101}},
			[][]int64{{1, 2, 101}, {4, 5, 6}, {100, 7, 3}}},
		{"the table without one is after it", [][]int64{{1, 2, 3}, {100, 4, 101}, {5, 6, 7}},
			[][]int64{{1, 2, 101}, {100, 4, 3}, {5, 6, 7}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tables := make([][]int64, len(tc.tables))
			for i := range tc.tables {
				tables[i] = slices.Clone(tc.tables[i])
			}
			spreadSubstitutes(tables, func(id int64) bool { return id >= 100 })
			assert.Equal(t, tc.want, tables)
		})
	}
}

// TestSubstitutesSwapAfterRotation: in a later game the rotation can bring both
// substitutes to one table; the draw then applies the swap of RULES.md section 3.4.
func TestSubstitutesSwapAfterRotation(t *testing.T) {
	es := entries("A", "B", "C", "D", "S1", "S2")
	es[4].Kind, es[5].Kind = tournament.EntrySubstitute, tournament.EntrySubstitute
	st := evening(Settings{Games: 3, HandsPerGame: 1, SitOut: SitOutSubstitutes}, 0, es)
	// Game 1: table 1 A won, B second, S1 third; table 2 S2 won, C second, D third.
	st.Rounds = []tournament.Round{game(1, Seating{Tables: [][]int64{{1, 2, 5}, {6, 3, 4}}},
		map[int64][]int{1: {300}, 2: {200}, 5: {100}, 6: {300}, 3: {200}, 4: {100}}, 0)}
	// The rotation alone gives table 1: A, C, D and table 2: S2, B, S1 (two
	// substitutes); S1, in the higher seat, changes places with D, seat 3 of table 1.
	r, subs, err := Format{}.Draw(st, 7)
	require.NoError(t, err)
	assert.Empty(t, subs, "the same substitutes play on")
	assert.Equal(t, tournament.Seats{Tables: [][]int64{{1, 3, 5}, {6, 2, 4}}, Byes: []int64{}}, tournament.SeatsOf(r))
}
