package tournaments

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// seasonOfNew reads the season a new tournament is to count in (season_id; 0 for none):
// it must exist and cover the tournament's date, else the problem is noted next to the
// field (and the tournament is not created).
func (h *Handlers) seasonOfNew(c echo.Context, f *page.Form, date string) (int64, error) {
	text := strings.TrimSpace(f.Values["season_id"])
	if text == "" || h.Seasons == nil {
		return 0, nil
	}
	sid, err := strconv.ParseInt(text, 10, 64)
	if err != nil || sid <= 0 {
		f.Errors["season_id"] = "seasons.err.pick_season"
		f.Error = "error.invalid"
		return 0, nil
	}
	s, err := h.Seasons.Get(c.Request().Context(), sid)
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		f.Errors["season_id"] = "seasons.err.pick_season"
		f.Error = "error.invalid"
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	if !s.Covers(strings.TrimSpace(date)) {
		f.Errors["season_id"] = "seasons.err.date_outside"
		f.Error = "error.invalid"
		return 0, nil
	}
	return sid, nil
}
