package views

import (
	"bytes"
	"context"
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// page is what every rendered page knows about its request.
type page struct {
	Lang     Lang
	CSRF     string
	Director *tournament.Director
	Path     string
	Flash    string
	// Format is the format of the tournament the page shows, if any: its own wording
	// of shared keys ("<format>:<key>" in the catalogue) comes first.
	Format string
	Site   *site
}

type pageKey struct{}

// formatContextKey holds, on the echo context, the format of the tournament a handler
// loaded (useFormat).
const formatContextKey = "format"

// useFormat makes a page speak its tournament's format: "round" or "game", "bye" or
// "sit-out".
func useFormat(c echo.Context, format string) { c.Set(formatContextKey, format) }

// formatUsed returns the format a handler loaded (useFormat), "" if none.
func formatUsed(c echo.Context) string {
	f, _ := c.Get(formatContextKey).(string)
	return f
}

// pageOf returns the page of a rendering context (a zero page outside one).
func pageOf(ctx context.Context) *page {
	if p, ok := ctx.Value(pageKey{}).(*page); ok {
		return p
	}
	return &page{Lang: IT, Site: &site{}}
}

// newPage gathers the request's language, CSRF token, director and flash message.
func newPage(c echo.Context) *page {
	p := &page{Lang: langOf(c), Path: c.Request().URL.Path, Site: siteOf(c)}
	if c.Request().Method == http.MethodGet {
		p.Path = c.Request().URL.RequestURI() // the language switch comes back with the query (a format chosen)
	}
	if tok, ok := c.Get(csrfContextKey).(string); ok {
		p.CSRF = tok
	}
	p.Director = directorOf(c)
	p.Format, _ = c.Get(formatContextKey).(string)
	p.Flash = takeFlash(c)
	return p
}

// render renders a component into a buffer, then writes it: a failing component
// never leaves half a page on the wire.
func render(c echo.Context, status int, comp templ.Component) error {
	ctx := context.WithValue(c.Request().Context(), pageKey{}, newPage(c))
	var buf bytes.Buffer
	if err := comp.Render(ctx, &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// redirect answers a form post with a 303 to a page.
func redirect(c echo.Context, to string) error {
	return c.Redirect(http.StatusSeeOther, to)
}

// langOf returns the request's language, set by the language middleware.
func langOf(c echo.Context) Lang {
	if l, ok := c.Get("lang").(Lang); ok {
		return l
	}
	return IT
}

// form is what a form was sent with, and its problems, to render it again.
type form struct {
	Values map[string]string
	Errors map[string]string // field -> message key
	Error  string            // message key for the whole form
	Args   []any             // arguments of Error
	// Conflict lists, after a stale save, what is stored now beside what was typed.
	Conflict []conflictLine
}

// conflictLine is one field that someone else saved while this form was being filled.
type conflictLine struct {
	Label  string // message key, or the text itself when Raw
	Raw    bool
	Stored string
	Typed  string
}

func newForm() *form { return &form{Values: map[string]string{}, Errors: map[string]string{}} }

// formFrom copies the named fields of the posted form.
func formFrom(c echo.Context, names ...string) *form {
	f := newForm()
	for _, n := range names {
		f.Values[n] = c.FormValue(n)
	}
	return f
}

// fail records a domain error on the form; it reports false for errors the form cannot
// show (which the caller returns).
func (f *form) fail(err error) bool {
	e, ok := tournament.AsError(err)
	if !ok || e.Code == tournament.EINTERNAL {
		return false
	}
	for k, v := range e.Fields {
		f.Errors[k] = v
	}
	f.Error, f.Args = e.Key, e.Args
	return true
}
