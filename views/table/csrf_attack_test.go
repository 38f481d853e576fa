package table_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestTableFormsNeedCSRF: the table's forms need no login, but a page of another site
// must not make a player's phone send them: without the token, with a forged one, or
// cross-site with the right one, a report is refused (403) and nothing is reported.
func TestTableFormsNeedCSRF(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	_, cs := reportingEvening(t, dir, 6)
	cd := cs[1]
	phone := app.Client()
	require.Equal(t, http.StatusOK, phone.Get("/t/"+cd.Code).StatusCode)
	post := func(path, token string, crossSite bool) *viewtest.Response {
		form := totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}})
		if token != "" {
			form.Set("_csrf", token)
		}
		req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if crossSite {
			req.Header.Set("Sec-Fetch-Site", "cross-site")
		}
		return phone.Do(req)
	}
	for _, path := range []string{"/t/" + cd.Code + "/report", "/t/" + cd.Code + "/confirm", "/t/" + cd.Code + "/preview"} {
		assert.Equal(t, http.StatusForbidden, post(path, "", false).StatusCode, "%s without a token", path)
		assert.Equal(t, http.StatusForbidden, post(path, "forged-token-forged-token", false).StatusCode, "%s with a forged token", path)
		assert.Equal(t, http.StatusForbidden, post(path, phone.CSRF(), true).StatusCode, "%s cross-site", path)
	}
	doc := phone.Get("/t/" + cd.Code).Doc(t)
	assert.Equal(t, "not_reported", doc.Find("#tp").AttrOr("data-state", ""), "nothing reported")
	res := phone.Get("/t/" + cd.Code)
	assert.Contains(t, res.Header.Get("Cache-Control"), "no-store", "a table's page is not kept by a browser or proxy")
}
