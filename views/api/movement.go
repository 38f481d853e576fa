package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// Movement is the JSON twin of a Mitchell round's movement cards: the stage's movement
// from round 1's seats.
func (h *Handlers) Movement(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	m, ok := ev.Format().(tournament.Moving)
	if !ok {
		return tournament.Errorf(tournament.ENOTFOUND, "mitchell.not_moving")
	}
	mv := m.Movement(ev)
	if mv == nil {
		return tournament.Errorf(tournament.ECONFLICT, "mitchell.no_movement")
	}
	names := map[string]string{}
	add := func(id int64) {
		if id != 0 {
			names[strconv.FormatInt(id, 10)] = page.EntryName(ev, id)
		}
	}
	for _, g := range mv.Guides {
		add(g.Stays)
		for _, v := range g.Visits {
			add(v.Pair)
		}
	}
	return c.JSON(http.StatusOK, dto.Movement{Stage: ev.Stage.Seq, Tables: mv.Tables, Phantom: mv.Phantom, Move: mv.Move,
		Rounds: mv.Rounds, Guides: mv.Guides, Names: names})
}
