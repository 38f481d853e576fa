package dto

import "burraco/scoring"

// CalcHandInput is the body of POST /calc/hand: the rules (a preset and two options)
// and the hand, which is required.
type CalcHandInput struct {
	Preset         string        `json:"preset"`
	SemiCleanOn    bool          `json:"semi_clean_on"`
	KittyNotPlayed bool          `json:"kitty_not_played"`
	Hand           *scoring.Hand `json:"hand" api:"required"`
}

// CalcLine is one line of a hand's score: what it counts, its label in the request's
// language, how many, and the points.
type CalcLine struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Count  int    `json:"count"`
	Points int    `json:"points"`
}

// CalcHand is the answer of POST /calc/hand.
type CalcHand struct {
	Preset string        `json:"preset"`
	Rules  scoring.Rules `json:"rules"`
	Total  int           `json:"total"`
	Lines  []CalcLine    `json:"lines"`
}

// CalcVP is the answer of GET /calc/vp: the scale's name, the difference, and each
// side's VP.
type CalcVP struct {
	Scale  string `json:"scale"`
	Diff   int    `json:"diff"`
	Winner int    `json:"winner"`
	Loser  int    `json:"loser"`
}
