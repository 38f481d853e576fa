package calc_test

import (
	"strings"
	"testing"

	"burraco/views/viewtest"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
)

func TestCalculatorPage(t *testing.T) {
	app := viewtest.NewApp(t)
	app.Setup()
	c := app.Client() // public: no login
	doc := c.Get("/calc?preset=standard&closed=on&kitty_taken=on&opened=on&clean=1&dirty=1&table=420&diff=600").Doc(t)
	assert.Equal(t, "820", doc.Find("#hand-total").Text())
	lines := doc.Find("table.lines tbody tr").Map(func(_ int, s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") })
	assert.Equal(t, []string{"Closing +100", "Clean burraco +200", "Dirty burraco +100", "Cards on the table +420"}, lines)
	assert.Equal(t, "15", doc.Find("#vp-winner").Text())
	assert.Equal(t, "5", doc.Find("#vp-loser").Text())

	doc = c.Get("/calc?preset=three_player&table=30&in_hand=90&opened=").Doc(t)
	assert.Equal(t, 0, doc.Find("#hand-total").Length())
	assert.Contains(t, doc.Find(".error-list").Text(), "A player who never opened has nothing on the table.")
	doc = c.Get("/calc?preset=three_player&in_hand=90").Doc(t)
	assert.Equal(t, "-280", doc.Find("#hand-total").Text(), "kitty not taken, never opened: -100 - 2×90")
	doc = c.Get("/calc?closed=on&kitty_taken=on&opened=on&table=abc").Doc(t)
	assert.Equal(t, "Enter a whole number.", doc.Find("#table-error").Text())
	assert.Equal(t, "abc", doc.Find("#table").AttrOr("value", ""))
}
