package tournaments_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

func TestTournamentFormErrors(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	doc := c.Get("/tournaments/new").Doc(t)
	assert.Equal(t, "2", doc.Find("#games").AttrOr("value", ""), "2 games by default")
	assert.Equal(t, "3", doc.Find("#hands_per_game").AttrOr("value", ""))
	assert.Equal(t, "3", doc.Find("#bye_points").AttrOr("value", ""))

	res := c.Post("/tournaments", url.Values{"name": {""}, "date": {"tomorrow"}, "games": {"x"}, "hands_per_game": {"3"}, "bye_points": {"3.4"}, "sit_out": {"rotate"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "Enter a whole number.", doc.Find("#games-error").Text())
	assert.Equal(t, "x", doc.Find("#games").AttrOr("value", ""))
	assert.Contains(t, doc.Find("#bye_points-error").Text(), "sixths")
	assert.Equal(t, "This field is required.", doc.Find("#name-error").Text(), "every problem at once, not only the unreadable number")
	assert.Equal(t, "Enter a date (YYYY-MM-DD).", doc.Find("#date-error").Text())
	res = c.Post("/tournaments", url.Values{"name": {""}, "date": {"tomorrow"}, "games": {"0"}, "hands_per_game": {"3"}, "bye_points": {"3"}, "sit_out": {"rotate"}})
	doc = res.Doc(t)
	assert.Equal(t, "This field is required.", doc.Find("#name-error").Text())
	assert.Equal(t, "Enter a date (YYYY-MM-DD).", doc.Find("#date-error").Text())
	assert.Equal(t, "From 1 to 20 games.", doc.Find("#games-error").Text())
	assert.Equal(t, "tomorrow", doc.Find("#date").AttrOr("value", ""))
}

// A stage that cannot start yet shows why on the tournament's page, in the words of
// its format: a 3-player evening still says "games" and "sitting out" there.
func TestRefusedStageSpeaksTheFormat(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 7)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"round": {"1"}}).StatusCode)
	for name, res := range map[string]*viewtest.Response{
		"ask":   c.Get(base + "/stages/new?format=knockout"),
		"start": c.Post(base+"/stages", url.Values{"format": {"knockout"}}),
	} {
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, name)
		doc := res.Doc(t)
		assert.Contains(t, doc.Find(".alert").Text(), "Stage 1 is not finished", name)
		assert.Contains(t, doc.Find("p.subtitle").Text(), "2 games of 3 hands", name)
		assert.Contains(t, doc.Find("main h2").Text(), "Game 1", name)
		assert.NotContains(t, doc.Find("main h2").Text(), "Round 1", name)
		assert.Contains(t, res.Body, "Sitting out:", name)
	}
}
