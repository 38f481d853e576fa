package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// event is a log line with its text in the language asked for.
func event(lang page.Lang, format string, e tournament.Event) dto.Event {
	return dto.EventOf(e, page.EventText(lang, format, &e))
}

// History answers a tournament's log (?round=, ?table= narrow it).
func (h *Handlers) History(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	round, _ := strconv.Atoi(c.QueryParam("round"))
	table, _ := strconv.Atoi(c.QueryParam("table"))
	ctx, lang := c.Request().Context(), page.LangOf(c)
	return h.KeptJSON(c, id, 0, "history/"+strconv.Itoa(round)+"/"+strconv.Itoa(table), func(s tournament.Snapshot) (any, string, error) {
		// The log as stored now: at the snapshot's stamp or later, never earlier.
		evs, err := h.Tournaments.History(ctx, id, round, table)
		if err != nil {
			return nil, "", err
		}
		format := s.State().Stage.Format
		out := make([]dto.Event, len(evs))
		for i, e := range evs {
			out[i] = event(lang, format, e)
		}
		return dto.History{Events: out}, "", nil
	})
}

// Undo undoes a logged change and answers the undo's own log line.
func (h *Handlers) Undo(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.ParseInt(c.Param("seq"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	e, err := h.Tournaments.Undo(c.Request().Context(), id, seq, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	format, err := h.FormatOf(c, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.Undone{Event: event(page.LangOf(c), format, *e)})
}

// Lock locks (or unlocks) a round's sheets.
func (h *Handlers) Lock(locked bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := page.IDParam(c)
		if err != nil {
			return err
		}
		n, _ := strconv.Atoi(c.Param("n"))
		if err := h.Tournaments.Lock(c.Request().Context(), id, n, locked, page.DirectorOf(c).Username); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, dto.Locked{Round: n, Locked: locked})
	}
}
