package rounds_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A round's page and its printed list, sheets and cards show its table with its three
// players; the seat change is offered until a sheet is saved.
func TestRoundPagesAndPrints(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := viewtest.Drawn(t, c, 4)

	doc := c.Get(game1).Doc(t)
	assert.Contains(t, doc.Find(".page-head h2").Text(), "Game 1")
	assert.Equal(t, 1, doc.Find(`a[href="`+game1+`/seats"]`).Length(), "seats can change before any sheet")

	doc = c.Get(game1 + "/print").Doc(t)
	require.Equal(t, 1, doc.Find(".print-table").Length())
	assert.Equal(t, 3, doc.Find(".print-table li").Length())
	assert.Contains(t, doc.Find(".sitouts").Text(), "Verdi")
	for _, p := range []string{"/sheets", "/cards", "/seats"} {
		res := c.Get(game1 + p)
		assert.Equal(t, http.StatusOK, res.StatusCode, p)
		assert.Contains(t, res.Body, "Verdi", p)
	}

	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s, v := range []int{300, 200, 100} {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s+1), fmt.Sprint(v))
		}
	}
	require.Equal(t, http.StatusSeeOther, c.Post(game1+"/tables/1", form).StatusCode)
	doc = c.Get(game1).Doc(t)
	assert.Zero(t, doc.Find(`a[href="`+game1+`/seats"]`).Length(), "a started round keeps its seats")
}
