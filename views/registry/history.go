package registry

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

// Show is a player's page: who they are, every tournament they played (date, format,
// place, points, partner for pairs) and their place in each season.
func (h *Handlers) Show(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	hist, err := h.Seasons.PlayerHistory(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, playerPage(hist))
}
