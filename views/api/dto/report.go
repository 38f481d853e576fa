package dto

import (
	"burraco/scoring"
	"burraco/tournament"
)

// Table reporting (issue 21): the table's page by its code (public, no token) and the
// director's queue.

// TableByCode is what GET /t/{code} answers: the table, who sits where, the sheet's
// shape, its state and the report waiting. No PIN, no contact detail.
type TableByCode struct {
	Code          string      `json:"code"`
	Tournament    string      `json:"tournament"`
	Date          string      `json:"date"`
	Format        string      `json:"format"`
	Stage         int         `json:"stage"`
	Round         int         `json:"round"`
	Table         int         `json:"table"`
	HandsPerRound int         `json:"hands_per_round"`
	Seats         []TableSeat `json:"seats"`
	Outcomes      []string    `json:"outcomes"`
	State         string      `json:"state"`
	Waiting       []int       `json:"waiting"`
	Blocked       []int       `json:"blocked"` // seats blocked by wrong PINs until the director lifts them
	Report        *ReportBody `json:"report,omitempty"`
	Counter       *ReportBody `json:"counter,omitempty"`
	Revision      int64       `json:"revision"`
}

// TableSeat is a side at the table: its position and the names of its members.
type TableSeat struct {
	Position int      `json:"position"`
	Names    []string `json:"names"` // every player on the side: a pair's two, partners of the round
	// Team is the team's name when the side is a team's pair (Names: the pair's players).
	Team string `json:"team,omitempty"`
}

// ReportInput is the body of POST /t/{code}/report: the reporter's seat (a side's
// position) and PIN, and the sheet as on the director's (hands, outcome).
type ReportInput struct {
	Seat    int                 `json:"seat"`
	PIN     string              `json:"pin"`
	Hands   [][]*scoring.Hand   `json:"hands"`
	Outcome *tournament.Outcome `json:"outcome"`
}

// ConfirmInput is the body of POST /t/{code}/confirm: the confirmer's seat and PIN;
// hands or an outcome only when the confirmer's figures differ (a dispute).
type ConfirmInput struct {
	Seat    int                 `json:"seat"`
	PIN     string              `json:"pin"`
	Hands   [][]*scoring.Hand   `json:"hands"`
	Outcome *tournament.Outcome `json:"outcome"`
}

// ReportBody is a report: who sent it (seat), its state, its sheet, the seats that
// confirmed it; answers names the report a counter-report disputes.
type ReportBody struct {
	ID        int64               `json:"id"`
	Round     int                 `json:"round"`
	Table     int                 `json:"table"`
	Seat      int                 `json:"seat"`
	Answers   int64               `json:"answers,omitempty"`
	State     string              `json:"state"`
	Hands     [][]*scoring.Hand   `json:"hands"`
	Outcome   *tournament.Outcome `json:"outcome,omitempty"`
	Confirmed []int               `json:"confirmed"`
	Version   int                 `json:"version"`
}

// ReportQueue is GET /tournaments/{id}/rounds/{n}/reports: every table's state with
// counts, and the reporting settings.
type ReportQueue struct {
	Round    int                       `json:"round"`
	Settings tournament.ReportSettings `json:"settings"`
	Counts   map[string]int            `json:"counts"`
	Tables   []QueueTable              `json:"tables"`
}

// QueueTable is one table of the queue: its code, state, the seats still to confirm,
// the report and, in a dispute, the other version.
type QueueTable struct {
	Table   int         `json:"table"`
	Code    string      `json:"code"`
	State   string      `json:"state"`
	Waiting []int       `json:"waiting"`
	Blocked []int       `json:"blocked"` // seats blocked by wrong PINs: POST …/reports/unblock lifts one
	Report  *ReportBody `json:"report,omitempty"`
	Counter *ReportBody `json:"counter,omitempty"`
}

// UnblockInput is the body of POST /tournaments/{id}/rounds/{n}/reports/unblock: the
// table and the seat (a side's position) whose block after wrong PINs is lifted.
type UnblockInput struct {
	Table int `json:"table"`
	Seat  int `json:"seat"`
}

// ReportDecision is the body of POST …/reports/{rid}/accept and …/reject: the report's
// version as the director saw it (0: whatever it is now).
type ReportDecision struct {
	Version int `json:"version"`
}

// ReportAccepted is the answer of an acceptance: what the sheet's save did.
type ReportAccepted struct {
	Outcome *tournament.SheetOutcome `json:"outcome"`
}

// AcceptedTables is the answer of POST …/rounds/{n}/reports/accept: the tables whose
// confirmed report went into the sheet.
type AcceptedTables struct {
	Tables []int `json:"tables"`
}

// ReportSettingsInput is the body of PUT /tournaments/{id}/reporting (with If-Match its
// version): reporting on or off, auto-acceptance, where seats' PINs come from.
type ReportSettingsInput struct {
	Reporting  bool   `json:"reporting"`
	AutoAccept bool   `json:"auto_accept"`
	PIN        string `json:"pin" enum:"pin,card,"` // tournament.PINRandom, PINCard; "" the first
}

// TableCodes is GET /tournaments/{id}/rounds/{n}/codes: each table's code with its
// seats' PINs, for the printed table cards (no PIN with card PINs).
type TableCodes struct {
	Round  int             `json:"round"`
	Tables []TableCodeBody `json:"tables"`
}

// TableCodeBody is one table's code and its seats' PINs, by position.
type TableCodeBody struct {
	Table int      `json:"table"`
	Code  string   `json:"code"`
	PINs  []string `json:"pins"`
}
