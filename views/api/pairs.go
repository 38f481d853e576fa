package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// ImportPairs takes a CSV body of pairs; with ?confirm=true it enters them (all or
// none), otherwise it only previews. Rows with problems answer 422 with every row.
func (h *Handlers) ImportPairs(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	pi, err := h.Tournaments.ImportPairs(c.Request().Context(), id, c.Request().Body, c.QueryParam("confirm") == "true", page.DirectorOf(c).Username)
	lang := page.LangOf(c)
	if body, ok := h.rowsRefused(c, err, "pairs_import.invalid"); ok && pi != nil {
		return c.JSON(http.StatusUnprocessableEntity, dto.PairImportRefused{Error: body, Rows: pairRows(pi.Rows, lang), Ignored: pi.Ignored})
	} else if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.PairImport{Rows: pairRows(pi.Rows, lang), Valid: pi.Valid,
		Entered: pi.Entered, Registered: pi.Registered, Ignored: pi.Ignored})
}

// pairRows are a pair import's rows with their problems spelled out in lang.
func pairRows(rows []tournament.PairRow, lang page.Lang) []dto.PairRow {
	out := make([]dto.PairRow, len(rows))
	for i, r := range rows {
		out[i] = dto.PairRow{PairRow: r, Messages: messages(r.Errors, lang)}
	}
	return out
}
