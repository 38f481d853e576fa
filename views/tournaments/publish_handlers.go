package tournaments

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Publish opens or closes the public pages, from the tournament page.
func (h *Handlers) Publish(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, _ := strconv.Atoi(c.FormValue("version"))
	on := c.FormValue("published") == "true"
	if _, err := h.Tournaments.Publish(c.Request().Context(), id, on, version, page.DirectorOf(c).Username); err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			page.SetFlash(c, d.Key)
			return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
		}
		return err
	}
	h.PublicChanged(c.Request().Context(), id, on)
	if on {
		page.SetFlash(c, "public.published")
	} else {
		page.SetFlash(c, "public.unpublished")
	}
	return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
}

// SetClock starts, pauses, adjusts or resets round :n's clock, from the tournament page.
func (h *Handlers) SetClock(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	f := page.FormFrom(c, "op", "minutes")
	op := f.Values["op"]
	var d time.Duration
	if op == tournament.ClockStart || op == tournament.ClockAdjust {
		if m, perr := strconv.Atoi(strings.TrimSpace(f.Values["minutes"])); perr == nil {
			d = time.Duration(m) * time.Minute
		} else if op == tournament.ClockAdjust || strings.TrimSpace(f.Values["minutes"]) != "" {
			f.Errors["minutes"] = "clock.err.minutes"
		}
	}
	status := http.StatusUnprocessableEntity
	if len(f.Errors) == 0 {
		_, err := h.Tournaments.SetClock(c.Request().Context(), id, n, op, d, page.DirectorOf(c).Username)
		if err == nil {
			return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
		}
		if !f.Fail(err) {
			return err
		}
		status = page.StatusOf(tournament.ErrorCode(err))
	}
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	events, err := h.Tournaments.Events(c.Request().Context(), id)
	if err != nil {
		return err
	}
	st := page.StatusOfEvening(ev)
	st.Clock = f
	return page.Render(c, status, tournamentPage(st, events, page.NewForm()))
}
