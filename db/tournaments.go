package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"burraco/scoring"
	"burraco/tournament"
)

// The tournament tables are read and written with plain SQL (portable: "?" placeholders,
// no dialect-specific syntax but RETURNING, which SQLite and PostgreSQL share) and
// scanned by hand: a score sheet's save is on the hot path of an evening.

// tournamentCols are a tournament's columns; its revision is the number of its latest
// log line, since every command logs what it did (so no command writes a counter).
const tournamentCols = "id, name, date, venue, notes, version, published, " +
	"COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = tournaments.id), 0), created_at, updated_at, tier"

func scanTournament(row interface{ Scan(...any) error }) (tournament.Tournament, error) {
	var t tournament.Tournament
	err := row.Scan(tournamentDest(&t)...)
	if err == sql.ErrNoRows {
		return t, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return t, err
}

// tournamentDest are the destinations of tournamentCols.
func tournamentDest(t *tournament.Tournament) []any {
	return []any{&t.ID, &t.Name, &t.Date, &t.Venue, &t.Notes, &t.Version, &t.Published, &t.Revision, &t.CreatedAt, &t.UpdatedAt, &t.Tier}
}

const stageCols = "id, tournament_id, seq, format, settings, rules, scale_id, scale_copy, qualifiers, from_stage_id, start_mode, version"

// storedStage is a stage as read, its settings, rules and scale copy still text.
type storedStage struct {
	tournament.Stage
	settings, rules string
	scaleCopy       *string
}

// dest are the destinations of stageCols.
func (s *storedStage) dest() []any {
	return []any{&s.ID, &s.TournamentID, &s.Seq, &s.Format, &s.settings, &s.rules, &s.ScaleID, &s.scaleCopy,
		&s.Qualifiers, &s.FromStageID, &s.Start, &s.Version}
}

func (d *DB) scanStage(row interface{ Scan(...any) error }) (*tournament.Stage, error) {
	var s storedStage
	if err := row.Scan(s.dest()...); err != nil {
		if err == sql.ErrNoRows {
			return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		return nil, err
	}
	return d.decodeStage(&s)
}

// decodeStage decodes a stage's settings, rules and scale copy with its format.
func (d *DB) decodeStage(st *storedStage) (*tournament.Stage, error) {
	s := st.Stage
	settings, rules, scaleCopy := st.settings, st.rules, st.scaleCopy
	// A stage changes only with its version: its decoded settings are kept by the
	// stored text, which is what they are decoded from.
	key := stageKey{format: s.Format, settings: settings, rules: rules}
	if scaleCopy != nil {
		key.hasScale, key.scale = true, *scaleCopy
	}
	if c, ok := d.stages.Load(key); ok {
		cached := c.(*tournament.Stage)
		s.Settings, s.Rules, s.Scale = cached.Settings, cached.Rules, cached.Scale
		return &s, nil
	}
	f, ok := tournament.FormatOf(s.Format)
	if !ok {
		return nil, fmt.Errorf("stage %d: format %q is not registered", s.ID, s.Format)
	}
	var err error
	if s.Settings, err = f.Decode([]byte(settings)); err != nil {
		return nil, fmt.Errorf("stage %d: %w", s.ID, err)
	}
	if err := json.Unmarshal([]byte(rules), &s.Rules); err != nil {
		return nil, fmt.Errorf("stage %d rules: %w", s.ID, err)
	}
	if scaleCopy != nil {
		s.Scale = &scoring.Scale{}
		if err := json.Unmarshal([]byte(*scaleCopy), s.Scale); err != nil {
			return nil, fmt.Errorf("stage %d scale: %w", s.ID, err)
		}
	}
	d.stages.Store(key, &tournament.Stage{Settings: s.Settings, Rules: s.Rules, Scale: s.Scale})
	return &s, nil
}

// stageKey is the stored text a stage's settings are decoded from.
type stageKey struct {
	format, settings, rules string
	hasScale                bool
	scale                   string
}

func stageJSON(s *tournament.Stage) (settings, rules string, err error) {
	a, err := json.Marshal(s.Settings)
	if err != nil {
		return "", "", fmt.Errorf("stage settings: %w", err)
	}
	b, err := json.Marshal(s.Rules)
	if err != nil {
		return "", "", fmt.Errorf("stage rules: %w", err)
	}
	return string(a), string(b), nil
}

// CreateTournament inserts a tournament with its first stage.
func (d *DB) CreateTournament(ctx context.Context, t *tournament.Tournament, s *tournament.Stage, e tournament.Event) error {
	if err := tournament.Vet(t); err != nil {
		return err
	}
	now := storedNow()
	settings, rules, err := stageJSON(s)
	if err != nil {
		return err
	}
	data, err := eventData(&e)
	if err != nil {
		return err
	}
	club, err := d.tenantNew(ctx)
	if err != nil {
		return err
	}
	if err := d.tenantTier(ctx, "", t.Tier); err != nil {
		return err
	}
	if s.ScaleID != nil {
		if err := d.tenantScale(ctx, *s.ScaleID, false); tournament.ErrorCode(err) == tournament.ENOTFOUND {
			return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"scale_id": "tournament.err.scale"}}
		} else if err != nil {
			return err
		}
	}
	err = d.write(ctx, func(x *sqlTx) error {
		if err := x.queryRow("INSERT INTO tournaments (name, date, venue, notes, tier, version, created_at, updated_at, club_id) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) RETURNING id",
			t.Name, t.Date, t.Venue, t.Notes, tierOf(t), now, now, club).Scan(&t.ID); err != nil {
			return err
		}
		t.Version, t.Revision, t.CreatedAt, t.UpdatedAt = 1, 0, now, now
		s.TournamentID, s.Version = t.ID, 1
		if err := x.queryRow("INSERT INTO stages (tournament_id, seq, format, settings, rules, scale_id, qualifiers, from_stage_id, version, created_at, updated_at) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id", t.ID, s.Seq, s.Format, settings, rules, s.ScaleID, s.Qualifiers, s.FromStageID, now, now).Scan(&s.ID); err != nil {
			return err
		}
		return x.run("INSERT INTO events (tournament_id, seq, at, director, kind, detail, data, stage_id, round_no, table_no, entry_id, undoes) "+
			"VALUES (?, 1, ?, ?, ?, '', ?, 0, 0, 0, 0, 0)", t.ID, e.At, e.Director, e.Kind, data)
	})
	if isFKViolation(err) {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"scale_id": "tournament.err.scale"}}
	} else if err == nil {
		d.tournamentClubs.Store(t.ID, club)
	}
	return wrap(err, "create tournament")
}

// ListTournaments returns every tournament, the latest date first.
func (d *DB) ListTournaments(ctx context.Context) ([]tournament.Tournament, error) {
	var out []tournament.Tournament
	err := d.read(ctx, func(x *sqlTx) error {
		out = nil
		rows, err := x.query("SELECT " + tournamentCols + " FROM tournaments" + d.tenantWhere(ctx, "club_id") + " ORDER BY date DESC, id DESC")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			t, err := scanTournament(rows)
			if err != nil {
				return err
			}
			out = append(out, t)
		}
		return rows.Err()
	})
	return out, wrap(err, "list tournaments")
}

// ListClubTournaments returns the tournaments of one club the scope may read, the latest
// date first (a club's public pages, /c/{slug}, under a ReadAll scope).
func (d *DB) ListClubTournaments(ctx context.Context, club int64) ([]tournament.Tournament, error) {
	if err := d.tenant(ctx, club, false); err != nil {
		return nil, err
	}
	var out []tournament.Tournament
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT "+tournamentCols+" FROM tournaments WHERE club_id = ? ORDER BY date DESC, id DESC", club)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			t, err := scanTournament(rows)
			if err != nil {
				return err
			}
			out = append(out, t)
		}
		return rows.Err()
	})
	return out, wrap(err, "list club tournaments")
}

// TournamentClub returns the club of a tournament the scope may read (ENOTFOUND
// otherwise): a club's public pages check that the tournament is the club's.
func (d *DB) TournamentClub(ctx context.Context, tid int64) (int64, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return 0, err
	}
	return d.tournamentClub(ctx, tid)
}

// Revision returns a tournament's revision.
func (d *DB) Revision(ctx context.Context, tid int64) (int64, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return 0, err
	}
	var rev int64
	err := d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0) FROM tournaments t WHERE t.id = ?", tid).Scan(&rev)
	})
	if err == sql.ErrNoRows {
		return 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return rev, wrap(err, "revision")
}

// PublicRevision returns a tournament's revision and whether it is published.
func (d *DB) PublicRevision(ctx context.Context, tid int64) (int64, bool, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return 0, false, err
	}
	var rev int64
	var published bool
	// One statement without a transaction of its own (one round trip on PostgreSQL), as
	// Stamp: every public request that is not answered from memory pays it.
	const q = "SELECT COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0), t.published FROM tournaments t WHERE t.id = ?"
	err := d.readRow(ctx, q, []any{tid}, &rev, &published)
	if err == sql.ErrNoRows {
		return 0, false, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return rev, published, wrap(err, "public revision")
}

// roundCols are a round's columns, read by scanRound.
const roundCols = "id, stage_id, number, seed, override, drawn_at, clock_ends_at, clock_left_ms, locked"

func scanRound(row interface{ Scan(...any) error }, r *tournament.Round) error {
	var endsAt *time.Time
	var leftMS *int64
	if err := row.Scan(&r.ID, &r.StageID, &r.Number, &r.Seed, &r.Override, &r.DrawnAt, &endsAt, &leftMS, &r.Locked); err != nil {
		return err
	}
	r.Clock = clockOf(endsAt, leftMS)
	return nil
}

// clockOf is a round's clock from its stored columns.
func clockOf(endsAt *time.Time, leftMS *int64) tournament.Clock {
	var c tournament.Clock
	if endsAt != nil {
		t := endsAt.UTC()
		c.EndsAt = &t
	} else if leftMS != nil {
		d := time.Duration(*leftMS) * time.Millisecond
		c.Left = &d
	}
	return c
}

// Load reads a tournament's current stage whole, in one read transaction, with a fixed
// number of queries whatever its size.
func (d *DB) Load(ctx context.Context, tid int64) (*tournament.State, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, err
	}
	var st *tournament.State
	err := d.read(ctx, func(x *sqlTx) error {
		t, err := scanTournament(x.queryRow("SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", tid))
		if err != nil {
			return err
		}
		st, err = loadState(x, t)
		return err
	})
	if err != nil {
		return nil, wrap(err, "load tournament")
	}
	return st, nil
}

// LoadStage reads stage seq of a tournament whole, in one read transaction.
func (d *DB) LoadStage(ctx context.Context, tid int64, seq int) (*tournament.State, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, err
	}
	var st *tournament.State
	err := d.read(ctx, func(x *sqlTx) error {
		t, err := scanTournament(x.queryRow("SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", tid))
		if err != nil {
			return err
		}
		stage, err := d.scanStage(x.queryRow("SELECT "+stageCols+" FROM stages WHERE tournament_id = ? AND seq = ?", tid, seq))
		if err != nil {
			return err
		}
		st, err = loadStage(x, t, stage)
		return err
	})
	if err != nil {
		return nil, wrap(err, "load stage")
	}
	return st, nil
}

// LoadRound reads round n of the current stage alone, in one read transaction.
func (d *DB) LoadRound(ctx context.Context, tid int64, n int) (*tournament.State, *tournament.Round, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, nil, err
	}
	st := &tournament.State{}
	r := &tournament.Round{}
	err := d.read(ctx, func(x *sqlTx) error {
		var err error
		if st.Tournament, err = scanTournament(x.queryRow("SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", tid)); err != nil {
			return err
		}
		stage, err := currentStage(x, tid)
		if err != nil {
			return err
		}
		st.Stage = *stage
		if err := scanRound(x.queryRow("SELECT "+roundCols+" FROM rounds WHERE stage_id = ? AND number = ?", stage.ID, n), r); err == sql.ErrNoRows {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		} else if err != nil {
			return err
		}
		rows, err := x.query("SELECT id, number, outcome_kind, outcome_side, version, match_no FROM round_tables WHERE round_id = ? ORDER BY number", r.ID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var tb tournament.Table
			if err := rows.Scan(&tb.ID, &tb.Number, &tb.Outcome.Kind, &tb.Outcome.Side, &tb.Version, &tb.Match); err != nil {
				return err
			}
			r.Tables = append(r.Tables, tb)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		at := map[int64]*tournament.Table{}
		for i := range r.Tables {
			at[r.Tables[i].ID] = &r.Tables[i]
		}
		tables := "SELECT id FROM round_tables WHERE round_id = ?"
		if err := loadSides(x, "s.table_id IN ("+tables+")", r.ID, at); err != nil {
			return err
		}
		if err := loadHands(x, "table_id IN ("+tables+")", r.ID, at); err != nil {
			return err
		}
		rows, err = x.query("SELECT entry_id, points, awarded FROM byes WHERE round_id = ? ORDER BY id", r.ID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var b tournament.Bye
			if err := rows.Scan(&b.EntryID, &b.Points, &b.Awarded); err != nil {
				return err
			}
			r.Byes = append(r.Byes, b)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, nil, wrap(err, "load round")
	}
	return st, r, nil
}

// LoadTable reads one table of round n of the current stage with its sides, hands and
// entries, in one read transaction.
func (d *DB) LoadTable(ctx context.Context, tid int64, n, t int) (*tournament.TableState, error) {
	return d.LoadStageTable(ctx, tid, 0, n, t)
}

// LoadStageTable reads one table of round n of stage seq (0: the current stage), as
// LoadTable does.
func (d *DB) LoadStageTable(ctx context.Context, tid int64, seq, n, t int) (*tournament.TableState, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, err
	}
	ts := &tournament.TableState{}
	err := d.read(ctx, func(x *sqlTx) error {
		var err error
		if ts.Tournament, err = scanTournament(x.queryRow("SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", tid)); err != nil {
			return err
		}
		stage, err := stageAt(x, tid, seq)
		if err != nil {
			return err
		}
		ts.Stage = *stage
		r, tb, err := tableOf(x, stage.ID, n, t)
		if err != nil {
			return err
		}
		ts.Round, ts.Table = *r, *tb
		if err := loadHands(x, "table_id = ?", tb.ID, map[int64]*tournament.Table{tb.ID: &ts.Table}); err != nil {
			return err
		}
		es, err := loadEntries(x, "e.id IN (SELECT entry_id FROM sides WHERE table_id = ?)", tb.ID)
		if err != nil {
			return err
		}
		ts.Entries = inOrder(es, ts.Table.Entries())
		ts.People = inOrder(es, ts.Table.People())
		return nil
	})
	if err != nil {
		return nil, wrap(err, "load table")
	}
	return ts, nil
}

// stageAt reads stage seq of a tournament, or the current one for 0 (ENOTFOUND when
// there is none).
func stageAt(x *sqlTx, tid int64, seq int) (*tournament.Stage, error) {
	if seq == 0 {
		return currentStage(x, tid)
	}
	s, err := x.db.scanStage(x.queryRow("SELECT "+stageCols+" FROM stages WHERE tournament_id = ? AND seq = ?", tid, seq))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return s, err
}

func currentStage(x *sqlTx, tid int64) (*tournament.Stage, error) {
	return x.db.scanStage(x.queryRow("SELECT "+stageCols+" FROM stages WHERE tournament_id = ? ORDER BY seq DESC LIMIT 1", tid))
}

// loadState reads the current stage of t with its entries, rounds, tables, sides, byes
// and hands.
func loadState(x *sqlTx, t tournament.Tournament) (*tournament.State, error) {
	stage, err := currentStage(x, t.ID)
	if err != nil {
		return nil, err
	}
	return loadStage(x, t, stage)
}

// loadStage reads a stage of t with the tournament's entries and the stage's rounds,
// tables, sides, byes and hands.
func loadStage(x *sqlTx, t tournament.Tournament, stage *tournament.Stage) (*tournament.State, error) {
	var err error
	st := &tournament.State{Tournament: t, Stage: *stage}
	if stage.Continued() {
		// A stage that continues another starts from its final standings.
		prev, err := x.db.scanStage(x.queryRow("SELECT "+stageCols+" FROM stages WHERE id = ? AND tournament_id = ?", *stage.FromStageID, t.ID))
		if err != nil {
			return nil, fmt.Errorf("stage %d continued by stage %d: %w", *stage.FromStageID, stage.Seq, err)
		}
		prevState, err := loadStage(x, t, prev)
		if err != nil {
			return nil, err
		}
		st.Carry = tournament.CarryOf(prevState)
	}
	if st.Entries, err = loadEntries(x, "e.tournament_id = ?", t.ID); err != nil {
		return nil, err
	}
	if tournament.StageEntryKind(stage.Settings) == tournament.EntryTeam { // only teams name line-ups
		if st.Lineups, err = loadLineups(x, stage.ID); err != nil {
			return nil, err
		}
		if stage.FromStageID != nil { // a knockout of teams seats each team's latest line-up
			if st.LineupsBefore, err = loadLineupsBefore(x, t.ID, stage.Seq); err != nil {
				return nil, err
			}
		}
	}
	rows, err := x.query("SELECT "+roundCols+" FROM rounds WHERE stage_id = ? ORDER BY number", stage.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	roundAt := map[int64]int{}
	for rows.Next() {
		var r tournament.Round
		if err := scanRound(rows, &r); err != nil {
			return nil, err
		}
		roundAt[r.ID] = len(st.Rounds)
		st.Rounds = append(st.Rounds, r)
	}
	if err := rows.Err(); err != nil || len(st.Rounds) == 0 {
		return st, err
	}
	rounds := "SELECT id FROM rounds WHERE stage_id = ?"
	// The tables in one query, a row a table, its sides (and, for the derived state, its
	// hands' scores) aggregated in a text value each: the cold read of a large stage is
	// bound by the values it reads one by one (on SQLite a call into C each), and a
	// table's dozen rows of sides and hands read as two values cost less than their
	// fifty.
	rows, err = x.query("SELECT "+tableInts+", t.outcome_kind FROM round_tables t JOIN rounds r ON r.id = t.round_id "+
		"WHERE r.stage_id = ? ORDER BY t.round_id, t.number", stage.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var tb tournament.Table
	var ints string
	var head [6]int // tableInts' leading values
	dest := []any{strCol[string]{&ints}, strCol[string]{&tb.Outcome.Kind}}
	var quads [][4]int
	for rows.Next() {
		tb.Sides = nil
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if quads, err = parseHeadQuads(head[:], quads[:0], ints); err != nil {
			return nil, fmt.Errorf("a table of stage %d: %w", stage.ID, err)
		}
		roundID := int64(head[1])
		tb.ID, tb.Number, tb.Outcome.Side, tb.Version, tb.Match = int64(head[0]), head[2], head[3], head[4], head[5]
		for _, q := range quads {
			sd := sideRow{position: q[0], seat: q[1], entryID: int64(q[2]), pair: q[3]}
			sd.addTo(&tb)
		}
		r := &st.Rounds[roundAt[roundID]]
		r.Tables = append(r.Tables, tb)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	tableAt := make(map[int64]*tournament.Table, len(st.Rounds)*len(st.Rounds[0].Tables))
	for ri := range st.Rounds {
		for ti := range st.Rounds[ri].Tables {
			tableAt[st.Rounds[ri].Tables[ti].ID] = &st.Rounds[ri].Tables[ti]
		}
	}
	if x.scoresOnly {
		err = loadHandScores(x, stage.ID, tableAt)
	} else {
		tables := "SELECT t.id FROM round_tables t JOIN rounds r ON r.id = t.round_id WHERE r.stage_id = ?"
		err = loadHands(x, "table_id IN ("+tables+")", stage.ID, tableAt)
	}
	if err != nil {
		return nil, err
	}
	rows, err = x.query("SELECT round_id, entry_id, points, awarded FROM byes WHERE round_id IN ("+rounds+") ORDER BY round_id, id", stage.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var roundID int64
		var b tournament.Bye
		if err := rows.Scan(&roundID, &b.EntryID, &b.Points, &b.Awarded); err != nil {
			return nil, err
		}
		r := &st.Rounds[roundAt[roundID]]
		r.Byes = append(r.Byes, b)
	}
	return st, rows.Err()
}

// loadEntries reads the entries where says, with their members, in one query.
func loadEntries(x *sqlTx, where string, arg any) ([]tournament.Entry, error) {
	rows, err := x.query(entriesQuery+"WHERE "+where+" ORDER BY e.id, m.position", arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanEntries(rows)
}

// entriesQuery is loadEntries' query.
// Its numbers come in one text value (each value read costs: on SQLite a call into C):
// the entry's id, its tournament, its flags and version (checked in 1, withdrawn 2, the
// version times 4) and the member's player.
const entriesQuery = "SELECT CAST(e.id AS TEXT) || ' ' || CAST(e.tournament_id AS TEXT) || ' ' || " +
	"CAST(CASE WHEN e.checked_in THEN 1 ELSE 0 END + CASE WHEN e.withdrawn THEN 2 ELSE 0 END + 4 * e.version AS TEXT) || ' ' || " +
	"CAST(COALESCE(m.player_id, 0) AS TEXT), e.kind, e.name, e.club, COALESCE(p.last_name || ' ' || p.first_name, '') " +
	"FROM entries e LEFT JOIN entry_members m ON m.entry_id = e.id LEFT JOIN players p ON p.id = m.player_id "

// rowScanner is what reads a query's rows: database/sql's, or pgx's in a batch.
type rowScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanEntries reads loadEntries' rows.
func scanEntries(rows rowScanner) ([]tournament.Entry, error) {
	var out []tournament.Entry
	var e tournament.Entry
	var m tournament.Member
	var name string // "last first", joined by the query
	var ints string
	var v [4]int // entriesQuery's numbers
	dest := []any{strCol[string]{&ints}, strCol[tournament.EntryKind]{&e.Kind}, &e.Name, &e.Club, &name}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if _, err := parseHeadQuads(v[:], nil, ints); err != nil {
			return nil, fmt.Errorf("an entry: %w", err)
		}
		flags := v[2]
		e.ID, e.TournamentID, m.PlayerID = int64(v[0]), int64(v[1]), int64(v[3])
		e.CheckedIn, e.Withdrawn, e.Version = flags&1 != 0, flags&2 != 0, flags>>2
		if n := len(out); n == 0 || out[n-1].ID != e.ID {
			out = append(out, e)
		}
		if m.PlayerID != 0 {
			m.Name = strings.TrimSpace(name)
			out[len(out)-1].Members = append(out[len(out)-1].Members, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// A player's or a pair's entry shows the names as the registry has them now (a team
	// keeps its own name).
	for i := range out {
		named := out[i].Kind != tournament.EntrySubstitute && out[i].Kind != tournament.EntryTeam
		if named && len(out[i].Members) == 1 {
			out[i].Name = out[i].Members[0].Name
		} else if named && len(out[i].Members) > 0 {
			names := make([]string, len(out[i].Members))
			for j, m := range out[i].Members {
				names[j] = m.Name
			}
			out[i].Name = strings.Join(names, " / ")
		}
	}
	return out, nil
}

func loadSides(x *sqlTx, where string, arg any, tableAt map[int64]*tournament.Table) error {
	rows, err := x.query("SELECT s.table_id, "+sideCols+" FROM sides s WHERE "+where+" ORDER BY s.table_id, s.position, s.seat", arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var tid int64
		var s sideRow
		if err := rows.Scan(append([]any{&tid}, s.dest()...)...); err != nil {
			return err
		}
		if t := tableAt[tid]; t != nil {
			s.addTo(t)
		}
	}
	return rows.Err()
}

// sideCols are the columns of a row of sides (alias s, perhaps missing in a left join):
// one row per entry of a side, seat 0 the side's entry and 1… its partners.
const sideCols = "COALESCE(s.position, 0), COALESCE(s.seat, 0), COALESCE(s.entry_id, 0), COALESCE(s.pair, 0)"

// tableInts are a table's (alias t) numbers and its sides in one text value: its id,
// round, number, outcome side, version and match, then its sides as sidesAgg gives
// them, every number apart by a space (a value read costs: on SQLite a call into C).
const tableInts = "CAST(t.id AS TEXT) || ' ' || CAST(t.round_id AS TEXT) || ' ' || CAST(t.number AS TEXT) || ' ' || " +
	"CAST(t.outcome_side AS TEXT) || ' ' || CAST(t.version AS TEXT) || ' ' || CAST(t.match_no AS TEXT) || " +
	"COALESCE(' ' || " + sidesAgg + ", '')"

// sidesAgg is a table's (alias t) rows of sides in one text value: position, seat,
// entry and pair of each, every number apart by a space (NULL: no side). The rows come
// in no set order (an ORDER BY in the aggregate sorts each table's rows apart, the
// slowest part of the query): the reader sorts them.
const sidesAgg = "(SELECT string_agg(" + fourInts + ", ' ') FROM sides s WHERE s.table_id = t.id)"

// fourInts joins the four columns a sides row is read by into one text value.
const fourInts = "CAST(s.position AS TEXT) || ' ' || CAST(s.seat AS TEXT) || ' ' || CAST(s.entry_id AS TEXT) || ' ' || CAST(s.pair AS TEXT)"

// handScoresAgg is a table's (alias t) hands in one text value, what the derived state
// uses of each: its number, side, form and score, every number apart by a space (NULL:
// no hand), in no set order (see sidesAgg).
const handScoresAgg = "(SELECT string_agg(CAST(h.hand_no AS TEXT) || ' ' || CAST(h.side AS TEXT) || ' ' || " +
	"CAST(h.form AS TEXT) || ' ' || CAST(h.score AS TEXT), ' ') FROM hands h WHERE h.table_id = t.id)"

// sideRow is a row of sides as sideCols read it.
type sideRow struct {
	position, seat, pair int
	entryID              int64
}

func (s *sideRow) dest() []any { return []any{&s.position, &s.seat, &s.entryID, &s.pair} }

// addTo adds the row to its table, read in (position, seat) order: a side's entry opens
// the side, a partner joins the side before it. A row of a left join without a side
// (position 0) adds nothing.
func (s *sideRow) addTo(t *tournament.Table) {
	if s.position == 0 {
		return
	}
	if n := len(t.Sides); s.seat > 0 && n > 0 && t.Sides[n-1].Position == s.position {
		t.Sides[n-1].Partners = append(t.Sides[n-1].Partners, s.entryID)
		return
	}
	t.Sides = append(t.Sides, tournament.Side{Position: s.position, EntryID: s.entryID, Pair: s.pair})
}

// sideRows are the rows of sides that store a table's sides: per side, its entry at
// seat 0 and its partners at seats 1…, each (table_id, position, seat, round_id,
// entry_id, pair).
func sideRows(roundID int64, t *tournament.Table) [][]any {
	var out [][]any
	for _, sd := range t.Sides {
		for seat, id := range sd.Members() {
			out = append(out, []any{t.ID, sd.Position, seat, roundID, id, sd.Pair})
		}
	}
	return out
}

// insertSides is the head and tuple of a multi-row insert of sideRows.
const insertSides, sideTuple = "INSERT INTO sides (table_id, position, seat, round_id, entry_id, pair) VALUES ", "(?, ?, ?, ?, ?, ?)"

// inOrder lists the entries of es by ids, in that order (an ID not in es is skipped).
func inOrder(es []tournament.Entry, ids []int64) []tournament.Entry {
	var out []tournament.Entry
	for _, id := range ids {
		for _, e := range es {
			if e.ID == id {
				out = append(out, e)
			}
		}
	}
	return out
}

const handCols = "hand_no, side, form, clean, dirty, semi_clean, closed, kitty_taken, opened, table_pts, in_hand, kitty_left, base, cards, total, score"

// loadHands reads the hands of the tables where says into tableAt, with every figure.
func loadHands(x *sqlTx, where string, arg any, tableAt map[int64]*tournament.Table) error {
	rows, err := x.query("SELECT table_id, "+handCols+" FROM hands WHERE "+where+" ORDER BY table_id, hand_no, side", arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	return scanHands(rows, tableAt)
}

// loadHandScores reads the hands of a stage's tables into tableAt with what the derived
// state uses of each (handScoresAgg): a row a table.
func loadHandScores(x *sqlTx, stageID int64, tableAt map[int64]*tournament.Table) error {
	rows, err := x.query("SELECT t.id, "+handScoresAgg+" FROM round_tables t JOIN rounds r ON r.id = t.round_id WHERE r.stage_id = ?", stageID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var tid int64
	var hands string
	var quads [][4]int
	dest := []any{int64Col{&tid}, strCol[string]{&hands}}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		if quads, err = parseQuads(quads[:0], hands); err != nil {
			return fmt.Errorf("table %d's hands: %w", tid, err)
		}
		t := tableAt[tid]
		if t == nil || len(quads) == 0 {
			continue
		}
		t.Hands = make([]tournament.HandScore, len(quads))
		for i, q := range quads {
			t.Hands[i] = tournament.HandScore{Hand: q[0], Side: q[1], Score: q[3], Figures: scoring.Hand{Form: scoring.Form(q[2])}}
		}
	}
	return rows.Err()
}

// scanHands reads loadHands' rows into the tables they belong to.
// The numbers are scanned into int64, as the drivers give them: database/sql would turn
// each into text and back to scan it into an int.
func scanHands(rows rowScanner, tableAt map[int64]*tournament.Table) error {
	var v [14]int64
	var closed, kittyTaken, opened bool
	dest := []any{&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &closed, &kittyTaken, &opened,
		&v[7], &v[8], &v[9], &v[10], &v[11], &v[12], &v[13]}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		tid := v[0]
		h := tournament.HandScore{Hand: int(v[1]), Side: int(v[2]), Score: int(v[13]), Figures: scoring.Hand{
			Form: scoring.Form(v[3]), Clean: int(v[4]), Dirty: int(v[5]), SemiClean: int(v[6]),
			Closed: closed, KittyTaken: kittyTaken, Opened: opened, Table: int(v[7]), InHand: int(v[8]),
			KittyLeft: int(v[9]), Base: int(v[10]), Cards: int(v[11]), Total: int(v[12])}}
		if t := tableAt[tid]; t != nil {
			t.Hands = append(t.Hands, h)
		}
	}
	return rows.Err()
}

// Events returns a tournament's log, newest first.
func (d *DB) Events(ctx context.Context, tid int64) ([]tournament.Event, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, err
	}
	var out []tournament.Event
	err := d.read(ctx, func(x *sqlTx) error {
		var n int
		if err := x.queryRow("SELECT COUNT(*) FROM tournaments WHERE id = ?", tid).Scan(&n); err != nil {
			return err
		} else if n == 0 {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		var err error
		out, err = loadEvents(x, "tournament_id = ? ORDER BY seq DESC", tid)
		return err
	})
	return out, wrap(err, "events")
}

// eventData is what a log line says beyond its kind: its arguments and changes, as JSON.
func eventData(e *tournament.Event) (string, error) {
	if len(e.Args) == 0 && len(e.Also) == 0 && len(e.Changes) == 0 {
		return "", nil
	}
	b, err := json.Marshal(struct {
		Args    []string            `json:"args,omitempty"`
		Also    []tournament.Line   `json:"also,omitempty"`
		Changes []tournament.Change `json:"changes,omitempty"`
	}{e.Args, e.Also, e.Changes})
	return string(b), err
}

const eventCols = "seq, tournament_id, at, director, kind, detail, data, stage_id, round_no, table_no, entry_id, undoes, undone_by, undo"

// loadEvents reads log lines; where names the tournament and the order.
func loadEvents(x *sqlTx, where string, args ...any) ([]tournament.Event, error) {
	rows, err := x.query("SELECT "+eventCols+" FROM events WHERE "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.Event
	for rows.Next() {
		var e tournament.Event
		var data string
		var undo *string
		if err := rows.Scan(&e.ID, &e.TournamentID, &e.At, &e.Director, &e.Kind, &e.Detail, &data, &e.StageID, &e.Round, &e.Table,
			&e.EntryID, &e.Undoes, &e.UndoneBy, &undo); err != nil {
			return nil, err
		}
		if data != "" {
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				return nil, fmt.Errorf("event %d: %w", e.ID, err)
			}
		}
		if undo != nil {
			e.Undo = []byte(*undo)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Update runs a command on one tournament in one write transaction, which begins by
// taking the tournament: on SQLite the transaction is already the only writer (BEGIN
// IMMEDIATE, after this process's writer turn); on PostgreSQL it takes the tournament's
// row lock (SELECT … FOR UPDATE) until the end. Either way, commands on one tournament
// run one after the other.
func (d *DB) Update(ctx context.Context, tid int64, fn func(tournament.Tx) error) error {
	if err := d.tenantTournament(ctx, tid, true); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		stx := &storeTx{sqlTx: x, tid: tid}
		if d.postgres {
			// The lock first, in a statement of its own: a statement that waited for it
			// reads the other tables as they were before the wait (read committed). The
			// tournament with its current stage is read by the next statement, sent in
			// the same round trip.
			if err := stx.lockAndOpen(); err != nil {
				return err
			}
			x.lockTaken()
		} else if err := stx.open(); err != nil {
			// On SQLite the transaction already excludes other writers: its first read,
			// the tournament with its current stage (it always has one), also says
			// whether the tournament exists.
			return err
		}
		return fn(stx)
	})
	if isUniqueViolation(err) {
		return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	return wrap(err, "update tournament")
}

// storeTx is a command's view of the store, inside its transaction.
type storeTx struct {
	*sqlTx
	tid   int64
	t     *tournament.Tournament // read when asked for
	stage *tournament.Stage
	next  *roundState // read ahead by Table; valid until the transaction writes rounds
	last  *roundCount // the rounds of a stage, counted by State; valid as next is
	// stored are the (hand, side) keys of a table's hands as Scores read them, so that
	// SaveTable deletes only those the sheet no longer has.
	stored map[int64][][2]int
	ahead  *tableRead   // read with the table by Table
	live   *liveReports // counted with the table by Table (SQLite)
}

// openCols are the tournament's columns and its current stage's, read by open.
const openCols = "t.id, t.name, t.date, t.venue, t.notes, t.version, t.published, " +
	"COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0), t.created_at, t.updated_at, t.tier, " +
	"s.id, s.tournament_id, s.seq, s.format, s.settings, s.rules, s.scale_id, s.scale_copy, s.qualifiers, s.from_stage_id, s.start_mode, s.version"

// open reads the tournament and its current stage in one query, for Tournament and
// Stage to answer (ENOTFOUND without the tournament).
func (x *storeTx) open() error {
	var t tournament.Tournament
	var st storedStage
	var err error
	if x.conn == nil && !x.db.postgres {
		err = x.openInLine(&t, &st)
	} else {
		err = x.queryRow("SELECT "+openCols+" FROM tournaments t JOIN stages s ON s.tournament_id = t.id WHERE t.id = ? ORDER BY s.seq DESC LIMIT 1",
			x.tid).Scan(append(tournamentDest(&t), st.dest()...)...)
	}
	if err == sql.ErrNoRows {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return err
	}
	stage, err := x.db.decodeStage(&st)
	if err != nil {
		return err
	}
	x.t, x.stage = &t, stage
	return nil
}

// lockAndOpen takes the tournament's row lock on PostgreSQL and reads what open reads,
// in one round trip: two statements, the second begun once the first has the lock.
func (x *storeTx) lockAndOpen() error {
	var id int64
	var t tournament.Tournament
	var st storedStage
	opened := false
	err := x.readBatch(
		batchRead{q: "SELECT id FROM tournaments WHERE id = ? FOR UPDATE", args: []any{x.tid}, scan: scanOne(&id)},
		batchRead{q: "SELECT " + openCols + " FROM tournaments t JOIN stages s ON s.tournament_id = t.id WHERE t.id = ? ORDER BY s.seq DESC LIMIT 1",
			args: []any{x.tid}, scan: func(rows pgx.Rows) error {
				if !rows.Next() {
					return nil // a tournament without a stage: Tournament and Stage say so when asked
				}
				opened = true
				return rows.Scan(append(tournamentDest(&t), st.dest()...)...)
			}})
	if err == sql.ErrNoRows {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil || !opened {
		return err
	}
	stage, err := x.db.decodeStage(&st)
	if err != nil {
		return err
	}
	x.t, x.stage = &t, stage
	return nil
}

func (x *storeTx) Tournament() (*tournament.Tournament, error) {
	if x.t == nil && x.stage == nil {
		if err := x.open(); err != nil {
			return nil, err
		}
	}
	if x.t == nil {
		t, err := scanTournament(x.queryRow("SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", x.tid))
		if err != nil {
			return nil, err
		}
		x.t = &t
	}
	cp := *x.t
	return &cp, nil
}

func (x *storeTx) Stage() (*tournament.Stage, error) {
	if x.t == nil && x.stage == nil {
		if err := x.open(); err != nil {
			return nil, err
		}
	}
	if x.stage == nil {
		s, err := currentStage(x.sqlTx, x.tid)
		if err != nil {
			return nil, err
		}
		x.stage = s
	}
	cp := *x.stage
	return &cp, nil
}

func (x *storeTx) StageAt(seq int) (*tournament.Stage, error) {
	if seq == 0 {
		return x.Stage()
	}
	return stageAt(x.sqlTx, x.tid, seq)
}

func (x *storeTx) State() (*tournament.State, error) {
	t, err := x.Tournament()
	if err != nil {
		return nil, err
	}
	stage, err := x.Stage()
	if err != nil {
		return nil, err
	}
	st, err := loadStage(x.sqlTx, *t, stage)
	if err == nil {
		x.last = &roundCount{stage.ID, len(st.Rounds)}
	}
	return st, err
}

func (x *storeTx) StageState(stageID int64) (*tournament.State, error) {
	t, err := x.Tournament()
	if err != nil {
		return nil, err
	}
	stage, err := x.db.scanStage(x.queryRow("SELECT "+stageCols+" FROM stages WHERE id = ? AND tournament_id = ?", stageID, x.tid))
	if err != nil {
		return nil, err
	}
	return loadStage(x.sqlTx, *t, stage)
}

func (x *storeTx) AddStage(s *tournament.Stage) error {
	var last int
	if err := x.queryRow("SELECT COALESCE(MAX(seq), 0) FROM stages WHERE tournament_id = ?", x.tid).Scan(&last); err != nil {
		return err
	}
	if s.Seq != last+1 {
		return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	if err := x.ownScale(s.ScaleID); err != nil {
		return err
	}
	settings, rules, err := stageJSON(s)
	if err != nil {
		return err
	}
	now := storedNow()
	s.TournamentID, s.Version = x.tid, 1
	if err := x.queryRow("INSERT INTO stages (tournament_id, seq, format, settings, rules, scale_id, qualifiers, from_stage_id, start_mode, version, created_at, updated_at) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id", x.tid, s.Seq, s.Format, settings, rules, s.ScaleID, s.Qualifiers, s.FromStageID, s.Start, now, now).Scan(&s.ID); err != nil {
		return err
	}
	x.stage, x.next, x.last = nil, nil, nil
	return nil
}

func (x *storeTx) SetSides(r *tournament.Round, t *tournament.Table) error {
	x.next, x.last = nil, nil
	var started int
	if err := x.queryRow("SELECT (SELECT COUNT(*) FROM hands WHERE table_id = ?) + (SELECT COUNT(*) FROM round_tables WHERE id = ? AND outcome_kind <> '')",
		t.ID, t.ID).Scan(&started); err != nil {
		return err
	}
	if started > 0 {
		return tournament.Errorf(tournament.ECONFLICT, "seats.started")
	}
	if err := x.run("DELETE FROM sides WHERE table_id = ?", t.ID); err != nil {
		return err
	}
	if err := x.insertRows(insertSides, sideTuple, sideRows(r.ID, t), "", nil); err != nil {
		return err
	}
	return x.queryRow("UPDATE round_tables SET version = version + 1, match_no = ? WHERE id = ? RETURNING version", t.Match, t.ID).Scan(&t.Version)
}

func (x *storeTx) Entry(id int64) (*tournament.Entry, error) {
	es, err := loadEntries(x.sqlTx, "e.id = ? AND e.tournament_id = "+fmt.Sprint(x.tid), id)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return &es[0], nil
}

// tableQuery reads round n of a stage, its table t, the table's sides and whether the
// next round is drawn and started, which a save asks next (RoundState answers it from
// here); its arguments are the stage, n and t.
const tableQuery = "SELECT r.id, r.stage_id, r.number, r.seed, r.override, r.drawn_at, r.locked, t.id, t.number, t.outcome_kind, t.outcome_side, t.version, t.match_no, " +
	sideCols + ", " +
	"(SELECT COUNT(*) FROM rounds r2 WHERE r2.stage_id = r.stage_id AND r2.number = r.number + 1), " +
	"(SELECT COUNT(*) FROM round_tables t2 JOIN rounds r2 ON r2.id = t2.round_id WHERE r2.stage_id = r.stage_id AND r2.number = r.number + 1 " +
	"AND (t2.outcome_kind <> '' OR EXISTS (SELECT 1 FROM hands h WHERE h.table_id = t2.id))) " +
	"FROM rounds r JOIN round_tables t ON t.round_id = r.id LEFT JOIN sides s ON s.table_id = t.id " +
	"WHERE r.stage_id = ? AND r.number = ? AND t.number = ? ORDER BY s.position, s.seat"

// tableOfQuery is a subquery naming the table tableQuery reads, with the same arguments.
const tableOfQuery = "(SELECT t.id FROM rounds r JOIN round_tables t ON t.round_id = r.id WHERE r.stage_id = ? AND r.number = ? AND t.number = ?)"

// tableRead is what a transaction read ahead with a table (PostgreSQL: in the same
// round trip) for Scores and TableEntries to answer, while the transaction has run no
// statement since.
type tableRead struct {
	id      int64
	n       int // the transaction's statements when it was read
	hands   []tournament.HandScore
	entries []tournament.Entry // PostgreSQL
}

func (x *storeTx) Table(stageID int64, n, t int) (*tournament.Round, *tournament.Table, error) {
	if x.conn != nil {
		return x.tableAhead(stageID, n, t)
	}
	return x.tableInLine(stageID, n, t)
}

// tableAhead is Table on PostgreSQL: the table, its hands and its entries in one round
// trip, the hands and entries kept for Scores and TableEntries.
func (x *storeTx) tableAhead(stageID int64, n, t int) (*tournament.Round, *tournament.Table, error) {
	var r *tournament.Round
	var tb *tournament.Table
	pre := &tableRead{}
	read := &tournament.Table{}
	err := x.readBatch(
		batchRead{q: tableQuery, args: []any{stageID, n, t}, scan: func(rows pgx.Rows) (err error) {
			r, tb, err = x.scanTable(rows, stageID, n)
			return err
		}},
		batchRead{q: "SELECT table_id, " + handCols + " FROM hands WHERE table_id = " + tableOfQuery + " ORDER BY table_id, hand_no, side",
			args: []any{stageID, n, t}, scan: func(rows pgx.Rows) error {
				return scanHands(rows, map[int64]*tournament.Table{tb.ID: read})
			}},
		batchRead{q: entriesQuery + "WHERE e.id IN (SELECT entry_id FROM sides WHERE table_id = " + tableOfQuery + ") ORDER BY e.id, m.position",
			args: []any{stageID, n, t}, scan: func(rows pgx.Rows) (err error) {
				pre.entries, err = scanEntries(rows)
				return err
			}})
	if err != nil {
		return nil, nil, err
	}
	pre.id, pre.n, pre.hands = tb.ID, x.n, read.Hands
	x.ahead = pre
	return r, tb, nil
}

// scanTable reads tableQuery's rows.
func (x *storeTx) scanTable(rows rowScanner, stageID int64, n int) (*tournament.Round, *tournament.Table, error) {
	var r tournament.Round
	var tb tournament.Table
	found := false
	var nextDrawn, nextStarted int
	for rows.Next() {
		var sd sideRow
		dest := []any{&r.ID, &r.StageID, &r.Number, &r.Seed, &r.Override, &r.DrawnAt, &r.Locked, &tb.ID, &tb.Number, &tb.Outcome.Kind,
			&tb.Outcome.Side, &tb.Version, &tb.Match}
		if err := rows.Scan(append(append(dest, sd.dest()...), &nextDrawn, &nextStarted)...); err != nil {
			return nil, nil, err
		}
		found = true
		sd.addTo(&tb)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	if !found {
		return nil, nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	x.next = &roundState{stageID: stageID, n: n + 1, drawn: nextDrawn > 0, started: nextStarted > 0}
	return &r, &tb, nil
}

func (x *storeTx) Round(stageID int64, n int) (*tournament.Round, error) {
	if x.conn == nil {
		return x.roundInLines(stageID, n)
	}
	// One query reads the round, its tables and their sides, and whether the next round
	// is drawn and started (as Table does); a second one the hands.
	rows, err := x.query("SELECT r.id, r.stage_id, r.number, r.seed, r.override, r.drawn_at, r.locked, t.id, t.number, t.outcome_kind, t.outcome_side, t.version, t.match_no, "+
		sideCols+", "+
		"(SELECT COUNT(*) FROM rounds r2 WHERE r2.stage_id = r.stage_id AND r2.number = r.number + 1), "+
		"(SELECT COUNT(*) FROM round_tables t2 JOIN rounds r2 ON r2.id = t2.round_id WHERE r2.stage_id = r.stage_id AND r2.number = r.number + 1 "+
		"AND (t2.outcome_kind <> '' OR EXISTS (SELECT 1 FROM hands h WHERE h.table_id = t2.id))) "+
		"FROM rounds r JOIN round_tables t ON t.round_id = r.id LEFT JOIN sides s ON s.table_id = t.id "+
		"WHERE r.stage_id = ? AND r.number = ? ORDER BY t.number, s.position, s.seat", stageID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var r tournament.Round
	var nextDrawn, nextStarted int
	for rows.Next() {
		var tb tournament.Table
		var sd sideRow
		dest := []any{&r.ID, &r.StageID, &r.Number, &r.Seed, &r.Override, &r.DrawnAt, &r.Locked, &tb.ID, &tb.Number, &tb.Outcome.Kind,
			&tb.Outcome.Side, &tb.Version, &tb.Match}
		if err := rows.Scan(append(append(dest, sd.dest()...), &nextDrawn, &nextStarted)...); err != nil {
			return nil, err
		}
		if k := len(r.Tables); k == 0 || r.Tables[k-1].ID != tb.ID {
			r.Tables = append(r.Tables, tb)
		}
		sd.addTo(&r.Tables[len(r.Tables)-1])
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(r.Tables) == 0 {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	at := map[int64]*tournament.Table{}
	for i := range r.Tables {
		at[r.Tables[i].ID] = &r.Tables[i]
	}
	if err := loadHands(x.sqlTx, "table_id IN (SELECT id FROM round_tables WHERE round_id = ?)", r.ID, at); err != nil {
		return nil, err
	}
	for i := range r.Tables {
		x.keepStored(&r.Tables[i])
	}
	x.next = &roundState{stageID: stageID, n: n + 1, drawn: nextDrawn > 0, started: nextStarted > 0}
	return &r, nil
}

func (x *storeTx) TableEntries(t *tournament.Table) ([]tournament.Entry, error) {
	var es []tournament.Entry
	if a := x.fresh(t); a != nil && x.conn != nil {
		es = a.entries
	} else {
		var err error
		if es, err = loadEntries(x.sqlTx, "e.id IN (SELECT entry_id FROM sides WHERE table_id = ?)", t.ID); err != nil {
			return nil, err
		}
	}
	return inOrder(es, t.People()), nil
}

// roundCount is how many rounds a stage has, as State read it.
type roundCount struct {
	stageID int64
	n       int
}

// roundState is what RoundState answers, read ahead with a table.
type roundState struct {
	stageID        int64
	n              int
	drawn, started bool
}

// tableOf reads round n of a stage (without its tables) and its table t with its sides.
func tableOf(x *sqlTx, stageID int64, n, t int) (*tournament.Round, *tournament.Table, error) {
	var r tournament.Round
	var tb tournament.Table
	var endsAt *time.Time
	var leftMS *int64
	err := x.queryRow("SELECT r.id, r.stage_id, r.number, r.seed, r.override, r.drawn_at, r.clock_ends_at, r.clock_left_ms, r.locked, t.id, t.number, t.outcome_kind, t.outcome_side, t.version, t.match_no "+
		"FROM rounds r JOIN round_tables t ON t.round_id = r.id WHERE r.stage_id = ? AND r.number = ? AND t.number = ?", stageID, n, t).
		Scan(&r.ID, &r.StageID, &r.Number, &r.Seed, &r.Override, &r.DrawnAt, &endsAt, &leftMS, &r.Locked, &tb.ID, &tb.Number, &tb.Outcome.Kind, &tb.Outcome.Side, &tb.Version, &tb.Match)
	r.Clock = clockOf(endsAt, leftMS)
	if err == sql.ErrNoRows {
		return nil, nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return nil, nil, err
	}
	at := map[int64]*tournament.Table{tb.ID: &tb}
	if err := loadSides(x, "s.table_id = ?", tb.ID, at); err != nil {
		return nil, nil, err
	}
	return &r, &tb, nil
}

// keepStored notes the hands t holds as read, by (hand, side), for the save's changes.
func (x *storeTx) keepStored(t *tournament.Table) {
	if x.stored == nil {
		x.stored = map[int64][][2]int{}
	}
	keys := make([][2]int, len(t.Hands))
	for i, h := range t.Hands {
		keys[i] = [2]int{h.Hand, h.Side}
	}
	x.stored[t.ID] = keys
}

func (x *storeTx) Scores(t *tournament.Table) error {
	t.Hands = t.Hands[:0]
	defer x.keepStored(t)
	t.Hands = nil
	if a := x.fresh(t); a != nil {
		t.Hands = slices.Clone(a.hands)
		return nil
	}
	rows, err := x.query(packedHands, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var line string
	for rows.Next() {
		if err := rows.Scan(&line); err != nil {
			return err
		}
		h, err := unpackHand(line)
		if err != nil {
			return err
		}
		t.Hands = append(t.Hands, h)
	}
	return rows.Err()
}

// packedHands reads a table's hands, each as one line of text: the 16 numbers of
// handCols joined by commas (a flag 1 or 0 on SQLite, true or false on PostgreSQL).
// Read on the save's path, one column a hand instead of 16: on SQLite each column read
// is a call into C.
const packedHands = "SELECT CAST(hand_no AS TEXT) || ',' || CAST(side AS TEXT) || ',' || CAST(form AS TEXT) || ',' || " +
	"CAST(clean AS TEXT) || ',' || CAST(dirty AS TEXT) || ',' || CAST(semi_clean AS TEXT) || ',' || CAST(closed AS TEXT) || ',' || " +
	"CAST(kitty_taken AS TEXT) || ',' || CAST(opened AS TEXT) || ',' || CAST(table_pts AS TEXT) || ',' || CAST(in_hand AS TEXT) || ',' || " +
	"CAST(kitty_left AS TEXT) || ',' || CAST(base AS TEXT) || ',' || CAST(cards AS TEXT) || ',' || CAST(total AS TEXT) || ',' || " +
	"CAST(score AS TEXT) FROM hands WHERE table_id = ? ORDER BY hand_no, side"

// unpackHand reads a line of packedHands.
func unpackHand(line string) (tournament.HandScore, error) {
	var v [16]int
	rest := line
	for i := range v {
		field := rest
		if k := strings.IndexByte(rest, ','); k >= 0 {
			field, rest = rest[:k], rest[k+1:]
		} else if i < len(v)-1 {
			return tournament.HandScore{}, fmt.Errorf("hand %q: %d numbers, not %d", line, i+1, len(v))
		} else {
			rest = ""
		}
		switch field {
		case "true":
			v[i] = 1
		case "false":
			v[i] = 0
		default:
			n, err := strconv.Atoi(field)
			if err != nil {
				return tournament.HandScore{}, fmt.Errorf("hand %q: %w", line, err)
			}
			v[i] = n
		}
	}
	if rest != "" {
		return tournament.HandScore{}, fmt.Errorf("hand %q: more than %d numbers", line, len(v))
	}
	return tournament.HandScore{Hand: v[0], Side: v[1], Score: v[15], Figures: scoring.Hand{Form: scoring.Form(v[2]),
		Clean: v[3], Dirty: v[4], SemiClean: v[5], Closed: v[6] != 0, KittyTaken: v[7] != 0, Opened: v[8] != 0,
		Table: v[9], InHand: v[10], KittyLeft: v[11], Base: v[12], Cards: v[13], Total: v[14]}}, nil
}

// fresh returns what was read ahead with table t, if the transaction has run no
// statement since.
func (x *storeTx) fresh(t *tournament.Table) *tableRead {
	if a := x.ahead; a != nil && a.id == t.ID && a.n == x.n && len(x.queue) == 0 {
		return a
	}
	return nil
}

func (x *storeTx) RoundState(stageID int64, n int) (drawn, started bool, err error) {
	if k := x.next; k != nil && k.stageID == stageID && k.n == n {
		return k.drawn, k.started, nil
	}
	var hands, outcomes int
	err = x.queryRow("SELECT (SELECT COUNT(*) FROM rounds WHERE stage_id = ? AND number = ?), "+
		"(SELECT COUNT(*) FROM hands h JOIN round_tables t ON t.id = h.table_id JOIN rounds r ON r.id = t.round_id WHERE r.stage_id = ? AND r.number = ?), "+
		"(SELECT COUNT(*) FROM round_tables t JOIN rounds r ON r.id = t.round_id WHERE r.stage_id = ? AND r.number = ? AND t.outcome_kind <> '')",
		stageID, n, stageID, n, stageID, n).Scan(&drawn, &hands, &outcomes)
	return drawn, hands+outcomes > 0, err
}

func (x *storeTx) SaveSettings(t *tournament.Tournament, s *tournament.Stage) error {
	if err := tournament.Vet(t); err != nil {
		return err
	}
	var was string
	if err := x.queryRow("SELECT tier FROM tournaments WHERE id = ?", t.ID).Scan(&was); err != nil && !isNoRows(err) {
		return err
	}
	if err := x.db.tenantTier(x.ctx, was, t.Tier); err != nil {
		return err
	}
	now := storedNow()
	n, err := x.affected("UPDATE tournaments SET name = ?, date = ?, venue = ?, notes = ?, tier = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
		t.Name, t.Date, t.Venue, t.Notes, tierOf(t), now, t.ID, t.Version)
	if err != nil {
		return err
	} else if n == 0 {
		return tournament.Errorf(tournament.ECONFLICT, "tournament.stale")
	}
	if err := x.ownScale(s.ScaleID); err != nil {
		return err
	}
	settings, rules, err := stageJSON(s)
	if err != nil {
		return err
	}
	n, err = x.affected("UPDATE stages SET format = ?, settings = ?, rules = ?, scale_id = ?, qualifiers = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
		s.Format, settings, rules, s.ScaleID, s.Qualifiers, now, s.ID, s.Version)
	if isFKViolation(err) {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"scale_id": "tournament.err.scale"}}
	} else if err != nil {
		return err
	} else if n == 0 {
		return tournament.Errorf(tournament.ECONFLICT, "tournament.stale")
	}
	t.Version++
	s.Version++
	t.UpdatedAt = now
	x.t, x.stage = nil, nil
	return nil
}

var errAlreadyEntered = tournament.Errorf(tournament.ECONFLICT, "entry.already")

func (x *storeTx) AddEntry(e *tournament.Entry) error {
	if err := tournament.Vet(e); err != nil {
		return err
	}
	club, err := x.club()
	if err != nil {
		return err
	}
	for _, m := range e.Members {
		var n, in int64
		// A member is a player of the tournament's club (another club's is not there).
		if err := x.queryRow("SELECT (SELECT COUNT(*) FROM entry_members WHERE tournament_id = ? AND player_id = ?), (SELECT COUNT(*) FROM players WHERE id = ? AND club_id = ?)",
			x.tid, m.PlayerID, m.PlayerID, club).Scan(&n, &in); err != nil {
			return err
		}
		if n > 0 {
			return errAlreadyEntered
		} else if in == 0 && m.PlayerID != 0 {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
	}
	return insertEntry(x.sqlTx, x.tid, e)
}

func insertEntry(x *sqlTx, tid int64, e *tournament.Entry) error {
	e.TournamentID = tid
	if err := x.queryRow("INSERT INTO entries (tournament_id, kind, name, club, checked_in, withdrawn, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
		tid, e.Kind, e.Name, e.Club, e.CheckedIn, e.Withdrawn, storedNow()).Scan(&e.ID); err != nil {
		return err
	}
	for i, m := range e.Members {
		if err := x.run("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) VALUES (?, ?, ?, ?)", e.ID, tid, m.PlayerID, i+1); err != nil {
			if isUniqueViolation(err) {
				return errAlreadyEntered
			}
			return err
		}
	}
	return nil
}

func (x *storeTx) SetEntry(e *tournament.Entry) error {
	n, err := x.affected("UPDATE entries SET checked_in = ?, withdrawn = ? WHERE id = ? AND tournament_id = ?", e.CheckedIn, e.Withdrawn, e.ID, x.tid)
	if err == nil && n == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return err
}

func (x *storeTx) EntryDrawn(id int64) (bool, error) {
	var n int
	err := x.queryRow("SELECT (SELECT COUNT(*) FROM sides WHERE entry_id = ?) + (SELECT COUNT(*) FROM byes WHERE entry_id = ?)", id, id).Scan(&n)
	return n > 0, err
}

func (x *storeTx) RemoveEntry(e *tournament.Entry) error {
	if err := x.run("DELETE FROM entry_members WHERE entry_id = ? AND tournament_id = ?", e.ID, x.tid); err != nil {
		return err
	}
	n, err := x.affected("DELETE FROM entries WHERE id = ? AND tournament_id = ?", e.ID, x.tid)
	if err == nil && n == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return err
}

func (x *storeTx) RestoreEntry(e *tournament.Entry) error {
	club, err := x.club()
	if err != nil {
		return err
	}
	for _, m := range e.Members {
		var n int64
		if err := x.queryRow("SELECT COUNT(*) FROM players WHERE id = ? AND club_id = ?", m.PlayerID, club).Scan(&n); err != nil {
			return err
		} else if n == 0 {
			return tournament.ErrPlayerGone
		}
		if err := x.queryRow("SELECT COUNT(*) FROM entry_members WHERE tournament_id = ? AND player_id = ?", x.tid, m.PlayerID).Scan(&n); err != nil {
			return err
		} else if n > 0 {
			return errAlreadyEntered
		}
	}
	// Back at a version past the one it was taken out at: a form read before stays stale.
	if err := x.run("INSERT INTO entries (id, tournament_id, kind, name, club, checked_in, withdrawn, version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
		e.ID, x.tid, e.Kind, e.Name, e.Club, e.CheckedIn, e.Withdrawn, e.Version+1, storedNow()); err != nil {
		return err
	}
	for i, m := range e.Members {
		if err := x.run("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) VALUES (?, ?, ?, ?)", e.ID, x.tid, m.PlayerID, i+1); err != nil {
			return err
		}
	}
	return nil
}

// Registered returns every registered player, serializing with the other registrations
// that look for a namesake (see tournament.Tx).
func (x *storeTx) Registered() ([]tournament.Player, error) {
	if x.db.postgres {
		var v any
		if err := x.queryRow("SELECT pg_advisory_xact_lock(?, ?)", migrationLock, registryLock).Scan(&v); err != nil {
			return nil, err
		}
	}
	club, err := x.club()
	if err != nil {
		return nil, err
	}
	return allPlayers(x.sqlTx, club, 0)
}

func (x *storeTx) CreatePlayer(p *tournament.Player) error {
	if err := tournament.Vet(p); err != nil {
		return err
	}
	r := toPlayerRow(p)
	club, err := x.club()
	if err != nil {
		return err
	}
	if r.CardNumber != nil {
		var n int
		if err := x.queryRow("SELECT COUNT(*) FROM players WHERE club_id = ? AND card_number = ?", club, *r.CardNumber).Scan(&n); err != nil {
			return err
		} else if n > 0 {
			return errCardTaken
		}
	}
	now := storedNow()
	r.CreatedAt, r.UpdatedAt, r.Version = now, now, 1
	err = x.queryRow("INSERT INTO players (first_name, last_name, club, card_number, email, phone, notes, active, version, search, created_at, updated_at, club_id) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id", r.FirstName, r.LastName, r.Club, r.CardNumber, r.Email, r.Phone, r.Notes,
		r.Active, r.Version, r.Search, r.CreatedAt, r.UpdatedAt, club).Scan(&r.ID)
	if isUniqueViolation(err) {
		return errCardTaken
	} else if err != nil {
		return err
	}
	if err := linkNational(x.run, []int64{r.ID}); err != nil {
		return err
	}
	*p = r.player()
	return nil
}

func (x *storeTx) AddRound(stageID int64, r *tournament.Round, subs []tournament.Entry) error {
	// The rounds State counted in this transaction are still all there are.
	k := x.last
	x.next, x.last = nil, nil
	var last int
	if k != nil && k.stageID == stageID {
		last = k.n
	} else if err := x.queryRow("SELECT COALESCE(MAX(number), 0) FROM rounds WHERE stage_id = ?", stageID).Scan(&last); err != nil {
		return err
	}
	if r.Number != last+1 {
		return tournament.Errorf(tournament.ECONFLICT, "draw.conflict")
	}
	for i := range subs {
		if err := tournament.Vet(&subs[i]); err != nil {
			return err
		}
		if err := insertEntry(x.sqlTx, x.tid, &subs[i]); err != nil {
			return err
		}
	}
	if err := tournament.Vet(r); err != nil { // its override reason
		return err
	}
	r.PlaceSubs(subs)
	r.StageID = stageID
	if err := x.queryRow("INSERT INTO rounds (stage_id, number, seed, override, drawn_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
		stageID, r.Number, r.Seed, r.Override, r.DrawnAt).Scan(&r.ID); err != nil {
		return err
	}
	return x.writeSeats(r)
}

// writeSeats inserts a round's tables (those without an ID), sides and byes.
func (x *storeTx) writeSeats(r *tournament.Round) error {
	// A new table's version starts past every version its number had in this round (a
	// table removed and seated again never repeats a version, so a sheet read before
	// cannot be saved onto other players).
	var fresh [][]any
	at := map[int]*tournament.Table{}
	for ti := range r.Tables {
		if tb := &r.Tables[ti]; tb.ID == 0 {
			fresh = append(fresh, []any{r.ID, tb.Number, tb.Match, x.tid})
			at[tb.Number] = tb
		}
	}
	err := x.insertRows("INSERT INTO round_tables (round_id, number, match_no, outcome_kind, outcome_side, version) VALUES ",
		"(?, ?, ?, '', 0, (SELECT COALESCE(MAX(e.seq), 0) + 1 FROM events e WHERE e.tournament_id = ?))", fresh,
		" RETURNING id, number, version", func(rows *sql.Rows) error {
			var id int64
			var n, version int
			if err := rows.Scan(&id, &n, &version); err != nil {
				return err
			}
			if tb := at[n]; tb != nil {
				tb.ID, tb.Version = id, version
			}
			return nil
		})
	if err != nil {
		return err
	}
	var sides, byes [][]any
	for ti := range r.Tables {
		sides = append(sides, sideRows(r.ID, &r.Tables[ti])...)
	}
	for _, b := range r.Byes {
		byes = append(byes, []any{r.ID, b.EntryID, int(b.Points), b.Awarded})
	}
	if err := x.insertRows(insertSides, sideTuple, sides, "", nil); err != nil {
		return err
	}
	return x.insertRows("INSERT INTO byes (round_id, entry_id, points, awarded) VALUES ", "(?, ?, ?, ?)", byes, "", nil)
}

// rowsPerInsert bounds the rows of one multi-row insert, and so its parameters.
const rowsPerInsert = 200

// insertRows inserts rows with multi-row statements, head + tuple per row + tail, a
// statement per rowsPerInsert rows; with scan, the statements return rows (tail
// RETURNING …) and scan reads each.
func (x *storeTx) insertRows(head, tuple string, rows [][]any, tail string, scan func(*sql.Rows) error) error {
	for len(rows) > 0 {
		chunk := rows[:min(len(rows), rowsPerInsert)]
		rows = rows[len(chunk):]
		var q strings.Builder
		q.WriteString(head)
		var args []any
		for i, r := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString(tuple)
			args = append(args, r...)
		}
		q.WriteString(tail)
		if scan == nil {
			if err := x.execOnce(q.String(), args...); err != nil {
				return err
			}
			continue
		}
		res, err := x.tx.QueryContext(x.ctx, x.db.rebind(q.String()), args...)
		if err != nil {
			return err
		}
		for res.Next() {
			if err := scan(res); err != nil {
				res.Close()
				return err
			}
		}
		if err := res.Close(); err != nil {
			return err
		}
		if err := res.Err(); err != nil {
			return err
		}
	}
	return nil
}

func (x *storeTx) CopyScale(s *tournament.Stage) error {
	x.stage = nil
	if s.ScaleID == nil {
		// No scale chosen: the copy is the format's default (s.Scale), or none.
		if s.Scale == nil {
			return x.run("UPDATE stages SET scale_copy = NULL WHERE id = ?", s.ID)
		}
		cp, err := json.Marshal(s.Scale)
		if err != nil {
			return err
		}
		return x.run("UPDATE stages SET scale_copy = ? WHERE id = ?", string(cp), s.ID)
	}
	var bands string
	var name string
	club, err := x.club()
	if err != nil {
		return err
	}
	if err := x.queryRow("SELECT name, bands FROM scales WHERE id = ? AND (club_id IS NULL OR club_id = ?)", *s.ScaleID, club).Scan(&name, &bands); isNoRows(err) {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"scale_id": "tournament.err.scale"}}
	} else if err != nil {
		return err
	}
	sc := scoring.Scale{Name: name}
	if err := json.Unmarshal([]byte(bands), &sc.Bands); err != nil {
		return fmt.Errorf("scale %d: %w", *s.ScaleID, err)
	}
	cp, err := json.Marshal(sc)
	if err != nil {
		return err
	}
	s.Scale = &sc
	return x.run("UPDATE stages SET scale_copy = ? WHERE id = ?", string(cp), s.ID)
}

func (x *storeTx) ReplaceSeats(r *tournament.Round) error {
	x.next, x.last = nil, nil
	var started int
	var locked bool
	if err := x.queryRow("SELECT (SELECT COUNT(*) FROM hands h JOIN round_tables t ON t.id = h.table_id WHERE t.round_id = ?), locked FROM rounds WHERE id = ?",
		r.ID, r.ID).Scan(&started, &locked); err != nil {
		return err
	}
	if started > 0 {
		return tournament.Errorf(tournament.ECONFLICT, "seats.started")
	}
	if locked {
		return tournament.Errorf(tournament.ECONFLICT, "round.locked", r.Number)
	}
	for _, q := range []string{"DELETE FROM sides WHERE round_id = ?", "DELETE FROM byes WHERE round_id = ?"} {
		if err := x.run(q, r.ID); err != nil {
			return err
		}
	}
	// Tables keep their rows (and versions go up); tables no longer needed are removed.
	if err := x.run("DELETE FROM round_tables WHERE round_id = ? AND number > ?", r.ID, len(r.Tables)); err != nil {
		return err
	}
	if err := x.run("UPDATE round_tables SET version = version + 1 WHERE round_id = ?", r.ID); err != nil {
		return err
	}
	for ti := range r.Tables {
		r.Tables[ti].ID = 0
		// A table kept takes its match in the new seating (the statement that reads its ID).
		if err := x.queryRow("UPDATE round_tables SET match_no = ? WHERE round_id = ? AND number = ? RETURNING id, version", r.Tables[ti].Match, r.ID, r.Tables[ti].Number).
			Scan(&r.Tables[ti].ID, &r.Tables[ti].Version); err != nil && err != sql.ErrNoRows {
			return err
		}
	}
	return x.writeSeats(r)
}

func (x *storeTx) DeleteRound(r *tournament.Round) error {
	x.next, x.last = nil, nil
	var started int
	if err := x.queryRow("SELECT COUNT(*) FROM hands h JOIN round_tables t ON t.id = h.table_id WHERE t.round_id = ?", r.ID).Scan(&started); err != nil {
		return err
	}
	if started > 0 {
		return tournament.Errorf(tournament.ECONFLICT, "draw.undo_started", r.Number)
	}
	for _, q := range []string{"DELETE FROM sides WHERE round_id = ?", "DELETE FROM byes WHERE round_id = ?",
		"DELETE FROM round_tables WHERE round_id = ?", "DELETE FROM rounds WHERE id = ?"} {
		if err := x.run(q, r.ID); err != nil {
			return err
		}
	}
	return nil
}

func (x *storeTx) DeleteStage(s *tournament.Stage) error {
	x.stage, x.next, x.last = nil, nil, nil
	var last, started int
	if err := x.queryRow("SELECT COALESCE(MAX(seq), 0) FROM stages WHERE tournament_id = ?", x.tid).Scan(&last); err != nil {
		return err
	}
	if s.Seq != last || s.Seq < 2 {
		return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	if err := x.queryRow("SELECT (SELECT COUNT(*) FROM hands h JOIN round_tables t ON t.id = h.table_id JOIN rounds r ON r.id = t.round_id WHERE r.stage_id = ?)"+
		" + (SELECT COUNT(*) FROM round_tables t JOIN rounds r ON r.id = t.round_id WHERE r.stage_id = ? AND t.outcome_kind <> '')", s.ID, s.ID).Scan(&started); err != nil {
		return err
	}
	if started > 0 {
		return tournament.Errorf(tournament.ECONFLICT, "seats.started")
	}
	const rounds = "(SELECT id FROM rounds WHERE stage_id = ?)"
	for _, q := range []string{"DELETE FROM sides WHERE round_id IN " + rounds, "DELETE FROM byes WHERE round_id IN " + rounds,
		"DELETE FROM round_tables WHERE round_id IN " + rounds, "DELETE FROM rounds WHERE stage_id = ?",
		"DELETE FROM stages WHERE id = ? AND tournament_id = ?"} {
		args := []any{s.ID}
		if strings.Contains(q, "tournament_id") {
			args = append(args, x.tid)
		}
		if err := x.run(q, args...); err != nil {
			return fmt.Errorf("remove stage %d: %w", s.Seq, err)
		}
	}
	return nil
}

func (x *storeTx) SetByes(r *tournament.Round) error {
	if err := x.run("DELETE FROM byes WHERE round_id = ?", r.ID); err != nil {
		return err
	}
	for _, b := range r.Byes {
		if err := x.run("INSERT INTO byes (round_id, entry_id, points, awarded) VALUES (?, ?, ?, ?)", r.ID, b.EntryID, int(b.Points), b.Awarded); err != nil {
			return err
		}
	}
	return nil
}

// SaveTable's writes wait to go with the command's others (sqlTx.later): on PostgreSQL
// the table's version, its hands, the reports the save closes and its log line reach
// the server in one round trip. A table whose version moved fails the transaction.
func (x *storeTx) SaveTable(t *tournament.Table) error {
	x.next, x.last = nil, nil
	number := t.Number
	if err := x.later(func(n int64) error {
		if n == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "sheet.stale", number)
		}
		return nil
	}, "UPDATE round_tables SET version = version + 1, outcome_kind = ?, outcome_side = ? WHERE id = ? AND version = ?",
		t.Outcome.Kind, t.Outcome.Side, t.ID, t.Version); err != nil {
		return err
	}
	t.Version++
	// The hands stored and not in the sheet go; the others are written over in place.
	if stored, ok := x.stored[t.ID]; ok {
		keep := map[[2]int]bool{}
		for _, h := range t.Hands {
			keep[[2]int{h.Hand, h.Side}] = true
		}
		for _, k := range stored {
			if !keep[k] {
				if err := x.later(nil, "DELETE FROM hands WHERE table_id = ? AND hand_no = ? AND side = ?", t.ID, k[0], k[1]); err != nil {
					return err
				}
			}
		}
	} else if err := x.later(nil, "DELETE FROM hands WHERE table_id = ?", t.ID); err != nil {
		return err
	}
	delete(x.stored, t.ID)
	if len(t.Hands) == 0 {
		return nil
	}
	now := storedNow()
	// The table and the time are parameters 1 and 2 of every row, numbered (SQLite's
	// ?NNN, PostgreSQL's $NNN): bound, and the time formatted, once. Numbers go as
	// int64, which database/sql passes on without converting.
	args := make([]any, 2, 2+16*len(t.Hands))
	args[0], args[1] = t.ID, now
	for _, h := range t.Hands {
		f := h.Figures
		args = append(args, int64(h.Hand), int64(h.Side), int64(f.Form), int64(f.Clean), int64(f.Dirty), int64(f.SemiClean),
			f.Closed, f.KittyTaken, f.Opened, int64(f.Table), int64(f.InHand), int64(f.KittyLeft), int64(f.Base), int64(f.Cards),
			int64(f.Total), int64(h.Score))
	}
	// One text per number of hands: written and prepared once and kept (SQLite), or kept
	// by pgx per connection (PostgreSQL).
	return x.later(nil, upsertHands(x.db.postgres, len(t.Hands)), args...)
}

// upsertTexts are the texts of upsertHands, by database and number of hands.
var upsertTexts sync.Map // upsertKey → string

type upsertKey struct {
	postgres bool
	hands    int
}

// upsertHands is the statement that writes n hands of a table over those stored: the
// table and the time are its parameters 1 and 2, each hand's 16 numbers follow.
func upsertHands(postgres bool, n int) string {
	key := upsertKey{postgres, n}
	if q, ok := upsertTexts.Load(key); ok {
		return q.(string)
	}
	mark := "?"
	if postgres {
		mark = "$"
	}
	var sql strings.Builder
	sql.WriteString("INSERT INTO hands (table_id, " + handCols + ", updated_at) VALUES ")
	for i := range n {
		if i > 0 {
			sql.WriteString(", ")
		}
		sql.WriteString("(" + mark + "1")
		for k := range 16 {
			sql.WriteString(", " + mark + strconv.Itoa(3+16*i+k))
		}
		sql.WriteString(", " + mark + "2)")
	}
	sql.WriteString(" ON CONFLICT (table_id, hand_no, side) DO UPDATE SET form = excluded.form, clean = excluded.clean, " +
		"dirty = excluded.dirty, semi_clean = excluded.semi_clean, closed = excluded.closed, kitty_taken = excluded.kitty_taken, " +
		"opened = excluded.opened, table_pts = excluded.table_pts, in_hand = excluded.in_hand, kitty_left = excluded.kitty_left, " +
		"base = excluded.base, cards = excluded.cards, total = excluded.total, score = excluded.score, updated_at = excluded.updated_at")
	q, _ := upsertTexts.LoadOrStore(key, sql.String())
	return q.(string)
}

func (x *storeTx) SetPublished(t *tournament.Tournament) error {
	now := storedNow()
	n, err := x.affected("UPDATE tournaments SET published = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
		t.Published, now, t.ID, t.Version)
	if err != nil {
		return err
	} else if n == 0 {
		return tournament.Errorf(tournament.ECONFLICT, "tournament.stale")
	}
	t.Version++
	t.UpdatedAt = now
	x.t = nil
	return nil
}

func (x *storeTx) Clock(stageID int64, n int) (tournament.Clock, error) {
	var endsAt *time.Time
	var leftMS *int64
	err := x.queryRow("SELECT clock_ends_at, clock_left_ms FROM rounds WHERE stage_id = ? AND number = ?", stageID, n).Scan(&endsAt, &leftMS)
	if err == sql.ErrNoRows {
		return tournament.Clock{}, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return clockOf(endsAt, leftMS), err
}

func (x *storeTx) SetClock(stageID int64, n int, c tournament.Clock) error {
	var leftMS *int64
	if c.Left != nil {
		ms := c.Left.Milliseconds()
		leftMS = &ms
	}
	var endsAt *time.Time
	if c.EndsAt != nil {
		t := c.EndsAt.UTC()
		endsAt = &t
	}
	rows, err := x.affected("UPDATE rounds SET clock_ends_at = ?, clock_left_ms = ? WHERE stage_id = ? AND number = ?", endsAt, leftMS, stageID, n)
	if err != nil {
		return err
	} else if rows == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return nil
}

func (x *storeTx) Log(e tournament.Event) error {
	x.t = nil // its revision moves
	data, err := eventData(&e)
	if err != nil {
		return err
	}
	var undo *string
	if len(e.Undo) > 0 {
		u := string(e.Undo)
		undo = &u
	}
	return x.later(nil, "INSERT INTO events (tournament_id, seq, at, director, kind, detail, data, stage_id, round_no, table_no, entry_id, undoes, undo) "+
		"VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE tournament_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		x.tid, x.tid, e.At, e.Director, e.Kind, e.Detail, data, e.StageID, e.Round, e.Table, e.EntryID, e.Undoes, undo)
}

func (x *storeTx) EventsFrom(seq int64) ([]tournament.Event, error) {
	return loadEvents(x.sqlTx, "tournament_id = ? AND seq >= ? ORDER BY seq", x.tid, seq)
}

func (x *storeTx) MarkUndone(seq int64) error {
	return x.run("UPDATE events SET undone_by = (SELECT MAX(seq) FROM events WHERE tournament_id = ?) WHERE tournament_id = ? AND seq = ?", x.tid, x.tid, seq)
}

func (x *storeTx) SetLocked(r *tournament.Round) error {
	return x.run("UPDATE rounds SET locked = ? WHERE id = ?", r.Locked, r.ID)
}
