package page

import (
	"bytes"
	"context"
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// Page is what every rendered page knows about its request.
type Page struct {
	Lang     Lang
	CSRF     string
	Director *tournament.Director
	Path     string
	Flash    string
	// Format is the format of the tournament the page shows, if any: its own wording
	// of shared keys ("<format>:<key>" in the catalogue) comes first.
	Format string
	Site   *Site
	// Club is the director's current club, Clubs all of theirs (the switcher), Officer
	// whether they are a federation officer (the clubs' pages).
	Club    *clubs.Club
	Clubs   []clubs.Club
	Officer bool
	// keeping: the page is rendered to be kept (RenderKept), with marks where each
	// request puts its own CSRF token, idempotency keys and clocks' time left.
	keeping bool
	clocks  []tournament.Clock
}

type pageKey struct{}

// FormatContextKey holds, on the echo context, the format of the tournament a handler
// loaded (useFormat).
const FormatContextKey = "format"

// UseFormat makes a page speak its tournament's format: "round" or "game", "bye" or
// "sit-out".
func UseFormat(c echo.Context, format string) { c.Set(FormatContextKey, format) }

// FormatUsed returns the format a handler loaded (useFormat), "" if none.
func FormatUsed(c echo.Context) string {
	f, _ := c.Get(FormatContextKey).(string)
	return f
}

// Of returns the page of a rendering context (a zero page outside one).
func Of(ctx context.Context) *Page {
	if p, ok := ctx.Value(pageKey{}).(*Page); ok {
		return p
	}
	return &Page{Lang: IT, Site: &Site{}}
}

// NewPage gathers the request's language, CSRF token, director and flash message.
func newPage(c echo.Context) *Page {
	p := &Page{Lang: LangOf(c), Path: c.Request().URL.Path, Site: SiteOf(c)}
	if c.Request().Method == http.MethodGet {
		p.Path = c.Request().URL.RequestURI() // the language switch comes back with the query (a format chosen)
	}
	if tok, ok := c.Get(CSRFContextKey).(string); ok {
		p.CSRF = tok
	}
	p.Director = DirectorOf(c)
	p.Club, p.Clubs, p.Officer = ClubOf(c), ClubsOf(c), IsOfficer(c)
	p.Format, _ = c.Get(FormatContextKey).(string)
	p.Flash = TakeFlash(c)
	return p
}

// Render renders a component into a buffer, then writes it: a failing component
// never leaves half a page on the wire.
func Render(c echo.Context, status int, comp templ.Component) error {
	return renderPage(c, newPage(c), status, comp)
}

// renderPage is Render with the request's page gathered already.
func renderPage(c echo.Context, p *Page, status int, comp templ.Component) error {
	ctx := WithPage(c.Request().Context(), p)
	var buf bytes.Buffer
	if err := comp.Render(ctx, &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// Redirect answers a form post with a 303 to a
func Redirect(c echo.Context, to string) error {
	return c.Redirect(http.StatusSeeOther, to)
}

// LangOf returns the request's language, set by the language middleware.
func LangOf(c echo.Context) Lang {
	if l, ok := c.Get("lang").(Lang); ok {
		return l
	}
	return IT
}

// Form is what a form was sent with, and its problems, to render it again.
type Form struct {
	Values map[string]string
	Errors map[string]string // field -> message key
	Error  string            // message key for the whole form
	Args   []any             // arguments of Error
	// Conflict lists, after a stale save, what is stored now beside what was typed.
	Conflict []ConflictLine
}

// ConflictLine is one field that someone else saved while this form was being filled.
type ConflictLine struct {
	Label  string // message key, or the text itself when Raw
	Raw    bool
	Stored string
	Typed  string
}

func NewForm() *Form { return &Form{Values: map[string]string{}, Errors: map[string]string{}} }

// FormFrom copies the named fields of the posted form.
func FormFrom(c echo.Context, names ...string) *Form {
	f := NewForm()
	for _, n := range names {
		f.Values[n] = c.FormValue(n)
	}
	return f
}

// Fail records a domain error on the form; it reports false for errors the form cannot
// show (which the caller returns).
func (f *Form) Fail(err error) bool {
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

// ClearSecrets keeps what was typed, except passwords, for re-rendering a form.
func (f *Form) ClearSecrets() *Form {
	for _, k := range []string{"password", "confirm", "current"} {
		delete(f.Values, k)
	}
	return f
}

// WithPage is ctx carrying p as the page being rendered (what Render does for a request).
func WithPage(ctx context.Context, p *Page) context.Context {
	return context.WithValue(ctx, pageKey{}, p)
}

// IsHTMX says whether a request comes from htmx, which swaps the answer into the
func IsHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

func PlayerOf(f *Form) tournament.Player {
	v := f.Values
	p := tournament.Player{FirstName: v["first_name"], LastName: v["last_name"], Club: v["club"],
		CardNumber: v["card_number"], Email: v["email"], Phone: v["phone"], Notes: v["notes"]}
	p.Version, _ = strconv.Atoi(v["version"])
	return p
}
