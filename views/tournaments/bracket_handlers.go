package tournaments

import (
	"context"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Bracket shows a knockout stage as a bracket, for the screen and A4 landscape.
func (h *Handlers) Bracket(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	b, ok := tournament.BracketOf(ev)
	if !ok {
		return tournament.Errorf(tournament.ENOTFOUND, "bracket.not_bracket")
	}
	return page.Render(c, http.StatusOK, bracketView(ev, b))
}

// ConfirmStage asks before the next stage starts: what happens, and who goes on. A
// stage that cannot start yet shows why on the tournament's page.
func (h *Handlers) ConfirmStage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.NewForm()
	f.Values["format"], f.Values["start"] = c.QueryParam("format"), c.QueryParam("start")
	plan, err := h.Tournaments.NextStageAs(c.Request().Context(), id, f.Values["format"], f.Values["start"])
	ev, lerr := h.Tournaments.Load(c.Request().Context(), id)
	if lerr != nil {
		return lerr
	}
	page.UseFormat(c, ev.Stage.Format)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		events, err := h.Tournaments.Events(c.Request().Context(), id)
		if err != nil {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, tournamentPage(page.StatusOfEvening(ev), events, f))
	}
	return page.Render(c, http.StatusOK, stageConfirmPage(ev, plan))
}

// StageSheets lists the score sheets of a stage, each to correct at its own address
// (?stage=): an earlier stage's sheets stay open once the next stage started.
func (h *Handlers) StageSheets(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.Atoi(c.Param("seq"))
	if err != nil || seq < 1 || strconv.Itoa(seq) != c.Param("seq") {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	ev, _, _, err := h.Tournaments.StageStandings(c.Request().Context(), id, seq)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	return page.Render(c, http.StatusOK, stageSheetsPage(ev))
}

// StartStage starts the next stage with the current one's qualifiers (confirmed on
// stageConfirmPage).
func (h *Handlers) StartStage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "format", "start")
	st, err := h.Tournaments.StartStageAs(c.Request().Context(), id, f.Values["format"], f.Values["start"], page.DirectorOf(c).Username)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		ev, err := h.Tournaments.Load(c.Request().Context(), id)
		if err != nil {
			return err
		}
		page.UseFormat(c, ev.Stage.Format)
		events, err := h.Tournaments.Events(c.Request().Context(), id)
		if err != nil {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, tournamentPage(page.StatusOfEvening(ev), events, f))
	}
	page.SetFlash(c, "stage.started", page.Itoa(st.Seq))
	return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
}

// nextStageFormats are the formats a next stage can be played in: the bracket ones
// (seeded, when ev has qualifiers) and those that can continue ev (tournament.Carrier).
func nextStageFormats(ev *tournament.State) []string {
	var out []string
	for _, n := range tournament.FormatNames() {
		f, _ := tournament.FormatOf(n)
		_, bracket := f.(tournament.Bracketer)
		_, carrier := f.(tournament.Carrier)
		if (bracket && ev.Stage.Qualifiers >= 2) || (carrier && canContinue(ev)) {
			out = append(out, n)
		}
	}
	return out
}

// bracketSideName is a side's name on the bracket: the entry, "bye", or a blank still
// to be decided.
func bracketSideName(ctx context.Context, ev *tournament.State, sd tournament.BracketSide) string {
	switch {
	case sd.Bye:
		return page.T(ctx, "bracket.bye")
	case sd.EntryID == 0:
		return "—"
	}
	return page.EntryName(ev, sd.EntryID)
}

// canContinue reports whether a next stage may carry ev's standings on: ev's format is
// one whose values a Carrier adds (tournament.Carrier).
func canContinue(ev *tournament.State) bool {
	_, ok := ev.Format().(tournament.Carrier)
	return ok
}
