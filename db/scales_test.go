package db_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

func TestShippedScales(t *testing.T) {
	d, _ := open(t)
	ss, err := d.ListScales(context.Background())
	require.NoError(t, err)
	require.Len(t, ss, 4)
	for i, want := range []scoring.Scale{scoring.FIBUR3, scoring.FIBUR4, scoring.Teams3, scoring.Teams4} {
		assert.True(t, ss[i].Builtin)
		assert.Equal(t, want.Name, ss[i].Name)
		assert.Equal(t, want.Bands, ss[i].Bands, "the migration's data matches the scoring package")
	}
}

func TestScaleLifecycle(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	svc := &tournament.Scales{Store: d}
	ss, _ := svc.List(ctx)
	fibur := ss[0]

	_, err := svc.Update(ctx, fibur.ID, tournament.Scale{Name: "x", Bands: fibur.Bands})
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "built-in scales are protected")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(svc.Delete(ctx, fibur.ID)))

	cp, err := svc.Copy(ctx, fibur.ID, "")
	require.NoError(t, err)
	assert.Equal(t, fibur.Name+" (copia)", cp.Name)
	assert.False(t, cp.Builtin)
	_, err = svc.Copy(ctx, fibur.ID, "")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "scale.name_taken", e.Fields["name"])

	bands := append([]scoring.Band(nil), cp.Bands...)
	bands[10].Winner = 25
	up, err := svc.Update(ctx, cp.ID, tournament.Scale{Name: "Club 25", Bands: bands})
	require.NoError(t, err)
	got, _ := svc.Get(ctx, up.ID)
	assert.Equal(t, 25, got.Bands[10].Winner)

	bands[3].Winner = 5
	_, err = svc.Update(ctx, cp.ID, tournament.Scale{Name: "Club 25", Bands: bands})
	e, _ = tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "scale.winner_below_loser", e.Fields["bands.3.winner"])
	got, _ = svc.Get(ctx, up.ID)
	assert.Equal(t, 13, got.Bands[3].Winner, "a refused edit changes nothing")

	require.NoError(t, svc.Delete(ctx, cp.ID))
	_, err = svc.Get(ctx, cp.ID)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
}
