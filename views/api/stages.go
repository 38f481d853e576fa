package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// Bracket answers a knockout stage's bracket, with the names of its entries.
func (h *Handlers) Bracket(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	b, ok := tournament.BracketOf(ev)
	if !ok {
		return tournament.Errorf(tournament.ENOTFOUND, "bracket.not_bracket")
	}
	names := map[string]string{}
	for _, r := range b.Rounds {
		for _, m := range r.Matches {
			for _, sd := range m.Sides {
				if sd.EntryID != 0 {
					names[strconv.FormatInt(sd.EntryID, 10)] = page.EntryName(ev, sd.EntryID)
				}
			}
		}
	}
	if b.Rounds == nil {
		b.Rounds = []tournament.BracketRound{}
	}
	return c.JSON(http.StatusOK, dto.Bracket{Stage: ev.Stage.Seq, Size: b.Size, Rounds: b.Rounds, Names: names,
		Winner: page.BracketWinner(b)})
}

// NextStage says what starting the next stage (?format=knockout) would do, changing
// nothing: the stage it closes, the new one and its qualifiers, best first.
func (h *Handlers) NextStage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	plan, err := h.Tournaments.NextStageAs(c.Request().Context(), id, c.QueryParam("format"), c.QueryParam("start"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, plan)
}

// StartStage starts the next stage ({"format": "knockout"}) with the current one's
// qualifiers, or ({"format": "danish", "start": "continued"}) carrying every entry's
// standing on, and answers the new stage.
func (h *Handlers) StartStage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.StartStageInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	st, err := h.Tournaments.StartStageAs(c.Request().Context(), id, in.Format, in.Start, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, st)
}
