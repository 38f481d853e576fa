package dto

import "burraco/tournament/national"

// National is a record of the national registry (issue 38): GET, PUT
// /national/players/{id} and the answers of a merge and an erasure.
type National = national.Player

// NationalList is one page of the national registry: GET /national/players.
type NationalList struct {
	Players []national.Player `json:"players"`
	Total   int               `json:"total"`
	Page    int               `json:"page"`
	PerPage int               `json:"per_page"`
}

// NationalInput is the body of PUT /national/players/{id} (the version in If-Match):
// names, region, category, birth date (YYYY-MM-DD or "") and visibility ("", full, initials,
// hidden). The card number stays: it is the record's key.
type NationalInput struct {
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	Region     string `json:"region"`
	Category   string `json:"category"`
	BirthDate  string `json:"birth_date"`
	Visibility string `json:"visibility" enum:",full,initials,hidden"`
}

// NationalConflict is a stale edit's 409: the error and the record as stored.
type NationalConflict struct {
	Error   ErrorBody       `json:"error"`
	Current national.Player `json:"current"`
}

// NationalDetail is a record with the club players linked to it and its evenings in
// every club, newest first: GET /national/players/{id}.
type NationalDetail struct {
	Player      national.Player       `json:"player"`
	Shown       string                `json:"shown"` // the name public pages show
	ClubPlayers []national.ClubPlayer `json:"club_players"`
	Evenings    []national.Evening    `json:"evenings"`
}

// NationalMerge is the body of POST /national/players/{id}/merge: the record merged
// into this one (its club players and results move here), and its version seen.
type NationalMerge struct {
	DropID      int64 `json:"drop_id" api:"required"`
	DropVersion int   `json:"drop_version"`
}

// NationalErase is the body of POST /national/players/{id}/erase: the record's card
// number typed again, to confirm an erasure that cannot be undone.
type NationalErase struct {
	Confirm string `json:"confirm" api:"required"`
}

// Unlinked is the club players linked to no national record (no card): GET
// /national/unlinked.
type Unlinked struct {
	Players []national.ClubPlayer `json:"players"`
}

// NationalLink is the body of POST /national/unlinked/{id}/link: the record the club
// player is the person of.
type NationalLink struct {
	NationalID int64 `json:"national_id" api:"required"`
}

// NationalLog is the latest lines of the registry's log, newest first: GET /national/log.
type NationalLog struct {
	Lines []national.LogLine `json:"lines"`
}

// PublicProfile is a player's public profile across clubs: GET
// /public/players/{id}. The name is as visibility allows; a hidden player has none (404).
type PublicProfile struct {
	ID       int64              `json:"id"`
	Name     string             `json:"name"`
	Evenings []national.Evening `json:"evenings"`
}
