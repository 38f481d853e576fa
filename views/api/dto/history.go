package dto

import (
	"time"

	"burraco/tournament"
)

// Event is a line of a tournament's log with its text in the request's language.
type Event struct {
	ID       int64               `json:"id"`
	At       time.Time           `json:"at"`
	Director string              `json:"director"`
	Kind     string              `json:"kind"`
	Args     []string            `json:"args"`
	Also     []tournament.Line   `json:"also"`
	Changes  []tournament.Change `json:"changes"`
	StageID  int64               `json:"stage_id"`
	Round    int                 `json:"round"`
	Table    int                 `json:"table"`
	EntryID  int64               `json:"entry_id"`
	Undoes   int64               `json:"undoes"`
	UndoneBy int64               `json:"undone_by"`
	Undoable bool                `json:"undoable"`
	Text     string              `json:"text"`
}

// EventOf is the API's view of a log line, with its text.
func EventOf(e tournament.Event, text string) Event {
	return Event{ID: e.ID, At: e.At, Director: e.Director, Kind: e.Kind, Args: e.Args, Also: e.Also,
		Changes: e.Changes, StageID: e.StageID, Round: e.Round, Table: e.Table, EntryID: e.EntryID,
		Undoes: e.Undoes, UndoneBy: e.UndoneBy, Undoable: e.Undoable(), Text: text}
}

// History is the answer of GET /tournaments/{id}/history (and …/events).
type History struct {
	Events []Event `json:"events"`
}

// Undone is the answer of POST …/history/{seq}/undo: the undo's own log line.
type Undone struct {
	Event Event `json:"event"`
}
