package views

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
)

// numberFields are the number inputs of each entry form, in the order of the sheet.
var numberFields = map[scoring.Form][]string{
	scoring.Components: {"clean", "dirty", "semi_clean", "table", "in_hand", "kitty_left"},
	scoring.BaseCards:  {"base", "cards"},
	scoring.TotalOnly:  {"total"},
}

// sheetView is everything the score entry page shows.
type sheetView struct {
	Ev      *tournament.Evening
	Game    *tournament.Game
	Table   int
	Seats   []tournament.Entry
	Form    scoring.Form
	Values  *form
	Cells   [][]cell // [hand][seat]
	Games   []int    // game totals per seat
	Entered bool     // hands are stored for this table
	Warning string
}

// cell is one player's hand on the sheet, as computed from what was typed.
type cell struct {
	Total   int
	Valid   bool
	Entered bool
	Errors  []string // field: message keys
}

func cellName(h, s int, field string) string { return fmt.Sprintf("h%d.s%d.%s", h, s, field) }

// sheetFromStore fills the form with the stored hands of a table, shown in the chosen
// form where they can be.
func sheetFromStore(v *sheetView) {
	r := &v.Ev.Tournament.Rules
	seatOf := map[int64]int{}
	for i, e := range v.Seats {
		seatOf[e.ID] = i + 1
	}
	for _, h := range v.Game.Hands {
		s, ok := seatOf[h.EntryID]
		if !ok || h.Table != v.Table {
			continue
		}
		v.Entered = true
		set := func(field string, n int) { v.Values.Values[cellName(h.Hand, s, field)] = strconv.Itoa(n) }
		fig := h.Figures
		switch {
		case v.Form == fig.Form && fig.Form == scoring.Components:
			for field, n := range map[string]int{"clean": fig.Clean, "dirty": fig.Dirty, "semi_clean": fig.SemiClean, "table": fig.Table, "in_hand": fig.InHand, "kitty_left": fig.KittyLeft} {
				if n != 0 || field == "table" {
					set(field, n)
				}
			}
			for field, on := range map[string]bool{"closed": fig.Closed, "kitty_taken": fig.KittyTaken, "opened": fig.Opened} {
				v.Values.Values[cellName(h.Hand, s, field)] = map[bool]string{true: "on", false: ""}[on]
			}
		case v.Form == scoring.BaseCards:
			if base, cards, ok := fig.Split(r); ok {
				set("base", base)
				set("cards", cards)
			}
		case v.Form == scoring.TotalOnly:
			set("total", h.Score)
		}
	}
}

// readSheet parses the posted sheet: which cells were entered, their hands, and the
// problems found reading them.
func readSheet(c echo.Context, v *sheetView) (tournament.Sheet, map[string]string) {
	hands := v.Ev.Tournament.HandsPerGame
	problems := map[string]string{}
	sh := tournament.Sheet{Hands: make([][]*scoring.Hand, hands)}
	for h := 1; h <= hands; h++ {
		sh.Hands[h-1] = make([]*scoring.Hand, len(v.Seats))
		for s := 1; s <= len(v.Seats); s++ {
			get := func(field string) string {
				if field == "form" {
					return scoring.FormNames[v.Form]
				}
				val := c.FormValue(cellName(h, s, field))
				v.Values.Values[cellName(h, s, field)] = val
				return val
			}
			entered := false
			for _, f := range numberFields[v.Form] {
				if strings.TrimSpace(get(f)) != "" {
					entered = true
				}
			}
			hand, p := scoring.ParseHand(get)
			if !entered {
				continue
			}
			for f, k := range p {
				problems[cellName(h, s, f)] = k
			}
			sh.Hands[h-1][s-1] = &hand
		}
	}
	return sh, problems
}

// compute fills the cells and game totals from a sheet, with the problems by field.
func (v *sheetView) compute(sh tournament.Sheet, problems map[string]string) {
	r := &v.Ev.Tournament.Rules
	v.Games = make([]int, len(v.Seats))
	v.Cells = make([][]cell, v.Ev.Tournament.HandsPerGame)
	for h := range v.Cells {
		v.Cells[h] = make([]cell, len(v.Seats))
		deal := make([]scoring.Hand, len(v.Seats)) // a blank seat is a zero hand, which never closes
		for s := range v.Seats {
			hd := sh.Hands[h][s]
			cl := &v.Cells[h][s]
			if hd == nil {
				continue
			}
			cl.Entered = true
			prefix := fmt.Sprintf("h%d.s%d.", h+1, s+1)
			for k, key := range problems {
				if strings.HasPrefix(k, prefix) {
					cl.Errors = append(cl.Errors, k[len(prefix):]+":"+key)
				}
			}
			if len(cl.Errors) == 0 {
				for f, key := range hd.Validate(r) {
					cl.Errors = append(cl.Errors, f+":"+key)
				}
			}
			cl.Total = hd.Score(r)
			v.Games[s] += cl.Total
			deal[s] = *hd
		}
		for s, p := range scoring.ValidateDeal(deal) {
			for f, key := range p {
				v.Cells[h][s].Errors = append(v.Cells[h][s].Errors, f+":"+key)
			}
		}
		for s := range v.Cells[h] {
			cl := &v.Cells[h][s]
			sort.Strings(cl.Errors)
			cl.Errors = slices.Compact(cl.Errors)
			cl.Valid = cl.Entered && len(cl.Errors) == 0
		}
	}
}

// fieldError reports whether a cell has a problem on one of its fields.
func (c cell) fieldError(field string) bool {
	for _, e := range c.Errors {
		if strings.HasPrefix(e, field+":") {
			return true
		}
	}
	return false
}

// sheetView loads a table's score entry page.
func (s *Server) loadSheet(c echo.Context) (*sheetView, error) {
	ev, g, err := s.eveningGame(c)
	if err != nil {
		return nil, err
	}
	t, err := strconv.Atoi(c.Param("t"))
	if err != nil || t < 1 || t > len(g.Seating.Tables) {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	v := &sheetView{Ev: ev, Game: g, Table: t, Values: newForm()}
	for _, id := range g.Seating.Tables[t-1] {
		if e := ev.Entry(id); e != nil {
			v.Seats = append(v.Seats, *e)
		}
	}
	v.Form = scoring.Components
	for _, h := range g.Hands {
		if h.Table == t {
			v.Form = h.Figures.Form
			break
		}
	}
	if f, ok := scoring.ParseForm(c.QueryParam("form")); ok && c.QueryParam("form") != "" {
		v.Form = f
	}
	if f, ok := scoring.ParseForm(c.FormValue("form")); ok && c.FormValue("form") != "" {
		v.Form = f
	}
	return v, nil
}

func (s *Server) sheetForm(c echo.Context) error {
	v, err := s.loadSheet(c)
	if err != nil {
		return err
	}
	sheetFromStore(v)
	if v.Form == scoring.Components && !v.Entered {
		for h := 1; h <= v.Ev.Tournament.HandsPerGame; h++ {
			for s := 1; s <= len(v.Seats); s++ {
				v.Values.Values[cellName(h, s, "kitty_taken")] = "on"
				v.Values.Values[cellName(h, s, "opened")] = "on"
			}
		}
	}
	// Compute what is stored, as if it had just been typed.
	sh := tournament.Sheet{Hands: make([][]*scoring.Hand, v.Ev.Tournament.HandsPerGame)}
	for h := range sh.Hands {
		sh.Hands[h] = make([]*scoring.Hand, len(v.Seats))
	}
	for _, h := range v.Game.Hands {
		for si, e := range v.Seats {
			if h.Table == v.Table && h.EntryID == e.ID {
				fig := h.Figures
				sh.Hands[h.Hand-1][si] = &fig
			}
		}
	}
	v.compute(sh, nil)
	return render(c, http.StatusOK, sheetPage(v))
}

// sheetPreview computes the totals of what is being typed, saving nothing.
func (s *Server) sheetPreview(c echo.Context) error {
	v, err := s.loadSheet(c)
	if err != nil {
		return err
	}
	sh, problems := readSheet(c, v)
	v.compute(sh, problems)
	return render(c, http.StatusOK, sheetPage(v))
}

func (s *Server) saveSheet(c echo.Context) error {
	v, err := s.loadSheet(c)
	if err != nil {
		return err
	}
	sh, problems := readSheet(c, v)
	if len(problems) == 0 {
		out, err := s.evenings.SaveSheet(c.Request().Context(), v.Ev.Tournament.ID, v.Game.Number, v.Table, sh, directorOf(c).Username)
		if err == nil {
			switch {
			case out.Reseated:
				setFlash(c, "sheet.saved_reseated", itoa(v.Table), itoa(v.Game.Number+1))
			case out.LaterStarted:
				setFlash(c, "sheet.saved_later_started", itoa(v.Table), itoa(v.Game.Number+1))
			default:
				setFlash(c, "sheet.saved", itoa(v.Table))
			}
			return redirect(c, gamePath(v.Ev.Tournament.ID, v.Game.Number, ""))
		}
		e, ok := tournament.AsError(err)
		if !ok || e.Code == tournament.EINTERNAL {
			return err
		}
		for k, key := range e.Fields {
			problems[k] = key
		}
		if len(e.Fields) == 0 {
			v.Values.Error, v.Values.Args = e.Key, e.Args
		}
	}
	v.compute(sh, problems)
	if v.Values.Error == "" {
		v.Values.Error = "error.invalid"
	}
	return render(c, http.StatusUnprocessableEntity, sheetPage(v))
}

// sheetSlots lists the parts of the sheet a live update replaces: each cell's total and
// problems, and each player's game total.
func sheetSlots(v *sheetView) string {
	var ids []string
	for h := range v.Cells {
		for s := range v.Seats {
			ids = append(ids, fmt.Sprintf("#cell-%d-%d", h+1, s+1))
		}
	}
	for s := range v.Seats {
		ids = append(ids, fmt.Sprintf("#game-%d", s+1))
	}
	return strings.Join(ids, ",")
}
