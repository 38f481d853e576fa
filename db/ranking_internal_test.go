package db

import (
	"context"

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
