package db_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/tournament/ranking"
)

// BenchmarkRankingFederation: the ranking's store at federation scale (20,000 national
// players, 500 clubs, 100,000 evenings of 4 to 20 entries in the window: about 1.2
// million results, written with multi-row inserts), SQLite. One newly final evening
// ranked (its results written, its players' totals summed again: RankTournament, target
// ≤ 1 s); a full recompute after a change of settings (every result priced again and
// written, every total: RecomputeRanking, target ≤ 60 s); beside a floor measured in the
// same run: a raw read of every result row, ordered by player. And the worker's scan of
// 100,000 tournaments for a moved stamp.
func BenchmarkRankingFederation(b *testing.B) {
	if dbtest.OnPostgres() {
		b.Skip("SQLite")
	}
	ctx := context.Background()
	d, err := db.Open(dbtest.DSN(b))
	require.NoError(b, err)
	defer d.Close()
	asOf := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	set := ranking.Defaults()
	r := rand.New(rand.NewPCG(20, 500))
	byPlayer := map[int64][]ranking.Result{}
	var all []ranking.Result
	for i := 1; i <= 100000; i++ {
		field := 4 + r.IntN(17)
		ev := ranking.Evening{TournamentID: int64(i), ClubID: int64(1 + r.IntN(500)), Tier: ranking.Tiers[r.IntN(10)/8],
			Date: asOf.AddDate(0, 0, -r.IntN(360)).Format(time.DateOnly)}
		for e := 0; e < field; e++ {
			ev.Placings = append(ev.Placings, ranking.Placing{Place: e + 1, Players: []int64{1 + r.Int64N(20000)}})
		}
		for _, res := range set.Results(ev) {
			byPlayer[res.PlayerID] = append(byPlayer[res.PlayerID], res)
		}
	}
	lines := set.Totals(byPlayer, asOf)
	for _, rs := range byPlayer {
		all = append(all, rs...)
	}
	start := time.Now()
	require.NoError(b, d.PutRanking(ctx, all, lines))
	b.Logf("%d results, %d players written in %v", len(all), len(lines), time.Since(start))
	from, to := set.Span(asOf)
	line := func(id int64, rs []ranking.Result) (ranking.Line, bool) { return set.Line(id, rs, from, to) }

	b.Run("floor=read-every-result", func(b *testing.B) {
		for b.Loop() {
			rows, err := d.SQL().QueryContext(ctx, "SELECT tournament_id, national_id, club_id, date, tier, field, place, shared, points, counted FROM ranking_results ORDER BY national_id")
			require.NoError(b, err)
			var a, p, c, f, pl, sh, pts int64
			var dt, tier string
			var counted bool
			for rows.Next() {
				require.NoError(b, rows.Scan(&a, &p, &c, &dt, &tier, &f, &pl, &sh, &pts, &counted))
			}
			require.NoError(b, rows.Close())
		}
	})
	b.Run("one-evening", func(b *testing.B) {
		tid := int64(100000)
		for b.Loop() {
			tid++
			ev := ranking.Evening{TournamentID: tid, ClubID: 7, Tier: ranking.TierRegional, Date: asOf.Format(time.DateOnly)}
			for e := 0; e < 20; e++ {
				ev.Placings = append(ev.Placings, ranking.Placing{Place: e + 1, Players: []int64{1 + r.Int64N(20000)}})
			}
			require.NoError(b, d.RankTournament(ctx, tid, tournament.Stamp{}, set.Results(ev), line))
		}
	})
	// The worker's scan for tournaments whose stamp moved, over 100,000 tournaments all
	// ranked at their stamp: what every pass pays.
	require.NoError(b, d.PutRankedTournaments(ctx, 100000))
	b.Run("scan-100000-tournaments", func(b *testing.B) {
		for b.Loop() {
			changes, err := d.RankingChanges(ctx, 200)
			require.NoError(b, err)
			require.LessOrEqual(b, len(changes), 200) // the one-evening runs' tournaments, never stored: gone
		}
	})
	b.Run("full-recompute", func(b *testing.B) {
		for b.Loop() {
			set.Table[0]++ // another price: every result is written again
			require.NoError(b, d.RecomputeRanking(ctx, set.Reprice, line, asOf.Format(time.DateOnly), 1))
		}
	})
}
