// Package sync is the pages of the results' way to the hub (issue 39): on the hub, a
// club's linked laptops, a link code made, a laptop revoked; on the laptop, its link to
// the hub (address and code) and each tournament's state.
package sync

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
	"burraco/views/page"
)

// Handlers serves the hub pages.
type Handlers struct {
	*page.App
}

// view is what the page shows.
type view struct {
	KeyID   string
	Link    *relay.Link
	Keys    []tsync.Key
	Hub     bool // this app takes results (the club's laptops are shown)
	Laptop  bool // this app sends results (its link is shown)
	Code    string
	Expires time.Time
}

// relay returns the app's relay or ENOTFOUND.
func (h *Handlers) relay() (*page.Relay, error) {
	if h.Relay == nil || h.Relay.Store == nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return h.Relay, nil
}

func (h *Handlers) render(c echo.Context, status int, f *page.Form, code string, expires time.Time) error {
	r, err := h.relay()
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v := view{Hub: r.Linking != nil, Laptop: r.Laptop != nil, Code: code, Expires: expires}
	if v.Laptop {
		key, err := r.Store.LaptopKey(ctx)
		if err != nil {
			return err
		}
		v.KeyID = tsync.KeyID(key.Public)
		if v.Link, err = r.Store.HubLink(ctx); err != nil {
			return err
		}
	}
	if v.Hub {
		if v.Keys, err = r.Store.ListClubKeys(ctx, page.CurrentClubID(ctx)); err != nil {
			return err
		}
	}
	if code != "" {
		c.Response().Header().Set("Cache-Control", "no-store")
	}
	return page.Render(c, status, syncPage(v, f))
}

// Show is the hub page: the laptop's link, the club's laptops.
func (h *Handlers) Show(c echo.Context) error {
	return h.render(c, http.StatusOK, page.NewForm(), "", time.Time{})
}

// MakeCode makes a one-time link code for the director's club and shows it once.
func (h *Handlers) MakeCode(c echo.Context) error {
	r, err := h.relay()
	if err != nil || r.Linking == nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	code, expires, err := r.Linking.MakeCode(c.Request().Context(), page.CurrentClubID(c.Request().Context()))
	if err != nil {
		return err
	}
	return h.render(c, http.StatusCreated, page.NewForm(), code, expires)
}

// Revoke revokes a laptop of the director's club at once.
func (h *Handlers) Revoke(c echo.Context) error {
	r, err := h.relay()
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := r.Store.RevokeClubKey(c.Request().Context(), page.CurrentClubID(c.Request().Context()), id); err != nil {
		return err
	}
	page.SetFlash(c, "sync.revoked")
	return page.Redirect(c, "/sync")
}

// Link links this laptop to a hub with a code made there; a problem is shown beside
// its field, the input kept.
func (h *Handlers) Link(c echo.Context) error {
	r, err := h.relay()
	if err != nil || r.Laptop == nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	f := page.FormFrom(c, "address", "code", "label")
	if _, err := r.Laptop.LinkTo(c.Request().Context(), f.Values["address"], f.Values["code"], f.Values["label"]); err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.render(c, http.StatusUnprocessableEntity, f, "", time.Time{})
	}
	page.SetFlash(c, "sync.linked")
	return page.Redirect(c, "/sync")
}

// lastContact is a last contact in words.
func lastContact(c *time.Time) string {
	if c == nil {
		return ""
	}
	return c.UTC().Format("2006-01-02 15:04 UTC")
}
