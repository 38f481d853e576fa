package dto

import "burraco/tournament"

// The public bodies: a published tournament as anyone sees it, without a token, under
// /api/v1/public/tournaments/{id}. The public pages render the same structs; the fields
// without a JSON name are for the pages only.

// PublicTournament is a published tournament as the public sees it.
type PublicTournament struct {
	ID       int64        `json:"id"`
	Name     string       `json:"name"`
	Date     string       `json:"date"`
	Venue    string       `json:"venue"`
	Revision int64        `json:"revision"`
	Rounds   int          `json:"rounds"` // planned (0: the format decides as it goes)
	Drawn    int          `json:"drawn"`
	Round    *PublicRound `json:"round,omitempty"` // the current round
	// Bracket says the current stage is a knockout: it has a bracket page.
	Bracket bool `json:"bracket"`
}

// PublicRound is the current round: its clock, tables and who sits out.
type PublicRound struct {
	Number   int              `json:"number"`
	Clock    tournament.Clock `json:"clock"`
	Complete int              `json:"complete"` // tables complete
	Tables   []PublicTable    `json:"tables"`
	Byes     []PublicSeat     `json:"byes"`
	// Late are the late arrivals awarded points for this round: not its sit-outs.
	Late []PublicSeat `json:"late"`
}

// PublicTable is one table of a round with its seats.
type PublicTable struct {
	Number int `json:"number"`
	// Match groups the tables of one match between two entries (teams: two tables), from
	// 1; 0: the table is a match of its own.
	Match    int          `json:"match,omitempty"`
	Complete bool         `json:"complete"`
	Seats    []PublicSeat `json:"seats"`
}

// PublicSeat is an entry at a table (or sitting out) with what it scored there.
type PublicSeat struct {
	EntryID    int64             `json:"entry_id"`
	Name       string            `json:"name"`
	Club       string            `json:"club,omitempty"`
	Substitute bool              `json:"substitute,omitempty"`
	Position   int               `json:"position,omitempty"`
	Table      int               `json:"table,omitempty"` // 0: sits out (or arrived late, Late)
	Late       bool              `json:"late,omitempty"`  // arrived late: Points awarded
	Score      int               `json:"score"`
	Points     tournament.Points `json:"points"`
	Done       bool              `json:"done"`
	// Partners are the entries on its side for the round, who score what it scores
	// (individual at 4-player tables); none where an entry plays alone or as a pair.
	Partners []PublicPartner `json:"partners,omitempty"`
	// Pair is, for a team, which pair of its line-up plays the side (1 or 2), and Players
	// the two players of that pair.
	Pair    int      `json:"pair,omitempty"`
	Players []string `json:"players,omitempty"`
	// Search is the name folded as the player search folds it (tournament.SearchText):
	// the seat search compares with it.
	Search string `json:"-"`
}

// PublicPartner is an entry seated on a side beside the side's entry for a round.
type PublicPartner struct {
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name"`
}

// PublicStandings are the current stage's standings.
type PublicStandings struct {
	Tournament PublicTournament `json:"tournament"`
	Columns    []PublicColumn   `json:"columns"`
	Final      bool             `json:"final"`
	Done       int              `json:"rounds_complete"`
	Lines      []PublicLine     `json:"lines"`
}

// PublicColumn is a standings column: its API name and its label's key.
type PublicColumn struct {
	Name  string `json:"name"`
	Label string `json:"-"`
	Kind  string `json:"kind"`
	// OnlyPlayed hides the value of an entry that has not played.
	OnlyPlayed bool `json:"-"`
}

// PublicLine is one entry's line in the standings.
type PublicLine struct {
	EntryID   int64                  `json:"entry_id"`
	Name      string                 `json:"name"`
	Club      string                 `json:"club,omitempty"`
	Place     int                    `json:"place"`
	Tied      bool                   `json:"tied"`
	Values    []int                  `json:"values"`
	Played    int                    `json:"played"`
	Qualifies bool                   `json:"qualifies"`
	AtCut     bool                   `json:"at_cut"`
	Withdrawn bool                   `json:"withdrawn"`
	Rounds    []tournament.RoundLine `json:"rounds"`
	// Decides is the tie-break column (from 1) a phone shows beside the points: the one
	// that sets the line apart from a neighbour level with it on the columns before.
	Decides int `json:"-"`
}

// PublicPlayer is one entry's own page: its line and each round's table.
type PublicPlayer struct {
	Tournament PublicTournament `json:"tournament"`
	Columns    []PublicColumn   `json:"columns"`
	Line       PublicLine       `json:"line"`
	Games      []PublicGame     `json:"games"`
	// Contributions are, for a team, what each of its players brought it round by round.
	Contributions []PublicContribution `json:"contributions,omitempty"`
}

// PublicContribution is one team player's contribution: each round they played, the
// table and its MP for their side, and the MP of their complete tables.
type PublicContribution struct {
	Name    string                    `json:"name"`
	Rounds  []PublicContributionRound `json:"rounds"`
	TotalMP int                       `json:"total_mp"`
}

// PublicContributionRound is a round a team's player played: the table, its MP for
// their side once complete.
type PublicContributionRound struct {
	Round int  `json:"round"`
	Table int  `json:"table"`
	MP    int  `json:"mp"`
	Done  bool `json:"done"`
}

// PublicGame is one round as one entry played it: where, against whom, what it scored.
type PublicGame struct {
	Round int `json:"round"`
	Table int `json:"table"` // 0: sat out (or arrived late, Late)
	// Match is, where the format plays matches over several tables (teams), the match's
	// number in the round, and Tables every table of it (Table is the first).
	Match  int               `json:"match,omitempty"`
	Tables []int             `json:"tables,omitempty"`
	Late   bool              `json:"late,omitempty"` // arrived late: Points awarded, not a sit-out
	Seat   int               `json:"seat,omitempty"`
	Done   bool              `json:"done"`
	Score  int               `json:"score"`
	Points tournament.Points `json:"points"`
	// Seats are everyone at the table, the entry included, in seat order.
	Seats []PublicSeat `json:"seats,omitempty"`
	// Partners are those who played on the entry's side that round (individual at
	// 4-player tables: the partner of the round).
	Partners []PublicPartner `json:"partners,omitempty"`
}

// PublicBracket is a knockout stage's bracket as the public sees it: who plays whom,
// the scores and the winners (not the director's flags on corrected matches).
type PublicBracket struct {
	Tournament PublicTournament     `json:"tournament"`
	Size       int                  `json:"size"`
	Rounds     []PublicBracketRound `json:"rounds"`
	Winner     *PublicBracketSide   `json:"winner,omitempty"`
}

// PublicBracketRound is one round of the bracket.
type PublicBracketRound struct {
	Number  int           `json:"number"`
	Drawn   bool          `json:"drawn"`
	Matches []PublicMatch `json:"matches"`
}

// PublicMatch is one match: its table (0: a bye or not drawn yet), its two sides, and
// the side that won (1 or 2; 0 until decided).
type PublicMatch struct {
	Table  int                  `json:"table,omitempty"`
	Winner int                  `json:"winner"`
	Sides  [2]PublicBracketSide `json:"sides"`
}

// PublicBracketSide is a side of a match: an entry (0 while not known), or a bye.
type PublicBracketSide struct {
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name,omitempty"`
	Seed    int    `json:"seed,omitempty"`
	Score   int    `json:"score"`
	Bye     bool   `json:"bye,omitempty"`
}
