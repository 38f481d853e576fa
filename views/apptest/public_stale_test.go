package apptest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views"
)

// gatedStore holds the loads of the derived state (LoadStamped) while its gate is shut.
type gatedStore struct {
	*db.DB
	mu   sync.Mutex
	gate chan struct{} // nil: open
}

func (g *gatedStore) shut() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gate == nil {
		g.gate = make(chan struct{})
	}
}

func (g *gatedStore) open() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gate != nil {
		close(g.gate)
		g.gate = nil
	}
}

func (g *gatedStore) LoadStamped(ctx context.Context, tid int64, seq int) (*tournament.State, tournament.Stamp, error) {
	g.mu.Lock()
	gate := g.gate
	g.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, tournament.Stamp{}, ctx.Err()
		}
	}
	return g.DB.LoadStamped(ctx, tid, seq)
}

// TestPublicPagesNeverGoBack: while the stage at a new revision is being loaded (held
// here), phones get the public pages as rendered before rather than wait; once a page
// of the new revision is rendered on the instance, no page of an earlier one is served
// there any more; a reload (Cache-Control: no-cache) gets the database's revision at
// once, whatever the instance trusted.
func TestPublicPagesNeverGoBack(t *testing.T) {
	const ttl = 200 * time.Millisecond
	store, err := db.Open(dbtest.DSN(t))
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	gs := &gatedStore{DB: store}
	t.Cleanup(gs.open) // a load still held ends
	svc := &tournament.Tournaments{Store: gs, Players: store}
	s := views.New(views.Services{
		Players:     &tournament.Players{Store: store},
		Auth:        &tournament.Auth{Store: store, Cost: bcrypt.MinCost},
		Scales:      &tournament.Scales{Store: store},
		Tournaments: svc,
	}, slog.New(slog.NewTextHandler(io.Discard, nil)), views.WithPublicRevisionTTL(ttl))
	pe := seedPublicIn(t, store, 9) // written through a service of its own: another instance
	st, err := pe.svc.Load(t.Context(), pe.tid)
	require.NoError(t, err)
	seated := st.Rounds[0].Tables[1].Sides[0].EntryID // at game 1's table 2, saved below

	api := fmt.Sprintf("/api/v1/public/tournaments/%d", pe.tid)
	tables, standings, player := api, api+"/standings", fmt.Sprintf("%s/players/%d", api, seated)
	// revisionOf answers a public JSON twin's revision; it fails rather than wait long.
	revisionOf := func(path string, fresh bool) int64 {
		t.Helper()
		got := make(chan int64, 1)
		go func() {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			if fresh {
				req.Header.Set("Cache-Control", "no-cache")
			}
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			var body struct {
				Tournament struct {
					Revision int64 `json:"revision"`
				} `json:"tournament"`
				Revision int64 `json:"revision"`
			}
			if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &body) != nil {
				got <- -int64(w.Code)
				return
			}
			got <- max(body.Revision, body.Tournament.Revision)
		}()
		select {
		case r := <-got:
			return r
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no answer (waiting for the held load)", path)
			return 0
		}
	}
	stamp := func() int64 {
		st, err := store.Stamp(t.Context(), pe.tid)
		require.NoError(t, err)
		return st.Revision
	}

	r1 := stamp()
	for _, p := range []string{tables, standings, player} {
		require.Equal(t, r1, revisionOf(p, false), p)
	}

	// A save on another instance; the load of its revision held here.
	gs.shut()
	pe.saveTable(t, 1, 2)
	r2 := stamp()
	require.Greater(t, r2, r1)
	time.Sleep(ttl + 50*time.Millisecond) // the revision read before is no longer trusted
	assert.Equal(t, r1, revisionOf(tables, false), "the page as rendered before, while the load is held")
	assert.Equal(t, r1, revisionOf(standings, false))
	// The same answer comes before echo (the revision read is trusted again, the load of
	// its stage still held): a room of phones does not go the ordinary way meanwhile.
	fast := httptest.NewRecorder()
	require.True(t, s.Public().ServeFast(fast, httptest.NewRequest(http.MethodGet, standings, nil)),
		"the page as rendered before, answered by the fast path while the load is held")
	var body struct {
		Tournament struct {
			Revision int64 `json:"revision"`
		} `json:"tournament"`
	}
	require.NoError(t, json.Unmarshal(fast.Body.Bytes(), &body))
	assert.Equal(t, r1, body.Tournament.Revision)

	gs.open()
	_, _, _, err = svc.Standings(t.Context(), pe.tid) // the held load ends
	require.NoError(t, err)
	assert.Equal(t, r2, revisionOf(tables, false), "the new revision once derived")
	assert.Equal(t, r2, revisionOf(standings, false))

	// Another save, its load held: the player page, rendered at r1 only, is not served
	// at r1 any more (pages at r2 were), but from the stage at r2, without waiting.
	gs.shut()
	pe.saveTable(t, 1, 3)
	r3 := stamp()
	require.Greater(t, r3, r2)
	time.Sleep(ttl + 50*time.Millisecond)
	assert.Equal(t, r2, revisionOf(player, false), "never back to r1")
	assert.Equal(t, r2, revisionOf(tables, false))

	// A reload gets the database's revision: it waits for the load.
	gs.open()
	assert.Equal(t, r3, revisionOf(standings, true), "asked fresh")
	assert.Equal(t, r3, revisionOf(tables, false), "then nothing older on this instance")
	assert.Equal(t, r3, revisionOf(player, false))

	// Another save elsewhere: a reload gets it at once, though r3 is still trusted here.
	pe.saveTable(t, 1, 1)
	r4 := stamp()
	require.Greater(t, r4, r3)
	assert.Equal(t, r4, revisionOf(player, true), "asked fresh within the TTL")
	assert.Equal(t, r4, revisionOf(standings, false))
}
