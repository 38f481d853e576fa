package tournament

import (
	"context"
	"time"

	"burraco/scoring"
)

// Table reporting (issue 21): players report their table's result from their phones
// with the table's code, a player of each other side confirms it with their seat's PIN,
// and the director accepts it into the sheet. The director always wins: a sheet the
// director saves supersedes any report, and a table with scores takes no more.

// ReportSettings are a tournament's table reporting settings (off by default).
type ReportSettings struct {
	// Reporting gives each table of each round drawn a code and each seat a PIN.
	Reporting bool `json:"reporting"`
	// AutoAccept accepts a report as soon as it is confirmed.
	AutoAccept bool `json:"auto_accept"`
	// PIN is where a seat's PIN comes from: PINRandom (printed on the table card) or
	// PINCard (the last digits of a member's card number).
	PIN string `json:"pin" enum:"pin,card,"` // "" is PINRandom; the OpenAPI document lists the choices
	// Version counts changes: a save from an older version is refused.
	Version int `json:"version"`
}

// Where a seat's PIN comes from.
const (
	PINRandom = "pin"
	PINCard   = "card"
)

// PINDigits is the length of a seat's PIN (and the card number's digits compared).
const PINDigits = 4

// CodeAlphabet is the alphabet of table codes: no 0/O, 1/I/L to confuse.
const CodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLength is the length of a table code: 31^6 ≈ 8.9·10^8 values.
const CodeLength = 6

// TableCode is the code of one table of one round, with each seat's PIN (by position).
type TableCode struct {
	Code         string   `json:"code"`
	TournamentID int64    `json:"tournament_id"`
	StageID      int64    `json:"stage_id"`
	Round        int      `json:"round"`
	Table        int      `json:"table"`
	PINs         []string `json:"-"` // by position; never shown but to the director
}

// The states of a report.
const (
	ReportReported   = "reported"   // sent, waiting for the other sides
	ReportConfirmed  = "confirmed"  // every other side confirmed it
	ReportDisputed   = "disputed"   // another side entered other figures (a counter-report)
	ReportAccepted   = "accepted"   // the director (or auto-accept) put it in the sheet
	ReportRejected   = "rejected"   // the director refused it
	ReportSuperseded = "superseded" // the director's own sheet replaced it
)

// The states of a table in the director's queue.
const (
	TableNotReported = "not_reported"
	TableReported    = ReportReported
	TableConfirmed   = ReportConfirmed
	TableDisputed    = ReportDisputed
	TableAccepted    = ReportAccepted // scores in, from a report
	TableEntered     = "entered"      // scores in, typed by the director
)

// ReportSheet is a table's sheet as a player reports it: Hands[h][p] as in Sheet, and
// the outcome the format offers (nil: none).
type ReportSheet struct {
	Hands   [][]*scoring.Hand `json:"hands"`
	Outcome *Outcome          `json:"outcome,omitempty"`
}

// Report is a table's result sent by a player, or a counter-report: the other figures
// a confirmer entered (Answers names the report it disputes).
type Report struct {
	ID           int64       `json:"id"`
	TournamentID int64       `json:"tournament_id"`
	StageID      int64       `json:"stage_id"`
	Round        int         `json:"round"`
	Table        int         `json:"table"`
	Code         string      `json:"code"`
	Seat         int         `json:"seat"`              // the side position of who sent it
	Answers      int64       `json:"answers,omitempty"` // the report a counter-report disputes
	State        string      `json:"state"`
	Sheet        ReportSheet `json:"sheet"`
	Confirmed    []int       `json:"confirmed,omitempty"` // the seats that confirmed it
	Prior        string      `json:"-"`                   // the state before acceptance, for undo
	Version      int         `json:"version"`
	CreatedAt    time.Time   `json:"created_at"`
	UpdatedAt    time.Time   `json:"updated_at"`
}

// Live reports whether the report still waits for the director.
func (r *Report) Live() bool {
	return r.State == ReportReported || r.State == ReportConfirmed || r.State == ReportDisputed
}

// TableView is what a table's page shows to whoever has its code: the table with its
// sides and who sits there, the sheet's shape, its state and the report waiting (no PIN,
// no contact detail).
type TableView struct {
	TableState
	Code     string   `json:"code"`
	Outcomes []string `json:"outcomes"` // what the format offers beside scores
	State    string   `json:"state"`    // a Table* state
	// Report is the live report (nil: none); Counter the counter-report of a dispute.
	Report  *Report `json:"report,omitempty"`
	Counter *Report `json:"counter,omitempty"`
	// Waiting are the seats whose confirmation the report still needs.
	Waiting []int `json:"waiting,omitempty"`
	// Blocked are the seats blocked by wrong PINs, until the director lifts them.
	Blocked []int `json:"blocked,omitempty"`
}

// QueueLine is one table of a round in the director's queue.
type QueueLine struct {
	Table   int    `json:"table"`
	Code    string `json:"code"`
	State   string `json:"state"`
	Waiting []int  `json:"waiting,omitempty"`
	// Report is the report that decides the state (the live one, or the one accepted);
	// Counter the other version of a dispute.
	Report  *Report `json:"report,omitempty"`
	Counter *Report `json:"counter,omitempty"`
	// Blocked are the seats blocked by wrong PINs (ReportPINTries), until the director
	// lifts them (Unblock).
	Blocked []int `json:"blocked,omitempty"`
}

// Queue is a round's reports for the director: every table's state, with counts.
type Queue struct {
	Settings ReportSettings `json:"settings"`
	Round    int            `json:"round"`
	Lines    []QueueLine    `json:"lines"`
	Counts   map[string]int `json:"counts"` // by Table* state
}

// ReportStore is what table reporting reads outside commands and the throttle it keeps;
// the SQL store implements it (a type assertion on TournamentStore).
type ReportStore interface {
	// FindCode returns a table code (ENOTFOUND).
	FindCode(ctx context.Context, code string) (*TableCode, error)
	// ReportSettings returns a tournament's reporting settings (the defaults when none).
	ReportSettings(ctx context.Context, tid int64) (ReportSettings, error)
	// RoundReports returns the codes of round n of a stage and its reports, oldest first.
	RoundReports(ctx context.Context, tid, stageID int64, n int) ([]TableCode, []Report, error)
	// Failures counts the failures recorded under each key since a time.
	Failures(ctx context.Context, keys []string, since time.Time) (map[string]int, error)
	// Fail records a failure under each key, and returns the rows' IDs.
	Fail(ctx context.Context, keys []string, at time.Time) ([]int64, error)
	// Forget removes failures recorded, by ID (an attempt that did not fail).
	Forget(ctx context.Context, ids []int64) error
	// ClearFailures forgets every failure of a key (a seat the director unblocks).
	ClearFailures(ctx context.Context, key string) error
}

// ReportTx is what table reporting reads and writes inside a command (a type assertion
// on Tx).
type ReportTx interface {
	// ReportSettings returns the tournament's reporting settings.
	ReportSettings() (ReportSettings, error)
	// SaveReportSettings stores them; rs must still be at its version (ECONFLICT), which
	// goes up.
	SaveReportSettings(rs *ReportSettings) error
	// AddCodes stores the codes of a round's tables, replacing any it had.
	AddCodes(stageID int64, n int, codes []TableCode) error
	// DeleteCodes removes the codes of a round (and its reports).
	DeleteCodes(stageID int64, n int) error
	// CodesTaken returns those of codes that are stored, in one read.
	CodesTaken(codes []string) ([]string, error)
	// TableReports returns the reports of one table, oldest first.
	TableReports(stageID int64, n, t int) ([]Report, error)
	// AddReport stores a new report (its ID and version set).
	AddReport(r *Report) error
	// SaveReport writes a report's state and confirmations; r must still be at its
	// version (ECONFLICT "report.stale"), which goes up.
	SaveReport(r *Report) error
	// CloseReports marks a table's live reports, and the one it had accepted, superseded,
	// and report accepted (0: none) accepted, each keeping its state before and by, the
	// log line that closed them: one statement, on every sheet saved.
	CloseReports(stageID int64, n, t int, accepted, by int64) error
	// ReopenReports puts the reports log line by closed back in their state before.
	ReopenReports(stageID int64, n, t int, by int64) error
}

// The throttle of table reporting (docs/SECURITY.md), kept in the database for every
// instance. A wrong code counts against the client's address, which, past its free
// tries, is slowed down: each further wrong code is answered only after a delay that
// doubles (a right code always opens its table, whatever the address sent before). A
// wrong PIN counts against its seat (the code and the side), which is blocked after
// ReportPINTries until the director lifts it: a room behind one address is never shut
// out, and a guesser's tries are few.
const (
	ReportWindow     = 15 * time.Minute // wrong codes per address are counted over this sliding window
	ReportFreeCodes  = 10               // wrong codes an address sends in a window before it is slowed down
	ReportCodeDelay  = 2 * time.Second  // the wait after the first wrong code past the free ones; it doubles
	ReportMaxDelay   = 5 * time.Minute  // the longest wait between two wrong codes
	ReportPINTries   = 5                // wrong PINs a seat takes before it is blocked
	ReportSeatWindow = 12 * time.Hour   // a seat stays blocked this long, unless the director lifts it
)

// CodeDelay is the wait before the k-th wrong code past an address's free ones (k ≥ 1)
// is answered, after the one before: ReportCodeDelay doubled k-1 times, at most
// ReportMaxDelay.
func CodeDelay(k int) time.Duration {
	d := ReportCodeDelay
	for i := 1; i < k && d < ReportMaxDelay; i++ {
		d *= 2
	}
	return min(d, ReportMaxDelay)
}
