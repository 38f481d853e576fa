package db

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"burraco/tournament"
)

// Imports are read and matched outside any write transaction (ImportSnapshot, in one
// read transaction) and written in short write transactions of importChunk rows each
// (WriteImport): a 10,000-pair import never holds the write lock for long, and score
// sheets are saved between its chunks. Each chunk first checks that nothing the match
// read has changed (the registry's mark, the tournament's revision) but what the
// import's own chunks wrote; if something has, or a chunk fails, the chunks already
// written are deleted and nothing of the import remains (all or nothing). The log line
// that makes the import part of the tournament's history, and the idempotency key, go
// with the last chunk.

// importChunk is how many rows (a pair: its entry and new members; or a new player) a
// write transaction of an import writes.
const importChunk = 50

// afterChunk, if not nil, runs between an import's chunks (tests set it).
var afterChunk func()

// markQuery reads the registry's mark (tournament.RegistryMark) of a club.
const markQuery = "SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(version), 0) FROM players WHERE club_id = ?"

// allPlayers reads every registered player of a club (n: about how many) in x.
func allPlayers(x *sqlTx, club int64, n int) ([]tournament.Player, error) {
	rows, err := x.query("SELECT id, first_name, last_name, club, card_number, email, phone, notes, active, version, created_at, updated_at "+
		"FROM players WHERE club_id = ? ORDER BY LOWER(last_name), LOWER(first_name), id", club)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	prs := make([]playerRow, 0, n)
	for rows.Next() {
		var r playerRow
		if err := rows.Scan(&r.ID, &r.FirstName, &r.LastName, &r.Club, &r.CardNumber, &r.Email, &r.Phone, &r.Notes, &r.Active,
			&r.Version, &r.CreatedAt, &r.UpdatedAt); err != nil {
			return nil, err
		}
		prs = append(prs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return players(prs), nil
}

// ImportSnapshot reads what an import matches against, in one read transaction (see
// tournament.BulkStore).
func (d *DB) ImportSnapshot(ctx context.Context, tid int64) (*tournament.ImportSnapshot, error) {
	club, err := d.tenantImport(ctx, tid)
	if err != nil {
		return nil, err
	}
	snap := &tournament.ImportSnapshot{Entered: map[int64]string{}}
	err = d.read(ctx, func(x *sqlTx) error {
		m := &snap.Mark
		if err := x.queryRow(markQuery, club).Scan(&m.Count, &m.MaxID, &m.Versions); err != nil {
			return err
		}
		var err error
		if snap.Registry, err = allPlayers(x, club, int(m.Count)); err != nil {
			return err
		}
		if tid == 0 {
			return nil
		}
		if err := x.queryRow("SELECT COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0) FROM tournaments t WHERE t.id = ?",
			tid).Scan(&snap.Revision); err == sql.ErrNoRows {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		} else if err != nil {
			return err
		}
		st, err := currentStage(x, tid)
		if err != nil {
			return err
		}
		snap.Pairs = st.Settings != nil && st.Settings.Pairs()
		es, err := loadEntries(x, "e.tournament_id = ?", tid)
		if err != nil {
			return err
		}
		for _, e := range es {
			for _, mb := range e.Members {
				snap.Entered[mb.PlayerID] = e.Name
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err, "import snapshot")
	}
	return snap, nil
}

// written is what an import's chunks wrote, to delete should a later one fail.
type written struct {
	players, entries []int64
}

// WriteImport writes an import in chunks (see tournament.BulkStore and the top of this
// file).
func (d *DB) WriteImport(ctx context.Context, tid int64, snap *tournament.ImportSnapshot, w *tournament.ImportWrite) error {
	for i := range w.Players {
		if err := tournament.Vet(&w.Players[i]); err != nil {
			return err
		}
	}
	for i := range w.Pairs {
		if err := tournament.Vet(&w.Pairs[i].Entry); err != nil {
			return err
		}
		for j := range w.Pairs[i].Members {
			if w.Pairs[i].Members[j].ID == 0 {
				if err := tournament.Vet(&w.Pairs[i].Members[j]); err != nil {
					return err
				}
			}
		}
	}
	club, err := d.tenantImport(ctx, tid)
	if err != nil {
		return err
	}
	ctx = context.WithoutCancel(ctx) // once begun, it ends: written whole or undone
	mark := snap.Mark
	var done written
	np, n := len(w.Players), len(w.Players)+len(w.Pairs)
	for start := 0; start < n || start == 0; start += importChunk {
		end := min(start+importChunk, n)
		last := end == n
		var wrote written // by this chunk, once it commits
		err := d.writeClaiming(ctx, last, func(x *sqlTx) error {
			wrote = written{}
			if tid != 0 {
				var rev int64
				q := "SELECT COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0) FROM tournaments t WHERE t.id = ?"
				if d.postgres {
					// The tournament's lock first, as Update takes it.
					if err := x.queryRow("SELECT id FROM tournaments WHERE id = ? FOR UPDATE", tid).Scan(&rev); err != nil {
						return err
					}
				}
				if err := x.queryRow(q, tid).Scan(&rev); err != nil {
					return err
				} else if rev != snap.Revision {
					return tournament.ErrImportChanged
				}
			}
			if d.postgres {
				// No other writer of the registry between the mark's check and the
				// commit (on SQLite the transaction is the only writer already).
				if err := x.run("LOCK TABLE players IN SHARE ROW EXCLUSIVE MODE"); err != nil {
					return err
				}
				x.lockTaken()
			}
			var now tournament.RegistryMark
			if err := x.queryRow(markQuery, club).Scan(&now.Count, &now.MaxID, &now.Versions); err != nil {
				return err
			} else if now != mark {
				return tournament.ErrImportChanged
			}
			var fresh []*tournament.Player // the players this chunk registers
			for i := start; i < min(end, np); i++ {
				fresh = append(fresh, &w.Players[i])
			}
			var pairs []*tournament.ImportPair
			for i := max(start, np); i < end; i++ {
				p := &w.Pairs[i-np]
				pairs = append(pairs, p)
				for m := range p.Members {
					if p.Members[m].ID == 0 {
						fresh = append(fresh, &p.Members[m])
					}
				}
			}
			ids, err := insertPlayers(x, club, fresh)
			wrote.players = ids
			if err != nil {
				return err
			}
			for _, p := range pairs {
				for m := range p.Members {
					p.Entry.Members[m].PlayerID = p.Members[m].ID
				}
			}
			ids, err = insertPairs(x, tid, pairs)
			wrote.entries = ids
			if err != nil {
				return err
			}
			if last && w.Log != nil {
				if err := (&storeTx{sqlTx: x, tid: tid}).Log(*w.Log); err != nil {
					return err
				}
			}
			if last && w.Wrote != nil {
				w.Wrote()
			}
			mark.Count += int64(len(fresh))
			mark.Versions += int64(len(fresh))
			if len(fresh) > 0 {
				mark.MaxID = max(mark.MaxID, fresh[len(fresh)-1].ID)
			}
			return nil
		})
		if err != nil {
			// This chunk rolled back; what the ones before wrote goes too.
			if uerr := d.unwrite(ctx, tid, done); uerr != nil {
				return fmt.Errorf("import: %w (and undoing its first chunks: %v)", err, uerr)
			}
			if isUniqueViolation(err) {
				return tournament.ErrImportChanged
			}
			return wrap(err, "import")
		}
		// Only what committed is to undo: a rolled-back chunk's IDs may be given again.
		done.players = append(done.players, wrote.players...)
		done.entries = append(done.entries, wrote.entries...)
		if afterChunk != nil && !last {
			afterChunk()
		}
	}
	return nil
}

// insertPlayers registers the players in a club, setting their IDs, with multi-row
// inserts; it returns the IDs written.
func insertPlayers(x *sqlTx, club int64, ps []*tournament.Player) ([]int64, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	now := storedNow()
	rows := make([][]any, len(ps))
	for i, p := range ps {
		r := toPlayerRow(p)
		rows[i] = []any{r.FirstName, r.LastName, r.Club, r.CardNumber, r.Email, r.Phone, r.Notes, r.Active, 1, r.Search, now, now, club}
	}
	ids := make([]int64, 0, len(ps))
	err := (&storeTx{sqlTx: x}).insertRows("INSERT INTO players (first_name, last_name, club, card_number, email, phone, notes, active, version, search, created_at, updated_at, club_id) VALUES ",
		"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows, " RETURNING id", func(r *sql.Rows) error {
			var id int64
			err := r.Scan(&id)
			ids = append(ids, id)
			return err
		})
	if err != nil {
		return ids, err
	}
	// IDs are given in the order of the rows (one writer on SQLite, a sequence on
	// PostgreSQL), whatever order RETURNING gives them back in.
	slices.Sort(ids)
	if err := linkNational(x.run, ids); err != nil {
		return ids, err
	}
	for i, p := range ps {
		p.ID, p.Version, p.CreatedAt, p.UpdatedAt = ids[i], 1, now, now
	}
	return ids, nil
}

// insertPairs enters the pairs (their members' IDs set), with multi-row inserts; it
// returns the entries' IDs.
func insertPairs(x *sqlTx, tid int64, ps []*tournament.ImportPair) ([]int64, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	now := storedNow()
	rows := make([][]any, len(ps))
	for i, p := range ps {
		e := &p.Entry
		rows[i] = []any{tid, e.Kind, e.Name, e.Club, e.CheckedIn, e.Withdrawn, now}
	}
	ids := make([]int64, 0, len(ps))
	stx := &storeTx{sqlTx: x, tid: tid}
	err := stx.insertRows("INSERT INTO entries (tournament_id, kind, name, club, checked_in, withdrawn, created_at) VALUES ",
		"(?, ?, ?, ?, ?, ?, ?)", rows, " RETURNING id", func(r *sql.Rows) error {
			var id int64
			err := r.Scan(&id)
			ids = append(ids, id)
			return err
		})
	if err != nil {
		return ids, err
	}
	slices.Sort(ids)
	var members [][]any
	for i, p := range ps {
		p.Entry.ID, p.Entry.TournamentID = ids[i], tid
		for m, mb := range p.Entry.Members {
			members = append(members, []any{ids[i], tid, mb.PlayerID, m + 1})
		}
	}
	return ids, stx.insertRows("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) VALUES ", "(?, ?, ?, ?)", members, "", nil)
}

// unwrite deletes what an import's committed chunks wrote, in chunks too.
func (d *DB) unwrite(ctx context.Context, tid int64, done written) error {
	in := func(ids []int64) (string, []any) {
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		return "(" + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + ")", args
	}
	for len(done.entries) > 0 {
		chunk := done.entries[:min(len(done.entries), importChunk)]
		done.entries = done.entries[len(chunk):]
		list, args := in(chunk)
		if err := d.writeClaiming(ctx, false, func(x *sqlTx) error {
			if err := x.execOnce("DELETE FROM entry_members WHERE entry_id IN "+list, args...); err != nil {
				return err
			}
			return x.execOnce("DELETE FROM entries WHERE id IN "+list, args...)
		}); err != nil {
			return err
		}
	}
	for len(done.players) > 0 {
		chunk := done.players[:min(len(done.players), 2*importChunk)]
		done.players = done.players[len(chunk):]
		list, args := in(chunk)
		if err := d.writeClaiming(ctx, false, func(x *sqlTx) error {
			return x.execOnce("DELETE FROM players WHERE id IN "+list, args...)
		}); err != nil {
			return err
		}
	}
	return nil
}
