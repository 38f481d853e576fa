package standings

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

// Handlers serve the standings pages.
type Handlers struct{ *page.App }

// Show renders a stage's standings.
func (h *Handlers) Show(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := h.Tournaments.StageStandings(c.Request().Context(), id, seq)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	return page.Render(c, http.StatusOK, standingsView(ev, cols, lines))
}

// PairingOrder shows the running standings a round was paired from.
func (h *Handlers) PairingOrder(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := h.Tournaments.PairingOrder(c.Request().Context(), id, n)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	return page.Render(c, http.StatusOK, pairingOrderPage(ev, n, cols, lines))
}
