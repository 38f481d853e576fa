package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/views"
	"burraco/views/viewtest"
)

// TestSeasonUnpublishIsImmediate: a season's public pages trust its publication for the
// public TTL, as a tournament's do; unpublishing it (through the API and the director's
// page) must end them as soon as it has answered, as it does for a tournament, not up to
// a TTL later.
func TestSeasonUnpublishIsImmediate(t *testing.T) {
	a := viewtest.NewApp(t, views.WithPublicRevisionTTL(2*time.Second))
	dir := a.Setup()
	tok := a.APIToken(dir)
	pe := seedPublic(t, a, 6)
	ctx := context.Background()
	seasons := &tournament.Seasons{Store: a.Store, Tournaments: pe.svc}
	se, err := seasons.Create(ctx, season.Season{Name: "Campionato", From: "2026-09-01", To: "2027-06-30",
		Settings: season.Defaults(), Tournaments: []int64{pe.tid}})
	require.NoError(t, err)
	anon := a.Client()
	pages := []string{fmt.Sprintf("/p/seasons/%d", se.ID), fmt.Sprintf("/p/seasons/%d/projector", se.ID)}
	for _, via := range []string{"api", "page"} {
		s, err := seasons.Get(ctx, se.ID)
		require.NoError(t, err)
		_, err = seasons.Publish(ctx, se.ID, true, s.Version)
		require.NoError(t, err)
		time.Sleep(2100 * time.Millisecond) // published everywhere
		for _, p := range pages {
			require.Equal(t, http.StatusOK, anon.Get(p).StatusCode, "%s: %s published", via, p)
		}
		if via == "api" {
			res := dir.API("PUT", fmt.Sprintf("/api/v1/seasons/%d/published", se.ID), tok, `{"published": false}`, nil)
			require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		} else {
			s, err := seasons.Get(ctx, se.ID)
			require.NoError(t, err)
			res := dir.Post(fmt.Sprintf("/seasons/%d/publish", se.ID), map[string][]string{
				"_csrf": {dir.CSRF()}, "version": {fmt.Sprint(s.Version)}, "published": {"false"}})
			require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		}
		for _, p := range pages {
			assert.Equal(t, http.StatusNotFound, anon.Get(p).StatusCode, "%s: %s once unpublished", via, p)
		}
	}
}
