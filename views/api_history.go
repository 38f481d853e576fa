package views

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// apiEvent is a log line with its text in the language asked for.
func apiEvent(lang page.Lang, format string, e tournament.Event) map[string]any {
	return map[string]any{"id": e.ID, "at": e.At, "director": e.Director, "kind": e.Kind, "args": e.Args, "also": e.Also,
		"changes": e.Changes, "stage_id": e.StageID, "round": e.Round, "table": e.Table, "entry_id": e.EntryID,
		"undoes": e.Undoes, "undone_by": e.UndoneBy, "undoable": e.Undoable(), "text": page.EventText(lang, format, &e)}
}

func (s *Server) apiHistory(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	round, _ := strconv.Atoi(c.QueryParam("round"))
	table, _ := strconv.Atoi(c.QueryParam("table"))
	evs, err := s.Tournaments.History(c.Request().Context(), id, round, table)
	if err != nil {
		return err
	}
	format, err := s.FormatOf(c, id)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(evs))
	for i, e := range evs {
		out[i] = apiEvent(page.LangOf(c), format, e)
	}
	return c.JSON(http.StatusOK, map[string]any{"events": out})
}

func (s *Server) apiUndo(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.ParseInt(c.Param("seq"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	e, err := s.Tournaments.Undo(c.Request().Context(), id, seq, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	format, err := s.FormatOf(c, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"event": apiEvent(page.LangOf(c), format, *e)})
}

func (s *Server) apiLock(locked bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := page.IDParam(c)
		if err != nil {
			return err
		}
		n, _ := strconv.Atoi(c.Param("n"))
		if err := s.Tournaments.Lock(c.Request().Context(), id, n, locked, page.DirectorOf(c).Username); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"round": n, "locked": locked})
	}
}
