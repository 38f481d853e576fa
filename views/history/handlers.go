package history

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Handlers serve a tournament's log and the round locks.
type Handlers struct{ *page.App }

// historyView is what the history page shows: the whole log, or a round's or a table's.
type historyView struct {
	Ev           *tournament.State
	Round, Table int
	Events       []tournament.Event
}

// Show shows a tournament's log (?round=n&table=t narrow it), with undo buttons.
func (h *Handlers) Show(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	round, _ := strconv.Atoi(c.QueryParam("round"))
	table, _ := strconv.Atoi(c.QueryParam("table"))
	if c.Param("n") != "" {
		round, _ = strconv.Atoi(c.Param("n"))
		table, _ = strconv.Atoi(c.Param("t"))
	}
	ctx := c.Request().Context()
	return h.RenderKept(c, id, 0, func(s tournament.Snapshot) (templ.Component, error) {
		ev := s.State().Clone() // the page's own, as Load gives it
		// The log as stored now: at the snapshot's stamp or later, never earlier.
		evs, err := h.Tournaments.History(ctx, id, round, table)
		if err != nil {
			return nil, err
		}
		return historyPage(historyView{Ev: ev, Round: round, Table: table, Events: evs}), nil
	})
}

// Undo takes back one line of the log; a refusal comes back as a message with its reason.
func (h *Handlers) Undo(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.ParseInt(c.Param("seq"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	back := c.FormValue("back")
	if !strings.HasPrefix(back, "/tournaments/") || strings.HasPrefix(back, "//") {
		back = page.IDPath("/tournaments/", id, "/history")
	}
	if _, err := h.Tournaments.Undo(c.Request().Context(), id, seq, page.DirectorOf(c).Username); err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL && d.Code != tournament.ENOTFOUND {
			page.SetFlash(c, d.Key, flashArgs(d.Args)...)
			return page.Redirect(c, back)
		}
		return err
	}
	page.SetFlash(c, "undo.done", strconv.FormatInt(seq, 10))
	return page.Redirect(c, back)
}

// Lock locks round :n as final, or unlocks it.
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
		page.SetFlash(c, map[bool]string{true: "round.lock_done", false: "round.unlock_done"}[locked], page.Itoa(n))
		return page.Redirect(c, page.RoundPath(id, n, ""))
	}
}

func flashArgs(args []any) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = toString(a)
	}
	return out
}

func toString(a any) string {
	switch v := a.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	}
	return ""
}

func i64toa(n int64) string { return strconv.FormatInt(n, 10) }

// historyBack is where an undo from the history page comes back to.
func historyBack(h historyView) string {
	if h.Table > 0 {
		return page.RoundPath(h.Ev.Tournament.ID, h.Round, "/tables/"+page.Itoa(h.Table)+"/history")
	}
	if h.Round > 0 {
		return page.IDPath("/tournaments/", h.Ev.Tournament.ID, "/history?round="+page.Itoa(h.Round))
	}
	return page.IDPath("/tournaments/", h.Ev.Tournament.ID, "/history")
}
