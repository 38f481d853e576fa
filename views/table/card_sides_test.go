package table_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The printed table card lists the PINs by side ("Side 1 4452"): each name on it says
// its side, in the order of the table's page, so a player knows which PIN is theirs.
// Without reporting the card names no side.
func TestTableCardSaysEachNamesSide(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game1, _ := reportingEvening(t, dir, 3)
	for lang, want := range map[string][]string{"en": {"Side 1", "Side 2", "Side 3"}, "it": {"Linea 1", "Linea 2", "Linea 3"}} {
		dir.Lang = lang
		sign := dir.Get(game1 + "/cards").Doc(t).Find(".table-sign").First()
		var sides, pinSides []string
		sign.Find(".sign-names li .sign-side").Each(func(_ int, s *goquery.Selection) { sides = append(sides, strings.TrimSpace(s.Text())) })
		sign.Find(".code-pins li span").Each(func(_ int, s *goquery.Selection) { pinSides = append(pinSides, strings.TrimSpace(s.Text())) })
		assert.Equal(t, want, sides, lang)
		assert.Equal(t, want, pinSides, lang)
	}
	// The table's page seats the same names in the same order.
	cd := cards(t, dir, game1)[1]
	var onCard, onPage []string
	dir.Get(game1 + "/cards").Doc(t).Find(".table-sign").First().Find(".sign-names li").Each(func(_ int, s *goquery.Selection) {
		s.Find(".sign-side").Remove()
		onCard = append(onCard, strings.Join(strings.Fields(s.Text()), " "))
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
	assert.Zero(t, dir.Get(res.Header.Get("Location")+"/cards").Doc(t).Find(".sign-side").Length(), "no side without reporting")
}
