package views

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

func (s *Server) draw(c echo.Context) error {
	ev, err := s.Evening(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "seed", "override", "round")
	opt := tournament.DrawOptions{Override: f.Values["override"]}
	opt.Round, _ = strconv.Atoi(f.Values["round"])
	if raw := strings.TrimSpace(f.Values["seed"]); raw != "" {
		if opt.Seed, err = strconv.ParseInt(raw, 10, 64); err != nil || opt.Seed <= 0 {
			f.Errors["seed"] = "draw.seed"
		}
	}
	var g *tournament.Round
	if len(f.Errors) == 0 {
		g, err = s.Tournaments.Draw(c.Request().Context(), ev.Tournament.ID, opt, page.DirectorOf(c).Username)
		if err != nil && !f.Fail(err) {
			return err
		}
	}
	if len(f.Errors) > 0 || f.Error != "" {
		events, err := s.Tournaments.Events(c.Request().Context(), ev.Tournament.ID)
		if err != nil {
			return err
		}
		return page.Render(c, http.StatusUnprocessableEntity, tournamentPage(page.StatusOfEvening(ev), events, f))
	}
	page.SetFlash(c, "draw.done", page.Itoa(g.Number), strconv.FormatInt(g.Seed, 10))
	return page.Redirect(c, page.RoundPath(ev.Tournament.ID, g.Number, ""))
}

// undoDraw removes the last round while nothing of it is entered.
func (s *Server) undoDraw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	if err := s.Tournaments.UndoDraw(c.Request().Context(), id, n, page.DirectorOf(c).Username); err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			page.SetFlash(c, d.Key, page.Itoa(n))
			return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
		}
		return err
	}
	page.SetFlash(c, "draw.undone", page.Itoa(n))
	return page.Redirect(c, page.IDPath("/tournaments/", id, ""))
}

// roundView serves a page of one round: its tables, the printed list, the score sheets,
// the seat change form.
func (s *Server) roundView(view func(*tournament.State, *tournament.Round) templ.Component) echo.HandlerFunc {
	return func(c echo.Context) error {
		ev, g, err := s.EveningRound(c)
		if err != nil {
			return err
		}
		return page.Render(c, http.StatusOK, view(ev, g))
	}
}

// seatsForm is the seat change form: a select per seat and per bye.
func seatsForm(ev *tournament.State, g *tournament.Round) templ.Component {
	return seatsPage(ev, g, tournament.SeatsOf(g), page.NewForm())
}

func (s *Server) overrideSeats(c echo.Context) error {
	ev, g, err := s.EveningRound(c)
	if err != nil {
		return err
	}
	seats := tournament.Seats{}
	for ti, tb := range g.Tables {
		row := make([]int64, len(tb.Sides))
		for si := range tb.Sides {
			row[si], _ = strconv.ParseInt(c.FormValue(fmt.Sprintf("seat.%d.%d", ti+1, si+1)), 10, 64)
		}
		seats.Tables = append(seats.Tables, row)
	}
	for i := range g.Byes {
		id, _ := strconv.ParseInt(c.FormValue(fmt.Sprintf("bye.%d", i+1)), 10, 64)
		seats.Byes = append(seats.Byes, id)
	}
	if err := s.Tournaments.OverrideSeats(c.Request().Context(), ev.Tournament.ID, g.Number, seats, page.DirectorOf(c).Username); err != nil {
		f := page.NewForm()
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), seatsPage(ev, g, seats, f))
	}
	page.SetFlash(c, "seats.saved", page.Itoa(g.Number))
	return page.Redirect(c, page.RoundPath(ev.Tournament.ID, g.Number, ""))
}
