package db_test

import (
	"burraco/tournament/national"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/ranking"
	"burraco/tournament/rankings"
	"burraco/tournament/threeplayer"
)

// exec runs statements on the writer (literal values only: no placeholders).
func exec(t testing.TB, d *db.DB, qs ...string) {
	t.Helper()
	for _, q := range qs {
		_, err := d.WriteSQL().Exec(q)
		require.NoError(t, err, q)
	}
}

// linkNationals registers national players 1..n and links the club players of the
// tournament's entries to them in entry order, but the last (no national id: not ranked).
func linkNationals(t testing.TB, f *fixture, n int) map[int64]int64 {
	st := f.state(t)
	links := map[int64]int64{}
	for i, e := range st.Entries {
		nid := int64(i + 1)
		exec(t, f.db, fmt.Sprintf("INSERT INTO national_players (id, card_number, first_name, last_name, region, category, version, created_at, updated_at) "+
			"VALUES (%d, 'C%d', 'Nome%d', 'Cognome', '%s', '%s', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)", nid, nid, nid, []string{"Lazio", "Veneto"}[i%2], []string{"", "senior"}[i/3%2]))
		if i == n-1 {
			continue
		}
		pid := e.Members[0].PlayerID
		exec(t, f.db, fmt.Sprintf("UPDATE players SET national_id = %d WHERE id = %d", nid, pid))
		links[pid] = nid
	}
	return links
}

func service(f *fixture) *rankings.Service {
	return &rankings.Service{Store: f.db, Evenings: rankings.SeasonEvenings{Seasons: &tournament.Seasons{Store: f.db, Tournaments: f.svc}},
		Now: func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }}
}

// full is the ranking computed whole from the evenings as they stand now.
func full(t testing.TB, f *fixture, svc *rankings.Service, set ranking.Settings, links map[int64]int64, tids ...int64) []ranking.Line {
	var evs []ranking.Evening
	for _, tid := range tids {
		in, err := svc.Evenings.Evening(f.ctx, tid)
		require.NoError(t, err)
		if !in.Final {
			continue
		}
		ev := ranking.Evening{TournamentID: tid, ClubID: 1, Date: in.Date, Tier: ranking.TierClub, Field: in.Field}
		for _, p := range in.Placings {
			q := ranking.Placing{Place: p.Place}
			for _, id := range p.Players {
				q.Players = append(q.Players, links[id])
			}
			ev.Placings = append(ev.Placings, q)
		}
		evs = append(evs, ev)
	}
	lines, _ := set.Compute(evs, svc.Now())
	return lines
}

func lines(t testing.TB, svc *rankings.Service) []ranking.Line {
	v, err := svc.View(context.Background())
	require.NoError(t, err)
	out := []ranking.Line{}
	for _, e := range v.Lines {
		out = append(out, e.Line)
	}
	return out
}

func pass(t testing.TB, svc *rankings.Service) int {
	n, ok, err := svc.Pass(context.Background())
	require.NoError(t, err)
	require.True(t, ok)
	return n
}

// TestRankingFollowsFinalEvenings: an evening counts once final; a correction moves
// it; the incremental ranking equals the full one; a rebuild and a settings change
// give the full one; an erasure keeps the others' points; the tournament's tier
// scales it.
func TestRankingFollowsFinalEvenings(t *testing.T) {
	twoGames := func(s *threeplayer.Settings) { s.Games = 2 }
	f := newEvening(t, 6, twoGames)
	links := linkNationals(t, f, 6)
	svc := service(f)
	set := ranking.Defaults()

	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	pass(t, svc)
	assert.Empty(t, lines(t, svc), "not final: no points")

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	f.fill(t, 2)
	assert.Equal(t, 1, pass(t, svc))
	got := lines(t, svc)
	require.Len(t, got, 5, "the player without a national id does not rank")
	assert.Equal(t, full(t, f, svc, set, links, f.tid), got)
	// Field 6 (band 1+: 50 %), club tier: the first scores 50, the top ex aequo share.
	assert.EqualValues(t, set.Points(1, 1, 6, ranking.TierClub), 5000)
	assert.Equal(t, 0, pass(t, svc), "nothing moved: nothing to rank")

	// A correction: game 2's table 1 the other way round.
	st := f.state(t)
	var sh tournament.Sheet
	for h := 0; h < st.Stage.HandsPerRound(); h++ {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(-100), total(100), total(300)})
	}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 1, sh, "anna")
	require.NoError(t, err)
	before := got
	assert.Equal(t, 1, pass(t, svc))
	got = lines(t, svc)
	assert.Equal(t, full(t, f, svc, set, links, f.tid), got)
	assert.NotEqual(t, before, got, "the correction moved the ranking")

	// The tier: national doubles every point.
	tr, stage := st.Tournament, st.Stage
	tr.Tier = string(ranking.TierNational)
	_, _, err = f.svc.Update(f.ctx, f.tid, tr, stage, "anna")
	require.NoError(t, err)
	pass(t, svc)
	doubled := lines(t, svc)
	for i := range got {
		assert.Equal(t, 2*got[i].Points, doubled[i].Points)
	}
	res, err := svc.Results(f.ctx, doubled[0].PlayerID)
	require.NoError(t, err)
	require.Len(t, res, 1)
	assert.Equal(t, ranking.TierNational, res[0].Tier)
	assert.True(t, res[0].Counted)

	// The settings: a flat table prices every result again.
	state, err := svc.Settings(f.ctx)
	require.NoError(t, err)
	set.Table, set.Floor = []int{10, 10, 10, 10, 10, 10}, 0
	_, err = svc.SaveSettings(f.ctx, set, state.Version+1)
	assert.Equal(t, tournament.ECONFLICT, codeOf(err), "a stale version")
	_, err = svc.SaveSettings(f.ctx, ranking.Settings{}, state.Version)
	assert.Equal(t, tournament.EINVALID, codeOf(err))
	_, err = svc.SaveSettings(f.ctx, set, state.Version)
	require.NoError(t, err)
	pass(t, svc)
	for _, l := range lines(t, svc) {
		assert.EqualValues(t, 10*50/100*2*100, l.Points, "10 × 50 % × 200 %")
	}

	// A rebuild from the evenings gives the same.
	want := lines(t, svc)
	require.NoError(t, svc.Rebuild(f.ctx))
	assert.Equal(t, 1, pass(t, svc))
	assert.Equal(t, want, lines(t, svc))

	// An erasure: the line stays without a name; no one else's points or place moves.
	exec(t, f.db, "UPDATE national_players SET erased_at = CURRENT_TIMESTAMP, version = version + 1 WHERE id = 1")
	pass(t, svc)
	v, err := svc.View(f.ctx)
	require.NoError(t, err)
	assert.Equal(t, want, lines(t, svc))
	for _, e := range v.Lines {
		if e.PlayerID == 1 {
			assert.Equal(t, "", rankings.PublicName(e.Player, svc.Now()))
		} else {
			assert.NotEmpty(t, rankings.PublicName(e.Player, svc.Now()))
		}
	}
	assert.Equal(t, []string{"Lazio", "Veneto"}, v.Regions)
	assert.Equal(t, []string{"senior"}, v.Categories)
	for _, e := range v.Filter(rankings.Filter{Region: "Veneto"}) {
		assert.Equal(t, "Veneto", e.Player.Region)
	}
	assert.Len(t, v.Filter(rankings.Filter{Club: 1}), 5)
	assert.Empty(t, v.Filter(rankings.Filter{Club: 2}))

	// The officer sets a player's category in the national registry (its form and API):
	// the ranking's category filter reads it.
	ns := &national.Service{Store: f.db}
	p2, err := f.db.FindNational(f.ctx, 2)
	require.NoError(t, err)
	_, err = ns.Update(f.ctx, 2, national.Edit{FirstName: p2.FirstName, LastName: p2.LastName, Region: p2.Region,
		Category: strings.Repeat("x", 41), BirthDate: p2.BirthDate, Visibility: p2.Visibility, Version: p2.Version}, "officer")
	assert.Equal(t, tournament.EINVALID, codeOf(err), "a category of 41 characters")
	edited, err := ns.Update(f.ctx, 2, national.Edit{FirstName: p2.FirstName, LastName: p2.LastName, Region: p2.Region,
		Category: " Under  25 ", BirthDate: p2.BirthDate, Visibility: p2.Visibility, Version: p2.Version}, "officer")
	require.NoError(t, err)
	assert.Equal(t, "Under 25", edited.Category)
	pass(t, svc)
	v, err = svc.View(f.ctx)
	require.NoError(t, err)
	assert.Contains(t, v.Categories, "Under 25")
	under := v.Filter(rankings.Filter{Category: "Under 25"})
	require.Len(t, under, 1)
	assert.EqualValues(t, 2, under[0].PlayerID)
}

func codeOf(err error) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Code
	}
	return ""
}

// TestRankingWindowMovesWithTheDay: on the next day the worker's recompute sums every total again
// over the window that ends on it; a result that left the window no longer counts.
func TestRankingWindowMovesWithTheDay(t *testing.T) {
	d, _ := open(t)
	ctx := context.Background()
	day := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	svc := &rankings.Service{Store: d, Now: func() time.Time { return day }}
	pass(t, svc)
	set := ranking.Defaults()
	line := func(id int64, rs []ranking.Result) (ranking.Line, bool) {
		from, to := set.Span(day)
		return set.Line(id, rs, from, to)
	}
	old := set.Results(ranking.Evening{TournamentID: 1, Date: "2025-11-30", Tier: ranking.TierClub, Field: 20, Placings: []ranking.Placing{{Place: 1, Players: []int64{7}}}})
	recent := set.Results(ranking.Evening{TournamentID: 2, Date: "2026-06-01", Tier: ranking.TierClub, Field: 20, Placings: []ranking.Placing{{Place: 2, Players: []int64{7}}}})
	require.NoError(t, d.RankTournament(ctx, 1, tournament.Stamp{}, old, line))
	require.NoError(t, d.RankTournament(ctx, 2, tournament.Stamp{}, recent, line))
	assert.EqualValues(t, 18000, lines(t, svc)[0].Points, "2025-11-30 is in the window ending 2026-11-29")
	// The worker's recompute of the next day (called alone: these results have no
	// tournament, which the worker would take as gone).
	day = day.AddDate(0, 0, 1)
	require.NoError(t, d.RecomputeRanking(ctx, set.Reprice, line, day.Format(time.DateOnly), 0))
	got := lines(t, svc)
	assert.EqualValues(t, 8000, got[0].Points, "on 2026-11-30 it has left")
	assert.Equal(t, 0, got[0].Wins)
}

// TestRankingPropertyIncrementalEqualsFull: random clubs' evenings ranked one at a time
// in a random order, with wrong versions corrected and evenings dropped and put back,
// end as the full computation of the same evenings.
func TestRankingPropertyIncrementalEqualsFull(t *testing.T) {
	d, _ := open(t)
	ctx := context.Background()
	asOf := time.Date(2026, 6, 15, 0, 0, 0, 0, time.UTC)
	svc := &rankings.Service{Store: d, Now: func() time.Time { return asOf }}
	pass(t, svc)
	r := rand.New(rand.NewPCG(22, 38))
	set := ranking.Defaults()
	set.Best = 3
	from, to := set.Span(asOf)
	line := func(id int64, rs []ranking.Result) (ranking.Line, bool) { return set.Line(id, rs, from, to) }
	var evs []ranking.Evening
	for i := 1; i <= 40; i++ {
		ev := ranking.Evening{TournamentID: int64(i), ClubID: int64(1 + r.IntN(5)), Tier: ranking.Tiers[r.IntN(3)],
			Date: asOf.AddDate(0, 0, -r.IntN(500)).Format(time.DateOnly)}
		field := 2 + r.IntN(20)
		place := 1
		for e := 0; e < field; e++ {
			if e > 0 && r.IntN(4) != 0 {
				place = e + 1
			}
			ev.Placings = append(ev.Placings, ranking.Placing{Place: place, Players: []int64{1 + r.Int64N(30), r.Int64N(30)}})
		}
		evs = append(evs, ev)
	}
	for _, i := range r.Perm(len(evs)) {
		wrong := evs[i]
		wrong.Placings = []ranking.Placing{{Place: 1, Players: []int64{1}}, {Place: 2, Players: []int64{2}}}
		require.NoError(t, d.RankTournament(ctx, wrong.TournamentID, tournament.Stamp{}, set.Results(wrong), line))
		if r.IntN(3) == 0 {
			require.NoError(t, d.RankTournament(ctx, wrong.TournamentID, tournament.Stamp{}, nil, line))
		}
	}
	for _, i := range r.Perm(len(evs)) {
		require.NoError(t, d.RankTournament(ctx, evs[i].TournamentID, tournament.Stamp{}, set.Results(evs[i]), line))
	}
	want, byPlayer := set.Compute(evs, asOf)
	assert.Equal(t, want, lines(t, svc))
	for id, rs := range byPlayer {
		got, err := svc.Results(ctx, id)
		require.NoError(t, err)
		assert.ElementsMatch(t, rs, got, "player %d", id)
	}
}

// TestRankingLockOneInstance: on PostgreSQL a second instance does not rank while the
// first holds the lock (SQLite has one process).
func TestRankingLockOneInstance(t *testing.T) {
	if !dbtest.OnPostgres() {
		t.Skip("SQLite has one process")
	}
	d, path := open(t)
	other, err := db.Open(path)
	require.NoError(t, err)
	defer other.Close()
	release, ok, err := d.RankingLock(context.Background())
	require.NoError(t, err)
	require.True(t, ok)
	_, ok, err = (&rankings.Service{Store: other}).Pass(context.Background())
	require.NoError(t, err)
	assert.False(t, ok, "the other instance holds the lock")
	release()
	_, ok, err = (&rankings.Service{Store: other}).Pass(context.Background())
	require.NoError(t, err)
	assert.True(t, ok)
}
