package tournament_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/tournament"
)

// TestCheckTablesTeams: a team sits once as each of its pairs in a round; as the same
// pair twice, as a plain side beside a pair, or seated and on a bye, it is twice.
func TestCheckTablesTeams(t *testing.T) {
	side := func(pos int, id int64, pair int) tournament.Side {
		return tournament.Side{Position: pos, EntryID: id, Pair: pair}
	}
	table := func(n int, a, b tournament.Side) tournament.Table {
		return tournament.Table{Number: n, Match: (n + 1) / 2, Sides: []tournament.Side{a, b}}
	}
	cases := []struct {
		name   string
		tables []tournament.Table
		byes   []tournament.Bye
		want   tournament.FieldErrors
	}{
		{"a match", []tournament.Table{table(1, side(1, 1, 1), side(2, 2, 2)), table(2, side(1, 2, 1), side(2, 1, 2))}, nil,
			tournament.FieldErrors{}},
		{"pair 1 twice", []tournament.Table{table(1, side(1, 1, 1), side(2, 2, 2)), table(2, side(1, 2, 1), side(2, 1, 1))}, nil,
			tournament.FieldErrors{"seat.2.2": "seats.twice"}},
		{"a plain side and a pair", []tournament.Table{table(1, side(1, 1, 1), side(2, 2, 2)), table(2, side(1, 2, 1), side(2, 1, 0))}, nil,
			tournament.FieldErrors{"seat.2.2": "seats.twice"}},
		{"seated and on a bye", []tournament.Table{table(1, side(1, 1, 1), side(2, 2, 2)), table(2, side(1, 2, 1), side(2, 1, 2))},
			[]tournament.Bye{{EntryID: 2}}, tournament.FieldErrors{"bye.1": "seats.twice"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := tournament.CheckTables(&tournament.Round{Tables: c.tables, Byes: c.byes}, 2, "size")
			assert.Equal(t, c.want, got)
		})
	}
}

// TestLineupOf: the round's own line-up, else the latest before it, else the members in
// order; another stage's line-ups do not count.
func TestLineupOf(t *testing.T) {
	st := &tournament.State{Stage: tournament.Stage{ID: 7}, Entries: []tournament.Entry{{ID: 1, Kind: tournament.EntryTeam,
		Members: []tournament.Member{{PlayerID: 11}, {PlayerID: 12}, {PlayerID: 13}, {PlayerID: 14}, {PlayerID: 15}}}}}
	st.Lineups = []tournament.Lineup{
		{StageID: 7, Round: 2, EntryID: 1, Pairs: [2][2]int64{{15, 11}, {12, 13}}, Version: 1},
		{StageID: 7, Round: 4, EntryID: 1, Pairs: [2][2]int64{{14, 15}, {12, 13}}, Version: 3},
		{StageID: 6, Round: 3, EntryID: 1, Pairs: [2][2]int64{{11, 12}, {13, 15}}, Version: 1},
	}
	for _, c := range []struct {
		round int
		want  [2][2]int64
	}{
		{1, [2][2]int64{{11, 12}, {13, 14}}},
		{2, [2][2]int64{{15, 11}, {12, 13}}},
		{3, [2][2]int64{{15, 11}, {12, 13}}},
		{4, [2][2]int64{{14, 15}, {12, 13}}},
		{9, [2][2]int64{{14, 15}, {12, 13}}},
	} {
		assert.Equal(t, c.want, st.LineupOf(1, c.round).Pairs, "round %d", c.round)
	}
	assert.Equal(t, 3, st.LineupOf(1, 5).Version)
	assert.Equal(t, 0, st.LineupOf(1, 1).Version, "the default is stored nowhere")
}
