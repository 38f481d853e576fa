package tournaments_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/viewtest"
)

// The settings of a teams stage speak of teams, never of the Danish format's sides
// ("linee"): the pairing and its modes, clubs apart, the teams never to meet (with its
// two selects), the bye and the default scale, in both languages, on the new
// tournament's form and on a drawn one's edit page. The Danish form keeps its words.
func TestTeamsSettingsSpeakOfTeams(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	sides := map[string]*regexp.Regexp{"it": regexp.MustCompile(`(?i)\bline[ae]\b`), "en": regexp.MustCompile(`(?i)\bsides?\b`)}
	want := map[string][]string{
		"it": {"Squadre da non far mai incontrare", "Prima squadra", "Seconda squadra", "Due squadre dello stesso circolo",
			"la 1ª e la 2ª squadra", "due squadre non si incontrano due volte", "La scala a squadre delle smazzate per turno"},
		"en": {"Teams never to meet", "First team", "Second team", "Two teams of the same club",
			"the 1st team with the 2nd", "two teams do not meet twice", "The team scale of the hands per round"},
	}
	for _, lang := range []string{"it", "en"} {
		c.Lang = lang
		for _, path := range []string{"/tournaments/new?format=teams", ev.HTML + "/edit"} {
			form := c.Get(path).Doc(t).Find("#tournament-form")
			text := strings.Join(strings.Fields(form.Find("label, legend, p, span, option, small").Text()), " ")
			assert.NotRegexp(t, sides[lang], text, "%s %s", lang, path)
			if path != ev.HTML+"/edit" {
				continue
			}
			for _, w := range want[lang] {
				assert.Contains(t, text, w, "%s %s", lang, path)
			}
		}
	}
	c.Lang = "it"
	doc := c.Get("/tournaments/new?format=danish").Doc(t)
	assert.Contains(t, doc.Find("#tournament-form").Text(), "due linee non si incontrano due volte finché un sorteggio", "the Danish random draw keeps its words")
}
