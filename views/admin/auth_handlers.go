package admin

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

var directorFormFields = []string{"username", "name", "password", "confirm"}

func directorInputOf(f *page.Form) tournament.DirectorInput {
	return tournament.DirectorInput{Username: f.Values["username"], Name: f.Values["name"],
		Password: f.Values["password"], Confirm: f.Values["confirm"]}
}

// SetupForm shows the first director's form.
func (h *Handlers) SetupForm(c echo.Context) error {
	return page.Render(c, http.StatusOK, setupPage(page.NewForm()))
}

// Setup creates the first director and logs them in.
func (h *Handlers) Setup(c echo.Context) error {
	f := page.FormFrom(c, directorFormFields...)
	d, err := h.Auth.Setup(c.Request().Context(), directorInputOf(f))
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, setupPage(f.ClearSecrets()))
	}
	return h.startSession(c, d.Username, f.Values["password"], "/")
}

// LoginForm shows the login form.
func (h *Handlers) LoginForm(c echo.Context) error {
	f := page.NewForm()
	f.Values["next"] = safeNext(c.QueryParam("next"))
	return page.Render(c, http.StatusOK, loginPage(f))
}

// Login checks a director's password and starts a session.
func (h *Handlers) Login(c echo.Context) error {
	f := page.FormFrom(c, "username", "password", "next")
	return h.startSession(c, f.Values["username"], f.Values["password"], safeNext(f.Values["next"]))
}

// startSession logs in and sets the session cookie, or shows the login form again.
func (h *Handlers) startSession(c echo.Context, username, password, next string) error {
	_, secret, err := h.Auth.Login(c.Request().Context(), username, password, c.RealIP())
	if err != nil {
		f := page.NewForm()
		f.Values["username"], f.Values["next"] = username, next
		if !f.Fail(err) {
			return err
		}
		if e, ok := tournament.AsError(err); ok {
			page.SetRetryAfter(c, e)
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), loginPage(f))
	}
	// A new login in this browser ends the session it had before.
	if old, cerr := c.Cookie(page.SessionCookie); cerr == nil && old.Value != "" {
		if err := h.Auth.Logout(c.Request().Context(), old.Value); err != nil {
			return err
		}
	}
	c.SetCookie(&http.Cookie{Name: page.SessionCookie, Value: secret, Path: "/", HttpOnly: true, Secure: page.IsSecure(c),
		SameSite: http.SameSiteLaxMode, MaxAge: int(tournament.SessionLifetime.Seconds())})
	return page.Redirect(c, next)
}

// safeNext keeps a post-login destination only if it is a path on this site.
func safeNext(next string) string {
	u, err := url.Parse(next)
	if err != nil || next == "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || u.Host != "" || strings.Contains(next, `\`) {
		return "/"
	}
	return next
}

// Logout ends the session.
func (h *Handlers) Logout(c echo.Context) error {
	if secret, ok := c.Get("session").(string); ok {
		if err := h.Auth.Logout(c.Request().Context(), secret); err != nil {
			return err
		}
	}
	c.SetCookie(&http.Cookie{Name: page.SessionCookie, Path: "/", MaxAge: -1, HttpOnly: true, Secure: page.IsSecure(c)})
	return page.Redirect(c, "/login")
}

// SetLanguage remembers the chosen language and goes back to the page.
func (h *Handlers) SetLanguage(c echo.Context) error {
	l, ok := page.ParseLang(c.FormValue("lang"))
	if !ok {
		return echo.ErrBadRequest
	}
	c.SetCookie(&http.Cookie{Name: page.LangCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: page.IsSecure(c), SameSite: http.SameSiteLaxMode})
	return page.Redirect(c, safeNext(c.FormValue("back")))
}

// Home shows the director's home page.
func (h *Handlers) Home(c echo.Context) error {
	ctx := c.Request().Context()
	_, active, err := h.Players.List(ctx, tournament.PlayerFilter{Limit: 1})
	if err != nil {
		return err
	}
	_, all, err := h.Players.List(ctx, tournament.PlayerFilter{Limit: 1, IncludeInactive: true})
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, homePage(active, all-active))
}
