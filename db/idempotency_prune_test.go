package db

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/tournament"
)

// TestOldIdempotencyKeysArePruned: a key older than tournament.IdempotencyKeyTTL is
// deleted by the next claim, and the same key then creates again; a younger one stays.
func TestOldIdempotencyKeysArePruned(t *testing.T) {
	d, err := Open(dbtest.DSN(t))
	require.NoError(t, err)
	defer d.Close()
	players := &tournament.Players{Store: d}
	at := func(key string) context.Context {
		return tournament.WithIdempotencyKey(context.Background(), "director:1", key)
	}
	old := tournament.Player{FirstName: "Anna", LastName: "Vecchia"}
	require.NoError(t, players.Create(at("old"), &old))
	young := tournament.Player{FirstName: "Luca", LastName: "Giovane"}
	require.NoError(t, players.Create(at("young"), &young))
	aged := storedNow().Add(-tournament.IdempotencyKeyTTL - 1)
	require.NoError(t, d.gorm.Exec("UPDATE idempotency_keys SET created_at = ? WHERE idem_key = 'old'", aged).Error)

	require.NoError(t, players.Create(at("next"), &tournament.Player{FirstName: "Eva", LastName: "Nuova"}))
	var keys []string
	require.NoError(t, d.gorm.Raw("SELECT idem_key FROM idempotency_keys ORDER BY idem_key").Scan(&keys).Error)
	assert.Equal(t, []string{"next", "young"}, keys)

	// The pruned key is a new key: the same request creates again; the kept one does not.
	again := tournament.Player{FirstName: "Anna", LastName: "Vecchia"}
	require.NoError(t, players.CreatePerson(at("old"), &again)) // a namesake on purpose: the registry asks otherwise
	assert.NotEqual(t, old.ID, again.ID)
	same := tournament.Player{FirstName: "Luca", LastName: "Giovane"}
	require.NoError(t, players.Create(at("young"), &same))
	assert.Equal(t, young.ID, same.ID)
}
