package dto

import (
	"fmt"

	"burraco/tournament"
)

// Columns are a line's values in the format's ranking columns, each a member named after
// its column (tournament.Column.Name) and present only when the format ranks on it:
// points as text ("4.5", as a sheet shows them) and, on a standings line, in sixths too
// (<name>_sixths); other values as numbers. Plain fields, so encoding/json writes a line
// in one pass. A column of another name is a programming error (ColumnsOf panics): give
// it a field here and the document declares it.
type Columns struct {
	Points       *string `json:"points,omitempty"`
	PointsSixths *int    `json:"points_sixths,omitempty"`
	GamePoints   *int    `json:"game_points,omitempty"`
	BestGame     *int    `json:"best_game,omitempty"`
	VP           *string `json:"vp,omitempty"`
	VPSixths     *int    `json:"vp_sixths,omitempty"`
	MP           *int    `json:"mp,omitempty"`
}

// ColumnsOf names a line's values by the format's columns; sixths adds the points
// columns' values in sixths.
func ColumnsOf(cols []tournament.Column, values []int, sixths bool) Columns {
	var out Columns
	for i, col := range cols {
		if i >= len(values) {
			break
		}
		v := values[i]
		text := func() *string { s := tournament.Points(v).String(); return &s }
		var six *int
		if sixths {
			six = &v
		}
		switch col.Name {
		case "points":
			out.Points, out.PointsSixths = text(), six
		case "vp":
			out.VP, out.VPSixths = text(), six
		case "game_points":
			out.GamePoints = &v
		case "best_game":
			out.BestGame = &v
		case "mp":
			out.MP = &v
		default:
			panic(fmt.Sprintf("dto: no member for the column %q", col.Name))
		}
	}
	return out
}

// StandingRound is one round of a standings line.
type StandingRound struct {
	Round   int               `json:"round"`
	Table   int               `json:"table"`
	Score   int               `json:"score"`
	Points  tournament.Points `json:"points"`
	Bye     bool              `json:"bye"`
	Awarded bool              `json:"awarded"`
	Done    bool              `json:"done"`
}

// StandingLine is an entry's line in the standings, with its values named by the
// format's columns (Values, written as members of the line).
type StandingLine struct {
	Place     int                 `json:"place"`
	Tied      bool                `json:"tied"`
	EntryID   int64               `json:"entry_id"`
	Name      string              `json:"name"`
	Members   []tournament.Member `json:"members"`
	Played    int                 `json:"played"`
	Byes      int                 `json:"byes"`
	Withdrawn bool                `json:"withdrawn"`
	Qualifies bool                `json:"qualifies"`
	AtCut     bool                `json:"at_cut"`
	Rounds    []StandingRound     `json:"rounds"`
	Columns
}

// StandingLineOf is the API's line of a standing under the format's columns.
func StandingLineOf(cols []tournament.Column, st tournament.Standing) StandingLine {
	rounds := make([]StandingRound, len(st.Rounds))
	for i, g := range st.Rounds {
		rounds[i] = StandingRound{Round: g.Round, Table: g.Table, Score: g.Score, Points: g.Points, Bye: g.Bye, Awarded: g.Awarded, Done: g.Done}
	}
	return StandingLine{Place: st.Place, Tied: st.Tied, EntryID: st.Entry.ID, Name: st.Entry.Name, Members: st.Entry.Members,
		Played: st.Played, Byes: st.Byes, Withdrawn: st.Entry.Withdrawn, Qualifies: st.Qualifies, AtCut: st.AtCut,
		Rounds: rounds, Columns: ColumnsOf(cols, st.Values, true)}
}

// Standings is the answer of GET /tournaments/{id}/standings (?stage=n for an earlier
// stage): the stage, its format, the columns it ranks on and the lines.
type Standings struct {
	Stage     int            `json:"stage"`
	Format    string         `json:"format"`
	RankedBy  []string       `json:"ranked_by"`
	Standings []StandingLine `json:"standings"`
}

// PairingLine is a line of the order a round was paired from: the running standings
// (values named by the format's columns, points as text), the tie order, and where the
// entry plays the round.
type PairingLine struct {
	Rank    int    `json:"rank"`
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name"`
	Byes    int    `json:"byes"`
	Tie     int    `json:"tie"`
	Table   int    `json:"table"`
	Against int64  `json:"against"`
	Bye     bool   `json:"bye"`
	// Partners and Opponents: at a 4-player table (individual4), the others on the
	// player's side and every player on the side against.
	Partners  []int64 `json:"partners,omitempty"`
	Opponents []int64 `json:"opponents,omitempty"`
	// Avoided is the side this one would have met (the nearest left below it) when the
	// pairing moved it down, and Why the reason: never_meet, rematch, club or others.
	Avoided int64  `json:"avoided,omitempty"`
	Why     string `json:"why,omitempty"`
	// ForfeitByes is how many of byes are forfeits won (the side present has had its
	// bye); ForfeitRound the round where this side and its opponent now had a forfeit
	// between them (not a meeting: RULES.md 4.3).
	ForfeitByes  int `json:"forfeit_byes,omitempty"`
	ForfeitRound int `json:"forfeit_round,omitempty"`
	Columns
}

// PairingOrder is the answer of GET …/rounds/{n}/order.
type PairingOrder struct {
	Round int           `json:"round"`
	Order []PairingLine `json:"order"`
}
