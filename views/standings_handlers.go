package views

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

func (s *Server) standingsPage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := s.Tournaments.StageStandings(c.Request().Context(), id, seq)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	return page.Render(c, http.StatusOK, standingsView(ev, cols, lines))
}

// pairingOrder shows the running standings a round was paired from.
func (s *Server) pairingOrder(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := s.Tournaments.PairingOrder(c.Request().Context(), id, n)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	return page.Render(c, http.StatusOK, pairingOrderPage(ev, n, cols, lines))
}
