package views

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"

	"github.com/stretchr/testify/require"
)

// htmxPost sends a form as htmx does.
func (c *client) htmxPost(path string, form url.Values) *response {
	c.app.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", c.csrf())
	req, _ := http.NewRequest(http.MethodPost, c.app.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	return c.do(req)
}

// upload posts a file to the import preview, as the page's file field does.
func (c *client) upload(path string, name string, data []byte) *response {
	c.app.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("_csrf", c.csrf())
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	require.NoError(c.app.t, mw.Close())
	req, _ := http.NewRequest(http.MethodPost, c.app.srv.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.do(req)
}
