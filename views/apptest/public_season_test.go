package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/views/viewtest"
)

// TestPublicSeasonExposesNothingPrivate: a season's public JSON is a 404 until the season
// is published; published, it shows its standings (names and results) and none of the
// private fields of its players or its evening (cards, e-mails, phones, notes, seeds, the
// director).
func TestPublicSeasonExposesNothingPrivate(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 12)
	ctx := context.Background()
	pe.finish(t) // a season counts a final evening only
	seasons := &tournament.Seasons{Store: a.Store, Tournaments: pe.svc}
	se, err := seasons.Create(ctx, season.Season{Name: "Campionato", From: "2026-09-01", To: "2027-06-30",
		Settings: season.Defaults(), Tournaments: []int64{pe.tid}})
	require.NoError(t, err)
	anon := a.Client()
	path := fmt.Sprintf("/api/v1/public/seasons/%d", se.ID)
	assert.Equal(t, http.StatusNotFound, anon.Get(path).StatusCode, "not published")
	assert.Equal(t, http.StatusNotFound, anon.Get("/api/v1/public/seasons/999").StatusCode)
	_, err = seasons.Publish(ctx, se.ID, true, se.Version)
	require.NoError(t, err)
	for _, lang := range []string{"it", "en"} {
		anon.Lang = lang
		res := anon.Get(path)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		assert.Contains(t, res.Body, "Niccolò")
		body := strings.ToLower(res.Body)
		for _, secret := range pe.private {
			assert.NotContains(t, body, strings.ToLower(secret), "%s (%s) shows %q", path, lang, secret)
		}
		assert.Empty(t, res.Header.Values("Set-Cookie"))
	}
}
