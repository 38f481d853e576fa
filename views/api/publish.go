package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// Publish opens or closes a tournament's public pages: {"published": true}, with
// If-Match the tournament's version.
func (h *Handlers) Publish(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in dto.PublishInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Published == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"published": "error.required"}}
	}
	t, err := h.Tournaments.Publish(c.Request().Context(), id, *in.Published, version, page.DirectorOf(c).Username)
	if isStale(err) {
		now, lerr := h.Tournaments.Load(c.Request().Context(), id)
		if lerr != nil {
			return lerr
		}
		return conflict(c, now.Tournament.Version, dto.PublishConflict{Error: errorBody(c, page.FormatUsed(c), err),
			Current: dto.PublishState{Published: now.Tournament.Published, Version: now.Tournament.Version}})
	} else if err != nil {
		return err
	}
	h.PublicChanged(c.Request().Context(), id, t.Published)
	c.Response().Header().Set("ETag", etag(t.Version))
	return c.JSON(http.StatusOK, dto.Published{ID: t.ID, Published: t.Published, Version: t.Version,
		PublicURL: page.PublicURL(c, t.ID)})
}

// SetClock runs a command on round :n's clock: {"op": "start", "minutes": 75},
// "pause", "adjust" (minutes may be negative) or "reset".
func (h *Handlers) SetClock(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	var in dto.ClockInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	clock, err := h.Tournaments.SetClock(c.Request().Context(), id, n, in.Op, time.Duration(in.Minutes)*time.Minute, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.ClockState{Round: n, Clock: *clock,
		RemainingSeconds: int64(clock.Remaining(time.Now()).Round(time.Second) / time.Second)})
}
