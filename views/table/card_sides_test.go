package table_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The printed table card names the players, not their sides ("Linea 1"), and prints
// each side's PIN beside its names (issue 34), in the order of the table's page, so a
// player finds their PIN by their name. Without reporting the card has no PIN.
func TestTableCardSaysEachNamesSide(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game1, _ := reportingEvening(t, dir, 3)
	for lang, side := range map[string]string{"en": "Side", "it": "Linea"} {
		dir.Lang = lang
		sign := dir.Get(game1 + "/cards").Doc(t).Find(".table-sign").First()
		assert.NotContains(t, sign.Find(".sign-names").Text(), side, lang)
		require.Equal(t, 3, sign.Find(".sign-names li").Length(), lang)
		sign.Find(".sign-names li").Each(func(_ int, s *goquery.Selection) {
			assert.NotEmpty(t, strings.TrimSpace(s.Find(".sign-who").Text()), lang)
			assert.Regexp(t, `^\d{4}$`, s.Find(".sign-pin strong").Text(), "%s: a PIN beside the names", lang)
		})
	}
	// The table's page seats the same names in the same order.
	cd := cards(t, dir, game1)[1]
	var onCard, onPage []string
	dir.Get(game1 + "/cards").Doc(t).Find(".table-sign").First().Find(".sign-names li").Each(func(_ int, s *goquery.Selection) {
		onCard = append(onCard, strings.Join(strings.Fields(s.Find(".sign-who").Text()), " "))
	})
	phone := app.Client()
	doc := phone.Get("/t/" + cd.Code).Doc(t)
	require.NotZero(t, doc.Find(".tp-seats > li").Length(), doc.Text())
	doc.Find(".tp-seats > li").Each(func(_ int, s *goquery.Selection) {
		onPage = append(onPage, strings.Join(strings.Fields(s.Text()), " "))
	})
	require.Len(t, onPage, 3)
	for i := range onCard {
		assert.Contains(t, onPage[i], onCard[i])
	}

	plain := viewtest.TournamentWithEntries(t, dir, 3)
	res := dir.Post(plain+"/draw", nil)
	assert.Zero(t, dir.Get(res.Header.Get("Location")+"/cards").Doc(t).Find(".sign-pin").Length(), "no PIN without reporting")
}
