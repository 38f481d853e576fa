package apptest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestReadersLeaveTheSharedStateAlone: the standings and the state behind them are
// derived once per revision and shared by every reader (director and public, HTML,
// JSON, CSV, PDF); readers running at once must not change them. The shared values are
// compared before and after every reader ran, several at once (and with -race, any
// write from a reader is a race).
func TestReadersLeaveTheSharedStateAlone(t *testing.T) {
	a := viewtest.NewApp(t)
	dir := a.Setup()
	tok := a.APIToken(dir)
	pe := seedPublic(t, a, 12)
	svc := a.Server.App.Tournaments
	ctx := context.Background()
	snap := func() string {
		st, cols, lines, err := svc.StageStandings(ctx, pe.tid, 0)
		require.NoError(t, err)
		b, err := json.Marshal([]any{st, cols, lines})
		require.NoError(t, err)
		return string(b)
	}
	before := snap()
	id := pe.tid
	director := []string{
		fmt.Sprintf("/tournaments/%d/standings", id), fmt.Sprintf("/tournaments/%d/standings.csv", id),
		fmt.Sprintf("/tournaments/%d/standings.pdf", id),
		fmt.Sprintf("/tournaments/%d/stages/1", id), fmt.Sprintf("/tournaments/%d", id),
	}
	public := []string{
		fmt.Sprintf("/p/%d", id), fmt.Sprintf("/p/%d/standings", id), fmt.Sprintf("/p/%d/projector/standings", id),
		fmt.Sprintf("/api/v1/public/tournaments/%d/standings", id), fmt.Sprintf("/api/v1/public/tournaments/%d", id),
		fmt.Sprintf("/p/%d/players/%d", id, pe.entries[0]),
	}
	apiPaths := []string{fmt.Sprintf("/api/v1/tournaments/%d/standings", id), fmt.Sprintf("/api/v1/tournaments/%d", id)}
	anon := a.Client()
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := map[string]int{}
	for range 3 {
		wg.Go(func() {
			for _, p := range director {
				if res := dir.Get(p); res.StatusCode != http.StatusOK {
					mu.Lock()
					bad[p] = res.StatusCode
					mu.Unlock()
				}
			}
		})
		wg.Go(func() {
			for _, p := range public {
				if res := anon.Get(p); res.StatusCode != http.StatusOK {
					mu.Lock()
					bad[p] = res.StatusCode
					mu.Unlock()
				}
			}
		})
		wg.Go(func() {
			for _, p := range apiPaths {
				if res := dir.API("GET", p, tok, "", nil); res.StatusCode != http.StatusOK {
					mu.Lock()
					bad[p] = res.StatusCode
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	assert.Empty(t, bad, "every reader answered")
	assert.Equal(t, before, snap(), "the shared state is as it was")
}
