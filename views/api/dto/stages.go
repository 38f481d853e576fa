package dto

import "burraco/tournament"

// Bracket is the answer of GET /tournaments/{id}/bracket: a knockout stage's bracket,
// the names of its entries by ID, and the winner (0 until the final is decided).
type Bracket struct {
	Stage  int                       `json:"stage"`
	Size   int                       `json:"size"`
	Rounds []tournament.BracketRound `json:"rounds"`
	Names  map[string]string         `json:"names"`
	Winner int64                     `json:"winner"`
}

// StagePlan is the answer of GET /tournaments/{id}/stages/next: what starting the next
// stage would do.
type StagePlan = tournament.StagePlan

// StartStageInput is the body of POST /tournaments/{id}/stages.
type StartStageInput struct {
	Format string `json:"format"`
	// Start is how the stage starts: "seeded" (the default: the qualifiers seeded into a
	// bracket) or "continued" (every entry carries its standing values on).
	Start string `json:"start,omitempty"`
}

// Stage is a stage of a tournament: the answer of POST /tournaments/{id}/stages.
type Stage = tournament.Stage
