package rounds

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Handlers serve a round's pages: its tables, the printed lists, the seat change form.
type Handlers struct{ *page.App }

// TableList is the printed list of a round's tables.
func (h *Handlers) TableList(c echo.Context) error { return h.roundView(tableListPrint)(c) }

// Sheets are a round's printed score sheets (with each table's code and QR code when
// reporting is on).
func (h *Handlers) Sheets(c echo.Context) error { return h.printed(c, sheetsPrint) }

// Cards are a round's printed table cards (with each table's code, QR code and seats'
// PINs when reporting is on).
func (h *Handlers) Cards(c echo.Context) error { return h.printed(c, tableCardsPrint) }

// Seats is the seat change form of a round.
func (h *Handlers) Seats(c echo.Context) error { return h.roundView(seatsForm)(c) }

// roundView serves a page of one round: its tables, the printed list, the score sheets,
// the seat change form.
func (h *Handlers) roundView(view func(*tournament.State, *tournament.Round) templ.Component) echo.HandlerFunc {
	return func(c echo.Context) error {
		ev, g, err := h.EveningRound(c)
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

// OverrideSeats saves a round's changed seats.
func (h *Handlers) OverrideSeats(c echo.Context) error {
	ev, g, err := h.EveningRound(c)
	if err != nil {
		return err
	}
	seats := tournament.Seats{}
	for ti, tb := range g.Tables {
		// A select per entry seated (a side's partners too), as SeatsOf lists them.
		row := make([]int64, len(tb.People()))
		for si := range row {
			row[si], _ = strconv.ParseInt(c.FormValue(fmt.Sprintf("seat.%d.%d", ti+1, si+1)), 10, 64)
		}
		seats.Tables = append(seats.Tables, row)
	}
	for i := range g.Byes {
		id, _ := strconv.ParseInt(c.FormValue(fmt.Sprintf("bye.%d", i+1)), 10, 64)
		seats.Byes = append(seats.Byes, id)
	}
	if err := h.Tournaments.OverrideSeats(c.Request().Context(), ev.Tournament.ID, g.Number, seats, page.DirectorOf(c).Username); err != nil {
		f := page.NewForm()
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), seatsPage(ev, g, seats, f))
	}
	page.SetFlash(c, "seats.saved", page.Itoa(g.Number))
	return page.Redirect(c, page.RoundPath(ev.Tournament.ID, g.Number, ""))
}
