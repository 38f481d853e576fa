package views

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// apiBracket answers a knockout stage's bracket, with the names of its entries.
func (s *Server) apiBracket(c echo.Context) error {
	ev, err := s.Evening(c)
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
	return c.JSON(http.StatusOK, map[string]any{"stage": ev.Stage.Seq, "size": b.Size, "rounds": b.Rounds, "names": names,
		"winner": page.BracketWinner(b)})
}

// apiNextStage says what starting the next stage (?format=knockout) would do, changing
// nothing: the stage it closes, the new one and its qualifiers, best first.
func (s *Server) apiNextStage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	plan, err := s.Tournaments.NextStage(c.Request().Context(), id, c.QueryParam("format"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, plan)
}

// apiStartStage starts the next stage ({"format": "knockout"}) with the current one's
// qualifiers, and answers the new stage.
func (s *Server) apiStartStage(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in struct {
		Format string `json:"format"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	st, err := s.Tournaments.StartStage(c.Request().Context(), id, in.Format, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, st)
}
