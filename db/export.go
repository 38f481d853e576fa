package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"burraco/tournament"
)

// Export reads a tournament whole, every stage, in one read transaction.
func (d *DB) Export(ctx context.Context, tid int64) (*tournament.Document, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, err
	}
	doc := &tournament.Document{Kind: tournament.DocumentKind, Version: tournament.DocumentVersion}
	err := d.read(ctx, func(x *sqlTx) error {
		t, err := scanTournament(x.queryRow("SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", tid))
		if err != nil {
			return err
		}
		doc.Tournament = t
		rows, err := x.query("SELECT "+stageCols+" FROM stages WHERE tournament_id = ? ORDER BY seq", tid)
		if err != nil {
			return err
		}
		var stages []*tournament.Stage
		for rows.Next() {
			s, err := d.scanStage(rows)
			if err != nil {
				rows.Close()
				return err
			}
			stages = append(stages, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, s := range stages {
			st, err := loadStage(x, t, s)
			if err != nil {
				return err
			}
			raw, err := json.Marshal(s.Settings)
			if err != nil {
				return err
			}
			doc.Entries = st.Entries
			doc.Stages = append(doc.Stages, tournament.StageRounds{Stage: *s, Settings: raw, Rounds: st.Rounds, Lineups: st.Lineups})
		}
		if doc.Entries == nil {
			if doc.Entries, err = loadEntries(x, "e.tournament_id = ?", tid); err != nil {
				return err
			}
		}
		evs, err := loadEvents(x, "tournament_id = ? ORDER BY seq", tid)
		if err != nil {
			return err
		}
		// The players of an entry removed (its removal's undo data) come too, so the removal
		// can be undone after an import.
		removed := []any{tid}
		for _, e := range evs {
			doc.Events = append(doc.Events, tournament.LoggedEvent{Event: e, Undo: e.Undo})
			var was tournament.Entry
			if e.Kind == "entry_remove" && json.Unmarshal(e.Undo, &was) == nil {
				for _, m := range was.Members {
					removed = append(removed, m.PlayerID)
				}
			}
		}
		prows, err := x.query("SELECT id, first_name, last_name, club, card_number, email, phone, notes, active, version, created_at, updated_at "+
			"FROM players WHERE id IN (SELECT player_id FROM entry_members WHERE tournament_id = ?)"+
			strings.Repeat(" OR id = ?", len(removed)-1)+" ORDER BY id", removed...)
		if err != nil {
			return err
		}
		defer prows.Close()
		var prs []playerRow
		for prows.Next() {
			var r playerRow
			if err := prows.Scan(&r.ID, &r.FirstName, &r.LastName, &r.Club, &r.CardNumber, &r.Email, &r.Phone, &r.Notes, &r.Active,
				&r.Version, &r.CreatedAt, &r.UpdatedAt); err != nil {
				return err
			}
			prs = append(prs, r)
		}
		if err := prows.Err(); err != nil {
			return err
		}
		doc.Players = players(prs)
		// A removal whose player has left the registry since (merged into another) cannot
		// be undone here, nor after an import: its line goes without undo data.
		have := map[int64]bool{}
		for _, p := range prs {
			have[p.ID] = true
		}
		for i, e := range doc.Events {
			var was tournament.Entry
			if e.Kind == "entry_remove" && json.Unmarshal(e.Undo, &was) == nil {
				for _, m := range was.Members {
					if !have[m.PlayerID] {
						doc.Events[i].Undo = nil
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err, "export tournament")
	}
	return doc, nil
}

// Import writes a tournament document with its own IDs, in one write transaction.
func (d *DB) Import(ctx context.Context, doc *tournament.Document) error {
	if err := tournament.Vet(doc); err != nil {
		return err
	}
	club, err := d.tenantNew(ctx)
	if err != nil {
		return err
	}
	if err := d.tenantTier(ctx, "", doc.Tournament.Tier); err != nil {
		return err
	}
	err = d.write(ctx, func(x *sqlTx) error {
		var n int
		if err := x.queryRow("SELECT COUNT(*) FROM tournaments WHERE id = ?", doc.Tournament.ID).Scan(&n); err != nil {
			return err
		} else if n > 0 {
			return tournament.Errorf(tournament.ECONFLICT, "import.exists", doc.Tournament.ID)
		}
		return d.importDoc(x, doc, club)
	})
	if err == nil {
		d.tournamentClubs.Store(doc.Tournament.ID, club)
	}
	if isUniqueViolation(err) {
		// The tournament was not here (checked first, in the transaction): the number
		// of one of its entries, stages, rounds or tables is another tournament's.
		return tournament.Errorf(tournament.ECONFLICT, "import.ids_taken", doc.Tournament.ID)
	}
	if isFKViolation(err) {
		// The service checks every reference inside the document first; this is the
		// database saying the same of one it missed: the document's fault, not ours.
		return tournament.Errorf(tournament.EINVALID, "import.inconsistent")
	}
	return wrap(err, "import tournament")
}

// importDoc writes a document with its own IDs into club inside a write transaction
// (players of the club already here with the same name and card are kept; one of
// another club with the document's player's number is a clash).
func (d *DB) importDoc(x *sqlTx, doc *tournament.Document, club int64) error {
	var fresh []int64
	for _, p := range doc.Players {
		var first, last string
		var card *string
		var in int64
		err := x.queryRow("SELECT first_name, last_name, card_number, club_id FROM players WHERE id = ?", p.ID).Scan(&first, &last, &card, &in)
		switch {
		case err == nil:
			if in != club || first != p.FirstName || last != p.LastName || (card == nil) != (p.CardNumber == "") || (card != nil && *card != p.CardNumber) {
				return tournament.Errorf(tournament.ECONFLICT, "import.player_clash", p.FullName())
			}
			continue // the same player, already in the registry
		case !isNoRows(err):
			return err
		}
		r := toPlayerRow(&p)
		if err := x.run("INSERT INTO players (id, first_name, last_name, club, card_number, email, phone, notes, active, version, search, created_at, updated_at, club_id) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", r.ID, r.FirstName, r.LastName, r.Club, r.CardNumber, r.Email, r.Phone, r.Notes,
			r.Active, r.Version, r.Search, r.CreatedAt, r.UpdatedAt, club); err != nil {
			return fmt.Errorf("player %d: %w", p.ID, err)
		}
		fresh = append(fresh, p.ID)
	}
	if err := linkNational(x.run, fresh); err != nil {
		return err
	}
	t := doc.Tournament
	if err := x.run("INSERT INTO tournaments (id, name, date, venue, notes, tier, version, published, created_at, updated_at, club_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		t.ID, t.Name, t.Date, t.Venue, t.Notes, tierOf(&t), t.Version, t.Published, t.CreatedAt, t.UpdatedAt, club); err != nil {
		return err
	}
	now := storedNow()
	for _, e := range doc.Entries {
		if err := x.run("INSERT INTO entries (id, tournament_id, kind, name, club, checked_in, withdrawn, version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
			e.ID, t.ID, e.Kind, e.Name, e.Club, e.CheckedIn, e.Withdrawn, max(e.Version, 1), now); err != nil {
			return fmt.Errorf("entry %d: %w", e.ID, err)
		}
		for i, m := range e.Members {
			if err := x.run("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) VALUES (?, ?, ?, ?)", e.ID, t.ID, m.PlayerID, i+1); err != nil {
				return fmt.Errorf("entry %d: %w", e.ID, err)
			}
		}
	}
	for _, sr := range doc.Stages {
		if err := importStage(x, t.ID, &sr, now); err != nil {
			return err
		}
	}
	for _, e := range doc.Events {
		e.Event.Undo = e.Undo
		data, err := eventData(&e.Event)
		if err != nil {
			return err
		}
		var undo *string
		if len(e.Undo) > 0 {
			u := string(e.Undo)
			undo = &u
		}
		if err := x.run("INSERT INTO events (tournament_id, seq, at, director, kind, detail, data, stage_id, round_no, table_no, entry_id, undoes, undone_by, undo) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", t.ID, e.ID, e.At, e.Director, e.Kind, e.Detail, data, e.StageID, e.Round, e.Table,
			e.EntryID, e.Undoes, e.UndoneBy, undo); err != nil {
			return fmt.Errorf("event %d: %w", e.ID, err)
		}
	}
	if d.postgres {
		for _, tb := range []string{"players", "tournaments", "stages", "entries", "rounds", "round_tables"} {
			if err := x.run(fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), COALESCE((SELECT MAX(id) FROM %s), 0) + 1, false)", tb, tb)); err != nil {
				return err
			}
		}
	}
	return nil
}

// importStage writes a stage with its rounds, tables, sides, byes and hands. A VP scale
// the database does not have is not referenced (the stage keeps its copy).
func importStage(x *sqlTx, tid int64, sr *tournament.StageRounds, now time.Time) error {
	s := &sr.Stage
	rules, err := json.Marshal(s.Rules)
	if err != nil {
		return err
	}
	var scaleCopy *string
	if s.Scale != nil {
		b, err := json.Marshal(s.Scale)
		if err != nil {
			return err
		}
		c := string(b)
		scaleCopy = &c
	}
	scaleID := s.ScaleID
	if scaleID != nil {
		var n int
		// A scale here, built in or the tournament's club's (another club's is not there).
		if err := x.queryRow("SELECT COUNT(*) FROM scales WHERE id = ? AND (club_id IS NULL OR club_id = (SELECT club_id FROM tournaments WHERE id = ?))",
			*scaleID, tid).Scan(&n); err != nil {
			return err
		} else if n == 0 {
			scaleID = nil
		}
	}
	if err := x.run("INSERT INTO stages (id, tournament_id, seq, format, settings, rules, scale_id, scale_copy, qualifiers, from_stage_id, start_mode, version, created_at, updated_at) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", s.ID, tid, s.Seq, s.Format, string(sr.Settings), string(rules), scaleID, scaleCopy,
		s.Qualifiers, s.FromStageID, s.Start, s.Version, now, now); err != nil {
		return fmt.Errorf("stage %d: %w", s.ID, err)
	}
	for _, r := range sr.Rounds {
		var leftMS *int64
		if r.Clock.Left != nil {
			ms := r.Clock.Left.Milliseconds()
			leftMS = &ms
		}
		if err := x.run("INSERT INTO rounds (id, stage_id, number, seed, override, drawn_at, clock_ends_at, clock_left_ms, locked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
			r.ID, s.ID, r.Number, r.Seed, r.Override, r.DrawnAt, r.Clock.EndsAt, leftMS, r.Locked); err != nil {
			return fmt.Errorf("round %d: %w", r.ID, err)
		}
		for _, tb := range r.Tables {
			if err := x.run("INSERT INTO round_tables (id, round_id, number, match_no, outcome_kind, outcome_side, version) VALUES (?, ?, ?, ?, ?, ?, ?)",
				tb.ID, r.ID, tb.Number, tb.Match, tb.Outcome.Kind, tb.Outcome.Side, tb.Version); err != nil {
				return fmt.Errorf("table %d: %w", tb.ID, err)
			}
			for _, row := range sideRows(r.ID, &tb) {
				if err := x.run(insertSides+sideTuple, row...); err != nil {
					return fmt.Errorf("table %d: %w", tb.ID, err)
				}
			}
			for _, h := range tb.Hands {
				f := h.Figures
				if err := x.run("INSERT INTO hands (table_id, "+handCols+", updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
					tb.ID, h.Hand, h.Side, int(f.Form), f.Clean, f.Dirty, f.SemiClean, f.Closed, f.KittyTaken, f.Opened,
					f.Table, f.InHand, f.KittyLeft, f.Base, f.Cards, f.Total, h.Score, now); err != nil {
					return fmt.Errorf("table %d: %w", tb.ID, err)
				}
			}
		}
		for _, b := range r.Byes {
			if err := x.run("INSERT INTO byes (round_id, entry_id, points, awarded) VALUES (?, ?, ?, ?)", r.ID, b.EntryID, int(b.Points), b.Awarded); err != nil {
				return fmt.Errorf("round %d: %w", r.ID, err)
			}
		}
	}
	for _, l := range sr.Lineups {
		if err := x.run("INSERT INTO lineups ("+lineupCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			s.ID, l.Round, l.EntryID, l.Pairs[0][0], l.Pairs[0][1], l.Pairs[1][0], l.Pairs[1][1], l.Version); err != nil {
			return fmt.Errorf("stage %d, line-up of entry %d: %w", s.ID, l.EntryID, err)
		}
	}
	return nil
}

// Backup writes a consistent copy of the whole database to w: SQLite's VACUUM INTO a
// temporary file beside the database, streamed and removed. The copy is a plain SQLite
// file (no WAL to go with it), ready to be opened.
func (d *DB) Backup(ctx context.Context, w io.Writer) error {
	if err := d.tenantWhole(ctx); err != nil {
		return err
	}
	if d.postgres {
		// Not a fault: the database's own tool does it (docs/DEPLOY.md).
		return tournament.Errorf(tournament.ECONFLICT, "backup.postgres")
	}
	dir, err := os.MkdirTemp("", "burraco-backup-")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "burraco.db")
	if _, err := d.sql.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
