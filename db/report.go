package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"burraco/tournament"
)

// Table reporting (migration 12): the store's side of tournament.ReportStore and
// tournament.ReportTx.

var (
	_ tournament.ReportStore = (*DB)(nil)
	_ tournament.ReportTx    = (*storeTx)(nil)
)

const reportCols = "id, tournament_id, stage_id, round_no, table_no, code, seat, answers, state, sheet, confirmed, prior, version, created_at, updated_at"

func scanReport(sc interface{ Scan(...any) error }) (tournament.Report, error) {
	var r tournament.Report
	var sheet, confirmed string
	err := sc.Scan(&r.ID, &r.TournamentID, &r.StageID, &r.Round, &r.Table, &r.Code, &r.Seat, &r.Answers, &r.State, &sheet,
		&confirmed, &r.Prior, &r.Version, &r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal([]byte(sheet), &r.Sheet); err != nil {
		return r, fmt.Errorf("report %d: %w", r.ID, err)
	}
	if confirmed != "" {
		if err := json.Unmarshal([]byte(confirmed), &r.Confirmed); err != nil {
			return r, fmt.Errorf("report %d: %w", r.ID, err)
		}
	}
	return r, nil
}

func loadReports(x *sqlTx, where string, args ...any) ([]tournament.Report, error) {
	rows, err := x.query("SELECT "+reportCols+" FROM reports WHERE "+where+" ORDER BY id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.Report
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

const codeCols = "code, tournament_id, stage_id, round_no, table_no, pins"

func scanCode(sc interface{ Scan(...any) error }) (tournament.TableCode, error) {
	var c tournament.TableCode
	var pins string
	if err := sc.Scan(&c.Code, &c.TournamentID, &c.StageID, &c.Round, &c.Table, &pins); err != nil {
		return c, err
	}
	if pins != "" {
		c.PINs = strings.Split(pins, ",")
	}
	return c, nil
}

func readSettings(x *sqlTx, tid int64) (tournament.ReportSettings, error) {
	rs := tournament.ReportSettings{PIN: tournament.PINRandom}
	err := x.queryRow("SELECT reporting, auto_accept, pin, version FROM report_settings WHERE tournament_id = ?", tid).
		Scan(&rs.Reporting, &rs.AutoAccept, &rs.PIN, &rs.Version)
	if err == sql.ErrNoRows {
		return rs, nil
	}
	return rs, err
}

// FindCode returns a table code (ENOTFOUND).
func (d *DB) FindCode(ctx context.Context, code string) (*tournament.TableCode, error) {
	var c tournament.TableCode
	err := d.read(ctx, func(x *sqlTx) error {
		var err error
		c, err = scanCode(x.queryRow("SELECT "+codeCols+" FROM table_codes WHERE code = ?", code))
		return err
	})
	if err == sql.ErrNoRows {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return nil, wrap(err, "find table code")
	}
	// The phones' routes run with a System scope (they are let in by the code and the
	// seat's PIN); a director's scope reaches only its clubs' codes.
	if err := d.tenantTournament(ctx, c.TournamentID, false); err != nil {
		return nil, err
	}
	return &c, nil
}

// ReportSettings returns a tournament's reporting settings (the defaults when none).
func (d *DB) ReportSettings(ctx context.Context, tid int64) (tournament.ReportSettings, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return tournament.ReportSettings{}, err
	}
	var rs tournament.ReportSettings
	err := d.read(ctx, func(x *sqlTx) error {
		var err error
		rs, err = readSettings(x, tid)
		return err
	})
	return rs, wrap(err, "report settings")
}

// RoundReports returns the codes of round n of a stage and its reports, oldest first.
func (d *DB) RoundReports(ctx context.Context, tid, stageID int64, n int) ([]tournament.TableCode, []tournament.Report, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, nil, err
	}
	var codes []tournament.TableCode
	var reps []tournament.Report
	err := d.read(ctx, func(x *sqlTx) error {
		codes = nil
		rows, err := x.query("SELECT "+codeCols+" FROM table_codes WHERE tournament_id = ? AND stage_id = ? AND round_no = ? ORDER BY table_no", tid, stageID, n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanCode(rows)
			if err != nil {
				return err
			}
			codes = append(codes, c)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		reps, err = loadReports(x, "tournament_id = ? AND stage_id = ? AND round_no = ?", tid, stageID, n)
		return err
	})
	return codes, reps, wrap(err, "round reports")
}

// Failures counts the failures recorded under each key since a time (the table of
// login failures, under keys of their own), in one query.
func (d *DB) Failures(ctx context.Context, keys []string, since time.Time) (map[string]int, error) {
	out := map[string]int{}
	if len(keys) == 0 {
		return out, nil
	}
	var rows []struct {
		Key string
		N   int
	}
	err := d.gorm.WithContext(ctx).Model(&loginFailureRow{}).Select("key, COUNT(*) AS n").
		Where("key IN ? AND at >= ?", keys, since).Group("key").Scan(&rows).Error
	if err != nil {
		return nil, wrap(err, "count report failures")
	}
	for _, r := range rows {
		out[r.Key] = r.N
	}
	return out, nil
}

// ClearFailures forgets every failure of a key.
func (d *DB) ClearFailures(ctx context.Context, key string) error {
	return d.ClearLoginFailures(ctx, key)
}

// Fail records a failure under each key, in one transaction, and returns the rows' IDs.
func (d *DB) Fail(ctx context.Context, keys []string, at time.Time) ([]int64, error) {
	ids := make([]int64, 0, len(keys))
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if d.postgres {
			// A failure lost in a crash costs a guesser one try: not worth a flush to disk
			// per wrong code (issue 33: a room of guesses must not slow the server).
			if err := tx.Exec("SET LOCAL synchronous_commit TO OFF").Error; err != nil {
				return err
			}
		}
		if err := tx.Where("at < ?", at.Add(-24*time.Hour)).Delete(&loginFailureRow{}).Error; err != nil {
			return err
		}
		for _, k := range keys {
			row := loginFailureRow{Key: k, At: at}
			if err := tx.Create(&row).Error; err != nil {
				return err
			}
			ids = append(ids, row.ID)
		}
		return nil
	})
	return ids, wrap(err, "record report failures")
}

// Forget removes failures recorded, by ID.
func (d *DB) Forget(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	err := d.gorm.WithContext(ctx).Where("id IN ?", ids).Delete(&loginFailureRow{}).Error
	return wrap(err, "forget report failures")
}

func (x *storeTx) ReportSettings() (tournament.ReportSettings, error) {
	return readSettings(x.sqlTx, x.tid)
}

func (x *storeTx) SaveReportSettings(rs *tournament.ReportSettings) error {
	n, err := x.affected("UPDATE report_settings SET reporting = ?, auto_accept = ?, pin = ?, version = version + 1 WHERE tournament_id = ? AND version = ?",
		rs.Reporting, rs.AutoAccept, rs.PIN, x.tid, rs.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		if rs.Version != 0 {
			return tournament.Errorf(tournament.ECONFLICT, "report.settings_stale")
		}
		if err := x.run("INSERT INTO report_settings (tournament_id, reporting, auto_accept, pin, version) VALUES (?, ?, ?, ?, 1)",
			x.tid, rs.Reporting, rs.AutoAccept, rs.PIN); err != nil {
			return err
		}
	}
	rs.Version++
	return nil
}

func (x *storeTx) AddCodes(stageID int64, n int, codes []tournament.TableCode) error {
	if len(codes) == 0 {
		return nil
	}
	var q strings.Builder
	q.WriteString("INSERT INTO table_codes (" + codeCols + ") VALUES ")
	args := make([]any, 0, 6*len(codes))
	for i, c := range codes {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?, ?, ?)")
		args = append(args, c.Code, x.tid, stageID, n, c.Table, strings.Join(c.PINs, ","))
	}
	q.WriteString(" ON CONFLICT (stage_id, round_no, table_no) DO NOTHING")
	return x.execOnce(q.String(), args...)
}

func (x *storeTx) DeleteCodes(stageID int64, n int) error {
	if err := x.run("DELETE FROM reports WHERE tournament_id = ? AND stage_id = ? AND round_no = ?", x.tid, stageID, n); err != nil {
		return err
	}
	return x.run("DELETE FROM table_codes WHERE tournament_id = ? AND stage_id = ? AND round_no = ?", x.tid, stageID, n)
}

func (x *storeTx) CodesTaken(codes []string) ([]string, error) {
	if len(codes) == 0 {
		return nil, nil
	}
	args := make([]any, len(codes))
	for i, c := range codes {
		args[i] = c
	}
	rows, err := x.query("SELECT code FROM table_codes WHERE code IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(codes)), ", ")+")", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var taken []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		taken = append(taken, c)
	}
	return taken, rows.Err()
}

func (x *storeTx) TableReports(stageID int64, n, t int) ([]tournament.Report, error) {
	return loadReports(x.sqlTx, "tournament_id = ? AND stage_id = ? AND round_no = ? AND table_no = ?", x.tid, stageID, n, t)
}

func reportData(r *tournament.Report) (sheet, confirmed string, err error) {
	b, err := json.Marshal(r.Sheet)
	if err != nil {
		return "", "", err
	}
	c := []byte{}
	if len(r.Confirmed) > 0 {
		if c, err = json.Marshal(r.Confirmed); err != nil {
			return "", "", err
		}
	}
	return string(b), string(c), nil
}

func (x *storeTx) AddReport(r *tournament.Report) error {
	x.live = nil
	sheet, confirmed, err := reportData(r)
	if err != nil {
		return err
	}
	r.Version = 1
	return x.queryRow("INSERT INTO reports (tournament_id, stage_id, round_no, table_no, code, seat, answers, state, sheet, confirmed, prior, closed_by, version, created_at, updated_at) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 0, 1, ?, ?) RETURNING id",
		x.tid, r.StageID, r.Round, r.Table, r.Code, r.Seat, r.Answers, r.State, sheet, confirmed, r.CreatedAt, r.UpdatedAt).Scan(&r.ID)
}

func (x *storeTx) SaveReport(r *tournament.Report) error {
	x.live = nil
	sheet, confirmed, err := reportData(r)
	if err != nil {
		return err
	}
	n, err := x.affected("UPDATE reports SET state = ?, sheet = ?, confirmed = ?, updated_at = ?, version = version + 1 WHERE id = ? AND tournament_id = ? AND version = ?",
		r.State, sheet, confirmed, r.UpdatedAt, r.ID, x.tid, r.Version)
	if err != nil {
		return err
	} else if n == 0 {
		return tournament.Errorf(tournament.ECONFLICT, "report.stale", r.Table)
	}
	r.Version++
	return nil
}

func (x *storeTx) CloseReports(stageID int64, n, t int, accepted, by int64) error {
	if x.noLiveReports(stageID, n, t) {
		return nil // none to close: the statement would change no row
	}
	x.live = nil
	return x.later(nil, "UPDATE reports SET prior = state, closed_by = ?, version = version + 1, "+
		"state = CASE WHEN id = ? THEN 'accepted' ELSE 'superseded' END "+
		"WHERE tournament_id = ? AND stage_id = ? AND round_no = ? AND table_no = ? AND state IN ('reported', 'confirmed', 'disputed', 'accepted')",
		by, accepted, x.tid, stageID, n, t)
}

func (x *storeTx) ReopenReports(stageID int64, n, t int, by int64) error {
	x.live = nil
	return x.run("UPDATE reports SET state = prior, prior = '', closed_by = 0, version = version + 1 "+
		"WHERE tournament_id = ? AND stage_id = ? AND round_no = ? AND table_no = ? AND closed_by = ? AND prior <> ''",
		x.tid, stageID, n, t, by)
}
