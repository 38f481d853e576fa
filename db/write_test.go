package db_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/tournament"
)

// changingStore is the store, with a change made to the registry just after each of the
// first `times` snapshots an import reads: what the import matched is stale when it writes.
type changingStore struct {
	*db.DB
	times  int
	change func(n int)
	n      int
}

func (s *changingStore) ImportSnapshot(ctx context.Context, tid int64) (*tournament.ImportSnapshot, error) {
	snap, err := s.DB.ImportSnapshot(ctx, tid)
	if s.n < s.times {
		s.n++
		s.change(s.n)
	}
	return snap, err
}

// A player registered between an import's match and its write is matched, not
// registered a second time: the write sees the registry moved and the import matches
// again.
func TestImportMatchesAgainAPlayerRegisteredMeanwhile(t *testing.T) {
	f := newPairs(t, 0)
	st := &changingStore{DB: f.db, times: 1, change: func(int) {
		p := tournament.Player{FirstName: "Uno", LastName: "Nuovi", Active: true}
		require.NoError(t, f.db.CreatePlayer(f.ctx, &p))
	}}
	svc := &tournament.Tournaments{Store: st, Players: f.db}
	csv := "last_name_1;first_name_1;card_number_1;last_name_2;first_name_2;card_number_2\nNuovi;Uno;;Nuovi;Due;\n"
	pi, err := svc.ImportPairs(f.ctx, f.tid, strings.NewReader(csv), true, "anna")
	require.NoError(t, err)
	assert.Equal(t, 1, pi.Entered)
	assert.Equal(t, 1, pi.Registered, "Uno matched the player registered meanwhile; Due registered")
	all, err := f.db.AllPlayers(f.ctx)
	require.NoError(t, err)
	require.Len(t, all, 2, "Nuovi Uno once")
	assert.Equal(t, []string{"Nuovi Due", "Nuovi Uno"}, []string{all[0].FullName(), all[1].FullName()})

	// The players CSV the same way.
	pst := &changingStore{DB: f.db, times: 1, change: func(int) {
		p := tournament.Player{FirstName: "Tre", LastName: "Nuovi", Active: true}
		require.NoError(t, f.db.CreatePlayer(f.ctx, &p))
	}}
	pv, err := (&tournament.Players{Store: pst}).Import(f.ctx, strings.NewReader("nome;cognome\nTre;Nuovi\nQuattro;Nuovi\n"), nil)
	require.NoError(t, err)
	assert.Equal(t, 1, pv.Created)
	assert.Equal(t, 1, pv.Duplicates)
	all, err = f.db.AllPlayers(f.ctx)
	require.NoError(t, err)
	assert.Len(t, all, 4)
}

// An import whose registry keeps changing while it is written in chunks leaves nothing
// behind: each attempt's first chunks are undone when a later one finds the change, and
// after the last attempt the import answers ECONFLICT "import.changed_meanwhile".
func TestImportChangedBetweenChunksLeavesNothing(t *testing.T) {
	f := newPairs(t, 0)
	var b bytes.Buffer
	b.WriteString("last_name_1;first_name_1;card_number_1;last_name_2;first_name_2;card_number_2\n")
	for i := range 250 { // three chunks
		fmt.Fprintf(&b, "Nuovo;A%s;;Nuovo;B%s;\n", letters(i), letters(i))
	}
	n := 0
	defer db.SetAfterImportChunk(func() {
		n++
		p := tournament.Player{FirstName: "Altro" + letters(n), LastName: "Registrato", Active: true}
		require.NoError(t, f.db.CreatePlayer(f.ctx, &p))
	})()
	_, err := f.svc.ImportPairs(f.ctx, f.tid, bytes.NewReader(b.Bytes()), true, "anna")
	assert.Equal(t, "import.changed_meanwhile", mustError(t, err).Key)
	assert.Equal(t, 3, n, "each of the 3 attempts wrote its first chunk, then found the change")
	assert.Empty(t, f.state(t).Entries)
	all, err := f.db.AllPlayers(f.ctx)
	require.NoError(t, err)
	assert.Len(t, all, 3, "only the players registered meanwhile")
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, evs, 1, "the creation's line only")
	assert.Equal(t, "create", evs[0].Kind)
}

// An export reads one snapshot and a backup is VACUUM INTO (a read transaction): neither
// runs a write transaction, so neither makes a save wait.
func TestExportAndBackupTakeNoWriteLock(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.db.ResetWriteHolds()
	_, err = f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	if !f.db.Postgres() {
		var b bytes.Buffer
		require.NoError(t, f.db.Backup(f.ctx, &b))
		assert.NotZero(t, b.Len())
	}
	assert.Zero(t, f.db.WriteHolds().Count)
	// A save counts: the recording works.
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheetOf(3, 300, 100, 0), "anna")
	require.NoError(t, err)
	assert.Equal(t, 1, f.db.WriteHolds().Count)
}
