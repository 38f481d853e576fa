package entries

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

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
func (h *Handlers) pickedPlayers(c echo.Context) ([2]int64, [2]*tournament.Player) {
	var ids [2]int64
	var ps [2]*tournament.Player
	for i := range ids {
		ids[i], _ = strconv.ParseInt(c.FormValue(fmt.Sprintf("pair.%d", i+1)), 10, 64)
		if ids[i] > 0 {
			if p, err := h.Players.Get(c.Request().Context(), ids[i]); err == nil {
				ps[i] = p
			}
		}
	}
	return ids, ps
}

// PickPairPlayer answers "Choose" in a place of the pair form: the place with the
// player chosen, or (without a player) the search again.
func (h *Handlers) PickPairPlayer(c echo.Context) error {
	tid, slot, p, err := h.pickPlace(c, 2)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, playerPlace(pairPlace(tid, slot), p, ""))
}

// pickPlace reads "Choose" in a place of a form of players: the tournament, the place
// (1 to places) and the player chosen (nil: none).
func (h *Handlers) pickPlace(c echo.Context, places int) (tid int64, slot int, p *tournament.Player, err error) {
	if tid, err = page.IDParam(c); err != nil {
		return 0, 0, nil, err
	}
	slot, _ = strconv.Atoi(c.QueryParam("slot"))
	if slot < 1 || slot > places {
		return 0, 0, nil, echo.ErrBadRequest
	}
	if id, _ := strconv.ParseInt(c.QueryParam("player_id"), 10, 64); id > 0 {
		if p, err = h.Players.Get(c.Request().Context(), id); err != nil {
			return 0, 0, nil, err
		}
	}
	return tid, slot, p, nil
}

// AddPair enters the two players chosen in the pair form as a pair.
func (h *Handlers) AddPair(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ids, ps := h.pickedPlayers(c)
	e, err := h.Tournaments.AddPair(c.Request().Context(), tid, ids[0], ids[1], page.DirectorOf(c).Username)
	pp := pairPick{Form: page.NewForm()}
	if err != nil {
		if !pp.Form.Fail(err) {
			return err
		}
		pp.Players = ps
		ev, lerr := h.Tournaments.Load(c.Request().Context(), tid)
		if lerr != nil {
			return lerr
		}
		page.UseFormat(c, ev.Stage.Format)
		status := page.StatusOf(tournament.ErrorCode(err))
		if page.IsHTMX(c) {
			// htmx swaps only 2xx answers: the refusal is shown in the form, in place.
			return page.Render(c, http.StatusOK, pairAdded(ev, "", pp))
		}
		return page.Render(c, status, entriesView(ev, page.NewForm(), pp))
	}
	if page.IsHTMX(c) {
		ev, err := h.Tournaments.Load(c.Request().Context(), tid)
		if err != nil {
			return err
		}
		page.UseFormat(c, ev.Stage.Format)
		return page.Render(c, http.StatusOK, pairAdded(ev, "", pp))
	}
	page.SetFlash(c, "entries.added", e.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", tid, "/entries"))
}

// ImportForm shows the form to import pairs from a CSV file; a stage of teams imports
// teams (the service refuses pairs there).
func (h *Handlers) ImportForm(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	if page.TeamsStage(ev) {
		return page.Render(c, http.StatusOK, csvImportPage(ev, teamsImport, page.NewForm()))
	}
	return page.Render(c, http.StatusOK, csvImportPage(ev, pairsImport, page.NewForm()))
}

// ImportPreview shows what importing the pairs would do; it writes nothing.
func (h *Handlers) ImportPreview(c echo.Context) error {
	return h.pairImport(c, false)
}

// Import enters every pair of the file, or none.
func (h *Handlers) Import(c echo.Context) error {
	return h.pairImport(c, true)
}

func (h *Handlers) pairImport(c echo.Context, confirm bool) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	text, err := page.ImportText(c)
	var pi *tournament.PairImport
	if err == nil {
		pi, err = h.Tournaments.ImportPairs(c.Request().Context(), ev.Tournament.ID, strings.NewReader(text), confirm, page.DirectorOf(c).Username)
	}
	switch e, _ := tournament.AsError(err); {
	case err == nil && !confirm:
		return page.Render(c, http.StatusOK, pairImportPreviewPage(ev, text, pi, ""))
	case err == nil:
		page.SetFlash(c, "pairs_import.done", strconv.Itoa(pi.Entered), strconv.Itoa(pi.Registered))
		return page.Redirect(c, page.IDPath("/tournaments/", ev.Tournament.ID, "/entries"))
	case e != nil && e.Key == "pairs_import.invalid" && pi != nil:
		return page.Render(c, http.StatusUnprocessableEntity, pairImportPreviewPage(ev, text, pi, ""))
	}
	return importRefused(c, ev, pairsImport, text, err)
}

// importRefused shows an import's form again with the text as it was and why it was
// refused (an error that is not the director's is returned as is).
func importRefused(c echo.Context, ev *tournament.State, imp csvImport, text string, err error) error {
	f := page.NewForm()
	f.Values["csv"] = text
	if !f.Fail(err) {
		return err
	}
	f.Errors["csv"] = f.Error
	return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), csvImportPage(ev, imp, f))
}
