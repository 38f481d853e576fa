package viewtest

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// HTMXPost sends a form as htmx does.
func (c *Client) HTMXPost(path string, form url.Values) *Response {
	c.App.T.Helper()
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", c.CSRF())
	req, _ := http.NewRequest(http.MethodPost, c.App.Srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	return c.Do(req)
}

// Upload posts a file to an import preview, as the page's file field does.
func (c *Client) Upload(path string, name string, data []byte) *Response {
	c.App.T.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("_csrf", c.CSRF())
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	require.NoError(c.App.T, mw.Close())
	req, _ := http.NewRequest(http.MethodPost, c.App.Srv.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.Do(req)
}

// TournamentWithEntries creates a tournament through the form and enters n new
// players, present; it returns the tournament's page path.
func TournamentWithEntries(t *testing.T, c *Client, n int) string {
	t.Helper()
	res := c.Post("/tournaments", url.Values{"name": {"Giovedì"}, "date": {"2026-11-26"}, "venue": {"Circolo"},
		"games": {"2"}, "hands_per_game": {"3"}, "qualifiers": {"2"}, "sit_out": {"rotate"}, "bye_points": {"3"},
		"never_opened_doubles": {"on"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	entries := res.Header.Get("Location")
	base := strings.TrimSuffix(entries, "/entries")
	for i := 1; i <= n; i++ {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {fmt.Sprintf("N%d", i)}, "last_name": {"Verdi"}, "new_person": {"1"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	if n > 0 { // entries start absent: the roll call marks them present
		res := c.Post(base+"/entries/present", nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	return base
}
