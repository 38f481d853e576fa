package db_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/tournament/national"
)

// tablesOf lists the store's tables.
func tablesOf(t *testing.T, d *db.DB) []string {
	t.Helper()
	q := "SELECT name FROM sqlite_master WHERE type = 'table'"
	if dbtest.OnPostgres() {
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
	}
	rows, err := d.SQL().QueryContext(context.Background(), q)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		out = append(out, n)
	}
	require.NoError(t, rows.Err())
	return out
}

// holding returns "table.column" of every stored value containing one of needles.
func holding(t *testing.T, d *db.DB, needles ...string) []string {
	t.Helper()
	var found []string
	for _, table := range tablesOf(t, d) {
		rows, err := d.SQL().QueryContext(context.Background(), "SELECT * FROM "+table)
		require.NoError(t, err, table)
		cols, err := rows.Columns()
		require.NoError(t, err)
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...), table)
			for i, v := range vals {
				for _, n := range needles {
					if v.Valid && strings.Contains(strings.ToLower(v.String), strings.ToLower(n)) {
						found = append(found, table+"."+cols[i]+" holds "+n)
					}
				}
			}
		}
		require.NoError(t, rows.Err())
		rows.Close()
	}
	return found
}

// TestAttackErasureLeavesNothing: after an erasure, no table of the store holds the
// erased person's names, card, e-mail, phone or notes (issue 38 point 4: "personal data
// removed"), whatever path wrote them: the registry, the tournament's entries and log,
// a renamed player's undo, the national record.
func TestAttackErasureLeavesNothing(t *testing.T) {
	d, _ := open(t)
	f := newEveningIn(t, d, 5, nil)
	p := &tournament.Player{FirstName: "Zebulone", LastName: "Quarantotti", CardNumber: "ZQ-4242", Email: "zq@example.org",
		Phone: "+39 333 4242", Notes: "allergic to jokers", Active: true}
	require.NoError(t, d.CreatePlayer(f.ctx, p))
	_, err := f.svc.AddPlayer(f.ctx, f.tid, p.ID, "anna")
	require.NoError(t, err)
	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	require.NotEmpty(t, holding(t, d, "Quarantotti"), "the name is stored before")
	nid := linkedTo(t, d, p.ID)
	svc := &national.Service{Store: d, Evenings: &tournament.Seasons{Store: d, Tournaments: f.svc}}
	_, err = svc.Erase(f.ctx, nid, 0, "zq-4242", "officer")
	require.NoError(t, err)
	assert.Empty(t, holding(t, d, "Zebulone", "Quarantotti", "ZQ-4242", "zq@example.org", "333 4242", "allergic to jokers"),
		"an erased person's data is nowhere in the store")
}

// TestAttackErasureOfARenamedPlayer: a player entered under one name and renamed in the
// registry afterwards (a typo mended): the erasure removes the name the evening knew
// them by too.
func TestAttackErasureOfARenamedPlayer(t *testing.T) {
	d, _ := open(t)
	f := newEveningIn(t, d, 5, nil)
	p := &tournament.Player{FirstName: "Zebulone", LastName: "Quarantoti", CardNumber: "ZQ-4242", Active: true}
	require.NoError(t, d.CreatePlayer(f.ctx, p))
	_, err := f.svc.AddPlayer(f.ctx, f.tid, p.ID, "anna")
	require.NoError(t, err)
	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	p, err = d.FindPlayer(f.ctx, p.ID)
	require.NoError(t, err)
	p.FirstName, p.LastName = "Zeb", "Quarantotti"
	require.NoError(t, d.UpdatePlayer(f.ctx, p))
	nid := linkedTo(t, d, p.ID)
	svc := &national.Service{Store: d, Evenings: &tournament.Seasons{Store: d, Tournaments: f.svc}}
	_, err = svc.Erase(f.ctx, nid, 0, "zq-4242", "officer")
	require.NoError(t, err)
	assert.Empty(t, holding(t, d, "Zebulone", "Quarantot", "ZQ-4242"), "an erased person's data is nowhere in the store")
}
