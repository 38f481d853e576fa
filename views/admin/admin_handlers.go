package admin

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

// Directors lists the directors and the form to add one.
func (h *Handlers) Directors(c echo.Context) error {
	return h.renderDirectors(c, http.StatusOK, page.NewForm())
}

func (h *Handlers) renderDirectors(c echo.Context, status int, f *page.Form) error {
	ds, err := h.App.Directors(c)
	if err != nil {
		return err
	}
	return page.Render(c, status, directorsPage(ds, f))
}

// CreateDirector adds a director.
func (h *Handlers) CreateDirector(c echo.Context) error {
	f := page.FormFrom(c, directorFormFields...)
	d, err := h.Auth.AddDirector(c.Request().Context(), directorInputOf(f))
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.renderDirectors(c, http.StatusUnprocessableEntity, f.ClearSecrets())
	}
	page.SetFlash(c, "directors.created", d.Username)
	return page.Redirect(c, "/directors")
}

// Account shows the password change form.
func (h *Handlers) Account(c echo.Context) error {
	return page.Render(c, http.StatusOK, accountPage(page.NewForm()))
}

// ChangePassword changes the director's own password.
func (h *Handlers) ChangePassword(c echo.Context) error {
	f := page.FormFrom(c, "current", "password", "confirm")
	session, _ := c.Get("session").(string)
	err := h.Auth.ChangePassword(c.Request().Context(), page.DirectorOf(c).ID, f.Values["current"], f.Values["password"], f.Values["confirm"], session)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, accountPage(f.ClearSecrets()))
	}
	page.SetFlash(c, "account.password_changed")
	return page.Redirect(c, "/account")
}

// Tokens lists the director's API tokens.
func (h *Handlers) Tokens(c echo.Context) error {
	return h.renderTokens(c, http.StatusOK, page.NewForm(), "")
}

func (h *Handlers) renderTokens(c echo.Context, status int, f *page.Form, secret string) error {
	ts, err := h.Auth.Tokens(c.Request().Context(), page.DirectorOf(c).ID)
	if err != nil {
		return err
	}
	return page.Render(c, status, tokensPage(ts, f, secret))
}

// CreateToken shows the new token's secret once, on this response only.
func (h *Handlers) CreateToken(c echo.Context) error {
	f := page.FormFrom(c, "name")
	_, secret, err := h.Auth.CreateToken(c.Request().Context(), page.DirectorOf(c).ID, f.Values["name"])
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.renderTokens(c, http.StatusUnprocessableEntity, f, "")
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return h.renderTokens(c, http.StatusCreated, page.NewForm(), secret)
}

// RevokeToken revokes one of the director's API tokens.
func (h *Handlers) RevokeToken(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := h.Auth.RevokeToken(c.Request().Context(), page.DirectorOf(c).ID, id); err != nil {
		return err
	}
	page.SetFlash(c, "tokens.revoked")
	return page.Redirect(c, "/tokens")
}
