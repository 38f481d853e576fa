package views

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// pairsStage says whether the stage's entries are pairs: the entries page then forms
// pairs instead of adding single players.
func pairsStage(ev *tournament.State) bool {
	return ev.Stage.Settings != nil && ev.Stage.Settings.Pairs()
}

// entriesTitle names the entries of a tournament: its players, or its pairs.
func entriesTitle(ctx context.Context, ev *tournament.State) string {
	if pairsStage(ev) {
		return t(ctx, "entries.title_pairs")
	}
	return t(ctx, "entries.title")
}

// pairRowErrors lists the problems of member m (1 or 2) of an import row.
func pairRowErrors(r tournament.PairRow, m int) []string {
	var keys []string
	prefix := fmt.Sprintf("p%d.", m)
	for f, k := range r.Errors {
		if strings.HasPrefix(f, prefix) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// pickedPlayers reads the players chosen in the pair form ("pair.1", "pair.2").
func (s *Server) pickedPlayers(c echo.Context) ([2]int64, [2]*tournament.Player) {
	var ids [2]int64
	var ps [2]*tournament.Player
	for i := range ids {
		ids[i], _ = strconv.ParseInt(c.FormValue(fmt.Sprintf("pair.%d", i+1)), 10, 64)
		if ids[i] > 0 {
			if p, err := s.players.Get(c.Request().Context(), ids[i]); err == nil {
				ps[i] = p
			}
		}
	}
	return ids, ps
}

// pickPairPlayer answers "Choose" in a place of the pair form: the place with the
// player chosen, or (without a player) the search again.
func (s *Server) pickPairPlayer(c echo.Context) error {
	tid, err := idParam(c)
	if err != nil {
		return err
	}
	slot, _ := strconv.Atoi(c.QueryParam("slot"))
	if slot != 1 && slot != 2 {
		return echo.ErrBadRequest
	}
	var p *tournament.Player
	if id, _ := strconv.ParseInt(c.QueryParam("player_id"), 10, 64); id > 0 {
		if p, err = s.players.Get(c.Request().Context(), id); err != nil {
			return err
		}
	}
	return render(c, http.StatusOK, pairSlot(tid, slot, p, ""))
}

// addPair enters the two players chosen in the pair form as a pair.
func (s *Server) addPair(c echo.Context) error {
	tid, err := idParam(c)
	if err != nil {
		return err
	}
	ids, ps := s.pickedPlayers(c)
	e, err := s.tournaments.AddPair(c.Request().Context(), tid, ids[0], ids[1], directorOf(c).Username)
	pp := pairPick{Form: newForm()}
	if err != nil {
		if !pp.Form.fail(err) {
			return err
		}
		pp.Players = ps
		ev, lerr := s.tournaments.Load(c.Request().Context(), tid)
		if lerr != nil {
			return lerr
		}
		useFormat(c, ev.Stage.Format)
		status := statusOf(tournament.ErrorCode(err))
		if isHTMX(c) {
			// htmx swaps only 2xx answers: the refusal is shown in the form, in place.
			return render(c, http.StatusOK, pairAdded(ev, "", pp))
		}
		return render(c, status, entriesView(ev, newForm(), pp))
	}
	if isHTMX(c) {
		ev, err := s.tournaments.Load(c.Request().Context(), tid)
		if err != nil {
			return err
		}
		useFormat(c, ev.Stage.Format)
		return render(c, http.StatusOK, pairAdded(ev, "", pp))
	}
	setFlash(c, "entries.added", e.Name)
	return redirect(c, idPath("/tournaments/", tid, "/entries"))
}

func (s *Server) pairImportForm(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, pairImportPage(ev, newForm()))
}

// pairImportPreview shows what importing the pairs would do; it writes nothing.
func (s *Server) pairImportPreview(c echo.Context) error {
	return s.pairImport(c, false)
}

// pairImportConfirm enters every pair of the file, or none.
func (s *Server) pairImportConfirm(c echo.Context) error {
	return s.pairImport(c, true)
}

func (s *Server) pairImport(c echo.Context, confirm bool) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	text, err := importText(c)
	var pi *tournament.PairImport
	if err == nil {
		pi, err = s.tournaments.ImportPairs(c.Request().Context(), ev.Tournament.ID, strings.NewReader(text), confirm, directorOf(c).Username)
	}
	switch e, _ := tournament.AsError(err); {
	case err == nil && !confirm:
		return render(c, http.StatusOK, pairImportPreviewPage(ev, text, pi, ""))
	case err == nil:
		setFlash(c, "pairs_import.done", strconv.Itoa(pi.Entered), strconv.Itoa(pi.Registered))
		return redirect(c, idPath("/tournaments/", ev.Tournament.ID, "/entries"))
	case e != nil && e.Key == "pairs_import.invalid" && pi != nil:
		return render(c, http.StatusUnprocessableEntity, pairImportPreviewPage(ev, text, pi, ""))
	}
	f := newForm()
	f.Values["csv"] = text
	if !f.fail(err) {
		return err
	}
	f.Errors["csv"] = f.Error
	return render(c, statusOf(tournament.ErrorCode(err)), pairImportPage(ev, f))
}

// apiImportPairs takes a CSV body of pairs; with ?confirm=true it enters them (all or
// none), otherwise it only previews. Rows with problems answer 422 with every row.
func (s *Server) apiImportPairs(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	pi, err := s.tournaments.ImportPairs(c.Request().Context(), id, c.Request().Body, c.QueryParam("confirm") == "true", directorOf(c).Username)
	lang := langOf(c)
	if e, ok := tournament.AsError(err); ok && e.Key == "pairs_import.invalid" && pi != nil {
		return c.JSON(http.StatusUnprocessableEntity, map[string]any{
			"error":           apiErrorBody{Code: e.Code, Message: translateFor(lang, s.wordingOf(c), e.Key)},
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

func localizePairRows(rows []tournament.PairRow, lang Lang) []apiPairRow {
	out := make([]apiPairRow, len(rows))
	for i, r := range rows {
		out[i] = apiPairRow{PairRow: r}
		for f, k := range r.Errors {
			if out[i].Messages == nil {
				out[i].Messages = map[string]string{}
			}
			out[i].Messages[f] = Translate(lang, k)
		}
	}
	return out
}
