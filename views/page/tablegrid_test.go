package page_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
)

// TestTableGridTableOfAMatch: a table of a team match (a knockout of teams, the teams
// format) is complete with its MP but no points of its own (the match scores them): the
// round's grid shows its MP and no points, where a table with points shows both.
func TestTableGridTableOfAMatch(t *testing.T) {
	ev := &tournament.State{Tournament: tournament.Tournament{ID: 1}, Entries: []tournament.Entry{{ID: 1, Name: "Lupi"}, {ID: 2, Name: "Orsi"}}}
	g := &tournament.Round{Number: 1, Tables: []tournament.Table{
		{Number: 1, Match: 1, Sides: []tournament.Side{{Position: 1, EntryID: 1, Pair: 1}, {Position: 2, EntryID: 2, Pair: 2}}},
		{Number: 2, Sides: tournament.SidesFromEntries([]int64{1, 2})},
	}}
	results := []tournament.TableResult{
		{Number: 1, Entries: []int64{1, 2}, Scores: []int{900, 700}, MP: []int{200, -200}, Entered: 6, Expected: 6, Complete: true},
		{Number: 2, Entries: []int64{1, 2}, Scores: []int{900, 700}, MP: []int{200, -200}, Points: []tournament.Points{tournament.RP(1), 0}, Entered: 6, Expected: 6, Complete: true},
	}
	ctx := page.WithPage(context.Background(), &page.Page{Lang: page.EN})
	var buf bytes.Buffer
	require.NoError(t, page.TableGrid(ev, g, results).Render(ctx, &buf))
	doc, err := goquery.NewDocumentFromReader(&buf)
	require.NoError(t, err)
	cards := doc.Find(".table-card")
	require.Equal(t, 2, cards.Length())
	assert.Equal(t, "+200", cards.Eq(0).Find(".pmp").First().Text())
	assert.Zero(t, cards.Eq(0).Find(".ppoints").Length(), "no points of its own")
	assert.Equal(t, 2, cards.Eq(1).Find(".ppoints").Length())
}
