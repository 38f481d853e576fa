package db_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/ranking"
	"burraco/tournament/threeplayer"
)

// TestAttackTierIsTheFederations: a tournament's tier multiplies its players' national
// points (regional 150 %, national 200 %), so only the federation sets it: a club's
// director may not create, set, import or copy a tournament of a tier other than club
// (EFORBIDDEN on the tier field), nor move a tier the officer set; an officer may; the
// one-club laptop (no scope) keeps choosing freely.
func TestAttackTierIsTheFederations(t *testing.T) {
	d, _ := open(t)
	bg := context.Background()
	b := &clubs.Club{Slug: "roma", Name: "Roma"}
	require.NoError(t, d.CreateClub(bg, b))
	director := clubs.WithScope(bg, clubs.Scope{Clubs: []int64{b.ID}})
	officer := clubs.WithScope(bg, clubs.Scope{Clubs: []int64{b.ID}, ReadAll: true})
	svc := &tournament.Tournaments{Store: d, Players: d}
	newT := func(ctx context.Context, tier string) (*tournament.Tournament, error) {
		tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), threeplayer.Name)
		require.NoError(t, err)
		tr.Name, tr.Tier = "Serata", tier
		return &tr, svc.Create(ctx, &tr, &stage, "anna")
	}
	tierRefused := func(err error, what string) {
		t.Helper()
		assert.Equal(t, tournament.EFORBIDDEN, tournament.ErrorCode(err), "%s: %v", what, err)
	}

	_, err := newT(director, string(ranking.TierNational))
	tierRefused(err, "a director creates a national evening")
	own, err := newT(director, "")
	require.NoError(t, err, "a club evening")
	setTier := func(ctx context.Context, tid int64, tier string) error {
		return d.Update(ctx, tid, func(tx tournament.Tx) error {
			tr, err := tx.Tournament()
			require.NoError(t, err)
			st, err := tx.Stage()
			require.NoError(t, err)
			tr.Name, tr.Tier = "Serata", tier
			return tx.SaveSettings(tr, st)
		})
	}
	tierRefused(setTier(director, own.ID, string(ranking.TierRegional)), "a director raises their evening to regional")
	require.NoError(t, setTier(director, own.ID, string(ranking.TierClub)), "an edit keeping the tier")
	require.NoError(t, setTier(officer, own.ID, string(ranking.TierRegional)), "the officer sets it")
	tierRefused(setTier(director, own.ID, string(ranking.TierNational)), "a director moves the officer's tier")
	tierRefused(setTier(director, own.ID, string(ranking.TierClub)), "a director lowers the officer's tier")

	// A document or a copy naming a tier.
	doc, err := d.Export(director, own.ID)
	require.NoError(t, err)
	doc.Tournament.Tier = string(ranking.TierNational)
	_, _, err = d.ImportCopy(director, renumberedCopy(doc), 0)
	tierRefused(err, "a director's copy of a national evening")
	restore := *doc
	restore.Tournament.ID = 9000
	tierRefused(d.Import(director, &restore), "a director's restore of a national evening")

	_, err = newT(officer, string(ranking.TierNational))
	require.NoError(t, err, "the officer creates a national evening")
	_, err = newT(bg, string(ranking.TierNational))
	require.NoError(t, err, "the one-club laptop chooses its tier")
}
