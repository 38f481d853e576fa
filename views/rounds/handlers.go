package rounds

import (
	"fmt"
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

// roundView serves a page of one round: the printed list, the movement's guide cards,
// the seat change form; kept per stamp (RenderKept), as the round page is.
func (h *Handlers) roundView(view func(*tournament.State, *tournament.Round) templ.Component) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, n, err := page.RoundParams(c)
		if err != nil {
			return err
		}
		return h.RenderKept(c, id, 0, func(s tournament.Snapshot) (templ.Component, error) {
			ev, g, err := roundOf(s, n)
			if err != nil {
				return nil, err
			}
			return view(ev, g), nil
		})
	}
}

// roundOf is round n of a snapshot's stage, in a copy of the state of the page's own
// (as Load gives it).
func roundOf(s tournament.Snapshot, n int) (*tournament.State, *tournament.Round, error) {
	ev := s.State().Clone()
	g := ev.Round(n)
	if g == nil {
		return nil, nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return ev, g, nil
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
		var row []int64
		for _, ss := range seatSides(g, ti, tb.People()) {
			for _, st := range ss.Seats {
				id, _ := strconv.ParseInt(c.FormValue(st.Name), 10, 64)
				row = append(row, id)
			}
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

// seatSide is a side of a table on the seat change form: its position, the field its
// errors are shown at ("seat.<t>.<s>", as tournament.CheckTables names them), whether it
// holds more than one entry, and a select per entry on it.
type seatSide struct {
	Position int
	Name     string
	Many     bool
	Seats    []seatField
}

// seatField is one select of the seat change form: its name and the entry chosen.
type seatField struct {
	Name string
	ID   int64
}

// seatSides splits people (a table's entries in seat order, as tournament.Seats holds
// them) into table ti's sides as drawn in g: the side's entry is "seat.<t>.<s>", each
// partner "seat.<t>.<s>.<k>".
func seatSides(g *tournament.Round, ti int, people []int64) []seatSide {
	at := func(k int) int64 {
		if k < len(people) {
			return people[k]
		}
		return 0
	}
	var sides []tournament.Side
	if ti < len(g.Tables) {
		sides = g.Tables[ti].Sides
	}
	var out []seatSide
	k := 0
	for si, sd := range sides {
		name := fmt.Sprintf("seat.%d.%d", ti+1, si+1)
		ss := seatSide{Position: sd.Position, Name: name, Many: len(sd.Partners) > 0, Seats: []seatField{{Name: name, ID: at(k)}}}
		k++
		for pi := range sd.Partners {
			ss.Seats = append(ss.Seats, seatField{Name: fmt.Sprintf("%s.%d", name, pi+1), ID: at(k)})
			k++
		}
		out = append(out, ss)
	}
	return out
}

// signatures counts the signature lines of a table's printed sheet: one a side (a
// registered pair signs once), one a player where a side is formed for the round
// (partners of the round, a team's pair).
func signatures(ev *tournament.State, g *tournament.Round, tb *tournament.Table) []struct{} {
	n := 0
	for _, sd := range tb.Sides {
		if len(sd.Partners) == 0 && sd.Pair == 0 {
			n++
			continue
		}
		n += len(page.SideNamesOf(ev, g.Number, sd).Players)
	}
	return make([]struct{}, n)
}
