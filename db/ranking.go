package db

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"burraco/tournament"
	"burraco/tournament/ranking"
	"burraco/tournament/rankings"
)

// The ranking's store (tournament/rankings.Store). Its methods are the federation's:
// they reach every club's tournaments, and only the ranking's worker writes with them.

// RankingState implements rankings.Store.
func (d *DB) RankingState(ctx context.Context) (rankings.State, error) {
	var st rankings.State
	err := d.read(ctx, func(x *sqlTx) error { return rankingState(x, &st) })
	return st, wrap(err, "ranking state")
}

func rankingState(x *sqlTx, st *rankings.State) error {
	var settings string
	var at *time.Time
	if err := x.queryRow("SELECT settings, version, revision, as_of, priced, updated_at FROM ranking WHERE id = 1").
		Scan(&settings, &st.Version, &st.Revision, &st.AsOf, &st.Priced, &at); err != nil {
		return err
	}
	if at != nil {
		st.UpdatedAt = at.UTC()
	}
	if settings == "" {
		st.Settings = ranking.Defaults()
		return nil
	}
	if err := json.Unmarshal([]byte(settings), &st.Settings); err != nil {
		return fmt.Errorf("ranking settings: %w", err)
	}
	return nil
}

// SaveRankingSettings implements rankings.Store.
func (d *DB) SaveRankingSettings(ctx context.Context, s ranking.Settings, version int) (rankings.State, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return rankings.State{}, fmt.Errorf("save ranking settings: %w", err)
	}
	var st rankings.State
	err = d.write(ctx, func(x *sqlTx) error {
		n, err := x.affected("UPDATE ranking SET settings = ?, version = version + 1, revision = revision + 1, updated_at = ? "+
			"WHERE id = 1 AND version = ?", string(b), storedNow(), version)
		if err != nil {
			return err
		}
		if n == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "ranking.stale")
		}
		return rankingState(x, &st)
	})
	return st, wrap(err, "save ranking settings")
}

// rankingLockKey is the PostgreSQL advisory lock of the ranking's worker ("rank").
const rankingLockKey = 0x72616e6b

// RankingLock implements rankings.Store: on PostgreSQL a session advisory lock, tried,
// on a connection of its own held until release; SQLite has one process.
func (d *DB) RankingLock(ctx context.Context) (func(), bool, error) {
	if !d.postgres {
		return func() {}, true, nil
	}
	conn, err := d.sql.Conn(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("ranking lock: %w", err)
	}
	var ok bool
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1)", rankingLockKey).Scan(&ok); err != nil || !ok {
		conn.Close()
		return nil, false, wrap(err, "ranking lock")
	}
	return func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", rankingLockKey)
		conn.Close()
	}, true, nil
}

// revisionCol is a tournament's log's latest number (its stamp's revision).
const revisionCol = "COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0)"

// RankingChanges implements rankings.Store.
func (d *DB) RankingChanges(ctx context.Context, limit int) ([]rankings.Change, error) {
	out := []rankings.Change{}
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT t.id, "+revisionCol+", t.registry, t.club_id, t.tier FROM tournaments t "+
			"LEFT JOIN ranking_tournaments r ON r.tournament_id = t.id "+
			"WHERE r.tournament_id IS NULL OR r.registry <> t.registry OR r.revision <> "+revisionCol+" ORDER BY t.id LIMIT ?", limit)
		if err != nil {
			return err
		}
		for rows.Next() {
			var c rankings.Change
			var tier string
			if err := rows.Scan(&c.TournamentID, &c.Stamp.Revision, &c.Stamp.Registry, &c.ClubID, &tier); err != nil {
				rows.Close()
				return err
			}
			c.Tier = ranking.Tier(tier)
			out = append(out, c)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if len(out) >= limit {
			return nil
		}
		rows, err = x.query("SELECT r.tournament_id FROM ranking_tournaments r LEFT JOIN tournaments t ON t.id = r.tournament_id "+
			"WHERE t.id IS NULL ORDER BY r.tournament_id LIMIT ?", limit-len(out))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c := rankings.Change{Gone: true}
			if err := rows.Scan(&c.TournamentID); err != nil {
				return err
			}
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, wrap(err, "ranking changes")
}

// idList writes n placeholders for an IN list: "(?, ?, ?)".
func idList(n int) string {
	return "(" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")"
}

// inChunks calls fn with ids in chunks small enough for one statement.
func inChunks(ids []int64, fn func(chunk []int64, args []any) error) error {
	const size = 500
	for i := 0; i < len(ids); i += size {
		chunk := ids[i:min(i+size, len(ids))]
		args := make([]any, len(chunk))
		for k, id := range chunk {
			args[k] = id
		}
		if err := fn(chunk, args); err != nil {
			return err
		}
	}
	return nil
}

// NationalIDs implements rankings.Store.
func (d *DB) NationalIDs(ctx context.Context, playerIDs []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	err := d.read(ctx, func(x *sqlTx) error {
		return inChunks(playerIDs, func(chunk []int64, args []any) error {
			rows, err := x.tx.QueryContext(x.ctx, x.db.rebind("SELECT id, national_id FROM players WHERE national_id IS NOT NULL AND id IN "+idList(len(chunk))), args...)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id, nid int64
				if err := rows.Scan(&id, &nid); err != nil {
					return err
				}
				out[id] = nid
			}
			return rows.Err()
		})
	})
	return out, wrap(err, "national ids")
}

// resultCols are a stored result's columns, read by scanResult.
const resultCols = "tournament_id, national_id, club_id, date, tier, field, place, shared, points, counted"

func scanResult(rows interface{ Scan(...any) error }, r *ranking.Result) error {
	var tier string
	err := rows.Scan(&r.TournamentID, &r.PlayerID, &r.ClubID, &r.Date, &tier, &r.Field, &r.Place, &r.Shared, &r.Points, &r.Counted)
	r.Tier = ranking.Tier(tier)
	return err
}

// insertResults writes results with multi-row inserts.
func insertResults(x *sqlTx, rs []ranking.Result) error {
	const per = 500 // rows a statement: 5,000 arguments, under both databases' limits
	for i := 0; i < len(rs); i += per {
		part := rs[i:min(i+per, len(rs))]
		var q strings.Builder
		q.WriteString("INSERT INTO ranking_results (" + resultCols + ") VALUES ")
		args := make([]any, 0, len(part)*10)
		for k, r := range part {
			if k > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.TournamentID, r.PlayerID, r.ClubID, r.Date, string(r.Tier), r.Field, r.Place, r.Shared, r.Points, r.Counted)
		}
		if err := x.execOnce(q.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// insertTotals writes lines as totals with multi-row inserts.
func insertTotals(x *sqlTx, ls []ranking.Line) error {
	const per = 1000
	for i := 0; i < len(ls); i += per {
		part := ls[i:min(i+per, len(ls))]
		var q strings.Builder
		q.WriteString("INSERT INTO ranking_totals (national_id, points, results, counted, wins, best) VALUES ")
		args := make([]any, 0, len(part)*6)
		for k, l := range part {
			if k > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?)")
			args = append(args, l.PlayerID, l.Points, l.Results, l.Counted, l.Wins, l.Best)
		}
		if err := x.execOnce(q.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// RankTournament implements rankings.Store.
func (d *DB) RankTournament(ctx context.Context, tid int64, stamp tournament.Stamp, rs []ranking.Result, line rankings.LineFunc) error {
	err := d.write(ctx, func(x *sqlTx) error {
		touched := map[int64]bool{}
		rows, err := x.query("SELECT national_id FROM ranking_results WHERE tournament_id = ?", tid)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			touched[id] = true
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := x.run("DELETE FROM ranking_results WHERE tournament_id = ?", tid); err != nil {
			return err
		}
		if err := insertResults(x, rs); err != nil {
			return err
		}
		for _, r := range rs {
			touched[r.PlayerID] = true
		}
		if err := x.run("DELETE FROM ranking_tournaments WHERE tournament_id = ?", tid); err != nil {
			return err
		}
		// A tournament gone (deleted: the hub's copy of a club's results replaced) leaves
		// no stamp, or every pass would find it gone again.
		if err := x.run("INSERT INTO ranking_tournaments (tournament_id, revision, registry) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM tournaments WHERE id = ?)",
			tid, stamp.Revision, stamp.Registry, tid); err != nil {
			return err
		}
		if len(touched) == 0 {
			return nil
		}
		ids := make([]int64, 0, len(touched))
		for id := range touched {
			ids = append(ids, id)
		}
		if err := retotal(x, ids, line); err != nil {
			return err
		}
		return x.run("UPDATE ranking SET revision = revision + 1 WHERE id = 1")
	})
	return wrap(err, "rank tournament")
}

// retotal sums the lines of players ids again from their stored results and writes
// their totals and their results' Counted where it changed.
func retotal(x *sqlTx, ids []int64, line rankings.LineFunc) error {
	return inChunks(ids, func(chunk []int64, args []any) error {
		rows, err := x.tx.QueryContext(x.ctx, x.db.rebind("SELECT "+resultCols+" FROM ranking_results WHERE national_id IN "+idList(len(chunk))+
			" ORDER BY national_id, date, tournament_id"), args...)
		if err != nil {
			return err
		}
		by := map[int64][]ranking.Result{}
		for rows.Next() {
			var r ranking.Result
			if err := scanResult(rows, &r); err != nil {
				rows.Close()
				return err
			}
			by[r.PlayerID] = append(by[r.PlayerID], r)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := x.execOnce("DELETE FROM ranking_totals WHERE national_id IN "+idList(len(chunk)), args...); err != nil {
			return err
		}
		var lines []ranking.Line
		for _, id := range chunk {
			rs := by[id]
			was := make([]bool, len(rs))
			for i := range rs {
				was[i] = rs[i].Counted
			}
			if l, ok := line(id, rs); ok {
				lines = append(lines, l)
			}
			for i := range rs {
				if rs[i].Counted != was[i] {
					if err := x.run("UPDATE ranking_results SET counted = ? WHERE tournament_id = ? AND national_id = ?", rs[i].Counted, rs[i].TournamentID, id); err != nil {
						return err
					}
				}
			}
		}
		return insertTotals(x, lines)
	})
}

// RecomputeRanking implements rankings.Store. Every result is read, priced and summed
// again; when few changed (a new day moves the window's edge) only those are updated,
// otherwise the results are written again whole.
func (d *DB) RecomputeRanking(ctx context.Context, price func(*ranking.Result), line rankings.LineFunc, asOf string, priced int) error {
	err := d.write(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT " + resultCols + " FROM ranking_results ORDER BY national_id, date, tournament_id")
		if err != nil {
			return err
		}
		var all []ranking.Result
		for rows.Next() {
			var r ranking.Result
			if err := scanResult(rows, &r); err != nil {
				rows.Close()
				return err
			}
			all = append(all, r)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		type was struct {
			points  int64
			counted bool
		}
		before := make([]was, len(all))
		for i := range all {
			before[i] = was{all[i].Points, all[i].Counted}
			price(&all[i])
		}
		var lines []ranking.Line
		for i := 0; i < len(all); {
			j := i
			for j < len(all) && all[j].PlayerID == all[i].PlayerID {
				j++
			}
			if l, ok := line(all[i].PlayerID, all[i:j]); ok {
				lines = append(lines, l)
			}
			i = j
		}
		var changed []int
		for i := range all {
			if before[i] != (was{all[i].Points, all[i].Counted}) {
				changed = append(changed, i)
			}
		}
		if len(changed) > len(all)/8 {
			if err := x.run("DELETE FROM ranking_results"); err != nil {
				return err
			}
			if err := insertResults(x, all); err != nil {
				return err
			}
		} else {
			for _, i := range changed {
				r := &all[i]
				if err := x.run("UPDATE ranking_results SET points = ?, counted = ? WHERE tournament_id = ? AND national_id = ?",
					r.Points, r.Counted, r.TournamentID, r.PlayerID); err != nil {
					return err
				}
			}
		}
		if err := x.run("DELETE FROM ranking_totals"); err != nil {
			return err
		}
		if err := insertTotals(x, lines); err != nil {
			return err
		}
		return x.run("UPDATE ranking SET revision = revision + 1, as_of = ?, priced = ? WHERE id = 1", asOf, priced)
	})
	return wrap(err, "recompute ranking")
}

// nationalStampQuery is what the ranking's pages show of the registry: its national
// players' records and the clubs' links to them.
const nationalStampQuery = "SELECT (SELECT COUNT(*) FROM national_players), (SELECT COALESCE(SUM(version), 0) FROM national_players), " +
	"(SELECT COUNT(*) FROM players WHERE national_id IS NOT NULL), (SELECT COALESCE(SUM(national_id * 131 + club_id), 0) FROM players WHERE national_id IS NOT NULL)"

// RankingNational implements rankings.Store. The stamp is read outside a write (every
// pass asks), and written only when it moved.
func (d *DB) RankingNational(ctx context.Context) (bool, error) {
	stamp := func(x *sqlTx) (now, was string, err error) {
		var a, b, c, e int64
		if err := x.queryRow(nationalStampQuery).Scan(&a, &b, &c, &e); err != nil {
			return "", "", err
		}
		now = strconv.FormatInt(a, 10) + "." + strconv.FormatInt(b, 10) + "." + strconv.FormatInt(c, 10) + "." + strconv.FormatInt(e, 10)
		err = x.queryRow("SELECT national FROM ranking WHERE id = 1").Scan(&was)
		return now, was, err
	}
	var now, was string
	if err := d.read(ctx, func(x *sqlTx) (err error) { now, was, err = stamp(x); return err }); err != nil || now == was {
		return false, wrap(err, "ranking national")
	}
	moved := false
	err := d.write(ctx, func(x *sqlTx) error {
		now, was, err := stamp(x)
		if err != nil || now == was {
			return err
		}
		moved = true
		return x.run("UPDATE ranking SET national = ?, revision = revision + 1 WHERE id = 1", now)
	})
	return moved, wrap(err, "ranking national")
}

// RankingLines implements rankings.Store.
func (d *DB) RankingLines(ctx context.Context) ([]ranking.Line, map[int64]rankings.Player, error) {
	var lines []ranking.Line
	players := map[int64]rankings.Player{}
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT t.national_id, t.points, t.results, t.counted, t.wins, t.best, COALESCE(n.first_name, ''), COALESCE(n.last_name, ''), " +
			"COALESCE(n.region, ''), COALESCE(n.category, ''), COALESCE(n.visibility, ''), n.birth_date, n.erased_at IS NOT NULL " +
			"FROM ranking_totals t LEFT JOIN national_players n ON n.id = t.national_id")
		if err != nil {
			return err
		}
		for rows.Next() {
			var l ranking.Line
			var p rankings.Player
			var erased bool
			if err := rows.Scan(&l.PlayerID, &l.Points, &l.Results, &l.Counted, &l.Wins, &l.Best, &p.FirstName, &p.LastName,
				&p.Region, &p.Category, &p.Visibility, &p.BirthDate, &erased); err != nil {
				rows.Close()
				return err
			}
			p.ID, p.Erased = l.PlayerID, erased
			lines = append(lines, l)
			players[l.PlayerID] = p
		}
		if err := rows.Close(); err != nil {
			return err
		}
		rows, err = x.query("SELECT DISTINCT national_id, club_id FROM players WHERE national_id IS NOT NULL ORDER BY national_id, club_id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var nid, cid int64
			if err := rows.Scan(&nid, &cid); err != nil {
				return err
			}
			if p, ok := players[nid]; ok {
				p.Clubs = append(p.Clubs, cid)
				players[nid] = p
			}
		}
		return rows.Err()
	})
	return lines, players, wrap(err, "ranking lines")
}

// RankingResults implements rankings.Store.
func (d *DB) RankingResults(ctx context.Context, nationalID int64) ([]ranking.Result, error) {
	out := []ranking.Result{}
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT "+resultCols+" FROM ranking_results WHERE national_id = ? ORDER BY date, tournament_id", nationalID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r ranking.Result
			if err := scanResult(rows, &r); err != nil {
				return err
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	return out, wrap(err, "ranking results")
}

// ForgetRanking implements rankings.Store.
func (d *DB) ForgetRanking(ctx context.Context) error {
	err := d.write(ctx, func(x *sqlTx) error {
		for _, q := range []string{"DELETE FROM ranking_results", "DELETE FROM ranking_totals", "DELETE FROM ranking_tournaments",
			"UPDATE ranking SET revision = revision + 1 WHERE id = 1"} {
			if err := x.run(q); err != nil {
				return err
			}
		}
		return nil
	})
	return wrap(err, "forget ranking")
}

var _ rankings.Store = (*DB)(nil)

// tierOf is a tournament's tier as stored (club when unset: a document exported before
// tiers).
func tierOf(t *tournament.Tournament) string {
	if t.Tier == "" {
		return string(ranking.TierClub)
	}
	return t.Tier
}

// RankingClubs implements rankings.Store.
func (d *DB) RankingClubs(ctx context.Context) ([]rankings.Club, error) {
	out := []rankings.Club{}
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT id, name FROM clubs ORDER BY name, id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c rankings.Club
			if err := rows.Scan(&c.ID, &c.Name); err != nil {
				return err
			}
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, wrap(err, "ranking clubs")
}
