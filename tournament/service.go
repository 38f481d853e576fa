package tournament

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"time"

	"burraco/scoring"
)

// Tournaments is the use-case service of tournaments, for every format. Each command
// runs in one transaction of the store (TournamentStore.Update): it loads what it
// decides on, decides and writes there, so no command acts on another's stale view.
type Tournaments struct {
	Store   TournamentStore
	Players PlayerStore
	Now     func() time.Time
}

func (s *Tournaments) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Tournaments) event(tid int64, director, kind, detail string, args ...any) Event {
	if len(args) > 0 {
		detail = fmt.Sprintf(detail, args...)
	}
	return Event{TournamentID: tid, At: s.now().UTC(), Director: director, Kind: kind, Detail: detail}
}

// New returns a tournament and its first stage with the format's defaults, to fill in.
func New(now time.Time, format string) (Tournament, Stage, error) {
	f, ok := FormatOf(format)
	if !ok {
		return Tournament{}, Stage{}, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"format": "tournament.err.format"}}
	}
	return Tournament{Date: now.Format("2006-01-02")}, Stage{Seq: 1, Format: format, Settings: f.Defaults(), Rules: f.Rules()}, nil
}

// validate checks a tournament with its stage, every problem at once.
func validate(t *Tournament, st *Stage) error {
	t.Normalize()
	fe := t.Validate()
	for k, v := range st.Validate() {
		fe.Add(k, v)
	}
	return fe.Err()
}

// Create validates and stores a tournament with its first stage.
func (s *Tournaments) Create(ctx context.Context, t *Tournament, st *Stage) error {
	st.Seq = 1
	if err := validate(t, st); err != nil {
		return err
	}
	return s.Store.CreateTournament(ctx, t, st)
}

// Update changes a tournament's settings while no round has been drawn. in.Version and
// inStage.Version are the versions the director edited; 0 means "whatever is stored"
// (the API without If-Match). A stale version is an ECONFLICT "tournament.stale".
func (s *Tournaments) Update(ctx context.Context, id int64, in Tournament, inStage Stage, director string) (*Tournament, *Stage, error) {
	err := s.Store.Update(ctx, id, func(tx Tx) error {
		cur, err := tx.Tournament()
		if err != nil {
			return err
		}
		st, err := tx.Stage()
		if err != nil {
			return err
		}
		if in.Version != 0 && in.Version != cur.Version {
			return Errorf(ECONFLICT, "tournament.stale")
		}
		drawn, _, err := tx.RoundState(st.ID, 1)
		if err != nil {
			return err
		}
		if drawn {
			return Errorf(ECONFLICT, "tournament.locked")
		}
		in.ID, in.CreatedAt, in.Version, in.Revision = id, cur.CreatedAt, cur.Version, cur.Revision
		inStage.ID, inStage.TournamentID, inStage.Seq, inStage.Version = st.ID, id, st.Seq, st.Version
		inStage.FromStageID = st.FromStageID
		if err := validate(&in, &inStage); err != nil {
			return err
		}
		if err := tx.SaveSettings(&in, &inStage); err != nil {
			return err
		}
		return tx.Log(s.event(id, director, "settings", "settings saved (version %d)", in.Version))
	})
	if err != nil {
		return nil, nil, err
	}
	return &in, &inStage, nil
}

// List returns every tournament, newest first.
func (s *Tournaments) List(ctx context.Context) ([]Tournament, error) {
	return s.Store.ListTournaments(ctx)
}

// Load returns a tournament's current stage with everything entered so far.
func (s *Tournaments) Load(ctx context.Context, id int64) (*State, error) {
	return s.Store.Load(ctx, id)
}

// Table returns one table of round n with what its score sheet shows, without loading
// the rest of the tournament.
func (s *Tournaments) Table(ctx context.Context, tid int64, n, t int) (*TableState, error) {
	return s.Store.LoadTable(ctx, tid, n, t)
}

// Revision returns the number that changes with every change in a tournament.
func (s *Tournaments) Revision(ctx context.Context, id int64) (int64, error) {
	return s.Store.Revision(ctx, id)
}

// playerEntry is a new entry for a player. It starts absent: entering is not the roll
// call, which marks who is there on the evening.
func playerEntry(tid int64, p *Player) *Entry {
	return &Entry{TournamentID: tid, Kind: EntryPlayer, Members: []Member{{PlayerID: p.ID, Name: p.FullName()}},
		Name: p.FullName(), Club: p.Club}
}

// AddPlayer enters a registered, active player.
func (s *Tournaments) AddPlayer(ctx context.Context, tid, playerID int64, director string) (*Entry, error) {
	es, err := s.AddPlayers(ctx, tid, []int64{playerID}, director)
	if err != nil {
		return nil, err
	}
	return &es[0], nil
}

// AddPlayers enters several registered, active players in one go: all of them, or none
// if one cannot be entered (inactive, already entered, not found).
func (s *Tournaments) AddPlayers(ctx context.Context, tid int64, playerIDs []int64, director string) ([]Entry, error) {
	if len(playerIDs) == 0 {
		return nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"player_ids": "error.required"}}
	}
	es := make([]Entry, 0, len(playerIDs))
	for _, id := range playerIDs {
		p, err := s.Players.FindPlayer(ctx, id)
		if err != nil {
			return nil, err
		}
		if !p.Active {
			return nil, Errorf(ECONFLICT, "entry.inactive")
		}
		es = append(es, *playerEntry(tid, p))
	}
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		for i := range es {
			if err := tx.AddEntry(&es[i]); err != nil {
				return err
			}
			if err := tx.Log(s.event(tid, director, "entry_add", "%s entered", es[i].Name)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return es, nil
}

// MarkAllPresent checks in every entry not withdrawn, and returns how many it marked.
func (s *Tournaments) MarkAllPresent(ctx context.Context, tid int64, director string) (int, error) {
	n := 0
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		for i := range st.Entries {
			e := &st.Entries[i]
			if e.CheckedIn || e.Withdrawn || e.Substitute() {
				continue
			}
			e.CheckedIn = true
			if err := tx.SetEntry(e); err != nil {
				return err
			}
			n++
		}
		return tx.Log(s.event(tid, director, "entry", "all present (%d marked)", n))
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// AddNewPlayer registers a player on the spot and enters them, in one go.
func (s *Tournaments) AddNewPlayer(ctx context.Context, tid int64, p *Player, director string) (*Entry, error) {
	p.Normalize()
	p.Active = true
	if err := (&Players{Store: s.Players}).validate(ctx, p, 0); err != nil {
		return nil, err
	}
	var e *Entry
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		if err := tx.CreatePlayer(p); err != nil {
			return err
		}
		e = playerEntry(tid, p)
		if err := tx.AddEntry(e); err != nil {
			return err
		}
		return tx.Log(s.event(tid, director, "entry_add", "%s registered and entered", e.Name))
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// SetEntry checks an entry in or out, or withdraws it (a withdrawn side keeps what it
// played and is no longer drawn).
func (s *Tournaments) SetEntry(ctx context.Context, tid, entryID int64, checkedIn, withdrawn bool, director string) (*Entry, error) {
	var e *Entry
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		var err error
		if e, err = tx.Entry(entryID); err != nil {
			return err
		}
		kind := "entry"
		var what []string // in the words a director reads the log in
		if withdrawn != e.Withdrawn {
			kind = map[bool]string{true: "withdraw", false: "reinstate"}[withdrawn]
			what = append(what, map[bool]string{true: "withdrawn", false: "reinstated"}[withdrawn])
		}
		if checkedIn != e.CheckedIn || len(what) == 0 {
			what = append(what, map[bool]string{true: "present", false: "absent"}[checkedIn])
		}
		e.CheckedIn, e.Withdrawn = checkedIn, withdrawn
		if err := tx.SetEntry(e); err != nil {
			return err
		}
		return tx.Log(s.event(tid, director, kind, "%s %s", e.Name, strings.Join(what, ", ")))
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// NewSeed returns a random six-digit draw seed, short enough to read out and type.
func NewSeed() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return 100000 + int64(binary.BigEndian.Uint64(b[:])%900000)
}

// DrawOptions are the choices of a draw.
type DrawOptions struct {
	Seed     int64  // 0: a new random seed
	Override string // why the next round is drawn before the current one is complete
}

// Draw draws the next round of the current stage with its format: the first at random,
// later ones from the results. The current round must be complete, unless an override
// reason is given (it is logged). Round 1 takes the stage's copy of its VP scale.
func (s *Tournaments) Draw(ctx context.Context, tid int64, opt DrawOptions, director string) (*Round, error) {
	var r *Round
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		f := st.Format()
		if n := st.Stage.Settings.Rounds(); n > 0 && len(st.Rounds) >= n {
			return Errorf(ECONFLICT, "draw.all_drawn", n)
		}
		opt.Override = strings.TrimSpace(opt.Override)
		cur := st.Current()
		incomplete := cur != nil && !st.Complete(cur)
		if incomplete && opt.Override == "" {
			return Errorf(ECONFLICT, "draw.incomplete", cur.Number)
		}
		if opt.Seed == 0 {
			opt.Seed = NewSeed()
		}
		var subs []Entry
		if r, subs, err = f.Draw(st, opt.Seed); err != nil {
			return err
		}
		r.Number, r.Seed, r.DrawnAt = len(st.Rounds)+1, opt.Seed, s.now().UTC()
		kind, detail := "draw", fmt.Sprintf("round %d drawn, seed %d", r.Number, r.Seed)
		if incomplete {
			r.Override = opt.Override
			kind, detail = "draw_override", detail+fmt.Sprintf(", round %d incomplete: %s", cur.Number, opt.Override)
		}
		if r.Number == 1 && st.Stage.ScaleID != nil {
			if err := tx.CopyScale(&st.Stage); err != nil {
				return err
			}
		}
		if err := tx.AddRound(st.Stage.ID, r, subs); err != nil {
			return err
		}
		return tx.Log(s.event(tid, director, kind, "%s", detail))
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Seats is a round's seating as the director changes it: each table's entries in
// position order, and the entries that do not play.
type Seats struct {
	Tables [][]int64 `json:"tables"`
	Byes   []int64   `json:"byes"`
}

// SeatsOf returns a round's seating.
func SeatsOf(r *Round) Seats {
	out := Seats{Tables: make([][]int64, len(r.Tables)), Byes: []int64{}}
	for i := range r.Tables {
		out.Tables[i] = r.Tables[i].Entries()
	}
	for _, b := range r.Byes {
		out.Byes = append(out.Byes, b.EntryID)
	}
	return out
}

// OverrideSeats replaces a round's seats before anything of it is entered. The new
// seating must hold the same people; the format checks the rest.
func (s *Tournaments) OverrideSeats(ctx context.Context, tid int64, number int, seats Seats, director string) error {
	return s.Store.Update(ctx, tid, func(tx Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		drawn := st.Round(number)
		if drawn == nil {
			return Errorf(ENOTFOUND, "error.not_found")
		}
		if drawn.Started() {
			return Errorf(ECONFLICT, "seats.started")
		}
		changed := &Round{ID: drawn.ID, StageID: drawn.StageID, Number: drawn.Number, Seed: drawn.Seed, DrawnAt: drawn.DrawnAt, Override: drawn.Override}
		byePoints := map[int64]Points{}
		for _, b := range drawn.Byes {
			byePoints[b.EntryID] = b.Points
		}
		for i, ids := range seats.Tables {
			changed.Tables = append(changed.Tables, Table{Number: i + 1, Sides: SidesFromEntries(ids)})
			if i < len(drawn.Tables) {
				changed.Tables[i].ID = drawn.Tables[i].ID
			}
		}
		for i, id := range seats.Byes {
			pts := Points(0)
			if i < len(drawn.Byes) {
				pts = drawn.Byes[i].Points
			}
			changed.Byes = append(changed.Byes, Bye{EntryID: id, Points: pts})
		}
		fe := st.Format().CheckSeats(st, drawn, changed)
		got, want := changed.People(), drawn.People()
		slices.Sort(got)
		slices.Sort(want)
		if len(fe) == 0 && !slices.Equal(got, want) {
			fe.Add("seats", "seats.same_people")
		}
		if err := fe.Err(); err != nil {
			return err
		}
		if err := tx.ReplaceSeats(changed); err != nil {
			return err
		}
		return tx.Log(s.event(tid, director, "seats_override", "round %d seats changed by hand", number))
	})
}

// Sheet is one table's score sheet as entered: Hands[h][p] is hand h+1 of the side at
// position p+1, nil where nothing was entered. Version is the table's version the sheet
// was read at (0: do not check). A sheet with no hand is refused unless Clear says the
// table is to be emptied on purpose.
type Sheet struct {
	Hands   [][]*scoring.Hand
	Version int
	Clear   bool
}

// CheckSheet is the one check of a score sheet, for the live preview and the save: the
// hand scores to store and every problem, keyed "h<hand>.s<position>.<field>". A sheet
// of the wrong shape is an error of its own.
func CheckSheet(st *Stage, sides int, sh Sheet) ([]HandScore, FieldErrors, error) {
	if len(sh.Hands) > st.HandsPerRound() {
		return nil, nil, Errorf(EINVALID, "sheet.too_many_hands", st.HandsPerRound())
	}
	fe := FieldErrors{}
	var hands []HandScore
	for hi, row := range sh.Hands {
		if len(row) != sides {
			return nil, nil, Errorf(EINVALID, "sheet.seats", sides)
		}
		deal := make([]scoring.Hand, len(row)) // a blank seat is a zero hand, which never closes
		for si, h := range row {
			if h == nil {
				continue
			}
			for f, k := range h.Validate(&st.Rules) {
				fe.Add(fmt.Sprintf("h%d.s%d.%s", hi+1, si+1, f), k)
			}
			deal[si] = *h
			hands = append(hands, HandScore{Hand: hi + 1, Side: si + 1, Figures: *h, Score: h.Score(&st.Rules)})
		}
		for si, p := range scoring.ValidateDeal(deal) {
			for f, k := range p {
				fe.Add(fmt.Sprintf("h%d.s%d.%s", hi+1, si+1, f), k)
			}
		}
	}
	return hands, fe, nil
}

// SheetOutcome says what saving a sheet did: the table as stored now, and what it did
// beyond the table.
type SheetOutcome struct {
	Version      int  `json:"version"`       // the table's version now
	Reseated     bool `json:"reseated"`      // the next round, not started, was re-seated
	LaterStarted bool `json:"later_started"` // the next round had started: its seats were kept
	// Table is the table as saved, and Result its result under the stage's format.
	Table  *Table      `json:"-"`
	Result TableResult `json:"-"`
	Round  int         `json:"-"`
}

// SaveSheet validates and stores one table's hands, replacing what was there. A sheet
// read at an older version of the table is refused (ECONFLICT "sheet.stale"). If the
// round is the one before a drawn round that has not started, that round is re-seated
// from the corrected results, with its own seed.
func (s *Tournaments) SaveSheet(ctx context.Context, tid int64, number, table int, sh Sheet, director string) (*SheetOutcome, error) {
	out := &SheetOutcome{}
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		stage, err := tx.Stage()
		if err != nil {
			return err
		}
		round, tb, err := tx.Table(stage.ID, number, table)
		if err != nil {
			return err
		}
		if sh.Version != 0 && sh.Version != tb.Version {
			return Errorf(ECONFLICT, "sheet.stale", table)
		}
		hands, fe, err := CheckSheet(stage, len(tb.Sides), sh)
		if err != nil {
			return err
		}
		if err := fe.Err(); err != nil {
			return err
		}
		if len(hands) == 0 && !sh.Clear {
			return Errorf(EINVALID, "sheet.empty")
		}
		if sh.Clear {
			hands = nil
		}
		drawn, started, err := tx.RoundState(stage.ID, number+1)
		if err != nil {
			return err
		}
		var next *Round
		switch {
		case drawn && started:
			out.LaterStarted = true
		case drawn:
			if next, err = reseat(tx, round.Number, table, hands); err != nil {
				return err
			}
			out.Reseated = next != nil
		}
		tb.Hands = hands
		if err := tx.SaveTable(tb); err != nil {
			return err
		}
		out.Version, out.Table, out.Round = tb.Version, tb, round.Number
		if f, ok := FormatOf(stage.Format); ok {
			out.Result = f.Result(&State{Stage: *stage}, tb)
		}
		if next != nil {
			if err := tx.ReplaceSeats(next); err != nil {
				return err
			}
		}
		detail := fmt.Sprintf("round %d table %d: %d hand scores", number, table, len(hands))
		if sh.Clear {
			detail = fmt.Sprintf("round %d table %d: cleared", number, table)
		}
		if out.Reseated {
			detail += fmt.Sprintf("; round %d re-seated", number+1)
		}
		return tx.Log(s.event(tid, director, "scores", "%s", detail))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// reseat draws round n+1 again, with its own seed, as if table t of round n had the
// given hands; it returns the new round when its seats differ from the drawn ones.
func reseat(tx Tx, n, t int, hands []HandScore) (*Round, error) {
	st, err := tx.State()
	if err != nil {
		return nil, err
	}
	st.Rounds[n-1].Tables[t-1].Hands = hands
	later := st.Rounds[n]
	st.Rounds = st.Rounds[:n]
	r, subs, err := st.Format().Draw(st, later.Seed)
	if err != nil {
		return nil, err
	}
	if len(subs) > 0 || sameSeats(SeatsOf(r), SeatsOf(&later)) {
		return nil, nil
	}
	r.ID, r.StageID, r.Number, r.Seed, r.DrawnAt, r.Override = later.ID, later.StageID, later.Number, later.Seed, later.DrawnAt, later.Override
	for i := range r.Tables {
		if i < len(later.Tables) {
			r.Tables[i].ID = later.Tables[i].ID
		}
	}
	return r, nil
}

func sameSeats(a, b Seats) bool {
	if len(a.Tables) != len(b.Tables) || !slices.Equal(a.Byes, b.Byes) {
		return false
	}
	for i := range a.Tables {
		if !slices.Equal(a.Tables[i], b.Tables[i]) {
			return false
		}
	}
	return true
}

// Standings ranks a tournament's current stage.
func (s *Tournaments) Standings(ctx context.Context, tid int64) (*State, []Column, []Standing, error) {
	st, err := s.Store.Load(ctx, tid)
	if err != nil {
		return nil, nil, nil, err
	}
	cols, lines := st.Format().Standings(st)
	return st, cols, lines, nil
}

// Events returns a tournament's log, newest first.
func (s *Tournaments) Events(ctx context.Context, tid int64) ([]Event, error) {
	return s.Store.Events(ctx, tid)
}
