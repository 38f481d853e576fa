package ranking_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/ranking"
	"burraco/views/viewtest"
)

// TestAttackRankingKeepsOnlyKnownFilters: the public ranking keeps a rendered page per
// language and filters; a filter no line has (an unknown region or category, a club not
// there, a page past the last) is answered but not kept, so a stream of made-up queries
// (each region up to the URL's length) does not fill the instance's memory.
func TestAttackRankingKeepsOnlyKnownFilters(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	rank(t, a, 1, 1, 60)
	h := &ranking.Handlers{App: a.Server.App}
	e := echo.New()
	get := func(q string) int {
		req := httptest.NewRequest(http.MethodGet, "/p/ranking?"+q, nil)
		rec := httptest.NewRecorder()
		require.NoError(t, h.Public(e.NewContext(req, rec)))
		return rec.Code
	}
	assert.Equal(t, http.StatusOK, get(""))
	assert.Equal(t, http.StatusOK, get("page=2"))
	known := ranking.KeptPages(h)
	assert.Equal(t, 2, known, "the ranking's own pages are kept")
	for i := range 50 {
		assert.Equal(t, http.StatusOK, get(fmt.Sprintf("region=%d%s", i, strings.Repeat("x", 2000))))
		assert.Equal(t, http.StatusOK, get(fmt.Sprintf("category=c%d", i)))
		assert.Equal(t, http.StatusOK, get(fmt.Sprintf("club=%d", 1000+i)))
		assert.Equal(t, http.StatusOK, get(fmt.Sprintf("page=%d", 1000+i)))
	}
	assert.Equal(t, known, ranking.KeptPages(h), "made-up filters are not kept")
}
