package dto

import (
	"time"

	"burraco/scoring"
	"burraco/tournament"
)

// Round is a round of the current stage as the API shows it: its draw, its tables with
// their results, its byes, whether all its tables are complete and whether any started.
type Round struct {
	Number   int              `json:"number"`
	Seed     int64            `json:"seed"`
	DrawnAt  time.Time        `json:"drawn_at"`
	Override string           `json:"override"`
	Tables   []Table          `json:"tables"`
	Byes     []tournament.Bye `json:"byes"`
	Complete bool             `json:"complete"`
	Started  bool             `json:"started"`
}

// Table is a table's seats, result and version (a round's table).
type Table struct {
	Number  int `json:"number"`
	Version int `json:"version"`
	// Match groups the tables of a round played as one match between two entries
	// (teams: two tables), from 1; 0: the table is a match of its own.
	Match int `json:"match,omitempty"`
	// Sides are who sits at each position: the side's entry (the one Entries lists), its
	// partners for the round (individual at 4-player tables) and a team's pair.
	Sides    []tournament.Side   `json:"sides"`
	Entries  []int64             `json:"entries"`
	Scores   []int               `json:"scores"`
	Points   []tournament.Points `json:"points"`
	Entered  int                 `json:"entered"`
	Expected int                 `json:"expected"`
	Complete bool                `json:"complete"`
	// MP are each side's signed match points, in a format that scores matches.
	MP []int `json:"mp,omitempty"`
}

// TableOf is the API's view of a table and its result.
func TableOf(tb *tournament.Table, r tournament.TableResult) Table {
	pts := make([]tournament.Points, len(r.Points))
	copy(pts, r.Points)
	sides := tb.Sides
	if sides == nil {
		sides = []tournament.Side{}
	}
	return Table{Number: tb.Number, Version: tb.Version, Match: tb.Match, Sides: sides, Entries: r.Entries, Scores: r.Scores, Points: pts,
		Entered: r.Entered, Expected: r.Expected, Complete: r.Complete, MP: r.MP}
}

// SavedTable is a table as a save stored it: the round's table with its round, sides
// and outcome (not the hands just sent).
type SavedTable struct {
	Table
	Round   int                `json:"round"`
	Outcome tournament.Outcome `json:"outcome"`
}

// TableState is a table as its score sheet holds it: GET …/tables/{t}, with its hands.
type TableState struct {
	SavedTable
	Hands []tournament.HandScore `json:"hands"`
}

// TableConflict is a stale sheet save's 409: the error and the table as stored.
type TableConflict struct {
	Error   ErrorBody  `json:"error"`
	Current TableState `json:"current"`
}

// DrawInput is the body of POST /tournaments/{id}/draw (optional): a seed (0: random),
// why the round is drawn before the previous one is complete, and the round expected.
type DrawInput struct {
	Seed     int64  `json:"seed"`
	Override string `json:"override"`
	Round    int    `json:"round"`
}

// SeatsInput is the body of PUT …/rounds/{n}/seats: each table's people in seat order
// (each side's entry, then its partners for the round), and the byes.
type SeatsInput = tournament.Seats

// SheetInput is the body of PUT …/tables/{t}: the hands ([hand][side], null where
// nothing was entered), the outcome ({"kind": ""} removes it; absent keeps it), and the
// answer to a correction after the next draw ("reseat" or "keep").
type SheetInput struct {
	Hands     [][]*scoring.Hand   `json:"hands"`
	NextRound string              `json:"next_round"`
	Outcome   *tournament.Outcome `json:"outcome"`
}

// SheetSaved is the answer of a sheet save or clear: what the save did and the table.
type SheetSaved struct {
	Outcome *tournament.SheetOutcome `json:"outcome"`
	Table   SavedTable               `json:"table"`
}

// ReseatChoice is the 409 of a correction that would move seats of the next round: the
// director answers with next_round "reseat" or "keep".
type ReseatChoice struct {
	Error ErrorBody         `json:"error"`
	Moves []tournament.Move `json:"moves"`
}

// ClockInput is the body of POST …/rounds/{n}/clock: "start" (with minutes), "pause",
// "adjust" (minutes, maybe negative) or "reset".
type ClockInput struct {
	Op      string `json:"op"`
	Minutes int    `json:"minutes"`
}

// ClockState is the answer of a clock command: the round's clock and the seconds left.
type ClockState struct {
	Round            int              `json:"round"`
	Clock            tournament.Clock `json:"clock"`
	RemainingSeconds int64            `json:"remaining_seconds"`
}

// Locked is the answer of POST …/rounds/{n}/lock and …/unlock.
type Locked struct {
	Round  int  `json:"round"`
	Locked bool `json:"locked"`
}

// RoundOf is the API's view of round g of the stage ev.
func RoundOf(ev *tournament.State, g *tournament.Round) Round {
	results := ev.Results(g)
	tables := make([]Table, len(results))
	for i := range results {
		tables[i] = TableOf(&g.Tables[i], results[i])
	}
	byes := g.Byes
	if byes == nil {
		byes = []tournament.Bye{}
	}
	return Round{Number: g.Number, Seed: g.Seed, DrawnAt: g.DrawnAt, Override: g.Override,
		Tables: tables, Byes: byes, Complete: ev.Complete(g), Started: g.Started()}
}

// SavedTableOf is a table as the save sc stored it.
func SavedTableOf(sc *tournament.SheetOutcome) SavedTable {
	return SavedTable{Table: TableOf(sc.Table, sc.Result), Round: sc.Round, Outcome: sc.Table.Outcome}
}

// TableStateOf is a table as its score sheet holds it, hands included.
func TableStateOf(ts *tournament.TableState) TableState {
	st := &tournament.State{Tournament: ts.Tournament, Stage: ts.Stage, Entries: ts.Entries}
	if len(ts.People) > 0 {
		st.Entries = ts.People
	}
	hands := ts.Table.Hands
	if hands == nil {
		hands = []tournament.HandScore{}
	}
	return TableState{SavedTable: SavedTable{Table: TableOf(&ts.Table, st.Format().Result(st, &ts.Table)),
		Round: ts.Round.Number, Outcome: ts.Table.Outcome}, Hands: hands}
}
