package dto

import "burraco/tournament"

// TeamInput is the body of POST /tournaments/{id}/teams and PUT …/teams/{eid}: the
// team's name and its 4 to 6 registered players, in order (the first four make its
// default line-up: 1+2, 3+4).
type TeamInput struct {
	Name    string  `json:"name"`
	Players []int64 `json:"players"`
}

// TeamRow is a row of a team import (one player) with its problems spelled out in the
// request's language.
type TeamRow struct {
	tournament.TeamRow
	Messages map[string]string `json:"messages,omitempty"`
}

// TeamImport is the answer of POST …/teams/import: a preview, or (?confirm=true) the
// teams entered.
type TeamImport struct {
	Rows    []TeamRow `json:"rows"`
	Valid   bool      `json:"valid"`
	Teams   int       `json:"teams"`
	Entered int       `json:"entered"`
	Ignored []string  `json:"ignored_columns"`
}

// TeamImportRefused is the 422 of a team import with rows in error: every row.
type TeamImportRefused struct {
	Error   ErrorBody `json:"error"`
	Rows    []TeamRow `json:"rows"`
	Ignored []string  `json:"ignored_columns"`
}

// LineupPlayer is a player of a line-up's pair.
type LineupPlayer struct {
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
}

// Lineup is the line-up a team plays a round with: its two pairs (pair 1 first).
// Named is the round it was named for (0: the default, the team's first four players
// in order); Version is the version stored for this round (0: none: it plays the line-up
// of round Named); Open says whether it may still change.
type Lineup struct {
	TeamID  int64              `json:"team_id"`
	Team    string             `json:"team"`
	Round   int                `json:"round"`
	Pairs   [2][2]LineupPlayer `json:"pairs"`
	Named   int                `json:"named"`
	Version int                `json:"version"`
	Open    bool               `json:"open"`
}

// Lineups is the answer of GET …/rounds/{n}/lineups: every team's line-up for round n.
type Lineups struct {
	Round   int      `json:"round"`
	Lineups []Lineup `json:"lineups"`
}

// LineupInput is the body of PUT …/rounds/{n}/lineups/{team}: two pairs of the team's
// player IDs, pair 1 first. If-Match carries the version read (absent: saved over
// whatever is stored).
type LineupInput struct {
	// Four different players of the team (tournament's checkLineup): positive IDs, a
	// pair of two players.
	Pairs [2][2]int64 `json:"pairs" minimum:"1" uniqueItems:""`
}

// TeamConflict is a stale team edit's 409: the error and the team as stored.
type TeamConflict struct {
	Error   ErrorBody `json:"error"`
	Current Entry     `json:"current"`
}

// LineupConflict is a stale line-up's 409: the error and the line-up as stored.
type LineupConflict struct {
	Error   ErrorBody `json:"error"`
	Current Lineup    `json:"current"`
}

// Match is one match of a round between two entries over several tables (teams): the
// MP over its tables and, once every table is complete, the VP of the team scale.
type Match = tournament.MatchResult

// Matches is the answer of GET …/rounds/{n}/matches.
type Matches struct {
	Round   int     `json:"round"`
	Matches []Match `json:"matches"`
}

// Contribution is one round of a player's contribution: the table their pair played
// and its MP for their side.
type Contribution = tournament.Contribution

// MemberContribution is what one player of a team brought it, round by round, and the
// MP of their complete tables.
type MemberContribution struct {
	PlayerID int64          `json:"player_id"`
	Name     string         `json:"name"`
	Rounds   []Contribution `json:"rounds"`
	TotalMP  int            `json:"total_mp"`
}

// Team is the answer of GET …/teams/{eid}: the team, its line-up of each round drawn and
// each player's contribution.
type Team struct {
	Entry         tournament.Entry     `json:"entry"`
	Lineups       []Lineup             `json:"lineups"`
	Contributions []MemberContribution `json:"contributions"`
}
