package exports

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

// SeasonFederation downloads a season's results for the federation (docs/FEDERATION.md),
// the director's twin of GET /api/v1/seasons/{id}/federation.csv.
func (h *Handlers) SeasonFederation(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	return federationFile(c, fmt.Sprintf("season-%d-federation.csv", id), func(w io.Writer) error {
		return h.Seasons.WriteSeasonCSV(c.Request().Context(), w, id, page.CSVStyleOf(c))
	})
}

// TournamentFederation downloads a tournament's results for the federation, the
// director's twin of GET /api/v1/tournaments/{id}/federation.csv.
func (h *Handlers) TournamentFederation(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	return federationFile(c, fmt.Sprintf("tournament-%d-federation.csv", id), func(w io.Writer) error {
		return h.Seasons.WriteTournamentCSV(c.Request().Context(), w, id, page.CSVStyleOf(c))
	})
}

// federationFile answers a CSV built in memory as a download (an error is the error
// page, not half a file).
func federationFile(c echo.Context, name string, write func(w io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", name))
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
