package dto

import "burraco/tournament"

// Entry is a side of a tournament: a player, a pair or a substitute.
type Entry = tournament.Entry

// EntryInput is the body of POST /tournaments/{id}/entries, one way at a time: a
// registered player (player_id), a new player (player, with new_person to register a
// namesake), or a pair (pair, two player IDs). player_ids (several at once) is still
// read, for older clients, but left out of the document: POST …/entries/batch answers
// the one shape of a list.
type EntryInput struct {
	PlayerID  int64        `json:"player_id"`
	PlayerIDs []int64      `json:"player_ids" api:"hidden"`
	Player    *PlayerInput `json:"player"`
	NewPerson bool         `json:"new_person"`
	Pair      []int64      `json:"pair" len:"2" minimum:"1" uniqueItems:""`
}

// EntriesInput is the body of POST /tournaments/{id}/entries/batch: registered players
// to enter at once, all or none.
type EntriesInput struct {
	PlayerIDs []int64 `json:"player_ids" api:"required" minItems:"1"`
}

// EntryList is the answer of POST …/entries/batch: the entries made.
type EntryList struct {
	Entries []tournament.Entry `json:"entries"`
}

// EntryChangeInput is the body of POST …/entries/{eid}: at least one of the two.
type EntryChangeInput struct {
	CheckedIn *bool `json:"checked_in"`
	Withdrawn *bool `json:"withdrawn"`
}

// EntryChanged is the entry after a change, with what the change did to the current round.
type EntryChanged struct {
	*tournament.Entry
	RoundChange *tournament.EntryOutcome `json:"round_change"`
}

// EntryRemoved is the answer of DELETE …/entries/{eid}: the entry taken out.
type EntryRemoved struct {
	Removed *tournament.Entry `json:"removed"`
}

// Marked is the answer of POST …/entries/present: how many entries were checked in.
type Marked struct {
	Marked int `json:"marked"`
}

// Awarded is the answer of POST …/entries/{eid}/missed: the rounds the late arrival was
// awarded points for.
type Awarded struct {
	Rounds []int `json:"rounds"`
}

// PairRow is a row of a pair import with its problems spelled out in the request's
// language.
type PairRow struct {
	tournament.PairRow
	Messages map[string]string `json:"messages,omitempty"`
}

// PairImport is the answer of POST …/entries/import: a preview, or (?confirm=true) the
// pairs entered.
type PairImport struct {
	Rows       []PairRow `json:"rows"`
	Valid      bool      `json:"valid"`
	Entered    int       `json:"entered"`
	Registered int       `json:"registered"`
	Ignored    []string  `json:"ignored_columns"`
}

// PairImportRefused is the 422 of a pair import with rows in error: every row.
type PairImportRefused struct {
	Error   ErrorBody `json:"error"`
	Rows    []PairRow `json:"rows"`
	Ignored []string  `json:"ignored_columns"`
}
