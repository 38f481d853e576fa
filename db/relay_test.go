package db_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
)

// A link code links one key to its club, once, until it expires; it is stored hashed;
// another club's director cannot make one for a club not theirs.
func TestLinkCodes(t *testing.T) {
	store, _ := open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	h := &relay.Linking{Store: store, Now: func() time.Time { return now }}
	code, expires, err := h.MakeCode(ctx, 1)
	require.NoError(t, err)
	assert.WithinDuration(t, now.Add(relay.CodeTTL), expires, time.Second)

	k1, _ := tsync.GenerateKey()
	k2, _ := tsync.GenerateKey()
	a, err := h.Redeem(ctx, relay.LinkRequest{Code: code, Public: tsync.EncodePublic(k1.Public), Label: "Sala"})
	require.NoError(t, err)
	assert.Equal(t, "club", a.Club)
	assert.Equal(t, tsync.KeyID(k1.Public), a.KeyID)
	_, err = h.Redeem(ctx, relay.LinkRequest{Code: code, Public: tsync.EncodePublic(k2.Public)})
	assert.Equal(t, "sync.code_invalid", errKey(err), "a code is used once")

	late, _, err := h.MakeCode(ctx, 1)
	require.NoError(t, err)
	h.Now = func() time.Time { return now.Add(relay.CodeTTL + time.Second) }
	_, err = h.Redeem(ctx, relay.LinkRequest{Code: late, Public: tsync.EncodePublic(k2.Public)})
	assert.Equal(t, "sync.code_invalid", errKey(err), "an expired code")
	h.Now = func() time.Time { return now }
	_, err = h.Redeem(ctx, relay.LinkRequest{Code: late, Public: tsync.EncodePublic(k1.Public)})
	assert.Equal(t, "results.key_linked", errKey(err), "a key already linked")

	keys, err := store.ListClubKeys(ctx, 1)
	require.NoError(t, err)
	require.Len(t, keys, 1)
	assert.Equal(t, "Sala", keys[0].Label)

	other := clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{2}})
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(store.AddLinkCode(other, 1, relay.HashCode("X"), now.Add(time.Hour))))
	_, err = store.ListClubKeys(other, 1)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
}
