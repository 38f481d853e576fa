package views

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// apiImportPairs takes a CSV body of pairs; with ?confirm=true it enters them (all or
// none), otherwise it only previews. Rows with problems answer 422 with every row.
func (s *Server) apiImportPairs(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	pi, err := s.Tournaments.ImportPairs(c.Request().Context(), id, c.Request().Body, c.QueryParam("confirm") == "true", page.DirectorOf(c).Username)
	lang := page.LangOf(c)
	if e, ok := tournament.AsError(err); ok && e.Key == "pairs_import.invalid" && pi != nil {
		return c.JSON(http.StatusUnprocessableEntity, map[string]any{
			"error":           apiErrorBody{Code: e.Code, Message: page.TranslateFor(lang, s.WordingOf(c), e.Key)},
			"rows":            localizePairRows(pi.Rows, lang),
			"ignored_columns": pi.Ignored,
		})
	} else if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"rows": localizePairRows(pi.Rows, lang), "valid": pi.Valid,
		"entered": pi.Entered, "registered": pi.Registered, "ignored_columns": pi.Ignored})
}

// apiPairRow is a row of a pair import with its problems spelled out.
type apiPairRow struct {
	tournament.PairRow
	Messages map[string]string `json:"messages,omitempty"`
}

func localizePairRows(rows []tournament.PairRow, lang page.Lang) []apiPairRow {
	out := make([]apiPairRow, len(rows))
	for i, r := range rows {
		out[i] = apiPairRow{PairRow: r}
		for f, k := range r.Errors {
			if out[i].Messages == nil {
				out[i].Messages = map[string]string{}
			}
			out[i].Messages[f] = page.Translate(lang, k)
		}
	}
	return out
}
