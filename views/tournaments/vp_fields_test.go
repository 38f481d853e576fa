package tournaments_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The 6/3/1 evening's form hides "VP del riposo" and the VP scale: they apply only to
// tables scored in VP (the form shows them when that is chosen, and app.js toggles them
// with the choice). A Danish form, always in VP, shows its scale.
func TestThreePlayerFormHidesVPSettingsUnlessScoredInVP(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	doc := c.Get("/tournaments/new?format=individual3").Doc(t)
	bye := doc.Find("#bye_vp").Closest("[data-when-field]")
	require.Equal(t, 1, bye.Length(), "the VP bye waits for a choice")
	assert.Equal(t, "scoring", bye.AttrOr("data-when-field", ""))
	assert.Equal(t, "vp", bye.AttrOr("data-when-value", ""))
	_, hidden := bye.Attr("hidden")
	assert.True(t, hidden, "scored 6/3/1: no VP bye")
	_, hidden = doc.Find("#scale-field").Attr("hidden")
	assert.True(t, hidden, "scored 6/3/1: no VP scale")

	// Chosen VP (a form sent back with a problem keeps the choice): both shown.
	res := c.Post("/tournaments", url.Values{"format": {"individual3"}, "name": {""}, "date": {"2026-11-29"}, "games": {"3"},
		"hands_per_game": {"3"}, "sit_out": {"rotate"}, "bye_points": {"3"}, "scoring": {"vp"}, "bye_vp": {"12"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	_, hidden = doc.Find("#bye_vp").Closest("[data-when-field]").Attr("hidden")
	assert.False(t, hidden, "scored in VP: the VP bye")
	_, hidden = doc.Find("#scale-field").Attr("hidden")
	assert.False(t, hidden, "scored in VP: the VP scale")

	doc = c.Get("/tournaments/new?format=danish").Doc(t)
	_, hidden = doc.Find("#scale-field").Attr("hidden")
	assert.False(t, hidden)
	assert.Zero(t, doc.Find("#scale-field[data-when-field]").Length(), "Danish is always in VP")
}
