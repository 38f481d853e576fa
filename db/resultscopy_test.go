package db_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/ranking"
	"burraco/tournament/rankings"
	tsync "burraco/tournament/sync"
	"burraco/tournament/threeplayer"
)

// fillAs enters every table of a game with the seats' totals in order.
func (f *fixture) fillAs(t testing.TB, number int, totals ...int) {
	st := f.state(t)
	for ti := range st.Rounds[number-1].Tables {
		var sh tournament.Sheet
		for h := 0; h < st.Stage.HandsPerRound(); h++ {
			var hs []*scoring.Hand
			for _, n := range totals {
				hs = append(hs, total(n))
			}
			sh.Hands = append(sh.Hands, hs)
		}
		_, err := f.svc.SaveSheet(f.ctx, f.tid, number, ti+1, sh, "anna")
		require.NoError(t, err)
	}
}

// winnerCards are the card numbers of an evening's first place on d.
func winnerCards(t testing.TB, d *db.DB, svc *rankings.Service, tid int64) []string {
	t.Helper()
	in, err := svc.Evenings.Evening(t.Context(), tid)
	require.NoError(t, err)
	require.True(t, in.Final)
	require.NotEmpty(t, in.Placings)
	var out []string
	for _, id := range in.Placings[0].Players {
		var card string
		require.NoError(t, d.WriteSQL().QueryRow(fmt.Sprintf("SELECT card_number FROM players WHERE id = %d", id)).Scan(&card))
		out = append(out, card)
	}
	return out
}

// hubCopies are the hub's tournaments of club 1.
func hubCopies(t testing.TB, d *db.DB) []int64 {
	t.Helper()
	rows, err := d.WriteSQL().Query("SELECT id FROM tournaments WHERE club_id = 1 ORDER BY id")
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	return ids
}

// TestReceivedResultsFeedTheRanking: a laptop's final evening accepted by the hub
// becomes a tournament of the club there, final, its carded players the club's linked
// to their national records, and ranked; a correction replaces the copy (one
// tournament) and moves the ranking; a repeat changes nothing.
func TestReceivedResultsFeedTheRanking(t *testing.T) {
	twoGames := func(s *threeplayer.Settings) { s.Games = 2 }
	laptop := newEvening(t, 6, twoGames)
	exec(t, laptop.db, "UPDATE players SET card_number = 'C' || CAST(id AS VARCHAR(10))")
	_, err := laptop.svc.Draw(laptop.ctx, laptop.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	laptop.fill(t, 1)
	_, err = laptop.svc.Draw(laptop.ctx, laptop.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	laptop.fill(t, 2)
	onLaptop := service(laptop)

	hd, _ := open(t)
	hub := &fixture{ctx: t.Context(), svc: &tournament.Tournaments{Store: hd, Players: hd}, db: hd}
	var ids []int64
	require.NoError(t, func() error {
		rows, err := laptop.db.WriteSQL().Query("SELECT id FROM players ORDER BY id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	}())
	require.Len(t, ids, 6)
	for i, id := range ids {
		exec(t, hd, fmt.Sprintf("INSERT INTO national_players (id, card_number, first_name, last_name, region, category, version, created_at, updated_at) "+
			"VALUES (%d, 'C%d', 'P%02d', 'Test', 'Lazio', '', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)", 100+i, id, i+1))
	}
	h, k, _ := hubOf(t, hd)
	ranker := service(hub)

	// Revision 1: the hub's copy, final, ranked.
	body1, sig1 := sealed(t, laptop, k, 1)
	r1, err := h.Receive(t.Context(), body1, sig1)
	require.NoError(t, err)
	require.False(t, r1.Repeat)
	copies := hubCopies(t, hd)
	require.Len(t, copies, 1, "the evening is a tournament of the club on the hub")
	first := copies[0]
	won1 := winnerCards(t, hd, ranker, first)
	assert.Equal(t, winnerCards(t, laptop.db, onLaptop, laptop.tid), won1)
	var linked, carded int
	require.NoError(t, hd.WriteSQL().QueryRow("SELECT COUNT(*), COUNT(national_id) FROM players WHERE club_id = 1 AND card_number IS NOT NULL").Scan(&carded, &linked))
	assert.Equal(t, 6, carded, "its players are the club's, with their cards")
	assert.Equal(t, 6, linked, "linked to their national records")
	var pubLaptop, pubHub bool
	require.NoError(t, laptop.db.WriteSQL().QueryRow(fmt.Sprintf("SELECT published FROM tournaments WHERE id = %d", laptop.tid)).Scan(&pubLaptop))
	require.NoError(t, hd.WriteSQL().QueryRow(fmt.Sprintf("SELECT published FROM tournaments WHERE id = %d", first)).Scan(&pubHub))
	assert.Equal(t, pubLaptop, pubHub, "published as the laptop's was")
	assert.Equal(t, 1, pass(t, ranker))
	before := lines(t, ranker)
	require.Len(t, before, 6, "every carded player ranks")

	// Revision 2: the other way round; the copy replaced, the ranking moved.
	laptop.fillAs(t, 1, -100, 100, 300)
	laptop.fillAs(t, 2, -100, 100, 300)
	body2, sig2 := sealed(t, laptop, k, 2)
	r2, err := h.Receive(t.Context(), body2, sig2)
	require.NoError(t, err)
	require.False(t, r2.Repeat)
	copies = hubCopies(t, hd)
	require.Len(t, copies, 1, "one tournament: the copy replaced")
	second := copies[0]
	assert.NotEqual(t, first, second)
	won := winnerCards(t, hd, ranker, second)
	assert.Equal(t, winnerCards(t, laptop.db, onLaptop, laptop.tid), won)
	assert.NotEqual(t, won1, won, "another winner")
	require.NoError(t, hd.WriteSQL().QueryRow("SELECT COUNT(*) FROM players WHERE club_id = 1").Scan(&carded))
	assert.Equal(t, 6, carded, "the players matched by card, none registered twice")
	assert.Equal(t, 2, pass(t, ranker), "the old copy gone, the new one ranked")
	after := lines(t, ranker)
	require.Len(t, after, 6)
	assert.NotEqual(t, before, after, "the correction moved the national ranking")
	var res []ranking.Result
	for _, l := range after {
		rs, err := ranker.Results(t.Context(), l.PlayerID)
		require.NoError(t, err)
		res = append(res, rs...)
	}
	for _, r := range res {
		assert.Equal(t, second, r.TournamentID, "no result of the replaced copy is left")
	}

	// A repeat of revision 2: nothing changes.
	again, err := h.Receive(t.Context(), body2, sig2)
	require.NoError(t, err)
	assert.True(t, again.Repeat)
	assert.Equal(t, []int64{second}, hubCopies(t, hd))
	assert.Equal(t, 0, pass(t, ranker))
	assert.Equal(t, after, lines(t, ranker))
	cur, err := hd.CurrentResults(t.Context(), 1, r2.Tournament)
	require.NoError(t, err)
	assert.Equal(t, int64(2), cur.Revision)
	assert.Equal(t, tsync.Accepted, cur.Outcome)
}
