package db

import (
	"context"
	"fmt"
	"strings"

	"burraco/tournament/ranking"
)

// PutRanking writes results and totals straight into the ranking's tables with
// multi-row inserts, for the benchmarks' federation-scale fixtures.
func (d *DB) PutRanking(ctx context.Context, rs []ranking.Result, ls []ranking.Line) error {
	return d.write(ctx, func(x *sqlTx) error {
		if err := insertResults(x, rs); err != nil {
			return err
		}
		return insertTotals(x, ls)
	})
}

// PutRankedTournaments writes n tournaments, each recorded as ranked at its stamp, for
// the benchmark of the worker's scan.
func (d *DB) PutRankedTournaments(ctx context.Context, n int) error {
	now := storedNow()
	return d.write(ctx, func(x *sqlTx) error {
		for i := 0; i < n; i += 500 {
			var q, r strings.Builder
			q.WriteString("INSERT INTO tournaments (name, date, venue, notes, version, created_at, updated_at) VALUES ")
			r.WriteString("INSERT INTO ranking_tournaments (tournament_id, revision, registry) SELECT id, 0, 0 FROM tournaments WHERE id NOT IN (SELECT tournament_id FROM ranking_tournaments)")
			var args []any
			for k := i; k < min(i+500, n); k++ {
				if k > i {
					q.WriteString(", ")
				}
				q.WriteString("(?, '2026-11-01', '', '', 1, ?, ?)")
				args = append(args, fmt.Sprintf("T%d", k), now, now)
			}
			if err := x.execOnce(q.String(), args...); err != nil {
				return err
			}
			if err := x.execOnce(r.String()); err != nil {
				return err
			}
		}
		return nil
	})
}
