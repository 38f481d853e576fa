package views

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// apiPublish opens or closes a tournament's public pages: {"published": true}, with
// If-Match the tournament's version.
func (s *Server) apiPublish(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in struct {
		Published *bool `json:"published"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Published == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"published": "error.required"}}
	}
	t, err := s.Tournaments.Publish(c.Request().Context(), id, *in.Published, version, page.DirectorOf(c).Username)
	if isStale(err) {
		now, lerr := s.Tournaments.Load(c.Request().Context(), id)
		if lerr != nil {
			return lerr
		}
		return apiConflict(c, err, map[string]any{"published": now.Tournament.Published, "version": now.Tournament.Version}, now.Tournament.Version)
	} else if err != nil {
		return err
	}
	s.PublicChanged(c.Request().Context(), id, t.Published)
	c.Response().Header().Set("ETag", etag(t.Version))
	return c.JSON(http.StatusOK, map[string]any{"id": t.ID, "published": t.Published, "version": t.Version,
		"public_url": page.PublicURL(c, t.ID)})
}

// apiSetClock runs a command on round :n's clock: {"op": "start", "minutes": 75},
// "pause", "adjust" (minutes may be negative) or "reset".
func (s *Server) apiSetClock(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	var in struct {
		Op      string `json:"op"`
		Minutes int    `json:"minutes"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	clock, err := s.Tournaments.SetClock(c.Request().Context(), id, n, in.Op, time.Duration(in.Minutes)*time.Minute, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"round": n, "clock": clock,
		"remaining_seconds": int64(clock.Remaining(time.Now()).Round(time.Second) / time.Second)})
}
