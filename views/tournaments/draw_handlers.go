package tournaments

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Draw draws the next round.
func (h *Handlers) Draw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "seed", "override", "round")
	opt := tournament.DrawOptions{Override: f.Values["override"]}
	opt.Round, _ = strconv.Atoi(f.Values["round"])
	if raw := strings.TrimSpace(f.Values["seed"]); raw != "" {
		if opt.Seed, err = strconv.ParseInt(raw, 10, 64); err != nil || opt.Seed <= 0 {
			f.Errors["seed"] = "draw.seed"
		}
	}
	var g *tournament.Round
	if len(f.Errors) == 0 {
		g, err = h.Tournaments.Draw(c.Request().Context(), id, opt, page.DirectorOf(c).Username)
		if err != nil && !f.Fail(err) {
			return err
		}
	}
	if len(f.Errors) > 0 || f.Error != "" {
		// The page that refuses is read now: a draw that succeeds reads nothing more.
		ev, err := h.Evening(c)
		if err != nil {
			return err
		}
		events, err := h.Tournaments.Events(c.Request().Context(), ev.Tournament.ID)
		if err != nil {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, tournamentPage(page.StatusOfEvening(ev), events, f))
	}
	page.SetFlash(c, "draw.done", page.Itoa(g.Number), strconv.FormatInt(g.Seed, 10))
	return page.Redirect(c, page.RoundPath(id, g.Number, ""))
}

// UndoDraw removes the last round while nothing of it is entered.
func (h *Handlers) UndoDraw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	if err := h.Tournaments.UndoDraw(c.Request().Context(), id, n, page.DirectorOf(c).Username); err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			page.SetFlash(c, d.Key, page.Itoa(n))
			return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
		}
		return err
	}
	page.SetFlash(c, "draw.undone", page.Itoa(n))
	return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
}
