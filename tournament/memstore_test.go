package tournament_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"burraco/scoring"
	"burraco/tournament"
)

// memStore is an in-memory TournamentStore (and the PlayerStore reads the services ask)
// for the service tests: it keeps what the SQL store keeps, with the same answers
// (versions, conflicts, not found), and honours transactions: Update runs its command on
// a copy of everything and keeps the copy only when the command succeeds.
type memStore struct {
	tournament.PlayerStore // the registry's other methods: not used by these tests

	mu sync.Mutex
	d  *memData
	// failOn makes the named Tx write fail, to show a failed command writes nothing.
	failOn string
	// updates counts the commands run (committed or not).
	updates int
	// loads counts the whole stages read by LoadStamped (what the derived cache saves).
	loads int
}

// memData is everything stored.
type memData struct {
	lastID      int64
	tournaments map[int64]*memTournament
	players     map[int64]tournament.Player
	scales      map[int64]scoring.Scale
}

// memTournament is one tournament with all it holds.
type memTournament struct {
	t       tournament.Tournament
	stages  []tournament.Stage // by Seq
	entries []tournament.Entry // by ID
	rounds  map[int64][]tournament.Round
	events  []tournament.Event // by ID (its number in the log)
}

var (
	_ tournament.TournamentStore = (*memStore)(nil)
	_ tournament.Tx              = (*memTx)(nil)
)

func newMemStore() *memStore {
	return &memStore{d: &memData{tournaments: map[int64]*memTournament{}, players: map[int64]tournament.Player{},
		scales: map[int64]scoring.Scale{}}}
}

func (d *memData) id() int64 { d.lastID++; return d.lastID }

// clone copies everything, deeply enough that no write to the copy reaches the original.
func (d *memData) clone() *memData {
	cp := &memData{lastID: d.lastID, tournaments: map[int64]*memTournament{}, players: map[int64]tournament.Player{},
		scales: map[int64]scoring.Scale{}}
	for id, mt := range d.tournaments {
		cp.tournaments[id] = mt.clone()
	}
	for id, p := range d.players {
		cp.players[id] = p
	}
	for id, sc := range d.scales {
		cp.scales[id] = sc
	}
	return cp
}

func (mt *memTournament) clone() *memTournament {
	cp := &memTournament{t: mt.t, stages: slices.Clone(mt.stages), entries: cloneEntries(mt.entries),
		rounds: map[int64][]tournament.Round{}, events: slices.Clone(mt.events)}
	for sid, rs := range mt.rounds {
		cp.rounds[sid] = cloneRounds(rs)
	}
	return cp
}

func cloneEntries(es []tournament.Entry) []tournament.Entry {
	out := slices.Clone(es)
	for i := range out {
		out[i].Members = slices.Clone(out[i].Members)
	}
	return out
}

func cloneRounds(rs []tournament.Round) []tournament.Round {
	out := slices.Clone(rs)
	for i := range out {
		out[i] = cloneRound(out[i])
	}
	return out
}

func cloneRound(r tournament.Round) tournament.Round {
	r.Tables = slices.Clone(r.Tables)
	for i := range r.Tables {
		r.Tables[i] = cloneTable(r.Tables[i])
	}
	r.Byes = slices.Clone(r.Byes)
	return r
}

func cloneTable(t tournament.Table) tournament.Table {
	t.Sides, t.Hands = slices.Clone(t.Sides), slices.Clone(t.Hands)
	for i := range t.Sides {
		t.Sides[i].Partners = slices.Clone(t.Sides[i].Partners)
	}
	return t
}

// entriesOf lists the entries of ids, in that order, as the SQL store reads them.
func (mt *memTournament) entriesOf(ids []int64) []tournament.Entry {
	var out []tournament.Entry
	for _, id := range ids {
		for _, e := range mt.entries {
			if e.ID == id {
				out = append(out, cloneEntries([]tournament.Entry{e})...)
			}
		}
	}
	return out
}

func notFound() error { return tournament.Errorf(tournament.ENOTFOUND, "error.not_found") }

// tournamentOf returns a stored tournament with its revision (its log's last number).
func (mt *memTournament) tournament() tournament.Tournament {
	t := mt.t
	t.Revision = int64(len(mt.events))
	return t
}

func (mt *memTournament) stageAt(seq int) (*tournament.Stage, error) {
	if seq == 0 {
		seq = len(mt.stages)
	}
	if seq < 1 || seq > len(mt.stages) {
		return nil, notFound()
	}
	s := mt.stages[seq-1]
	return &s, nil
}

func (mt *memTournament) stageByID(id int64) (*tournament.Stage, error) {
	for _, s := range mt.stages {
		if s.ID == id {
			return &s, nil
		}
	}
	return nil, notFound()
}

// state is a stage whole, as the SQL store loads it: the tournament's entries and the
// stage's rounds with everything entered.
func (mt *memTournament) state(s *tournament.Stage) *tournament.State {
	st := &tournament.State{Tournament: mt.tournament(), Stage: *s, Entries: cloneEntries(mt.entries),
		Rounds: cloneRounds(mt.rounds[s.ID])}
	if s.Continued() {
		if prev, err := mt.stageByID(*s.FromStageID); err == nil {
			st.Carry = tournament.CarryOf(mt.state(prev))
		}
	}
	return st
}

// round returns round n of a stage, in place.
func (mt *memTournament) round(stageID int64, n int) *tournament.Round {
	rs := mt.rounds[stageID]
	if n < 1 || n > len(rs) {
		return nil
	}
	return &rs[n-1]
}

// roundByID returns a round of any stage by its ID, in place.
func (mt *memTournament) roundByID(id int64) *tournament.Round {
	for sid := range mt.rounds {
		for i := range mt.rounds[sid] {
			if mt.rounds[sid][i].ID == id {
				return &mt.rounds[sid][i]
			}
		}
	}
	return nil
}

func (mt *memTournament) tableState(seq, n, t int) (*tournament.TableState, error) {
	s, err := mt.stageAt(seq)
	if err != nil {
		return nil, err
	}
	r := mt.round(s.ID, n)
	if r == nil || r.Table(t) == nil {
		return nil, notFound()
	}
	ts := &tournament.TableState{Tournament: mt.tournament(), Stage: *s, Round: cloneRound(*r), Table: cloneTable(*r.Table(t))}
	ts.Round.Tables = nil
	ts.Entries, ts.People = mt.entriesOf(ts.Table.Entries()), mt.entriesOf(ts.Table.People())
	return ts, nil
}

// read runs f on the tournament as committed.
func (m *memStore) read(tid int64, f func(mt *memTournament) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	mt, ok := m.d.tournaments[tid]
	if !ok {
		return notFound()
	}
	return f(mt)
}

func (m *memStore) CreateTournament(_ context.Context, t *tournament.Tournament, s *tournament.Stage) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now().UTC()
	t.ID, t.Version, t.Revision, t.CreatedAt, t.UpdatedAt = m.d.id(), 1, 0, now, now
	s.ID, s.TournamentID, s.Version = m.d.id(), t.ID, 1
	m.d.tournaments[t.ID] = &memTournament{t: *t, stages: []tournament.Stage{*s}, rounds: map[int64][]tournament.Round{}}
	return nil
}

func (m *memStore) ListTournaments(context.Context) ([]tournament.Tournament, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []tournament.Tournament
	for _, mt := range m.d.tournaments {
		out = append(out, mt.tournament())
	}
	slices.SortFunc(out, func(a, b tournament.Tournament) int {
		return cmp.Or(cmp.Compare(b.Date, a.Date), cmp.Compare(b.ID, a.ID))
	})
	return out, nil
}

func (m *memStore) Load(ctx context.Context, tid int64) (*tournament.State, error) {
	return m.LoadStage(ctx, tid, 0)
}

func (m *memStore) LoadStage(_ context.Context, tid int64, seq int) (st *tournament.State, err error) {
	err = m.read(tid, func(mt *memTournament) error {
		s, err := mt.stageAt(seq)
		if err == nil {
			st = mt.state(s)
		}
		return err
	})
	return st, err
}

func (m *memStore) LoadRound(_ context.Context, tid int64, n int) (st *tournament.State, r *tournament.Round, err error) {
	err = m.read(tid, func(mt *memTournament) error {
		s, err := mt.stageAt(0)
		if err != nil {
			return err
		}
		rr := mt.round(s.ID, n)
		if rr == nil {
			return notFound()
		}
		cp := cloneRound(*rr)
		st, r = &tournament.State{Tournament: mt.tournament(), Stage: *s}, &cp
		return nil
	})
	return st, r, err
}

func (m *memStore) LoadTable(ctx context.Context, tid int64, n, t int) (*tournament.TableState, error) {
	return m.LoadStageTable(ctx, tid, 0, n, t)
}

func (m *memStore) LoadStageTable(_ context.Context, tid int64, seq, n, t int) (ts *tournament.TableState, err error) {
	err = m.read(tid, func(mt *memTournament) error {
		ts, err = mt.tableState(seq, n, t)
		return err
	})
	return ts, err
}

func (m *memStore) Revision(_ context.Context, tid int64) (rev int64, err error) {
	err = m.read(tid, func(mt *memTournament) error { rev = int64(len(mt.events)); return nil })
	return rev, err
}

// Stamp is the revision alone: the memory store's entries keep the names they were
// entered with, so the registry changes nothing they show.
func (m *memStore) Stamp(_ context.Context, tid int64) (s tournament.Stamp, err error) {
	err = m.read(tid, func(mt *memTournament) error { s.Revision = int64(len(mt.events)); return nil })
	return s, err
}

func (m *memStore) LoadStamped(_ context.Context, tid int64, seq int) (st *tournament.State, s tournament.Stamp, err error) {
	err = m.read(tid, func(mt *memTournament) error {
		m.loads++
		stage, err := mt.stageAt(seq)
		if err == nil {
			st, s.Revision = mt.state(stage), int64(len(mt.events))
			scoresOnly(st)
		}
		return err
	})
	return st, s, err
}

func (m *memStore) PublicRevision(_ context.Context, tid int64) (rev int64, published bool, err error) {
	err = m.read(tid, func(mt *memTournament) error {
		rev, published = int64(len(mt.events)), mt.t.Published
		return nil
	})
	return rev, published, err
}

func (m *memStore) Events(_ context.Context, tid int64) (out []tournament.Event, err error) {
	err = m.read(tid, func(mt *memTournament) error {
		out = slices.Clone(mt.events)
		slices.Reverse(out)
		return nil
	})
	return out, err
}

// Update runs fn on a copy of everything stored, and keeps the copy only when fn
// succeeds: a failed command leaves nothing written.
func (m *memStore) Update(_ context.Context, tid int64, fn func(tx tournament.Tx) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.updates++
	if _, ok := m.d.tournaments[tid]; !ok {
		return notFound()
	}
	cp := m.d.clone()
	if err := fn(&memTx{m: m, d: cp, mt: cp.tournaments[tid], tid: tid}); err != nil {
		return err
	}
	m.d = cp
	return nil
}

// FindPlayer implements the registry read AddPlayers asks.
func (m *memStore) FindPlayer(_ context.Context, id int64) (*tournament.Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.d.players[id]
	if !ok {
		return nil, notFound()
	}
	return &p, nil
}

// addPlayer registers an active player outside any command.
func (m *memStore) addPlayer(first, last string) tournament.Player {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := tournament.Player{ID: m.d.id(), FirstName: first, LastName: last, Active: true, Version: 1}
	m.d.players[p.ID] = p
	return p
}

// memTx is a command's view of the copy it works on.
type memTx struct {
	m   *memStore
	d   *memData
	mt  *memTournament
	tid int64
}

var errInjected = errors.New("injected failure")

// write fails when the test asked this write to fail.
func (x *memTx) write(name string) error {
	if x.m.failOn == name {
		return fmt.Errorf("%s: %w", name, errInjected)
	}
	return nil
}

func (x *memTx) Tournament() (*tournament.Tournament, error) {
	t := x.mt.tournament()
	return &t, nil
}

func (x *memTx) Stage() (*tournament.Stage, error) { return x.mt.stageAt(0) }

func (x *memTx) StageAt(seq int) (*tournament.Stage, error) { return x.mt.stageAt(seq) }

func (x *memTx) State() (*tournament.State, error) {
	s, err := x.mt.stageAt(0)
	if err != nil {
		return nil, err
	}
	return x.mt.state(s), nil
}

func (x *memTx) StageState(stageID int64) (*tournament.State, error) {
	s, err := x.mt.stageByID(stageID)
	if err != nil {
		return nil, err
	}
	return x.mt.state(s), nil
}

func (x *memTx) Entry(id int64) (*tournament.Entry, error) {
	for _, e := range x.mt.entries {
		if e.ID == id {
			return &cloneEntries([]tournament.Entry{e})[0], nil
		}
	}
	return nil, notFound()
}

func (x *memTx) Table(stageID int64, n, t int) (*tournament.Round, *tournament.Table, error) {
	r := x.mt.round(stageID, n)
	if r == nil || r.Table(t) == nil {
		return nil, nil, notFound()
	}
	rc, tc := cloneRound(*r), cloneTable(*r.Table(t))
	rc.Tables, tc.Hands = nil, nil
	return &rc, &tc, nil
}

func (x *memTx) Scores(t *tournament.Table) error {
	for _, rs := range x.mt.rounds {
		for _, r := range rs {
			for _, tb := range r.Tables {
				if tb.ID == t.ID {
					t.Hands = slices.Clone(tb.Hands)
					return nil
				}
			}
		}
	}
	return notFound()
}

func (x *memTx) Round(stageID int64, n int) (*tournament.Round, error) {
	r := x.mt.round(stageID, n)
	if r == nil || len(r.Tables) == 0 {
		return nil, notFound()
	}
	rc := cloneRound(*r)
	rc.Byes = nil
	return &rc, nil
}

func (x *memTx) TableEntries(t *tournament.Table) ([]tournament.Entry, error) {
	return x.mt.entriesOf(t.People()), nil
}

func (x *memTx) RoundState(stageID int64, n int) (drawn, started bool, err error) {
	r := x.mt.round(stageID, n)
	if r == nil {
		return false, false, nil
	}
	return true, r.Started(), nil
}

func (x *memTx) SaveSettings(t *tournament.Tournament, s *tournament.Stage) error {
	if err := x.write("SaveSettings"); err != nil {
		return err
	}
	if t.Version != x.mt.t.Version {
		return tournament.Errorf(tournament.ECONFLICT, "tournament.stale")
	}
	i := slices.IndexFunc(x.mt.stages, func(st tournament.Stage) bool { return st.ID == s.ID })
	if i < 0 || x.mt.stages[i].Version != s.Version {
		return tournament.Errorf(tournament.ECONFLICT, "tournament.stale")
	}
	now := time.Now().UTC()
	t.Version++
	s.Version++
	t.UpdatedAt = now
	old := x.mt.t
	x.mt.t.Name, x.mt.t.Date, x.mt.t.Venue, x.mt.t.Notes = t.Name, t.Date, t.Venue, t.Notes
	x.mt.t.Version, x.mt.t.UpdatedAt = old.Version+1, now
	st := x.mt.stages[i]
	st.Format, st.Settings, st.Rules, st.ScaleID, st.Qualifiers, st.Version = s.Format, s.Settings, s.Rules, s.ScaleID, s.Qualifiers, s.Version
	x.mt.stages[i] = st
	return nil
}

func (x *memTx) AddStage(s *tournament.Stage) error {
	if err := x.write("AddStage"); err != nil {
		return err
	}
	if s.Seq != len(x.mt.stages)+1 {
		return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	s.ID, s.TournamentID, s.Version = x.d.id(), x.tid, 1
	x.mt.stages = append(x.mt.stages, *s)
	return nil
}

// entered reports whether a player is a member of an entry of the tournament.
func (x *memTx) entered(pid int64) bool {
	for _, e := range x.mt.entries {
		for _, mb := range e.Members {
			if mb.PlayerID == pid {
				return true
			}
		}
	}
	return false
}

func (x *memTx) insertEntry(e *tournament.Entry) {
	e.TournamentID = x.tid
	if e.ID == 0 {
		e.ID = x.d.id()
	}
	x.mt.entries = append(x.mt.entries, cloneEntries([]tournament.Entry{*e})...)
	slices.SortFunc(x.mt.entries, func(a, b tournament.Entry) int { return cmp.Compare(a.ID, b.ID) })
}

func (x *memTx) AddEntry(e *tournament.Entry) error {
	if err := x.write("AddEntry"); err != nil {
		return err
	}
	for _, mb := range e.Members {
		if x.entered(mb.PlayerID) {
			return tournament.Errorf(tournament.ECONFLICT, "entry.already")
		}
	}
	e.ID = 0
	x.insertEntry(e)
	return nil
}

func (x *memTx) SetEntry(e *tournament.Entry) error {
	if err := x.write("SetEntry"); err != nil {
		return err
	}
	for i := range x.mt.entries {
		if x.mt.entries[i].ID == e.ID {
			x.mt.entries[i].CheckedIn, x.mt.entries[i].Withdrawn = e.CheckedIn, e.Withdrawn
			return nil
		}
	}
	return notFound()
}

func (x *memTx) EntryDrawn(id int64) (bool, error) {
	for _, rs := range x.mt.rounds {
		for _, r := range rs {
			if slices.Contains(r.People(), id) {
				return true, nil
			}
		}
	}
	return false, nil
}

func (x *memTx) RemoveEntry(e *tournament.Entry) error {
	if err := x.write("RemoveEntry"); err != nil {
		return err
	}
	i := slices.IndexFunc(x.mt.entries, func(o tournament.Entry) bool { return o.ID == e.ID })
	if i < 0 {
		return notFound()
	}
	x.mt.entries = slices.Delete(x.mt.entries, i, i+1)
	return nil
}

func (x *memTx) RestoreEntry(e *tournament.Entry) error {
	if err := x.write("RestoreEntry"); err != nil {
		return err
	}
	for _, mb := range e.Members {
		if _, ok := x.d.players[mb.PlayerID]; !ok {
			return tournament.ErrPlayerGone
		}
		if x.entered(mb.PlayerID) {
			return tournament.Errorf(tournament.ECONFLICT, "entry.already")
		}
	}
	x.insertEntry(e)
	return nil
}

func (x *memTx) Registered() ([]tournament.Player, error) {
	var out []tournament.Player
	for _, p := range x.d.players {
		out = append(out, p)
	}
	return out, nil
}

func (x *memTx) CreatePlayer(p *tournament.Player) error {
	if err := x.write("CreatePlayer"); err != nil {
		return err
	}
	for _, o := range x.d.players {
		if p.CardNumber != "" && o.CardNumber == p.CardNumber {
			return tournament.Errorf(tournament.ECONFLICT, "player.card_taken")
		}
	}
	p.ID, p.Version = x.d.id(), 1
	x.d.players[p.ID] = *p
	return nil
}

// newTable stores a table's ID and its first version: past every version a table had
// (the log's next number), as the SQL store does.
func (x *memTx) newTable(t *tournament.Table) {
	t.ID, t.Version = x.d.id(), len(x.mt.events)+1
}

func (x *memTx) AddRound(stageID int64, r *tournament.Round, subs []tournament.Entry) error {
	if err := x.write("AddRound"); err != nil {
		return err
	}
	if r.Number != len(x.mt.rounds[stageID])+1 {
		return tournament.Errorf(tournament.ECONFLICT, "draw.conflict")
	}
	for i := range subs {
		subs[i].ID = 0
		x.insertEntry(&subs[i])
	}
	r.PlaceSubs(subs)
	r.StageID, r.ID = stageID, x.d.id()
	for i := range r.Tables {
		x.newTable(&r.Tables[i])
		r.Tables[i].Hands, r.Tables[i].Outcome = nil, tournament.Outcome{}
	}
	x.mt.rounds[stageID] = append(x.mt.rounds[stageID], cloneRound(*r))
	return nil
}

func (x *memTx) CopyScale(s *tournament.Stage) error {
	if err := x.write("CopyScale"); err != nil {
		return err
	}
	if s.ScaleID != nil {
		sc, ok := x.d.scales[*s.ScaleID]
		if !ok {
			return notFound()
		}
		s.Scale = &sc
	}
	for i := range x.mt.stages {
		if x.mt.stages[i].ID == s.ID {
			x.mt.stages[i].Scale = s.Scale
			return nil
		}
	}
	return notFound()
}

func (x *memTx) ReplaceSeats(r *tournament.Round) error {
	if err := x.write("ReplaceSeats"); err != nil {
		return err
	}
	stored := x.mt.roundByID(r.ID)
	if stored == nil {
		return notFound()
	}
	for _, tb := range stored.Tables {
		if len(tb.Hands) > 0 {
			return tournament.Errorf(tournament.ECONFLICT, "seats.started")
		}
	}
	if stored.Locked {
		return tournament.Errorf(tournament.ECONFLICT, "round.locked", r.Number)
	}
	// Tables keep their IDs (and versions go up); tables no longer needed are removed.
	for i := range r.Tables {
		tb := &r.Tables[i]
		if old := stored.Table(tb.Number); old != nil {
			tb.ID, tb.Version, tb.Outcome = old.ID, old.Version+1, old.Outcome
		} else {
			x.newTable(tb)
		}
		tb.Hands = nil
	}
	stored.Tables, stored.Byes = cloneRound(*r).Tables, slices.Clone(r.Byes)
	return nil
}

func (x *memTx) SetSides(r *tournament.Round, t *tournament.Table) error {
	if err := x.write("SetSides"); err != nil {
		return err
	}
	stored := x.mt.roundByID(r.ID)
	if stored == nil || stored.Table(t.Number) == nil {
		return notFound()
	}
	tb := stored.Table(t.Number)
	if tb.Started() {
		return tournament.Errorf(tournament.ECONFLICT, "seats.started")
	}
	tb.Sides, tb.Match = cloneTable(*t).Sides, t.Match
	tb.Version++
	t.Version = tb.Version
	return nil
}

func (x *memTx) SetByes(r *tournament.Round) error {
	if err := x.write("SetByes"); err != nil {
		return err
	}
	stored := x.mt.roundByID(r.ID)
	if stored == nil {
		return notFound()
	}
	stored.Byes = slices.Clone(r.Byes)
	return nil
}

func (x *memTx) DeleteRound(r *tournament.Round) error {
	if err := x.write("DeleteRound"); err != nil {
		return err
	}
	for sid, rs := range x.mt.rounds {
		for i := range rs {
			if rs[i].ID != r.ID {
				continue
			}
			for _, tb := range rs[i].Tables {
				if len(tb.Hands) > 0 {
					return tournament.Errorf(tournament.ECONFLICT, "draw.undo_started", r.Number)
				}
			}
			x.mt.rounds[sid] = slices.Delete(rs, i, i+1)
			return nil
		}
	}
	return nil
}

func (x *memTx) DeleteStage(s *tournament.Stage) error {
	if err := x.write("DeleteStage"); err != nil {
		return err
	}
	if s.Seq != len(x.mt.stages) || s.Seq < 2 {
		return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	for _, r := range x.mt.rounds[s.ID] {
		if r.Started() {
			return tournament.Errorf(tournament.ECONFLICT, "seats.started")
		}
	}
	delete(x.mt.rounds, s.ID)
	x.mt.stages = x.mt.stages[:len(x.mt.stages)-1]
	return nil
}

func (x *memTx) SaveTable(t *tournament.Table) error {
	if err := x.write("SaveTable"); err != nil {
		return err
	}
	for _, rs := range x.mt.rounds {
		for i := range rs {
			for j := range rs[i].Tables {
				tb := &rs[i].Tables[j]
				if tb.ID != t.ID {
					continue
				}
				if tb.Version != t.Version {
					return tournament.Errorf(tournament.ECONFLICT, "sheet.stale", t.Number)
				}
				t.Version++
				tb.Version, tb.Outcome, tb.Hands = t.Version, t.Outcome, slices.Clone(t.Hands)
				return nil
			}
		}
	}
	return notFound()
}

func (x *memTx) SetPublished(t *tournament.Tournament) error {
	if err := x.write("SetPublished"); err != nil {
		return err
	}
	if t.Version != x.mt.t.Version {
		return tournament.Errorf(tournament.ECONFLICT, "tournament.stale")
	}
	t.Version++
	t.UpdatedAt = time.Now().UTC()
	x.mt.t.Published, x.mt.t.Version, x.mt.t.UpdatedAt = t.Published, t.Version, t.UpdatedAt
	return nil
}

func (x *memTx) Clock(stageID int64, n int) (tournament.Clock, error) {
	r := x.mt.round(stageID, n)
	if r == nil {
		return tournament.Clock{}, notFound()
	}
	return r.Clock, nil
}

func (x *memTx) SetClock(stageID int64, n int, c tournament.Clock) error {
	if err := x.write("SetClock"); err != nil {
		return err
	}
	r := x.mt.round(stageID, n)
	if r == nil {
		return notFound()
	}
	r.Clock = c
	return nil
}

func (x *memTx) Log(e tournament.Event) error {
	if err := x.write("Log"); err != nil {
		return err
	}
	e.ID, e.TournamentID = int64(len(x.mt.events)+1), x.tid
	x.mt.events = append(x.mt.events, e)
	return nil
}

func (x *memTx) EventsFrom(seq int64) ([]tournament.Event, error) {
	var out []tournament.Event
	for _, e := range x.mt.events {
		if e.ID >= seq {
			out = append(out, e)
		}
	}
	return out, nil
}

func (x *memTx) MarkUndone(seq int64) error {
	if err := x.write("MarkUndone"); err != nil {
		return err
	}
	if seq >= 1 && int(seq) <= len(x.mt.events) {
		x.mt.events[seq-1].UndoneBy = int64(len(x.mt.events))
	}
	return nil
}

func (x *memTx) SetLocked(r *tournament.Round) error {
	if err := x.write("SetLocked"); err != nil {
		return err
	}
	if stored := x.mt.roundByID(r.ID); stored != nil {
		stored.Locked = r.Locked
	}
	return nil
}

// scoresOnly keeps of each hand what the database's LoadStamped reads: its number,
// side, form and score.
func scoresOnly(st *tournament.State) {
	for ri := range st.Rounds {
		for ti := range st.Rounds[ri].Tables {
			for hi := range st.Rounds[ri].Tables[ti].Hands {
				h := &st.Rounds[ri].Tables[ti].Hands[hi]
				h.Figures = scoring.Hand{Form: h.Figures.Form}
			}
		}
	}
}
