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
	Ev      *tournament.State // the tournament and stage, with the entries of this table
	Game    *tournament.Round
	Table   int
	Tab     *tournament.Table
	Seats   []tournament.Entry
	Form    scoring.Form
	Values  *form
	Cells   [][]cell // [hand][seat]
	Games   []int    // game totals per seat
	Entered bool     // hands are stored for this table
	// Moves are the seats of the next round this correction would move: the director
	// chooses to re-seat or keep (RULES.md section 3).
	Moves []tournament.Move
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
	r := &v.Ev.Stage.Rules
	for _, h := range v.Tab.Hands {
		s := h.Side
		if s < 1 || s > len(v.Seats) {
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
	hands := v.Ev.Stage.HandsPerRound()
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

// compute fills the cells and game totals from a sheet, with the problems found reading
// it: the rest comes from tournament.CheckSheet, the one check the save runs too.
func (v *sheetView) compute(sh tournament.Sheet, problems map[string]string) {
	hands := v.Ev.Stage.HandsPerRound()
	v.Games = make([]int, len(v.Seats))
	v.Cells = make([][]cell, hands)
	for h := range v.Cells {
		v.Cells[h] = make([]cell, len(v.Seats))
	}
	scored, fe, err := tournament.CheckSheet(&v.Ev.Stage, len(v.Seats), sh)
	if err != nil {
		fe = tournament.FieldErrors{}
	}
	for _, hs := range scored {
		cl := &v.Cells[hs.Hand-1][hs.Side-1]
		cl.Entered, cl.Total = true, hs.Score
		v.Games[hs.Side-1] += hs.Score
	}
	for h := range v.Cells {
		for s := range v.Cells[h] {
			cl := &v.Cells[h][s]
			if !cl.Entered {
				continue
			}
			prefix := fmt.Sprintf("h%d.s%d.", h+1, s+1)
			for k, key := range problems {
				if strings.HasPrefix(k, prefix) {
					cl.Errors = append(cl.Errors, k[len(prefix):]+":"+key)
				}
			}
			if len(cl.Errors) == 0 {
				for k, key := range fe {
					if strings.HasPrefix(k, prefix) {
						cl.Errors = append(cl.Errors, k[len(prefix):]+":"+key)
					}
				}
			}
			sort.Strings(cl.Errors)
			cl.Errors = slices.Compact(cl.Errors)
			cl.Valid = len(cl.Errors) == 0
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

// loadSheet loads a table's score entry page: the table alone, not the tournament.
func (s *Server) loadSheet(c echo.Context) (*sheetView, error) {
	id, err := idParam(c)
	if err != nil {
		return nil, err
	}
	n, err1 := strconv.Atoi(c.Param("n"))
	t, err2 := strconv.Atoi(c.Param("t"))
	if err1 != nil || err2 != nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	ts, err := s.tournaments.Table(c.Request().Context(), id, n, t)
	if err != nil {
		return nil, err
	}
	v := &sheetView{Ev: &tournament.State{Tournament: ts.Tournament, Stage: ts.Stage, Entries: ts.Entries},
		Game: &ts.Round, Table: t, Tab: &ts.Table, Seats: ts.Entries, Values: newForm()}
	v.Values.Values["version"] = itoa(ts.Table.Version)
	v.Form = scoring.Components
	if len(ts.Table.Hands) > 0 {
		v.Form = ts.Table.Hands[0].Figures.Form
	}
	if f, ok := scoring.ParseForm(c.QueryParam("form")); ok && c.QueryParam("form") != "" {
		v.Form = f
	}
	if f, ok := scoring.ParseForm(c.FormValue("form")); ok && c.FormValue("form") != "" {
		v.Form = f
	}
	return v, nil
}

// storedSheet is the sheet of what is stored for a table.
func storedSheet(v *sheetView) tournament.Sheet {
	sh := tournament.Sheet{Hands: make([][]*scoring.Hand, v.Ev.Stage.HandsPerRound())}
	for h := range sh.Hands {
		sh.Hands[h] = make([]*scoring.Hand, len(v.Seats))
	}
	for _, h := range v.Tab.Hands {
		if h.Hand >= 1 && h.Hand <= len(sh.Hands) && h.Side >= 1 && h.Side <= len(v.Seats) {
			fig := h.Figures
			sh.Hands[h.Hand-1][h.Side-1] = &fig
		}
	}
	return sh
}

func (s *Server) sheetForm(c echo.Context) error {
	v, err := s.loadSheet(c)
	if err != nil {
		return err
	}
	sheetFromStore(v)
	if v.Form == scoring.Components && !v.Entered {
		for h := 1; h <= v.Ev.Stage.HandsPerRound(); h++ {
			for s := 1; s <= len(v.Seats); s++ {
				v.Values.Values[cellName(h, s, "kitty_taken")] = "on"
				v.Values.Values[cellName(h, s, "opened")] = "on"
			}
		}
	}
	// Compute what is stored, as if it had just been typed.
	v.compute(storedSheet(v), nil)
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
	if c.FormValue("clear") != "" {
		sh, problems = tournament.Sheet{Clear: true}, map[string]string{}
	}
	typed := c.FormValue("version")
	sh.Version, _ = strconv.Atoi(typed)
	sh.NextRound = c.FormValue("next_round")
	v.Values.Values["version"] = typed
	status := http.StatusUnprocessableEntity
	if len(problems) == 0 {
		out, err := s.tournaments.SaveSheet(c.Request().Context(), v.Ev.Tournament.ID, v.Game.Number, v.Table, sh, directorOf(c).Username)
		if err == nil {
			switch {
			case out.Reseated:
				setFlash(c, "sheet.saved_reseated", itoa(v.Table), itoa(v.Game.Number+1))
			case out.Kept:
				setFlash(c, "sheet.saved_kept", itoa(v.Table), itoa(v.Game.Number+1))
			case out.LaterStarted:
				setFlash(c, "sheet.saved_later_started", itoa(v.Table), itoa(v.Game.Number+1))
			case sh.Clear:
				setFlash(c, "sheet.cleared", itoa(v.Table))
			default:
				setFlash(c, "sheet.saved", itoa(v.Table))
			}
			return redirect(c, roundPath(v.Ev.Tournament.ID, v.Game.Number, ""))
		}
		e, ok := tournament.AsError(err)
		if !ok || e.Code == tournament.EINTERNAL {
			return err
		}
		status = statusOf(e.Code)
		for k, key := range e.Fields {
			problems[k] = key
		}
		if len(e.Fields) == 0 {
			v.Values.Error, v.Values.Args = e.Key, e.Args
		}
		if e.Key == "sheet.reseat_choice" {
			v.Moves = out.Moves
		}
		if e.Key == "sheet.stale" {
			// What is stored now, read after the refusal: the page was read before.
			now, err := s.tournaments.Table(c.Request().Context(), v.Ev.Tournament.ID, v.Game.Number, v.Table)
			if err != nil {
				return err
			}
			v.Tab = &now.Table
			v.sheetConflict(c, sh)
		}
	}
	v.compute(sh, problems)
	if v.Values.Error == "" {
		v.Values.Error = "error.invalid"
	}
	return render(c, status, sheetPage(v))
}

// sheetConflict puts beside what was typed the totals someone else saved meanwhile, and
// moves the form to the stored version: saving again saves what was typed.
func (v *sheetView) sheetConflict(c echo.Context, typed tournament.Sheet) {
	stored, _, _ := tournament.CheckSheet(&v.Ev.Stage, len(v.Seats), storedSheet(v))
	mine, _, _ := tournament.CheckSheet(&v.Ev.Stage, len(v.Seats), typed)
	at := func(hs []tournament.HandScore, h, s int) string {
		for _, x := range hs {
			if x.Hand == h && x.Side == s {
				return strconv.Itoa(x.Score)
			}
		}
		return "–"
	}
	lang := langOf(c)
	for h := 1; h <= v.Ev.Stage.HandsPerRound(); h++ {
		for s := 1; s <= len(v.Seats); s++ {
			if a, b := at(stored, h, s), at(mine, h, s); a != b {
				v.Values.Conflict = append(v.Values.Conflict, conflictLine{Raw: true,
					Label: Translate(lang, "sheet.hand") + " " + itoa(h) + " · " + v.Seats[s-1].Name, Stored: a, Typed: b})
			}
		}
	}
	v.Values.Values["version"] = itoa(v.Tab.Version)
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
