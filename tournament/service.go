package tournament

import (
	"burraco/tournament/readshare"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
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

	// derived holds the stages read lately, each computed once per stamp (derived.go).
	derived derivedCache
	// stamps share the stamp's reads of a tournament between readers arriving together
	// (readshare.Group): never a read begun before a reader asked, nor one a reader that
	// may lag began (on the replica) for a reader that may not (stampKey).
	stamps readshare.Group[stampKey, Stamp]
}

func (s *Tournaments) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// event is a log line of the given kind with its message arguments.
func (s *Tournaments) event(tid int64, director, kind string, args ...any) Event {
	e := Event{TournamentID: tid, At: s.now().UTC(), Director: director, Kind: kind}
	for _, a := range args {
		e.Args = append(e.Args, fmt.Sprint(a))
	}
	return e
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

// Create validates and stores a tournament with its first stage, and the history's
// first line: who created it, in which format.
func (s *Tournaments) Create(ctx context.Context, t *Tournament, st *Stage, director string) error {
	st.Seq = 1
	if err := validate(t, st); err != nil {
		return err
	}
	if err := checkEntries(st, func(int64) *Entry { return nil }); err != nil { // a new tournament has no entries
		return err
	}
	request := struct {
		Tournament *Tournament
		Stage      *Stage
	}{t, st}
	return once(ctx, s.Store, "create tournament", request, func(ctx context.Context, c *Claim) error {
		c.setResult(idResult(&t.ID))
		return s.Store.CreateTournament(ctx, t, st, Event{At: time.Now().UTC(), Director: director, Kind: "create",
			Args: []string{t.Name, st.Format}})
	}, func(stored string) error {
		id, err := parseID(stored)
		if err != nil {
			return err
		}
		got, err := s.Store.Load(ctx, id)
		if err != nil {
			return err
		}
		*t, *st = got.Tournament, got.Stage
		return nil
	})
}

// replayEntries answers an entry sent again with its idempotency key: the entries it
// made (stored as a JSON list of IDs), as they are now.
func (s *Tournaments) replayEntries(ctx context.Context, tid int64, stored string) ([]Entry, error) {
	var ids []int64
	if err := json.Unmarshal([]byte(stored), &ids); err != nil {
		return nil, fmt.Errorf("idempotency key's result %q: %w", stored, err)
	}
	st, err := s.Store.Load(ctx, tid)
	if err != nil {
		return nil, err
	}
	es := make([]Entry, 0, len(ids))
	for _, id := range ids {
		e := st.Entry(id)
		if e == nil {
			return nil, Errorf(ENOTFOUND, "error.not_found")
		}
		es = append(es, *e)
	}
	return es, nil
}

// entryIDs is a Result that records the IDs of the entries made, as JSON.
func entryIDs(es ...*Entry) func() string {
	return func() string {
		ids := make([]int64, len(es))
		for i, e := range es {
			ids[i] = e.ID
		}
		return jsonResult(ids)()
	}
}

// Update changes a tournament's settings. Once rounds are drawn, the name, date, venue,
// notes and qualifiers still change, and the format says which of its settings do (the
// number of games, never below the games drawn); the rules stay as announced.
// in.Version is the version the director edited; 0 means "whatever is stored" (the API
// without If-Match). A stale version is an ECONFLICT "tournament.stale".
func (s *Tournaments) Update(ctx context.Context, id int64, in Tournament, inStage Stage, director string) (*Tournament, *Stage, error) {
	err := s.Store.Update(ctx, id, func(tx Tx) error {
		ev, err := s.saveSettings(tx, id, &in, &inStage, director)
		if err != nil {
			return err
		}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, nil, err
	}
	return &in, &inStage, nil
}

// settingsUndo is what undoing a change of settings restores.
type settingsUndo struct {
	Name, Date, Venue, Notes string
	Tier                     string `json:",omitempty"` // "" in a line logged before tiers: unchanged
	Settings                 json.RawMessage
	Rules                    scoring.Rules
	ScaleID                  *int64
	Qualifiers               int
}

// saveSettings decides and writes a change of settings, and returns its log line.
func (s *Tournaments) saveSettings(tx Tx, id int64, in *Tournament, inStage *Stage, director string) (Event, error) {
	cur, err := tx.Tournament()
	if err != nil {
		return Event{}, err
	}
	st, err := tx.State()
	if err != nil {
		return Event{}, err
	}
	if in.Version != 0 && in.Version != cur.Version {
		return Event{}, Errorf(ECONFLICT, "tournament.stale")
	}
	old := st.Stage
	in.ID, in.CreatedAt, in.Version, in.Revision = id, cur.CreatedAt, cur.Version, cur.Revision
	inStage.ID, inStage.TournamentID, inStage.Seq, inStage.Version = old.ID, id, old.Seq, old.Version
	inStage.FromStageID, inStage.Start = old.FromStageID, old.Start
	if old.FromStageID != nil && inStage.Format != old.Format {
		// A stage fed by the one before plays its qualifiers as a bracket: another
		// format would draw everybody.
		return Event{}, FieldErrors{"format": "tournament.err.fixed"}.Err()
	}
	if drawn := len(st.Rounds); drawn > 0 {
		fe := FieldErrors{}
		if inStage.Format != old.Format {
			fe.Add("format", "tournament.err.fixed")
		} else if f, ok := FormatOf(old.Format); ok && inStage.Settings != nil {
			fe = f.CheckChange(old.Settings, inStage.Settings, drawn)
			if sc, ok := f.(StateChecked); ok {
				for k, v := range sc.CheckState(st, inStage.Settings) {
					fe.Add(k, v)
				}
			}
		}
		if inStage.Rules != old.Rules {
			fe.Add("rules", "tournament.err.rules_locked")
		}
		if !sameScale(inStage.ScaleID, old.ScaleID) {
			fe.Add("scale_id", "tournament.err.fixed")
		}
		if err := fe.Err(); err != nil {
			return Event{}, err
		}
		inStage.Scale = old.Scale
	}
	if err := validate(in, inStage); err != nil {
		return Event{}, err
	}
	if err := checkEntries(inStage, st.Entry); err != nil { // settings naming entries name this tournament's
		return Event{}, err
	}
	if len(st.Entries) > 0 && StageEntryKind(old.Settings) != StageEntryKind(inStage.Settings) {
		// Entries are single players or pairs as the stage was: they cannot change kind.
		return Event{}, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"format": "entries.kind_fixed"}}
	}
	ev := s.event(id, director, "settings")
	ev.StageID, ev.Changes = old.ID, settingsChanges(cur, &old, in, inStage)
	raw, err := json.Marshal(old.Settings)
	if err != nil {
		return Event{}, fmt.Errorf("settings: %w", err)
	}
	if ev.Undo, err = json.Marshal(settingsUndo{Name: cur.Name, Date: cur.Date, Venue: cur.Venue, Notes: cur.Notes, Tier: cur.Tier,
		Settings: raw, Rules: old.Rules, ScaleID: old.ScaleID, Qualifiers: old.Qualifiers}); err != nil {
		return Event{}, err
	}
	if err := tx.SaveSettings(in, inStage); err != nil {
		return Event{}, err
	}
	return ev, nil
}

func sameScale(a, b *int64) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// settingsChanges lists what a settings save changed, with the values before and after.
func settingsChanges(t *Tournament, st *Stage, nt *Tournament, nst *Stage) []Change {
	var out []Change
	add := func(what, a, b string) {
		if a != b {
			out = append(out, Change{What: what, Before: a, After: b})
		}
	}
	add("tournament.name", t.Name, nt.Name)
	add("tournament.date", t.Date, nt.Date)
	add("tournament.venue", t.Venue, nt.Venue)
	add("change.notes", t.Notes, nt.Notes)
	add("tournament.qualifiers", fmt.Sprint(st.Qualifiers), fmt.Sprint(nst.Qualifiers))
	if f, ok := FormatOf(nst.Format); ok && st.Format == nst.Format {
		a, b := f.FormValues(st.Settings), f.FormValues(nst.Settings)
		for _, fd := range f.Fields() {
			add(fd.Label, a[fd.Name], b[fd.Name])
		}
	}
	out = append(out, rulesChanges(st.Rules, nst.Rules)...)
	if !sameScale(st.ScaleID, nst.ScaleID) {
		add("change.scale", scaleText(st.ScaleID), scaleText(nst.ScaleID))
	}
	return out
}

// rulesChanges lists each rule a change of the rule set changes, named in words
// ("change.rule.<name>"), a switch as yes or no.
func rulesChanges(a, b scoring.Rules) []Change {
	var out []Change
	points := func(name string, x, y int) {
		if x != y {
			out = append(out, Change{What: "change.rule." + name, Before: fmt.Sprint(x), After: fmt.Sprint(y)})
		}
	}
	on := func(name string, x, y bool) {
		if x != y {
			out = append(out, Change{What: "change.rule." + name, Before: yesNo(x), After: yesNo(y), Words: true})
		}
	}
	points("closing", a.Closing, b.Closing)
	points("clean", a.Clean, b.Clean)
	points("dirty", a.Dirty, b.Dirty)
	on("semi_clean_on", a.SemiCleanOn, b.SemiCleanOn)
	points("semi_clean", a.SemiClean, b.SemiClean)
	points("kitty_penalty", a.KittyPenalty, b.KittyPenalty)
	on("never_opened_doubles", a.NeverOpenedDoubles, b.NeverOpenedDoubles)
	on("kitty_not_played", a.KittyNotPlayed, b.KittyNotPlayed)
	return out
}

func scaleText(id *int64) string {
	if id == nil {
		return ""
	}
	return fmt.Sprint(*id)
}

// List returns every tournament, newest first.
func (s *Tournaments) List(ctx context.Context) ([]Tournament, error) {
	return s.Store.ListTournaments(ctx)
}

// Load returns a tournament's current stage with everything entered so far: a copy of
// the one loaded once per stamp (derived.go), the caller's to change. Its hands carry
// their number, side, form and score, not the other figures (Store.LoadStamped): a
// sheet's figures are read with its table (Table). A command loads what it decides on
// inside its transaction instead.
func (s *Tournaments) Load(ctx context.Context, id int64) (*State, error) {
	d, err := s.derive(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	return d.state.Clone(), nil
}

// RoundResults computes the tables of round n without loading the rest of the
// tournament (the next table to enter, a round's progress).
func (s *Tournaments) RoundResults(ctx context.Context, tid int64, n int) ([]TableResult, error) {
	st, r, err := s.Store.LoadRound(ctx, tid, n)
	if err != nil {
		return nil, err
	}
	return st.Results(r), nil
}

// Table returns one table of round n with what its score sheet shows, without loading
// the rest of the tournament.
func (s *Tournaments) Table(ctx context.Context, tid int64, n, t int) (*TableState, error) {
	return s.Store.LoadTable(ctx, tid, n, t)
}

// StageTable returns one table of round n of stage seq (0: the current one), as Table
// does: an earlier stage's sheet, to correct.
func (s *Tournaments) StageTable(ctx context.Context, tid int64, seq, n, t int) (*TableState, error) {
	return s.Store.LoadStageTable(ctx, tid, seq, n, t)
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
	request := struct {
		Tournament int64
		Players    []int64
	}{tid, playerIDs}
	var es []Entry
	err := once(ctx, s.Store, "enter players", request, func(ctx context.Context, c *Claim) error {
		var err error
		es, err = s.addPlayers(ctx, c, tid, playerIDs, director)
		return err
	}, func(stored string) error {
		var err error
		es, err = s.replayEntries(ctx, tid, stored)
		return err
	})
	if err != nil {
		return nil, err
	}
	return es, nil
}

// addPlayers enters registered, active players, recording the entries' IDs for c.
func (s *Tournaments) addPlayers(ctx context.Context, c *Claim, tid int64, playerIDs []int64, director string) ([]Entry, error) {
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
	ptrs := make([]*Entry, len(es))
	for i := range es {
		ptrs[i] = &es[i]
	}
	c.setResult(entryIDs(ptrs...))
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		if err := checkEntryKind(tx, EntryPlayer); err != nil {
			return err
		}
		for i := range es {
			if err := tx.AddEntry(&es[i]); err != nil {
				return err
			}
			ev := s.event(tid, director, "entry_add", es[i].Name)
			ev.EntryID = es[i].ID
			if err := tx.Log(ev); err != nil {
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
		n = 0 // fn may run again (Store.Update)
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
		return tx.Log(s.event(tid, director, "all_present", n))
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// DuplicateError refuses to register a player (on the spot, or in the registry) who
// looks like someone the registry already has (Players.Duplicates): Of, best match
// first. It is an ECONFLICT "entries.duplicate" (on the spot) or "players.duplicate"
// (the registry) naming the first.
type DuplicateError struct {
	Err *Error
	Of  []Player
}

func (e *DuplicateError) Error() string { return e.Err.Error() }

// Unwrap lets AsError find the domain error.
func (e *DuplicateError) Unwrap() error { return e.Err }

// AddNewPlayer registers a player on the spot and enters them, in one go, unless the
// registry already has someone they look like (same card number, or same name with the
// same club or no club, as the CSV import checks): then nothing is written and the error
// is a *DuplicateError, so that the director enters the registered player, or says it
// is a different person (AddNewPerson).
func (s *Tournaments) AddNewPlayer(ctx context.Context, tid int64, p *Player, director string) (*Entry, error) {
	p.Normalize()
	return s.addNew(ctx, "enter new player", tid, p, func(ctx context.Context, c *Claim) (*Entry, error) {
		if err := p.Validate(); err != nil {
			return nil, err
		}
		// Looked for first, so that a registered card is offered rather than refused as
		// taken; looked for again in the transaction that writes (a request at the same time).
		dups, err := (&Players{Store: s.Players}).Duplicates(ctx, *p)
		if err != nil {
			return nil, err
		}
		if len(dups) > 0 {
			return nil, &DuplicateError{Err: Errorf(ECONFLICT, "entries.duplicate", dups[0].Label()), Of: dups}
		}
		return s.addNewPerson(ctx, c, tid, p, director, true)
	})
}

// AddNewPerson registers a player on the spot and enters them without looking for a
// registered player they resemble: the director said they are a different person.
func (s *Tournaments) AddNewPerson(ctx context.Context, tid int64, p *Player, director string) (*Entry, error) {
	p.Normalize()
	return s.addNew(ctx, "enter new person", tid, p, func(ctx context.Context, c *Claim) (*Entry, error) {
		return s.addNewPerson(ctx, c, tid, p, director, false)
	})
}

// addNew runs a registration on the spot once per idempotency key: sent again, it
// answers with the entry made and its player.
func (s *Tournaments) addNew(ctx context.Context, command string, tid int64, p *Player, run func(context.Context, *Claim) (*Entry, error)) (*Entry, error) {
	request := struct {
		Tournament int64
		Player     *Player
	}{tid, p}
	var e *Entry
	err := once(ctx, s.Store, command, request, func(ctx context.Context, c *Claim) error {
		var err error
		e, err = run(ctx, c)
		return err
	}, func(stored string) error {
		es, err := s.replayEntries(ctx, tid, stored)
		if err != nil {
			return err
		} else if len(es) != 1 {
			return fmt.Errorf("idempotency key's result %q: not one entry", stored)
		}
		e = &es[0]
		if len(e.Members) > 0 {
			q, err := s.Players.FindPlayer(ctx, e.Members[0].PlayerID)
			if err != nil {
				return err
			}
			*p = *q
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// addNewPerson registers a player and enters them, recording the entry's ID for c.
// addNewPerson registers p and enters them; with dupes, unless the registry has
// someone they look like (looked for in the transaction that writes, so that two
// requests registering one person at once find each other).
func (s *Tournaments) addNewPerson(ctx context.Context, c *Claim, tid int64, p *Player, director string, dupes bool) (*Entry, error) {
	p.Active = true
	if err := (&Players{Store: s.Players}).validate(ctx, p, 0); err != nil {
		return nil, err
	}
	e := &Entry{}
	c.setResult(entryIDs(e))
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		if err := checkEntryKind(tx, EntryPlayer); err != nil {
			return err
		}
		if dupes {
			all, err := tx.Registered()
			if err != nil {
				return err
			}
			if dups := duplicatesIn(all, *p); len(dups) > 0 {
				return &DuplicateError{Err: Errorf(ECONFLICT, "entries.duplicate", dups[0].Label()), Of: dups}
			}
		}
		if err := tx.CreatePlayer(p); err != nil {
			return err
		}
		*e = *playerEntry(tid, p)
		if err := tx.AddEntry(e); err != nil {
			return err
		}
		ev := s.event(tid, director, "entry_new", e.Name)
		ev.EntryID = e.ID
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// RemoveEntry takes out an entry made by mistake: only one never drawn in any round
// (ECONFLICT "entries.remove_drawn" otherwise). It is logged, with undo (the entry comes
// back as it was, with its ID).
func (s *Tournaments) RemoveEntry(ctx context.Context, tid, entryID int64, director string) (*Entry, error) {
	var e *Entry
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		var err error
		if e, err = tx.Entry(entryID); err != nil {
			return err
		}
		if drawn, err := tx.EntryDrawn(entryID); err != nil {
			return err
		} else if drawn || e.Substitute() {
			return Errorf(ECONFLICT, "entries.remove_drawn", e.Name)
		}
		if err := tx.RemoveEntry(e); err != nil {
			return err
		}
		ev := s.event(tid, director, "entry_remove", e.Name)
		ev.EntryID = e.ID
		if ev.Undo, err = json.Marshal(e); err != nil {
			return err
		}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// EntryChange is a change of an entry's presence or withdrawal; nil leaves it as it is.
type EntryChange struct {
	CheckedIn *bool
	Withdrawn *bool
}

// EntryOutcome says what a change of an entry did to the current round.
type EntryOutcome struct {
	Round       int    `json:"round,omitempty"`        // the round it changed
	ByeRemoved  bool   `json:"bye_removed,omitempty"`  // the entry no longer sits out a round not started (and scores nothing)
	ReplacedBy  string `json:"replaced_by,omitempty"`  // who took the entry's seat: a player sitting out
	Redrawn     bool   `json:"redrawn,omitempty"`      // the round was drawn again, with its seed, without the entry
	StillSeated bool   `json:"still_seated,omitempty"` // the round has started: the entry stays in it (seat or bye)
}

// SetEntry checks an entry in or out, or withdraws or reinstates it, changing only what
// the change names. A withdrawn entry keeps what it played and is no longer drawn. An
// entry that is absent or withdrawn after the current round was drawn leaves it while the
// round has not started: if it sits out, its bye goes; if it is seated, a player who
// sits out takes its seat, or else the round is drawn again with its own seed. A round
// that has started keeps it, at its table or with its bye (RULES.md section 3); so does
// a bracket, where its opponent wins by walkover (section 5).
func (s *Tournaments) SetEntry(ctx context.Context, tid, entryID int64, ch EntryChange, director string) (*Entry, *EntryOutcome, error) {
	var e *Entry
	out := &EntryOutcome{}
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		*out = EntryOutcome{} // fn may run again (Store.Update)
		var ev *Event
		var err error
		if e, ev, err = s.setEntry(tx, tid, entryID, ch, out, director); err != nil || ev == nil {
			return err
		}
		return tx.Log(*ev)
	})
	if err != nil {
		return nil, nil, err
	}
	return e, out, nil
}

// entryUndo is what undoing a change of an entry restores; Moved says the change moved
// seats, which an undo cannot put back.
type entryUndo struct {
	CheckedIn, Withdrawn bool
	Moved                bool
}

// setEntry decides and writes a change of an entry, and returns its log line (nil when
// nothing changes).
func (s *Tournaments) setEntry(tx Tx, tid, entryID int64, ch EntryChange, out *EntryOutcome, director string) (*Entry, *Event, error) {
	e, err := tx.Entry(entryID)
	if err != nil {
		return nil, nil, err
	}
	was := *e
	if ch.CheckedIn != nil {
		e.CheckedIn = *ch.CheckedIn
	}
	if ch.Withdrawn != nil {
		e.Withdrawn = *ch.Withdrawn
	}
	if e.CheckedIn == was.CheckedIn && e.Withdrawn == was.Withdrawn {
		return e, nil, nil
	}
	if err := tx.SetEntry(e); err != nil {
		return nil, nil, err
	}
	kind := "entry"
	if e.Withdrawn != was.Withdrawn {
		kind = map[bool]string{true: "withdraw", false: "reinstate"}[e.Withdrawn]
	}
	ev := s.event(tid, director, kind, e.Name)
	ev.EntryID = e.ID
	if e.CheckedIn != was.CheckedIn {
		ev.Changes = append(ev.Changes, Change{What: "change.present", Before: yesNo(was.CheckedIn), After: yesNo(e.CheckedIn), Words: true})
	}
	if e.Withdrawn != was.Withdrawn {
		ev.Changes = append(ev.Changes, Change{What: "change.withdrawn", Before: yesNo(was.Withdrawn), After: yesNo(e.Withdrawn), Words: true})
	}
	if !e.CheckedIn || e.Withdrawn {
		more, err := s.leaveRound(tx, e, out)
		if err != nil {
			return nil, nil, err
		}
		if more != nil {
			ev.Also = append(ev.Also, *more)
			ev.Round = out.Round
		}
	}
	moved := out.ByeRemoved || out.ReplacedBy != "" || out.Redrawn
	if ev.Undo, err = json.Marshal(entryUndo{CheckedIn: was.CheckedIn, Withdrawn: was.Withdrawn, Moved: moved}); err != nil {
		return nil, nil, err
	}
	return e, &ev, nil
}

func yesNo(b bool) string {
	if b {
		return "change.yes"
	}
	return "change.no"
}

// leaveRound takes an entry that is no longer present out of the current round, and
// says so for the log.
func (s *Tournaments) leaveRound(tx Tx, e *Entry, out *EntryOutcome) (*Line, error) {
	st, err := tx.State()
	if err != nil {
		return nil, err
	}
	cur := st.Current()
	if cur == nil || !slices.Contains(cur.People(), e.ID) {
		return nil, nil
	}
	out.Round = cur.Number
	n := fmt.Sprint(cur.Number)
	if cur.Started() || cur.Locked {
		// A round under way (or played, or locked) keeps who was in it: a table plays
		// on, a sit-out keeps the bye it was drawn with.
		out.StillSeated = true
		return &Line{Key: "event.also.stays", Args: []string{n}}, nil
	}
	if _, ok := st.Format().(Bracketer); ok {
		// In a bracket the entry keeps its place: its opponent wins by walkover.
		out.StillSeated = true
		return &Line{Key: "event.also.walkover", Args: []string{n}}, nil
	}
	changed := *cur
	changed.Tables = slices.Clone(cur.Tables)
	for i, b := range cur.Byes {
		if b.EntryID == e.ID {
			changed.Byes = slices.Delete(slices.Clone(cur.Byes), i, i+1)
			if err := tx.SetByes(&changed); err != nil {
				return nil, err
			}
			out.ByeRemoved = true
			return &Line{Key: "event.also.bye_removed", Args: []string{n}}, nil
		}
	}
	if len(cur.Byes) > 0 {
		in := cur.Byes[0]
		for ti := range changed.Tables {
			sides := slices.Clone(changed.Tables[ti].Sides)
			for si := range sides {
				if sides[si].EntryID == e.ID {
					sides[si].EntryID = in.EntryID
				}
				if pi := slices.Index(sides[si].Partners, e.ID); pi >= 0 {
					sides[si].Partners = slices.Clone(sides[si].Partners)
					sides[si].Partners[pi] = in.EntryID
				}
			}
			changed.Tables[ti].Sides = sides
		}
		changed.Byes = slices.Clone(cur.Byes[1:])
		if err := tx.ReplaceSeats(&changed); err != nil {
			return nil, err
		}
		if x := st.Entry(in.EntryID); x != nil {
			out.ReplacedBy = x.Name
		}
		return &Line{Key: "event.also.takes_seat", Args: []string{out.ReplacedBy, n}}, nil
	}
	// Nobody sits out: draw the round again, with its seed, without the entry.
	if x := st.Entry(e.ID); x != nil {
		*x = *e
	}
	st.Rounds = st.Rounds[:len(st.Rounds)-1]
	r, subs, err := st.Format().Draw(st, cur.Seed)
	if e, ok := AsError(err); ok && e.Key == "draw.too_few" {
		return nil, Errorf(ECONFLICT, "entries.leave_too_few", cur.Number)
	} else if err != nil {
		return nil, err
	}
	r.ID, r.StageID, r.Number, r.Seed, r.DrawnAt, r.Override = cur.ID, cur.StageID, cur.Number, cur.Seed, cur.DrawnAt, cur.Override
	for i := range r.Tables {
		if i < len(cur.Tables) {
			r.Tables[i].ID = cur.Tables[i].ID
		}
	}
	if err := placeSubs(tx, r, subs); err != nil {
		return nil, err
	}
	if err := tx.ReplaceSeats(r); err != nil {
		return nil, err
	}
	out.Redrawn = true
	return &Line{Key: "event.also.redrawn", Args: []string{n, fmt.Sprint(cur.Seed)}}, nil
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
	// Round is the number of the round the director means to draw (0: the next one,
	// whatever it is). A request sent twice then draws once: the second gets a conflict.
	Round int
}

// Draw draws the next round of the current stage with its format: the first at random,
// later ones from the results. The current round must be complete, unless an override
// reason is given (it is logged). Round 1 takes the stage's copy of its VP scale.
func (s *Tournaments) Draw(ctx context.Context, tid int64, opt DrawOptions, director string) (*Round, error) {
	_, r, err := s.DrawState(ctx, tid, opt, director)
	return r, err
}

// DrawState draws as Draw does, and returns the stage as the draw left it, the round
// drawn and its new substitutes included: what the answer shows, without reading it
// again.
func (s *Tournaments) DrawState(ctx context.Context, tid int64, opt DrawOptions, director string) (*State, *Round, error) {
	var r *Round
	var st *State
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		var err error
		if st, err = tx.State(); err != nil {
			return err
		}
		f := st.Format()
		if opt.Round != 0 && opt.Round != len(st.Rounds)+1 {
			return Errorf(ECONFLICT, "draw.already", opt.Round)
		}
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
		if st.Stage.Seeded() && len(st.Rounds) == 0 {
			if st.Seeds, err = seedsFor(tx, st); err != nil {
				return err
			}
		}
		var subs []Entry
		if r, subs, err = f.Draw(st, opt.Seed); err != nil {
			return err
		}
		r.Number, r.Seed, r.DrawnAt = len(st.Rounds)+1, opt.Seed, s.now().UTC()
		ev := s.event(tid, director, "draw", r.Number, r.Seed)
		if incomplete {
			r.Override = opt.Override
			ev = s.event(tid, director, "draw_override", r.Number, r.Seed, cur.Number, opt.Override)
		}
		ev.StageID, ev.Round = st.Stage.ID, r.Number
		if r.Number == 1 {
			st.Stage.Scale = nil
			if sf, ok := f.(Scaled); ok && st.Stage.ScaleID == nil {
				st.Stage.Scale = sf.DefaultScale(st.Stage.Settings)
			}
			if err := tx.CopyScale(&st.Stage); err != nil {
				return err
			}
		}
		if err := tx.AddRound(st.Stage.ID, r, subs); err != nil {
			return err
		}
		if err := s.drawCodes(tx, tid, st.Stage.ID, r); err != nil { // table reporting
			return err
		}
		st.Entries = append(st.Entries, subs...)
		st.Rounds = append(st.Rounds, *r)
		return tx.Log(ev)
	})
	if err != nil {
		return nil, nil, err
	}
	return st, r, nil
}

// UndoDraw removes the last round while nothing of it is entered (RULES.md section 3),
// as if it had never been drawn; number names it, so that a second click undoes nothing
// more. It is logged; substitutes the draw brought stay entered, for the next draw.
func (s *Tournaments) UndoDraw(ctx context.Context, tid int64, number int, director string) error {
	return s.Store.Update(ctx, tid, func(tx Tx) error {
		ev, err := s.undoDraw(tx, tid, number, director)
		if err != nil {
			return err
		}
		if err := tx.Log(ev); err != nil {
			return err
		}
		// The draw's own line is taken back by this one.
		evs, err := tx.EventsFrom(1)
		if err != nil {
			return err
		}
		for i := len(evs) - 1; i >= 0; i-- {
			if d := evs[i]; isDraw(d.Kind) && d.StageID == ev.StageID && d.Round == number && d.UndoneBy == 0 {
				return tx.MarkUndone(d.ID)
			}
		}
		return nil
	})
}

// undoDraw removes the last round, and returns the log line saying so.
func (s *Tournaments) undoDraw(tx Tx, tid int64, number int, director string) (Event, error) {
	st, err := tx.State()
	if err != nil {
		return Event{}, err
	}
	cur := st.Current()
	if cur == nil || cur.Number != number {
		return Event{}, Errorf(ECONFLICT, "draw.undo_last", number)
	}
	if cur.Started() {
		return Event{}, Errorf(ECONFLICT, "draw.undo_started", number)
	}
	if cur.Locked {
		return Event{}, Errorf(ECONFLICT, "round.locked", number)
	}
	if err := tx.DeleteRound(cur); err != nil {
		return Event{}, err
	}
	if err := dropCodes(tx, st.Stage.ID, number); err != nil { // table reporting
		return Event{}, err
	}
	ev := s.event(tid, director, "draw_undone", number, cur.Seed)
	ev.StageID, ev.Round = st.Stage.ID, number
	return ev, nil
}

// AwardMissed gives an entry that arrived late the format's bye for every round drawn
// before it came (RULES.md section 3: it scores nothing for the rounds missed unless the
// director awards the bye points; logged). It returns the rounds awarded.
func (s *Tournaments) AwardMissed(ctx context.Context, tid, entryID int64, director string) ([]int, error) {
	var rounds []int
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		rounds = nil // fn may run again (Store.Update)
		st, err := tx.State()
		if err != nil {
			return err
		}
		e := st.Entry(entryID)
		if e == nil {
			return Errorf(ENOTFOUND, "error.not_found")
		}
		pts, ok := st.Format().MissedBye(st.Stage.Settings)
		if !ok || e.Substitute() {
			return Errorf(ECONFLICT, "entries.no_missed_bye")
		}
		if !e.CheckedIn || e.Withdrawn {
			return Errorf(ECONFLICT, "entries.missed_not_here", e.Name)
		}
		first := len(st.Rounds) // the first round the entry is in, 0-based
		for i := range st.Rounds {
			if slices.Contains(st.Rounds[i].People(), entryID) {
				first = i
				break
			}
		}
		for i := range first {
			r := st.Rounds[i]
			if r.Locked {
				return Errorf(ECONFLICT, "round.locked", r.Number)
			}
			r.Byes = append(slices.Clone(r.Byes), Bye{EntryID: entryID, Points: pts, Awarded: true})
			if err := tx.SetByes(&r); err != nil {
				return err
			}
			rounds = append(rounds, r.Number)
		}
		if len(rounds) == 0 {
			return Errorf(ECONFLICT, "entries.nothing_missed", e.Name)
		}
		rs := make([]string, len(rounds))
		for i, n := range rounds {
			rs[i] = fmt.Sprint(n)
		}
		ev := s.event(tid, director, "missed_bye", e.Name, pts, strings.Join(rs, ", "))
		ev.StageID, ev.EntryID = st.Stage.ID, e.ID
		if ev.Undo, err = json.Marshal(missedUndo{Rounds: rounds}); err != nil {
			return fmt.Errorf("award missed: %w", err)
		}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return rounds, nil
}

// missedUndo is what undoing a late arrival's award takes back: its byes in these rounds.
type missedUndo struct {
	Rounds []int `json:"rounds"`
}

// Seats is a round's seating as the director changes it: each table's entries in
// position order (Table.People: each side's entry, then its partners), and the
// entries that do not play.
type Seats struct {
	Tables [][]int64 `json:"tables"`
	Byes   []int64   `json:"byes"`
}

// SeatsOf returns a round's seating.
func SeatsOf(r *Round) Seats {
	out := Seats{Tables: make([][]int64, len(r.Tables)), Byes: []int64{}}
	for i := range r.Tables {
		out.Tables[i] = r.Tables[i].People()
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
		ev, err := s.overrideSeats(tx, tid, number, seats, director)
		if err != nil {
			return err
		}
		return tx.Log(ev)
	})
}

// sidesLike seats ids (Table.People's order) at sides shaped as t's: as many entries a
// side, each side keeping its position and its team's pair; false when the number of
// entries differs.
func sidesLike(t *Table, ids []int64) ([]Side, bool) {
	if len(ids) != len(t.People()) {
		return SidesFromEntries(ids), false
	}
	out := make([]Side, len(t.Sides))
	for i, sd := range t.Sides {
		out[i] = Side{Position: sd.Position, EntryID: ids[0], Pair: sd.Pair}
		if len(sd.Partners) > 0 {
			out[i].Partners = slices.Clone(ids[1 : 1+len(sd.Partners)])
		}
		ids = ids[1+len(sd.Partners):]
	}
	return out, true
}

// seatsUndo is what undoing a change of seats restores, and what it left.
type seatsUndo struct {
	Before, After Seats
}

// overrideSeats decides and writes a change of a round's seats, and returns its log line.
func (s *Tournaments) overrideSeats(tx Tx, tid int64, number int, seats Seats, director string) (Event, error) {
	var ev Event
	err := func() error {
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
		if drawn.Locked {
			return Errorf(ECONFLICT, "round.locked", number)
		}
		changed := &Round{ID: drawn.ID, StageID: drawn.StageID, Number: drawn.Number, Seed: drawn.Seed, DrawnAt: drawn.DrawnAt, Override: drawn.Override}
		awarded := map[int64]Bye{} // a late arrival's award stays one, whatever its place
		for _, b := range drawn.Byes {
			if b.Awarded {
				awarded[b.EntryID] = b
			}
		}
		shaped := true
		for i, ids := range seats.Tables {
			tb := Table{Number: i + 1, Sides: SidesFromEntries(ids)}
			if i < len(drawn.Tables) {
				tb.ID, tb.Match = drawn.Tables[i].ID, drawn.Tables[i].Match
				var ok bool
				if tb.Sides, ok = sidesLike(&drawn.Tables[i], ids); !ok {
					shaped = false
				}
			}
			changed.Tables = append(changed.Tables, tb)
		}
		for i, id := range seats.Byes {
			if b, ok := awarded[id]; ok {
				changed.Byes = append(changed.Byes, b)
				continue
			}
			pts := Points(0)
			if i < len(drawn.Byes) {
				pts = drawn.Byes[i].Points
			}
			changed.Byes = append(changed.Byes, Bye{EntryID: id, Points: pts})
		}
		fe := st.Format().CheckSeats(st, drawn, changed)
		if !shaped || len(changed.Tables) != len(drawn.Tables) || len(changed.Byes) != len(drawn.Byes) {
			fe.Add("seats", "seats.same_shape")
		}
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
		ev = s.event(tid, director, "seats_override", number)
		ev.StageID, ev.Round = st.Stage.ID, number
		ev.Changes = seatChanges(st, drawn, changed)
		ev.Undo, err = json.Marshal(seatsUndo{Before: SeatsOf(drawn), After: SeatsOf(changed)})
		return err
	}()
	return ev, err
}

// seatChanges lists the entries whose seat ("table/position", "" for a bye) differs
// between two seatings of a round.
func seatChanges(st *State, a, b *Round) []Change {
	seatOf := func(r *Round) map[int64]string {
		m := map[int64]string{}
		for _, tb := range r.Tables {
			for _, sd := range tb.Sides {
				for _, id := range sd.Members() {
					m[id] = fmt.Sprintf("%d/%d", tb.Number, sd.Position)
				}
			}
		}
		return m
	}
	from, to := seatOf(a), seatOf(b)
	var out []Change
	for _, id := range a.People() {
		if from[id] != to[id] {
			name := fmt.Sprint(id)
			if e := st.Entry(id); e != nil {
				name = e.Name
			}
			out = append(out, Change{What: "change.seat", Of: []string{name}, Before: from[id], After: to[id]})
		}
	}
	return out
}

// Sheet is one table's score sheet as entered: Hands[h][p] is hand h+1 of the side at
// position p+1, nil where nothing was entered. Version is the table's version the sheet
// was read at (0: do not check). A sheet with no hand is refused unless Clear says the
// table is to be emptied on purpose.
type Sheet struct {
	Hands   [][]*scoring.Hand
	Version int
	Clear   bool
	// NextRound is the director's choice when the next round is drawn and has not started
	// and this correction would move its seats: "reseat" or "keep" (RULES.md section 3).
	NextRound string
	// Outcome is what decided the table other than its scores, one of the format's
	// Outcomes with the side it concerns; a zero Outcome removes it, nil keeps the stored
	// one. A table whose outcome is a forfeit may have no hands.
	Outcome *Outcome
	// Stage is the stage the table is in, by its number (0: the current one): an
	// earlier stage's sheet can be corrected (RULES.md section 6).
	Stage int
	// Results asks for the results of every table of the round after the save
	// (SheetOutcome.Results), for the page that follows it.
	Results bool
}

// checkOutcome validates a table's outcome against its format and its sides.
func checkOutcome(stage *Stage, sides int, o Outcome) FieldErrors {
	fe := FieldErrors{}
	if o.Kind == "" {
		if o.Side != 0 {
			fe.Add("outcome.kind", "sheet.outcome_kind")
		}
		return fe
	}
	f, ok := FormatOf(stage.Format)
	if !ok || !slices.Contains(f.Outcomes(stage.Settings), o.Kind) {
		fe.Add("outcome.kind", "sheet.outcome_kind")
	}
	if o.Side < 1 || o.Side > sides {
		fe.Add("outcome.side", "sheet.outcome_side")
	}
	return fe
}

// The choices for the next round when a correction would move its seats.
const (
	NextReseat = "reseat"
	NextKeep   = "keep"
)

// Move is an entry a re-seat would move: from one table to another (0: not playing).
type Move struct {
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name"`
	From    int    `json:"from"`
	To      int    `json:"to"`
}

// CheckSheet is the one check of a score sheet, for the live preview and the save: the
// hand scores to store and every problem, keyed "h<hand>.s<position>.<field>". A sheet
// of the wrong shape is an error of its own.
func CheckSheet(st *Stage, sides int, sh Sheet) ([]HandScore, FieldErrors, error) {
	if len(sh.Hands) > st.HandsPerRound() {
		return nil, nil, Errorf(EINVALID, "sheet.too_many_hands", st.HandsPerRound())
	}
	fe := FieldErrors{}
	hands := make([]HandScore, 0, len(sh.Hands)*sides)
	deal := make([]scoring.Hand, sides)
	for hi, row := range sh.Hands {
		if len(row) != sides {
			return nil, nil, Errorf(EINVALID, "sheet.seats", sides)
		}
		clear(deal) // a blank seat is a zero hand, which never closes
		for si, h := range row {
			if h == nil {
				continue
			}
			for f, k := range h.Validate(&st.Rules) {
				fe.Add(fmt.Sprintf("h%d.s%d.%s", hi+1, si+1, f), k)
			}
			// A game total stands for the side's whole game: it is stored as hand 1,
			// and the side's other hands stay empty.
			switch first := sh.Hands[0][si]; {
			case h.Form == scoring.GameTotal && hi > 0:
				fe.Add(fmt.Sprintf("h%d.s%d.total", hi+1, si+1), "hand.game_total_first")
			case h.Form == scoring.GameTotal:
				if lo, top := scoring.TotalRange(&st.Rules); h.Total < lo*st.HandsPerRound() || h.Total > top*st.HandsPerRound() {
					fe.Add(fmt.Sprintf("h1.s%d.total", si+1), "hand.out_of_range")
				}
			case hi > 0 && first != nil && first.Form == scoring.GameTotal:
				fe.Add(fmt.Sprintf("h%d.s%d.form", hi+1, si+1), "hand.game_total_alone")
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
	if len(hands) == 0 {
		hands = nil // none entered, as before the slice was sized
	}
	return hands, fe, nil
}

// SheetOutcome says what saving a sheet did: the table as stored now, and what it did
// beyond the table.
type SheetOutcome struct {
	Version      int  `json:"version"`       // the table's version now
	Reseated     bool `json:"reseated"`      // the next round, not started, was re-seated
	Kept         bool `json:"kept"`          // the director kept the next round's seats
	LaterStarted bool `json:"later_started"` // the next round had started: its seats were kept
	// Placed are the later matches of a bracket, not played, that the save re-seated;
	// Flagged those played that the results no longer give: the director decides.
	Placed  []MatchChange `json:"placed,omitempty"`
	Flagged []MatchChange `json:"flagged,omitempty"`
	// Moves are the seats of the next round the correction would move; with a refusal
	// "sheet.reseat_choice", the director is to choose.
	Moves []Move `json:"moves,omitempty"`
	// Requalified says how a correction of an earlier stage changed who goes on, and
	// what became of the stage it feeds (nil: no change).
	Requalified *Requalified `json:"requalified,omitempty"`
	// Table is the table as saved, and Result its result under the stage's format.
	Table  *Table      `json:"-"`
	Result TableResult `json:"-"`
	Round  int         `json:"-"`
	// Results are the results of the round's tables after the save, when the sheet
	// asked for them.
	Results []TableResult `json:"-"`
}

// SaveSheet validates and stores one table's hands, replacing what was there. A sheet
// read at an older version of the table is refused (ECONFLICT "sheet.stale"). If the
// round is the one before a drawn round that has not started and the corrected results
// would seat that round differently, the director chooses (RULES.md section 3): without
// a choice nothing is saved and the answer is ECONFLICT "sheet.reseat_choice" with the
// moves in the outcome; with "reseat" the next round is drawn again with its own seed,
// with "keep" its seats stay. A round that has started keeps its seats. In a bracket
// (Bracketer) nothing is asked: once a later round is drawn, its matches not played that
// the results no longer give are re-seated (Placed) and those played are left and
// reported (Flagged), for the director.
func (s *Tournaments) SaveSheet(ctx context.Context, tid int64, number, table int, sh Sheet, director string) (*SheetOutcome, error) {
	out := &SheetOutcome{}
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		*out = SheetOutcome{} // fn may run again (Store.Update)
		stage, err := tx.StageAt(sh.Stage)
		if err != nil {
			return err
		}
		current, err := tx.Stage()
		if err != nil {
			return err
		}
		earlier := stage.ID != current.ID
		var seedsBefore []int64
		if earlier {
			if seedsBefore, err = stageSeeds(tx, stage.ID); err != nil {
				return err
			}
		}
		round, tb, err := saveTarget(tx, stage.ID, number, table, sh.Results)
		if err != nil {
			return err
		}
		if sh.Version != 0 && sh.Version != tb.Version {
			return Errorf(ECONFLICT, "sheet.stale", table)
		}
		if round.Locked {
			return Errorf(ECONFLICT, "round.locked", number)
		}
		hands, fe, err := CheckSheet(stage, len(tb.Sides), sh)
		if err != nil {
			return err
		}
		outcome := tb.Outcome
		switch {
		case sh.Clear:
			outcome = Outcome{}
		case sh.Outcome != nil:
			outcome = *sh.Outcome
			for k, v := range checkOutcome(stage, len(tb.Sides), outcome) {
				fe.Add(k, v)
			}
		}
		if err := fe.Err(); err != nil {
			return err
		}
		if len(hands) == 0 && !sh.Clear && outcome.Kind != OutcomeForfeit {
			return Errorf(EINVALID, "sheet.empty")
		}
		if sh.NextRound != "" && sh.NextRound != NextReseat && sh.NextRound != NextKeep {
			return &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"next_round": "sheet.next_round"}}
		}
		if sh.Clear {
			hands = nil
		}
		drawn, started, err := tx.RoundState(stage.ID, number+1)
		if err != nil {
			return err
		}
		var next *Round
		var subs []Entry
		bracket := false
		if f, ok := FormatOf(stage.Format); ok {
			_, bracket = f.(Bracketer)
		}
		switch {
		case earlier:
			// A stage that fed the next one is finished: its rounds are all played.
			out.LaterStarted = drawn
		case bracket:
			// A bracket's later matches are settled after the save (settleBracket).
		case drawn && started:
			out.LaterStarted = true
		case drawn:
			if next, subs, out.Moves, err = reseat(tx, round.Number, table, hands, outcome); err != nil {
				return err
			}
			switch {
			case next == nil:
			case sh.NextRound == "":
				return Errorf(ECONFLICT, "sheet.reseat_choice", number+1)
			case sh.NextRound == NextKeep:
				next, out.Kept = nil, true
			default:
				out.Reseated = true
			}
		}
		if !sh.Results { // read with the round
			if err := tx.Scores(tb); err != nil {
				return err
			}
		}
		ev := s.event(tid, director, "scores", number, table)
		ev.StageID, ev.Round, ev.Table = stage.ID, number, table
		ev.Changes = sheetChanges(tx, tb, hands)
		undo := sheetUndo{Before: tb.Hands, After: scoreKeys(hands), OutcomeBefore: tb.Outcome}
		first := len(tb.Hands) == 0
		ev.Changes = append(ev.Changes, outcomeChanges(tb.Outcome, outcome)...)
		tb.Hands, tb.Outcome = hands, outcome
		if err := tx.SaveTable(tb); err != nil {
			return err
		}
		out.Version, out.Table, out.Round = tb.Version, tb, round.Number
		if f, ok := FormatOf(stage.Format); ok {
			out.Result = f.Result(&State{Stage: *stage}, tb)
			if sh.Results {
				out.Results = (&State{Stage: *stage}).Results(round)
			}
		}
		if next != nil {
			if err := placeSubs(tx, next, subs); err != nil {
				return err
			}
			if err := tx.ReplaceSeats(next); err != nil {
				return err
			}
		}
		var settled []Line
		// Later matches need settling when a later round is drawn; a cleared table may be
		// a flagged match that is no longer played, to seat again.
		if earlier {
			if out.Requalified, settled, err = requalify(tx, stage, current, seedsBefore); err != nil {
				return err
			}
		} else if bracket && (drawn || sh.Clear) {
			if out.Placed, out.Flagged, settled, err = settleBracket(tx); err != nil {
				return err
			}
		}
		switch {
		case sh.Clear:
			ev.Kind = "scores_cleared"
		case len(ev.Changes) == 0:
			ev.Kind = "scores_unchanged"
		case !first:
			ev.Kind = "scores_corrected"
		}
		if out.Reseated {
			ev.Also = append(ev.Also, Line{Key: "event.also.reseated", Args: []string{fmt.Sprint(number + 1), movesText(out.Moves)}})
		}
		if out.Kept {
			ev.Also = append(ev.Also, Line{Key: "event.also.kept", Args: []string{fmt.Sprint(number + 1), movesText(out.Moves)}})
		}
		ev.Also = append(ev.Also, settled...)
		if err := s.sheetSaved(ctx, tx, stage.ID, number, table, &ev); err != nil { // table reports
			return err
		}
		undo.OutcomeAfter = tb.Outcome
		if ev.Undo, err = undo.MarshalJSON(); err != nil { // valid JSON already: no second pass
			return err
		}
		return tx.Log(ev)
	})
	if e, ok := AsError(err); ok && e.Key == "sheet.reseat_choice" {
		return out, err // the moves to choose from
	} else if err != nil {
		return nil, err
	}
	return out, nil
}

// saveTarget reads what a save of table t of round n decides on: the round and the
// table with its sides; with whole, the round's every table with their hands.
func saveTarget(tx Tx, stageID int64, n, t int, whole bool) (*Round, *Table, error) {
	if !whole {
		return tx.Table(stageID, n, t)
	}
	r, err := tx.Round(stageID, n)
	if err != nil {
		return nil, nil, err
	}
	for i := range r.Tables {
		if r.Tables[i].Number == t {
			return r, &r.Tables[i], nil
		}
	}
	return nil, nil, Errorf(ENOTFOUND, "error.not_found")
}

// sheetUndo is what undoing a save of a sheet restores (the hands with their figures),
// and what the save left (each hand's (hand, side, score)).
type sheetUndo struct {
	Before                      []HandScore
	After                       [][3]int
	OutcomeBefore, OutcomeAfter Outcome
}

// scoreKeys lists hands as (hand, side, score), sorted.
func scoreKeys(hs []HandScore) [][3]int {
	out := make([][3]int, len(hs))
	for i, h := range hs {
		out[i] = [3]int{h.Hand, h.Side, h.Score}
	}
	slices.SortFunc(out, func(a, b [3]int) int {
		for i := range a {
			if a[i] != b[i] {
				return a[i] - b[i]
			}
		}
		return 0
	})
	return out
}

// outcomeChanges lists how a table's outcome changes: its kind (a message key,
// "outcome.none" for none) and the position it concerns.
func outcomeChanges(a, b Outcome) []Change {
	var out []Change
	key := func(o Outcome) string {
		if o.Kind == "" {
			return "outcome.none"
		}
		return "outcome." + o.Kind
	}
	if a.Kind != b.Kind {
		out = append(out, Change{What: "change.outcome", Before: key(a), After: key(b), Words: true})
	}
	if a.Side != b.Side {
		side := func(n int) string {
			if n == 0 {
				return ""
			}
			return fmt.Sprint(n)
		}
		out = append(out, Change{What: "change.outcome_side", Before: side(a.Side), After: side(b.Side)})
	}
	return out
}

// sheetChanges lists each hand score a save changes at a table: its total, its figures
// or its form (a hand's total replaced by a game total), nil for nothing entered.
func sheetChanges(tx Tx, tb *Table, hands []HandScore) []Change {
	// Both lists in (hand, side) order (as read and as checked, already), walked side by
	// side: each key once, with the hand before and after, if any.
	byKey := func(a, b HandScore) int {
		if a.Hand != b.Hand {
			return a.Hand - b.Hand
		}
		return a.Side - b.Side
	}
	before, after := tb.Hands, hands
	if !slices.IsSortedFunc(before, byKey) {
		before = slices.SortedFunc(slices.Values(before), byKey)
	}
	if !slices.IsSortedFunc(after, byKey) {
		after = slices.SortedFunc(slices.Values(after), byKey)
	}
	// The names of the sides, read once for the first change.
	var names map[int]string
	name := func(side int) string {
		if names == nil {
			names = map[int]string{}
			byID := map[int64]string{}
			if es, err := tx.TableEntries(tb); err == nil {
				for _, e := range es {
					byID[e.ID] = e.Name
				}
			}
			for _, sd := range tb.Sides {
				var ns []string
				for _, id := range sd.Members() {
					if n, ok := byID[id]; ok {
						ns = append(ns, n)
					}
				}
				if len(ns) > 0 {
					names[sd.Position] = strings.Join(ns, " / ")
				}
			}
		}
		if n, ok := names[side]; ok {
			return n
		}
		return fmt.Sprint(side)
	}
	var out []Change
	for i, j := 0, 0; i < len(before) || j < len(after); {
		var hb, ha *HandScore
		switch {
		case j == len(after) || i < len(before) && byKey(before[i], after[j]) < 0:
			hb, i = &before[i], i+1
		case i == len(before) || byKey(before[i], after[j]) > 0:
			ha, j = &after[j], j+1
		default:
			hb, ha, i, j = &before[i], &after[j], i+1, j+1
		}
		if hb != nil && ha != nil && hb.Score == ha.Score && hb.Figures == ha.Figures {
			continue // unchanged
		}
		var a, b string
		var fa, fb *scoring.Hand
		k := ha
		if hb != nil {
			k, a = hb, fmt.Sprint(hb.Score)
			f := hb.Figures
			fa = &f
		}
		if ha != nil {
			b = fmt.Sprint(ha.Score)
			f := ha.Figures
			fb = &f
		}
		out = append(out, Change{What: "change.hand", Of: []string{fmt.Sprint(k.Hand), name(k.Side)}, Before: a, After: b,
			BeforeHand: fa, AfterHand: fb})
	}
	return out
}

// reseat says what a correction of table t of round n (to the given hands and outcome) means for
// round n+1, drawn and not started: the round drawn again with its own seed from the
// corrected results, the substitutes that needs, and who it moves from the seats as they
// are. It returns no round when the correction does not change what the results give
// (so seats changed by hand, or a withdrawal, are left alone).
func reseat(tx Tx, n, t int, hands []HandScore, outcome Outcome) (*Round, []Entry, []Move, error) {
	st, err := tx.State()
	if err != nil {
		return nil, nil, nil, err
	}
	later := st.Rounds[n]
	st.Rounds = st.Rounds[:n]
	f := st.Format()
	before, _, err := f.Draw(st, later.Seed)
	if err != nil {
		return nil, nil, nil, err
	}
	st.Rounds[n-1].Tables[t-1].Hands, st.Rounds[n-1].Tables[t-1].Outcome = hands, outcome
	r, subs, err := f.Draw(st, later.Seed)
	if err != nil {
		return nil, nil, nil, err
	}
	if sameSeats(SeatsOf(before), SeatsOf(r)) || sameSeats(SeatsOf(r), SeatsOf(&later)) {
		return nil, nil, nil, nil
	}
	moves := movesBetween(st, &later, r)
	for i := range moves {
		if id := moves[i].EntryID; id < 0 && int(-id) <= len(subs) {
			moves[i].Name = subs[-id-1].Name
		}
	}
	r.ID, r.StageID, r.Number, r.Seed, r.DrawnAt, r.Override = later.ID, later.StageID, later.Number, later.Seed, later.DrawnAt, later.Override
	for i := range r.Tables {
		if i < len(later.Tables) {
			r.Tables[i].ID = later.Tables[i].ID
		}
	}
	return r, subs, moves, nil
}

// placeSubs stores the substitutes a draw created and puts their IDs in the round, in
// place of the negative ones the format gave them (-1 is subs[0]).
func placeSubs(tx Tx, r *Round, subs []Entry) error {
	for i := range subs {
		if err := tx.AddEntry(&subs[i]); err != nil {
			return err
		}
	}
	r.PlaceSubs(subs)
	return nil
}

// movesBetween lists who sits at another table in b than in a (0: not playing).
func movesBetween(st *State, a, b *Round) []Move {
	tableOf := func(r *Round) map[int64]int {
		m := map[int64]int{}
		for _, tb := range r.Tables {
			for _, id := range tb.People() {
				m[id] = tb.Number
			}
		}
		for _, by := range r.Byes {
			m[by.EntryID] = 0
		}
		return m
	}
	from, to := tableOf(a), tableOf(b)
	var out []Move
	for _, id := range a.People() {
		if from[id] != to[id] {
			m := Move{EntryID: id, From: from[id], To: to[id]}
			if e := st.Entry(id); e != nil {
				m.Name = e.Name
			}
			out = append(out, m)
		}
	}
	return out
}

// movesText lists moves by table number, "–" for not playing.
func movesText(ms []Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprintf("%s %s → %s", m.Name, tableText(m.From), tableText(m.To))
	}
	return strings.Join(parts, ", ")
}

func tableText(n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprint(n)
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

// Standings ranks a tournament's current stage. The state, columns and lines are
// shared by every reader of the same revision: read-only.
func (s *Tournaments) Standings(ctx context.Context, tid int64) (*State, []Column, []Standing, error) {
	return s.StageStandings(ctx, tid, 0)
}

// PairingOrder returns the running standings round n was paired from, with the random
// order that broke its ties, for a format that pairs from the standings (ENOTFOUND for
// another format or a round not drawn).
// The state, columns and lines are shared by every reader of the same revision:
// read-only.
func (s *Tournaments) PairingOrder(ctx context.Context, tid int64, n int) (*State, []Column, []OrderLine, error) {
	d, err := s.derive(ctx, tid, 0)
	if err != nil {
		return nil, nil, nil, err
	}
	p, ok := d.state.Format().(Paired)
	if !ok || d.state.Round(n) == nil {
		return nil, nil, nil, Errorf(ENOTFOUND, "error.not_found")
	}
	cols, lines := d.pairing(p, n)
	return d.state, cols, lines, nil
}

// StageStandings ranks stage seq of a tournament (0: the current one): an earlier stage
// stays readable once the next one has started. The state, columns and lines are
// computed once per revision and shared by every reader: read-only.
func (s *Tournaments) StageStandings(ctx context.Context, tid int64, seq int) (*State, []Column, []Standing, error) {
	d, err := s.derive(ctx, tid, seq)
	if err != nil {
		return nil, nil, nil, err
	}
	cols, lines := d.rankings()
	return d.state, cols, lines, nil
}

// Events returns a tournament's log, newest first.
func (s *Tournaments) Events(ctx context.Context, tid int64) ([]Event, error) {
	return s.Store.Events(ctx, tid)
}

// Publish opens (or closes) a tournament's public pages. version is the tournament's
// version the director saw (0: whatever is stored); a stale one is an ECONFLICT
// "tournament.stale".
func (s *Tournaments) Publish(ctx context.Context, id int64, published bool, version int, director string) (*Tournament, error) {
	var out *Tournament
	err := s.Store.Update(ctx, id, func(tx Tx) error {
		t, err := tx.Tournament()
		if err != nil {
			return err
		}
		if version != 0 && version != t.Version {
			return Errorf(ECONFLICT, "tournament.stale")
		}
		t.Published = published
		if err := tx.SetPublished(t); err != nil {
			return err
		}
		out = t
		ev := s.event(id, director, "publish")
		ev.Changes = []Change{{What: "change.published", Before: yesNo(!published), After: yesNo(published), Words: true}}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SetClock runs a clock command (ClockStart, ClockPause, ClockAdjust, ClockReset) on
// round n of the current stage: d is a start's duration or an adjust's change.
func (s *Tournaments) SetClock(ctx context.Context, tid int64, n int, op string, d time.Duration, director string) (*Clock, error) {
	var out Clock
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		st, err := tx.Stage()
		if err != nil {
			return err
		}
		c, err := tx.Clock(st.ID, n)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		if out, err = c.apply(op, d, now); err != nil {
			return err
		}
		if err := tx.SetClock(st.ID, n, out); err != nil {
			return err
		}
		left := out.Remaining(now).Round(time.Second)
		ev := s.event(tid, director, "clock", n, fmt.Sprintf("%d:%02d", int(left.Minutes()), int(left.Seconds())%60))
		ev.StageID, ev.Round = st.ID, n
		ev.Also = []Line{{Key: "event.clock." + op}}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// PublicRevision returns a tournament's revision and whether its public pages are open.
func (s *Tournaments) PublicRevision(ctx context.Context, id int64) (int64, bool, error) {
	return s.Store.PublicRevision(ctx, id)
}
