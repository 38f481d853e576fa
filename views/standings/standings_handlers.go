package standings

import (
	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
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
	return h.RenderKept(c, id, seq, func(s tournament.Snapshot) (templ.Component, error) {
		cols, lines := s.Standings()
		return standingsView(s.State(), cols, lines), nil
	})
}

// PairingOrder shows the running standings a round was paired from.
func (h *Handlers) PairingOrder(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	return h.RenderKept(c, id, 0, func(s tournament.Snapshot) (templ.Component, error) {
		cols, lines, err := s.PairingOrder(n)
		if err != nil {
			return nil, err
		}
		return pairingOrderPage(s.State(), n, cols, lines), nil
	})
}
