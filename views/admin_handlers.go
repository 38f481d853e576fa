package views

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

func (s *Server) listDirectors(c echo.Context) error {
	return s.renderDirectors(c, http.StatusOK, page.NewForm())
}

func (s *Server) renderDirectors(c echo.Context, status int, f *page.Form) error {
	ds, err := s.Auth.Directors(c.Request().Context())
	if err != nil {
		return err
	}
	return page.Render(c, status, directorsPage(ds, f))
}

func (s *Server) createDirector(c echo.Context) error {
	f := page.FormFrom(c, directorFormFields...)
	d, err := s.Auth.AddDirector(c.Request().Context(), directorInputOf(f))
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return s.renderDirectors(c, http.StatusUnprocessableEntity, f.ClearSecrets())
	}
	page.SetFlash(c, "directors.created", d.Username)
	return page.Redirect(c, "/directors")
}

func (s *Server) account(c echo.Context) error {
	return page.Render(c, http.StatusOK, accountPage(page.NewForm()))
}

func (s *Server) changePassword(c echo.Context) error {
	f := page.FormFrom(c, "current", "password", "confirm")
	session, _ := c.Get("session").(string)
	err := s.Auth.ChangePassword(c.Request().Context(), page.DirectorOf(c).ID, f.Values["current"], f.Values["password"], f.Values["confirm"], session)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, accountPage(f.ClearSecrets()))
	}
	page.SetFlash(c, "account.password_changed")
	return page.Redirect(c, "/account")
}

func (s *Server) listTokens(c echo.Context) error {
	return s.renderTokens(c, http.StatusOK, page.NewForm(), "")
}

func (s *Server) renderTokens(c echo.Context, status int, f *page.Form, secret string) error {
	ts, err := s.Auth.Tokens(c.Request().Context(), page.DirectorOf(c).ID)
	if err != nil {
		return err
	}
	return page.Render(c, status, tokensPage(ts, f, secret))
}

// createToken shows the new token's secret once, on this response only.
func (s *Server) createToken(c echo.Context) error {
	f := page.FormFrom(c, "name")
	_, secret, err := s.Auth.CreateToken(c.Request().Context(), page.DirectorOf(c).ID, f.Values["name"])
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return s.renderTokens(c, http.StatusUnprocessableEntity, f, "")
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.renderTokens(c, http.StatusCreated, page.NewForm(), secret)
}

func (s *Server) revokeToken(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := s.Auth.RevokeToken(c.Request().Context(), page.DirectorOf(c).ID, id); err != nil {
		return err
	}
	page.SetFlash(c, "tokens.revoked")
	return page.Redirect(c, "/tokens")
}
