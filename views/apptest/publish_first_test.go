package apptest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views"
	"burraco/views/viewtest"
)

// The first phones to open a tournament just published see it: the stage this instance
// derived before the publication (the director's standings) says unpublished, and
// while the stage at the new revision is derived in the background the pages are
// rendered from that one; publication is the revision read's, not that stage's.
func TestPublicPagesShowAtOnceWhenPublished(t *testing.T) {
	a := viewtest.NewApp(t, views.WithPublicRevisionTTL(time.Minute))
	dir := a.Setup()
	base, _ := viewtest.Drawn(t, dir, 9)
	require.Equal(t, http.StatusOK, dir.Get(base+"/standings").StatusCode) // derived, unpublished
	pub := strings.Replace(base, "/tournaments/", "/p/", 1)
	require.Equal(t, http.StatusNotFound, a.Client().Get(pub+"/standings").StatusCode)

	version, _ := dir.Get(base).Doc(t).Find(`form[action$="/publish"] input[name="version"]`).Attr("value")
	res := dir.Post(base+"/publish", url.Values{"version": {version}, "published": {"true"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	for _, p := range []string{"/standings", "", "/standings"} {
		assert.Equal(t, http.StatusOK, a.Client().Get(pub+p).StatusCode, "%s just published", pub+p)
	}
	api := strings.Replace(base, "/tournaments/", "/api/v1/public/tournaments/", 1)
	assert.Equal(t, http.StatusOK, a.Client().Get(api+"/standings").StatusCode)
}
