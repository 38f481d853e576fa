package dto

import "burraco/tournament"

// Player is a registered player: the body of GET, POST and PUT /players….
type Player = tournament.Player

// PlayerInput is the body of POST /players and PUT /players/{id} (and of a new player
// entered on the spot).
type PlayerInput struct {
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	Club       string `json:"club"`
	CardNumber string `json:"card_number"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Notes      string `json:"notes"`
}

// PlayerCreate is the body of POST /players: a player, and new_person true when the
// director says they are another person than the registered one they look like (else
// such a player is refused: 409, Duplicate).
type PlayerCreate struct {
	PlayerInput
	NewPerson bool `json:"new_person"`
}

// PlayerList is one page of the registry: GET /players.
type PlayerList struct {
	Players []tournament.Player `json:"players"`
	Total   int                 `json:"total"`
	Page    int                 `json:"page"`
	PerPage int                 `json:"per_page"`
}

// PlayerConflict is a stale player update's 409: the error and the player as stored.
type PlayerConflict struct {
	Error   ErrorBody         `json:"error"`
	Current tournament.Player `json:"current"`
}

// MergeInput is the body of POST /players/{id}/merge: the player merged into this one,
// and the version of it seen.
type MergeInput struct {
	DropID      int64 `json:"drop_id" api:"required"`
	DropVersion int   `json:"drop_version"`
}

// Merged is the answer of a merge: the kept player and the tournaments whose entries moved.
type Merged struct {
	Player      *tournament.Player `json:"player"`
	Tournaments []int64            `json:"tournaments"`
}

// ImportRow is a row of a player import with its problems spelled out in the request's
// language.
type ImportRow struct {
	tournament.ImportRow
	Messages map[string]string `json:"messages,omitempty"`
	// WarningMessages spells out the row's Warnings (cells that may still be imported).
	WarningMessages map[string]string `json:"warning_messages,omitempty"`
}

// PlayerImport is the answer of POST /players/import, a preview or (?confirm=true) the
// import done.
type PlayerImport struct {
	Rows       []ImportRow `json:"rows"`
	New        int         `json:"new"`
	Duplicates int         `json:"duplicates"`
	Invalid    int         `json:"invalid"`
	Created    int         `json:"created"`
	Ignored    []string    `json:"ignored_columns"`
	// IgnoredMessage says which columns are ignored, when some are.
	IgnoredMessage string `json:"ignored_message,omitempty"`
}
