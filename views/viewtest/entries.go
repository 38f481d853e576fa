package viewtest

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"

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
