package dto

import (
	"encoding/json"
	"time"

	"burraco/scoring"
	"burraco/tournament"
)

// TournamentInput is the body of POST /tournaments and PUT /tournaments/{id}. settings
// are the format's own; rules start from preset (the format's when absent) and take only
// the fields given. On an update, what is left out keeps its stored value.
type TournamentInput struct {
	Name  string  `json:"name"`
	Date  string  `json:"date" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
	Venue *string `json:"venue"`
	Notes *string `json:"notes"`
	// Tier is the tournament's category for the national ranking (club when created
	// without one; left out of an update, kept).
	Tier       *string         `json:"tier" enum:"club,regional,national"`
	Format     string          `json:"format"`
	Qualifiers *int            `json:"qualifiers"`
	Settings   json.RawMessage `json:"settings"`
	Preset     string          `json:"preset"`
	Rules      json.RawMessage `json:"rules" api:"rules"`
	ScaleID    *int64          `json:"scale_id"`
}

// Tournament is a tournament with its current stage as the API shows it.
type Tournament struct {
	ID         int64               `json:"id"`
	Name       string              `json:"name"`
	Date       string              `json:"date"`
	Venue      string              `json:"venue"`
	Notes      string              `json:"notes"`
	Tier       string              `json:"tier"`
	Version    int                 `json:"version"`
	Published  bool                `json:"published"`
	Format     string              `json:"format"`
	Settings   tournament.Settings `json:"settings"`
	Rules      scoring.Rules       `json:"rules"`
	Qualifiers int                 `json:"qualifiers"`
	ScaleID    *int64              `json:"scale_id"`
	Scale      *scoring.Scale      `json:"scale"`
	CreatedAt  time.Time           `json:"created_at"`
	UpdatedAt  time.Time           `json:"updated_at"`
}

// TournamentOf is the API's view of a tournament and its stage.
func TournamentOf(t *tournament.Tournament, st *tournament.Stage) Tournament {
	return Tournament{ID: t.ID, Name: t.Name, Date: t.Date, Venue: t.Venue, Notes: t.Notes, Tier: t.Tier, Version: t.Version,
		Published: t.Published, Format: st.Format, Settings: st.Settings, Rules: st.Rules, Qualifiers: st.Qualifiers,
		ScaleID: st.ScaleID, Scale: st.Scale, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt}
}

// TournamentConflict is a stale tournament update's 409: the error and the tournament as
// stored.
type TournamentConflict struct {
	Error   ErrorBody  `json:"error"`
	Current Tournament `json:"current"`
}

// TournamentSummary is a line of GET /tournaments.
type TournamentSummary struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Date    string `json:"date"`
	Venue   string `json:"venue"`
	Version int    `json:"version"`
}

// TournamentList is the answer of GET /tournaments.
type TournamentList struct {
	Tournaments []TournamentSummary `json:"tournaments"`
}

// TournamentDetail is the answer of GET /tournaments/{id}: the tournament, its entries,
// its current stage's rounds and what the director should do next (a message key, its
// text, and the sheet it is about, if any).
type TournamentDetail struct {
	Tournament Tournament         `json:"tournament"`
	Entries    []tournament.Entry `json:"entries"`
	Rounds     []Round            `json:"rounds"`
	Next       string             `json:"next"`
	NextText   string             `json:"next_text"`
	NextRound  int                `json:"next_round"`
	NextTable  int                `json:"next_table"`
}

// PublishInput is the body of PUT /tournaments/{id}/published.
type PublishInput struct {
	Published *bool `json:"published" api:"required"`
}

// Published is the answer of PUT /tournaments/{id}/published, with the address of the
// public pages.
type Published struct {
	ID        int64  `json:"id"`
	Published bool   `json:"published"`
	Version   int    `json:"version"`
	PublicURL string `json:"public_url"`
}

// PublishState is what a stale publish's 409 says is stored now.
type PublishState struct {
	Published bool `json:"published"`
	Version   int  `json:"version"`
}

// PublishConflict is a stale publish's 409.
type PublishConflict struct {
	Error   ErrorBody    `json:"error"`
	Current PublishState `json:"current"`
}

// TournamentDocument is a whole tournament as one JSON document: GET /tournaments/{id}/export and
// the body of POST /tournaments/import.
type TournamentDocument = tournament.Document

// Imported is the answer of POST /tournaments/import: the tournament created.
type Imported struct {
	Tournament *tournament.Tournament `json:"tournament"`
}
