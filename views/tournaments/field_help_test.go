package tournaments_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/viewtest"
)

// A format's number setting shows the help its format wrote for it, under the box and
// tied to it: "Keep clubs apart in the first rounds" says what 0 means.
func TestNumberSettingsShowTheirHelp(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	for lang, want := range map[string]string{"en": "0: clubs are not kept apart", "it": "0: circoli non separati"} {
		c.Lang = lang
		doc := c.Get("/tournaments/new?format=danish").Doc(t)
		help := doc.Find("#apart_clubs_rounds-help")
		assert.Contains(t, help.Text(), want, lang)
		assert.Equal(t, "apart_clubs_rounds-help", doc.Find("#apart_clubs_rounds").AttrOr("aria-describedby", ""), lang)
	}
	c.Lang = "en"
	doc := c.Get("/tournaments/new?format=mitchell").Doc(t)
	assert.True(t, strings.HasPrefix(strings.TrimSpace(doc.Find("#apart_clubs_rounds-help").Text()), "0: off."), doc.Find("#apart_clubs_rounds-help").Text())
}
