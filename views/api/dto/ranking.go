package dto

import (
	"time"

	"burraco/tournament/ranking"
	"burraco/tournament/rankings"
)

// RankingLine is a line of the national ranking. Name is empty for a player hidden or
// erased (the line stays, so no one else's place moves); initials for a minor unless
// they chose otherwise. Points and Best are decimals with a point ("322.5").
type RankingLine struct {
	Place    int    `json:"place"`
	Tied     bool   `json:"tied"`
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Region   string `json:"region"`
	Category string `json:"category"`
	Points   string `json:"points"`
	Results  int    `json:"results"`
	Counted  int    `json:"counted"`
	Wins     int    `json:"wins"`
	Best     string `json:"best"`
}

// Ranking is a page of the national ranking (GET /api/v1/public/ranking and
// /api/v1/ranking): its revision, its window, the filters applied and offered, and the
// lines of the page asked for (places stay the national ones under a filter).
type Ranking struct {
	Revision   int64           `json:"revision"`
	AsOf       string          `json:"as_of"`
	From       string          `json:"from"`
	To         string          `json:"to"`
	Region     string          `json:"region"`
	Club       int64           `json:"club"`
	Category   string          `json:"category"`
	Page       int             `json:"page"`
	Pages      int             `json:"pages"`
	Total      int             `json:"total"`
	Lines      []RankingLine   `json:"lines"`
	Regions    []string        `json:"regions"`
	Categories []string        `json:"categories"`
	Clubs      []rankings.Club `json:"clubs"`
}

// RankingPerPage is how many lines a page of the ranking holds.
const RankingPerPage = 50

// RankingOf is a page (from 1; past the last: the last) of the ranking under a filter.
// all puts every line on one page (the CSV).
func RankingOf(v *rankings.View, f rankings.Filter, page int, all bool) Ranking {
	lines := v.Filter(f)
	out := Ranking{Revision: v.Revision, AsOf: v.AsOf, From: v.From, To: v.To, Region: f.Region, Club: f.Club, Category: f.Category,
		Total: len(lines), Regions: nonNil(v.Regions), Categories: nonNil(v.Categories), Clubs: v.Clubs, Lines: []RankingLine{}}
	if out.Clubs == nil {
		out.Clubs = []rankings.Club{}
	}
	per := RankingPerPage
	if all {
		per = max(len(lines), 1)
	}
	out.Pages = max(1, (len(lines)+per-1)/per)
	out.Page = min(max(page, 1), out.Pages)
	asOf, _ := time.Parse(time.DateOnly, v.AsOf)
	for _, e := range lines[min((out.Page-1)*per, len(lines)):min(out.Page*per, len(lines))] {
		out.Lines = append(out.Lines, RankingLine{Place: e.Place, Tied: e.Tied, PlayerID: e.PlayerID,
			Name: rankings.PublicName(e.Player, asOf), Region: e.Player.Region, Category: e.Player.Category,
			Points: ranking.Hundredths(e.Points, "."), Results: e.Results, Counted: e.Counted, Wins: e.Wins,
			Best: ranking.Hundredths(e.Best, ".")})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// RankingConfig is the ranking's settings as stored (GET and PUT
// /api/v1/ranking/settings): a save sends back the version it read.
type RankingConfig struct {
	Settings  ranking.Settings `json:"settings"`
	Version   int              `json:"version"`
	UpdatedAt time.Time        `json:"updated_at"`
}

// RankingConfigInput is the body of PUT /api/v1/ranking/settings: the whole settings
// and the version they were read at (stale: 409).
type RankingConfigInput struct {
	Settings ranking.Settings `json:"settings"`
	Version  int              `json:"version"`
}
