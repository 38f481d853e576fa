package apptest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On the public tables page a partnership's line is two boxes, its names and its score,
// so the names wrap together on a phone instead of each name becoming a column beside
// the score (individual at 4-player tables).
func TestPublicTableLineIsNamesThenScore(t *testing.T) {
	ev := newInd4Evening(t)
	ev.api(t, "PUT", "/published", `{"published":true}`, nil)
	ev.api(t, "PUT", "/rounds/1/tables/1", twoSides(3, 300, 100), nil)
	doc := ev.c.Get(fmt.Sprintf("/p/%d", ev.id)).Doc(t)
	lines := doc.Find(".pub-table").First().Find("li")
	require.Equal(t, 2, lines.Length())
	lines.Each(func(i int, li *goquery.Selection) {
		kids := li.Children()
		require.Equal(t, 2, kids.Length(), "line %d: the names, then the score", i+1)
		assert.True(t, kids.Eq(0).HasClass("pub-who"))
		assert.Equal(t, 2, kids.Eq(0).Find("a").Length(), "both partners in the one box")
		assert.Contains(t, squash(kids.Eq(0).Text()), " / ")
		assert.True(t, kids.Eq(1).HasClass("num"))
		assert.True(t, strings.HasPrefix(squash(kids.Eq(1).Text()), "900") || strings.HasPrefix(squash(kids.Eq(1).Text()), "300"), kids.Eq(1).Text())
	})
}
