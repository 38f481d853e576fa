package dto

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// The standings line writes the format's columns as members, as the handlers' maps did.

// The builders ask the registry for a stage's format.
func init() { formats.Register(formattest.Format{}) }

func TestStandingLineWritesItsColumns(t *testing.T) {
	cols := []tournament.Column{{Name: "points", Kind: "points"}, {Name: "game_points", Kind: "number"}, {Name: "best_game", Kind: "number"}}
	st := tournament.Standing{Entry: tournament.Entry{ID: 3, Name: "Bianchi Anna", Members: []tournament.Member{{PlayerID: 7, Name: "Bianchi Anna"}}},
		Place: 1, Tied: true, Values: []int{27, 1165, 800}, Played: 2, Byes: 1, Qualifies: true,
		Rounds: []tournament.RoundLine{{Round: 1, Table: 2, Score: 365, Points: 18, Done: true}, {Round: 2, Points: 18, Bye: true, Done: true}}}
	b, err := json.Marshal(StandingLineOf(cols, st))
	require.NoError(t, err)
	assert.JSONEq(t, `{"place":1,"tied":true,"entry_id":3,"name":"Bianchi Anna","members":[{"player_id":7,"name":"Bianchi Anna"}],
		"played":2,"byes":1,"withdrawn":false,"qualifies":true,"at_cut":false,
		"rounds":[{"round":1,"table":2,"score":365,"points":"3","bye":false,"awarded":false,"done":true},
		          {"round":2,"table":0,"score":0,"points":"3","bye":true,"awarded":false,"done":true}],
		"points":"4.5","points_sixths":27,"game_points":1165,"best_game":800}`, string(b))
}

func TestPairingLineWritesItsColumns(t *testing.T) {
	cols := []tournament.Column{{Name: "vp", Kind: "points"}, {Name: "mp", Kind: "number"}}
	l := PairingLine{Rank: 1, EntryID: 2, Name: "A / B", Tie: 3, Table: 1, Against: 4, Columns: ColumnsOf(cols, []int{84, -355}, false)}
	b, err := json.Marshal(l)
	require.NoError(t, err)
	assert.JSONEq(t, `{"rank":1,"entry_id":2,"name":"A / B","byes":0,"tie":3,"table":1,"against":4,"bye":false,"vp":"14","mp":-355}`, string(b))

	b, err = json.Marshal(PairingLine{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"rank":0,"entry_id":0,"name":"","byes":0,"tie":0,"table":0,"against":0,"bye":false}`, string(b))
}

// The builders write what the handlers' maps wrote: a table's points never null.
func TestTableOfCopiesThePoints(t *testing.T) {
	tb := TableOf(&tournament.Table{Number: 2, Version: 3}, tournament.TableResult{Entries: []int64{1, 2}, Scores: []int{300, 250}})
	b, err := json.Marshal(tb)
	require.NoError(t, err)
	assert.JSONEq(t, `{"number":2,"version":3,"sides":[],"entries":[1,2],"scores":[300,250],"points":[],"entered":0,"expected":0,"complete":false}`, string(b))
}

func TestRoundOf(t *testing.T) {
	f := formattest.Format{}
	ev := &tournament.State{Stage: tournament.Stage{Format: f.Name(), Settings: f.Defaults(), Rules: f.Rules()},
		Entries: []tournament.Entry{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}}
	ev.Rounds = []tournament.Round{{Number: 1, Seed: 42, DrawnAt: time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC),
		Tables: []tournament.Table{{Number: 1, Version: 1, Sides: tournament.SidesFromEntries([]int64{1, 2})}}}}
	r := RoundOf(ev, &ev.Rounds[0])
	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.JSONEq(t, `{"number":1,"seed":42,"drawn_at":"2026-11-24T21:00:00Z","override":"","byes":[],"complete":false,"started":false,
		"tables":[{"number":1,"version":1,"sides":[{"position":1,"entry_id":1},{"position":2,"entry_id":2}],"entries":[1,2],"scores":[0,0],"points":[],"entered":0,"expected":4,"complete":false}]}`, string(b))
}

// A side of several entries shows them all: the partners of the round, a team's pair,
// the match its table belongs to.
func TestTableOfShowsPartnersPairAndMatch(t *testing.T) {
	tb := &tournament.Table{Number: 3, Version: 1, Match: 2, Sides: []tournament.Side{
		{Position: 1, EntryID: 11, Partners: []int64{12}}, {Position: 2, EntryID: 21, Pair: 2}}}
	b, err := json.Marshal(TableOf(tb, tournament.TableResult{Entries: []int64{11, 21}, Scores: []int{0, 0}}))
	require.NoError(t, err)
	assert.JSONEq(t, `{"number":3,"version":1,"match":2,"sides":[{"position":1,"entry_id":11,"partners":[12]},{"position":2,"entry_id":21,"pair":2}],
		"entries":[11,21],"scores":[0,0],"points":[],"entered":0,"expected":0,"complete":false}`, string(b))
}
