package exports_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// The standings on paper are the screen's: a column per game with its points, and
// whether the ranking is final or after which game (the PDF under the title, the CSV
// in a last column).
func TestStandingsReportHasGamesAndSaysIfFinal(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningInForli(t, c)
	c.Lang = "it"
	rows := openInExcel(t, c.Get(base+"/standings.csv").Body, page.IT)
	head := rows[0]
	require.GreaterOrEqual(t, len(head), 3)
	assert.Equal(t, "Classifica", head[len(head)-1], "the last column says the ranking's state")
	assert.Contains(t, head, "P1", "a column per game")
	p1 := -1
	for i, h := range head {
		if h == "P1" {
			p1 = i
		}
	}
	for _, r := range rows[1:] {
		assert.Regexp(t, `^[0-9]`, r[p1], "%v: game 1's points", r)
		assert.Regexp(t, `^dopo la partita 1 di `, r[len(r)-1], "not final: after game 1")
	}
	text := pdfText(t, []byte(c.Get(base+"/standings.pdf").Body))
	if text != "" {
		assert.Regexp(t, regexp.MustCompile(`dopo la partita 1 di \d`), text, "the PDF says the ranking is not final")
		assert.Contains(t, text, "P1")
	}
	c.Lang = "en"
	text = pdfText(t, []byte(c.Get(base+"/standings.pdf").Body))
	if text != "" {
		assert.Contains(t, text, "after game 1 of", "the PDF in English")
		assert.Contains(t, text, "G1")
	}
}
