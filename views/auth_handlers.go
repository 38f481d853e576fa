package views

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

func (s *Server) setupForm(c echo.Context) error {
	return page.Render(c, http.StatusOK, setupPage(page.NewForm()))
}

func (s *Server) setup(c echo.Context) error {
	f := page.FormFrom(c, directorFormFields...)
	d, err := s.Auth.Setup(c.Request().Context(), directorInputOf(f))
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, setupPage(f.ClearSecrets()))
	}
	return s.startSession(c, d.Username, f.Values["password"], "/")
}

func (s *Server) loginForm(c echo.Context) error {
	f := page.NewForm()
	f.Values["next"] = safeNext(c.QueryParam("next"))
	return page.Render(c, http.StatusOK, loginPage(f))
}

func (s *Server) login(c echo.Context) error {
	f := page.FormFrom(c, "username", "password", "next")
	return s.startSession(c, f.Values["username"], f.Values["password"], safeNext(f.Values["next"]))
}

// startSession logs in and sets the session cookie, or shows the login form again.
func (s *Server) startSession(c echo.Context, username, password, next string) error {
	_, secret, err := s.Auth.Login(c.Request().Context(), username, password, c.RealIP())
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
		if err := s.Auth.Logout(c.Request().Context(), old.Value); err != nil {
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

func (s *Server) logout(c echo.Context) error {
	if secret, ok := c.Get("session").(string); ok {
		if err := s.Auth.Logout(c.Request().Context(), secret); err != nil {
			return err
		}
	}
	c.SetCookie(&http.Cookie{Name: page.SessionCookie, Path: "/", MaxAge: -1, HttpOnly: true, Secure: page.IsSecure(c)})
	return page.Redirect(c, "/login")
}

// setLanguage remembers the chosen language and goes back to the page.
func (s *Server) setLanguage(c echo.Context) error {
	l, ok := page.ParseLang(c.FormValue("lang"))
	if !ok {
		return echo.ErrBadRequest
	}
	c.SetCookie(&http.Cookie{Name: page.LangCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: page.IsSecure(c), SameSite: http.SameSiteLaxMode})
	return page.Redirect(c, safeNext(c.FormValue("back")))
}

func (s *Server) home(c echo.Context) error {
	ctx := c.Request().Context()
	_, active, err := s.Players.List(ctx, tournament.PlayerFilter{Limit: 1})
	if err != nil {
		return err
	}
	_, all, err := s.Players.List(ctx, tournament.PlayerFilter{Limit: 1, IncludeInactive: true})
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, homePage(active, all-active))
}
