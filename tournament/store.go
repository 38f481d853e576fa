package tournament

import (
	"context"
	"errors"
	"time"

	"burraco/scoring"
)

// Event is a line of a tournament's log: who changed what, when, with the values before
// and after. ID is its number in that tournament's log (1, 2, 3…). It is stored as data
// (a kind, its arguments, its changes) and put in words, in the reader's language, when
// shown: the message "event.<kind>" with Args, then each of Also, then the Changes.
// Lines written before the log was structured have only a Detail, in English.
type Event struct {
	ID           int64     `json:"id"`
	TournamentID int64     `json:"tournament_id"`
	At           time.Time `json:"at"`
	Director     string    `json:"director"`
	Kind         string    `json:"kind"`
	Detail       string    `json:"detail,omitempty"` // a line from before the structured log
	Args         []string  `json:"args,omitempty"`
	Also         []Line    `json:"also,omitempty"`
	Changes      []Change  `json:"changes,omitempty"`
	// What the change concerns: a stage's round, one of its tables, an entry (0: none).
	StageID int64 `json:"stage_id,omitempty"`
	Round   int   `json:"round,omitempty"`
	Table   int   `json:"table,omitempty"`
	EntryID int64 `json:"entry_id,omitempty"`
	// Undoes is the line an undo took back; UndoneBy the undo that took this one back.
	Undoes   int64 `json:"undoes,omitempty"`
	UndoneBy int64 `json:"undone_by,omitempty"`
	// Undo is what undoing the change restores (JSON of the service's own making).
	Undo []byte `json:"-"`
}

// Line is a message key with its arguments.
type Line struct {
	Key  string   `json:"key"`
	Args []string `json:"args,omitempty"`
}

// Change is one value a command changed: the message key naming it (with its
// arguments: a hand and a name), its value before and after ("" for none). When Words is
// set, Before and After are message keys themselves (yes, no). A hand score's change
// ("change.hand") carries the figures as entered before and after (nil: none), so a
// change of figures or of form that keeps the total is told too.
type Change struct {
	What       string        `json:"what"`
	Of         []string      `json:"of,omitempty"`
	Before     string        `json:"before"`
	After      string        `json:"after"`
	Words      bool          `json:"words,omitempty"`
	BeforeHand *scoring.Hand `json:"before_hand,omitempty"`
	AfterHand  *scoring.Hand `json:"after_hand,omitempty"`
}

// TournamentStore persists tournaments. Reads outside a command see one consistent
// snapshot; every command runs in Update.
type TournamentStore interface {
	// CreateTournament stores a tournament with its first stage.
	CreateTournament(ctx context.Context, t *Tournament, s *Stage) error
	ListTournaments(ctx context.Context) ([]Tournament, error)
	// Load reads a tournament's current stage with its entries, rounds, tables, sides,
	// byes and hands.
	Load(ctx context.Context, tid int64) (*State, error)
	// LoadStage reads stage seq of a tournament whole, as Load does the current one.
	LoadStage(ctx context.Context, tid int64, seq int) (*State, error)
	// LoadRound reads round n of the current stage alone (its tables, sides, byes and
	// hands) with the tournament and the stage, without the entries or other rounds.
	LoadRound(ctx context.Context, tid int64, n int) (*State, *Round, error)
	// LoadTable reads one table of round n of the current stage, with what a score sheet
	// shows: the tournament, the stage, the round (without its tables), the table with
	// its sides and hands, and the entries sitting at it.
	LoadTable(ctx context.Context, tid int64, n, t int) (*TableState, error)
	// LoadStageTable reads one table of round n of stage seq (0: the current one), as
	// LoadTable does: an earlier stage's sheet stays open to corrections.
	LoadStageTable(ctx context.Context, tid int64, seq, n, t int) (*TableState, error)
	// Revision returns a tournament's revision, which changes with every change in it.
	Revision(ctx context.Context, tid int64) (int64, error)
	// PublicRevision returns a tournament's revision and whether it is published, in one
	// cheap read: what the public pages check before serving what they rendered.
	PublicRevision(ctx context.Context, tid int64) (rev int64, published bool, err error)
	// Stamp returns what a tournament's loaded stages depend on (its revision and its
	// members' registry versions), in one cheap read: a derived state computed at the
	// same stamp is current.
	Stamp(ctx context.Context, tid int64) (Stamp, error)
	// LoadStamped reads stage seq whole (0: the current one), as LoadStage does, with its
	// Stamp read in the same snapshot, for the derived state every reader shares: its
	// hands carry their number, side, form and score, not the other figures (a sheet's
	// figures are read with its table, LoadTable).
	LoadStamped(ctx context.Context, tid int64, seq int) (*State, Stamp, error)
	Events(ctx context.Context, tid int64) ([]Event, error)
	// Update runs a command on one tournament in one write transaction: it starts by
	// taking the tournament's lock (ENOTFOUND when there is none), so that commands on
	// one tournament never interleave, whatever the database; fn loads what it decides
	// on through tx, decides and writes. An error from fn rolls everything back. fn may
	// run more than once (PostgreSQL can roll a transaction back on a deadlock, and the
	// store runs it again, unseen by the user): it must start from what it reads, and
	// reset what it collects outside.
	Update(ctx context.Context, tid int64, fn func(tx Tx) error) error
}

// Tx is what a command reads and writes inside its transaction.
type Tx interface {
	// Tournament returns the tournament, locked by Update.
	Tournament() (*Tournament, error)
	// Stage returns the tournament's current stage (the one with the highest Seq).
	Stage() (*Stage, error)
	// StageAt returns stage seq of the tournament (0: the current one; ENOTFOUND).
	StageAt(seq int) (*Stage, error)
	// State loads the current stage whole, as Load does.
	State() (*State, error)
	// StageState loads a stage of the tournament whole (not only the current one), with
	// the tournament's entries.
	StageState(stageID int64) (*State, error)
	// Entry returns one entry of the tournament.
	Entry(id int64) (*Entry, error)
	// Table returns round n of a stage (without its tables) and its table t with its
	// sides, not its hands: what a save of the table decides on.
	Table(stageID int64, n, t int) (*Round, *Table, error)
	// Scores fills a table's hands with their stored scores (hand, side and score, not
	// the figures): what a save compares with to log what it changed.
	Scores(t *Table) error
	// Round returns round n of a stage with every table, its sides and its hands (not
	// the byes): Table and Scores for the whole round, read by a save whose page after
	// it shows the round's results.
	Round(stageID int64, n int) (*Round, error)
	// TableEntries returns every entry seated at a table, partners included, in the
	// order of Table.People.
	TableEntries(t *Table) ([]Entry, error)
	// RoundState reports whether round n of a stage is drawn, and whether it has started.
	RoundState(stageID int64, n int) (drawn, started bool, err error)

	// SaveSettings writes the tournament and its stage; each must still be at the version
	// it carries (ECONFLICT otherwise), and both versions go up.
	SaveSettings(t *Tournament, s *Stage) error
	// AddStage stores a new stage after the last one (s.Seq must be the next); it becomes
	// the current stage.
	AddStage(s *Stage) error
	// AddEntry enters a side (ECONFLICT "entry.already" when a member is already in).
	AddEntry(e *Entry) error
	// SetEntry saves an entry's check-in and withdrawal.
	SetEntry(e *Entry) error
	// EntryDrawn reports whether an entry sits at a table or has a bye in any round of
	// any stage.
	EntryDrawn(id int64) (bool, error)
	// RemoveEntry deletes an entry never drawn, with its members; RestoreEntry puts one
	// back as it was, with its ID (ECONFLICT "entry.already" when a member is in again,
	// ErrPlayerGone when a member is no longer in the registry).
	RemoveEntry(e *Entry) error
	RestoreEntry(e *Entry) error
	// CreatePlayer adds a player to the registry (ECONFLICT when the card is taken).
	CreatePlayer(p *Player) error
	// Registered returns every registered player; the registrations that look for a
	// namesake first are serialized from here to the transaction's end, so that two
	// registering one person at once find each other.
	Registered() ([]Player, error)
	// AddRound stores a newly drawn round with its tables, sides and byes; sides with
	// negative entry IDs are new substitutes (subs[-id-1]), created with it. Its number
	// must be the next one.
	AddRound(stageID int64, r *Round, subs []Entry) error
	// CopyScale stores in the stage a copy of the VP scale it names (s.Scale is set);
	// when it names none, the copy is s.Scale as given (the format's default), or none.
	CopyScale(s *Stage) error
	// ReplaceSeats changes the seats and byes of a round no table of which has started.
	ReplaceSeats(r *Round) error
	// SetSides replaces the sides of one table of round r, nothing of which is entered
	// (ECONFLICT otherwise); the table's version goes up.
	SetSides(r *Round, t *Table) error
	// SetByes replaces the byes of a round (started or not).
	SetByes(r *Round) error
	// DeleteRound removes a round no table of which has started, with its seats.
	DeleteRound(r *Round) error
	// DeleteStage removes the current stage, not the first, with its rounds, none of
	// which has started (ECONFLICT otherwise): the stage before is the current one again.
	DeleteStage(s *Stage) error
	// SaveTable replaces a table's hands and outcome. t.Version is the version the sheet
	// was read at: when the stored one differs, nothing is written and the error is
	// ECONFLICT; on success t.Version is the new one.
	SaveTable(t *Table) error
	// SetPublished saves t.Published; t must still be at the version it carries
	// (ECONFLICT "tournament.stale" otherwise), and its version goes up.
	SetPublished(t *Tournament) error
	// Clock returns the clock of round n of a stage (ENOTFOUND without the round).
	Clock(stageID int64, n int) (Clock, error)
	// SetClock stores the clock of round n of a stage.
	SetClock(stageID int64, n int, c Clock) error
	// Log appends to the tournament's log.
	Log(e Event) error
	// EventsFrom returns the log lines from number seq on, oldest first.
	EventsFrom(seq int64) ([]Event, error)
	// MarkUndone records that line seq was taken back by the latest line of the log.
	MarkUndone(seq int64) error
	// SetLocked locks a round as final, or unlocks it (r.Locked).
	SetLocked(r *Round) error
}

// TableState is one table with what its score sheet shows.
type TableState struct {
	Tournament Tournament
	Stage      Stage
	Round      Round // without its tables
	Table      Table
	Entries    []Entry // of the sides, in position order (a side's entry: one per side)
	// People are every entry seated at the table, partners included, in the order of
	// Table.People (each side's entry, then its partners).
	People []Entry
}

// ErrPlayerGone is what a store answers when an entry is restored whose player is no
// longer in the registry (merged into another since).
var ErrPlayerGone = errors.New("player no longer in the registry")
