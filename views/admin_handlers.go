package views

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) listDirectors(c echo.Context) error {
	return s.renderDirectors(c, http.StatusOK, newForm())
}

func (s *Server) renderDirectors(c echo.Context, status int, f *form) error {
	ds, err := s.auth.Directors(c.Request().Context())
	if err != nil {
		return err
	}
	return render(c, status, directorsPage(ds, f))
}

func (s *Server) createDirector(c echo.Context) error {
	f := formFrom(c, directorFormFields...)
	d, err := s.auth.AddDirector(c.Request().Context(), directorInputOf(f))
	if err != nil {
		if !f.fail(err) {
			return err
		}
		return s.renderDirectors(c, http.StatusUnprocessableEntity, f.clearSecrets())
	}
	setFlash(c, "directors.created", d.Username)
	return redirect(c, "/directors")
}

func (s *Server) account(c echo.Context) error {
	return render(c, http.StatusOK, accountPage(newForm()))
}

func (s *Server) changePassword(c echo.Context) error {
	f := formFrom(c, "current", "password", "confirm")
	session, _ := c.Get("session").(string)
	err := s.auth.ChangePassword(c.Request().Context(), directorOf(c).ID, f.Values["current"], f.Values["password"], f.Values["confirm"], session)
	if err != nil {
		if !f.fail(err) {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, accountPage(f.clearSecrets()))
	}
	setFlash(c, "account.password_changed")
	return redirect(c, "/account")
}

func (s *Server) listTokens(c echo.Context) error {
	return s.renderTokens(c, http.StatusOK, newForm(), "")
}

func (s *Server) renderTokens(c echo.Context, status int, f *form, secret string) error {
	ts, err := s.auth.Tokens(c.Request().Context(), directorOf(c).ID)
	if err != nil {
		return err
	}
	return render(c, status, tokensPage(ts, f, secret))
}

// createToken shows the new token's secret once, on this response only.
func (s *Server) createToken(c echo.Context) error {
	f := formFrom(c, "name")
	_, secret, err := s.auth.CreateToken(c.Request().Context(), directorOf(c).ID, f.Values["name"])
	if err != nil {
		if !f.fail(err) {
			return err
		}
		return s.renderTokens(c, http.StatusUnprocessableEntity, f, "")
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.renderTokens(c, http.StatusCreated, newForm(), secret)
}

func (s *Server) revokeToken(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	if err := s.auth.RevokeToken(c.Request().Context(), directorOf(c).ID, id); err != nil {
		return err
	}
	setFlash(c, "tokens.revoked")
	return redirect(c, "/tokens")
}
