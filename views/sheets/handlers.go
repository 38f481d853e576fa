package sheets

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// Handlers serve a table's score sheet.
type Handlers struct{ *page.App }

// numberFields are the number inputs of each entry form, in the order of the sheet.
var numberFields = map[scoring.Form][]string{
	scoring.Components: {"clean", "dirty", "semi_clean", "table", "in_hand", "kitty_left"},
	scoring.BaseCards:  {"base", "cards"},
	scoring.TotalOnly:  {"total"},
	scoring.GameTotal:  {"game"},
}

// checkFields are the check boxes of the components form, in the order of the sheet.
var checkFields = []string{"closed", "kitty_taken", "opened"}

// sheetForms are the entry forms the sheet offers, in the order of its switch.
var sheetForms = []scoring.Form{scoring.Components, scoring.BaseCards, scoring.TotalOnly, scoring.GameTotal}

// sheetFormCookie remembers the entry form a director last used, for the next table.
const sheetFormCookie = "sheet_form"

// sheetView is everything the score entry page shows.
type sheetView struct {
	Ev      *tournament.State // the tournament and stage, with the entries of this table
	Game    *tournament.Round
	Table   int
	Tab     *tournament.Table
	Seats   []tournament.Entry
	Form    scoring.Form
	Values  *page.Form
	Cells   [][]cell // [hand][seat]
	Games   []int    // game totals per seat
	Entered bool     // hands are stored for this table
	// Moves are the seats of the next round this correction would move: the director
	// chooses to re-seat or keep (RULES.md section 3).
	Moves []tournament.Move
	Focus string // the input focused on opening: the first wrong one, else the first
	// Outcomes are the outcome kinds the format offers for a table ("outcome_kind" and
	// "outcome_side" in Values are the one chosen).
	Outcomes []string
	// Result is the table's result from what the sheet holds now, for the live line
	// under the totals (MP and VP, ranking points, who goes through).
	Result tournament.TableResult
	// Stage is the number of the earlier stage the table is in, from ?stage= (0: the
	// current stage): its sheet is corrected at addresses that name it.
	Stage int
}

// outcomeFields are the sheet's inputs of a table's outcome.
var outcomeFields = []string{"outcome_kind", "outcome_side"}

// outcome reads the outcome chosen on the sheet: none when the kind is empty.
func (v *sheetView) outcome() *tournament.Outcome {
	o := &tournament.Outcome{Kind: strings.TrimSpace(v.Values.Values["outcome_kind"])}
	if o.Kind != "" {
		o.Side, _ = strconv.Atoi(v.Values.Values["outcome_side"])
	}
	return o
}

// showsOutcome says whether the sheet offers an outcome: the format has some, or the
// table has one stored.
func (v *sheetView) showsOutcome() bool { return len(v.Outcomes) > 0 || v.Tab.Outcome.Kind != "" }

// offersTimeout says whether the sheet can record a time-out (RULES.md section 2): the
// format has the outcome and the table has none yet.
func (v *sheetView) offersTimeout() bool {
	return v.Tab.Outcome.Kind == "" && slices.Contains(v.Outcomes, "timeout")
}

// outcomeChoices are the kinds the sheet's outcome list offers: the format's, and the
// stored one (so that a sheet never hides what it holds).
func outcomeChoices(v *sheetView) []string {
	out := slices.Clone(v.Outcomes)
	if k := v.Tab.Outcome.Kind; k != "" && !slices.Contains(out, k) {
		out = append(out, k)
	}
	return out
}

// cell is one player's hand on the sheet, as computed from what was typed.
type cell struct {
	Total   int
	Valid   bool
	Entered bool
	Errors  []string // field: message keys
}

func cellName(h, s int, field string) string { return fmt.Sprintf("h%d.s%d.%s", h, s, field) }

// parseCell reads a cell input's name, "h<hand>.s<seat>.<field>".
func parseCell(name string) (h, s int, field string, ok bool) {
	hs, rest, ok1 := strings.Cut(name, ".")
	ss, field, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || len(hs) < 2 || hs[0] != 'h' || len(ss) < 2 || ss[0] != 's' || field == "" {
		return 0, 0, "", false
	}
	h, err1 := strconv.Atoi(hs[1:])
	s, err2 := strconv.Atoi(ss[1:])
	return h, s, field, err1 == nil && err2 == nil
}

// rows is the number of rows the sheet shows: one per hand, or one for game totals.
func (v *sheetView) rows() int {
	if v.Form == scoring.GameTotal {
		return 1
	}
	return v.Ev.Stage.HandsPerRound()
}

// rowLabel names a row of the sheet: a hand, or the game for game totals.
func (v *sheetView) rowLabel(ctx context.Context, h int) string {
	if v.Form == scoring.GameTotal {
		return page.T(ctx, "sheet.game_total")
	}
	return page.T(ctx, "sheet.hand") + " " + page.Itoa(h)
}

// shown tells whether a cell field is an input of the current form.
func (v *sheetView) shown(field string) bool { return shownIn(v.Form, field) }

// shownIn tells whether a cell field is an input of an entry form.
func shownIn(f scoring.Form, field string) bool {
	if slices.Contains(numberFields[f], field) {
		return true
	}
	return f == scoring.Components && slices.Contains(checkFields, field)
}

// carried are the typed values of the other forms, kept in hidden inputs so that
// switching back to a form finds them again.
func (v *sheetView) carried() [][2]string {
	var out [][2]string
	for k, val := range v.Values.Values {
		if _, _, field, ok := parseCell(k); ok && !v.shown(field) && val != "" {
			out = append(out, [2]string{k, val})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// sheetFromStore fills the form with the stored hands of a table, shown in the chosen
// form where they can be.
func sheetFromStore(v *sheetView) {
	r := &v.Ev.Stage.Rules
	games, hands := make([]int, len(v.Seats)), make([]int, len(v.Seats))
	for _, h := range v.Tab.Hands {
		s := h.Side
		if s < 1 || s > len(v.Seats) {
			continue
		}
		v.Entered = true
		set := func(field string, n int) { v.Values.Values[cellName(h.Hand, s, field)] = strconv.Itoa(n) }
		fig := h.Figures
		games[s-1] += h.Score
		if fig.Form == scoring.GameTotal {
			hands[s-1] += v.Ev.Stage.HandsPerRound()
		} else {
			hands[s-1]++
		}
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
		case v.Form == scoring.TotalOnly && fig.Form != scoring.GameTotal:
			set("total", h.Score)
		}
	}
	if v.Form == scoring.GameTotal {
		for s := range v.Seats {
			if hands[s] == v.Ev.Stage.HandsPerRound() {
				v.Values.Values[cellName(1, s+1, "game")] = strconv.Itoa(games[s])
			}
		}
	}
}

// readSheet parses the posted sheet: which cells were entered, their hands, and the
// problems found reading them. Every posted cell value is kept, those of the other forms
// too (they are carried along for a switch back).
func readSheet(c echo.Context, v *sheetView) (tournament.Sheet, map[string]string) {
	if params, err := c.FormParams(); err == nil {
		for k, vals := range params {
			if _, _, _, ok := parseCell(k); (ok || slices.Contains(outcomeFields, k)) && len(vals) > 0 {
				v.Values.Values[k] = vals[0]
			}
		}
	}
	return v.sheet()
}

// sheet reads the hands of the current form from the form's values.
func (v *sheetView) sheet() (tournament.Sheet, map[string]string) {
	return parseSheet(v.Form, v.rows(), len(v.Seats), v.Values.Values)
}

// parseSheet reads the hands of a sheet of rows × sides typed in entry form fm from
// the values of its inputs.
func parseSheet(fm scoring.Form, rows, sides int, values map[string]string) (tournament.Sheet, map[string]string) {
	problems := map[string]string{}
	sh := tournament.Sheet{Hands: make([][]*scoring.Hand, rows)}
	for h := 1; h <= rows; h++ {
		sh.Hands[h-1] = make([]*scoring.Hand, sides)
		for s := 1; s <= sides; s++ {
			get := func(field string) string {
				switch {
				case field == "form":
					return scoring.FormNames[fm]
				case field == "total" && fm == scoring.GameTotal:
					field = "game"
				case !shownIn(fm, field):
					return ""
				}
				return values[cellName(h, s, field)]
			}
			entered := false
			for _, f := range numberFields[fm] {
				if strings.TrimSpace(get(f)) != "" {
					entered = true
				}
			}
			hand, p := scoring.ParseHand(get)
			if !entered {
				continue
			}
			for f, k := range p {
				problems[cellName(h, s, inputOf(fm, f))] = k
			}
			sh.Hands[h-1][s-1] = &hand
		}
	}
	return sh, problems
}

// inputOf names the input of a hand's field: the game form's total is its "game" box.
func (v *sheetView) inputOf(field string) string { return inputOf(v.Form, field) }

// inputOf names the input of a hand's field in an entry form.
func inputOf(fm scoring.Form, field string) string {
	if fm == scoring.GameTotal && field == "total" {
		return "game"
	}
	return field
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
	if f := v.Ev.Format(); f != nil && len(fe) == 0 && len(problems) == 0 {
		tb := *v.Tab
		tb.Hands, tb.Outcome = scored, *v.outcome()
		v.Result = f.Result(v.Ev, &tb)
	} else {
		v.Result = tournament.TableResult{}
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
					cl.Errors = append(cl.Errors, v.inputOf(k[len(prefix):])+":"+key)
				}
			}
			if len(cl.Errors) == 0 {
				for k, key := range fe {
					if strings.HasPrefix(k, prefix) {
						cl.Errors = append(cl.Errors, v.inputOf(k[len(prefix):])+":"+key)
					}
				}
			}
			sort.Strings(cl.Errors)
			cl.Errors = slices.Compact(cl.Errors)
			cl.Valid = len(cl.Errors) == 0
		}
	}
	v.Focus = v.firstWrong()
}

// firstWrong is the input to put the cursor in: the first with a problem, in the order of
// the sheet, else the first box of the sheet.
func (v *sheetView) firstWrong() string {
	fields := numberFields[v.Form]
	if v.Form == scoring.Components {
		fields = append(slices.Clone(checkFields), fields...)
	}
	for h := 1; h <= v.rows(); h++ {
		for s := 1; s <= len(v.Seats); s++ {
			cl := v.Cells[h-1][s-1]
			if len(cl.Errors) == 0 {
				continue
			}
			for _, f := range fields {
				if cl.fieldError(f) && v.visible(f) {
					return cellName(h, s, f)
				}
			}
			return cellName(h, s, numberFields[v.Form][0])
		}
	}
	return cellName(1, 1, numberFields[v.Form][0])
}

// visible tells whether the sheet shows a field's input under the stage's rules.
func (v *sheetView) visible(field string) bool {
	r := &v.Ev.Stage.Rules
	switch field {
	case "opened":
		return r.NeverOpenedDoubles
	case "semi_clean":
		return r.SemiCleanOn
	case "kitty_left":
		return r.KittyNotPlayed
	}
	return true
}

// switchTo shows the sheet in another form without losing what was typed: every typed
// value stays in the form (hidden when its form is not shown), values typed earlier in
// the new form come back where they still give the same totals, and the rest converts
// where it can (a total from any hand, base + cards from components, a game total from a
// player's whole game); what cannot be converted starts empty.
func (v *sheetView) switchTo(to scoring.Form) {
	from := v.Form
	if to == from {
		return
	}
	r := &v.Ev.Stage.Rules
	hands := v.Ev.Stage.HandsPerRound()
	fromSh, fromP := v.sheet()
	v.Form = to
	toSh, toP := v.sheet()
	read := func(sh tournament.Sheet, p map[string]string, h, s int) (*scoring.Hand, bool) {
		if h > len(sh.Hands) || sh.Hands[h-1][s-1] == nil {
			return nil, false
		}
		prefix := fmt.Sprintf("h%d.s%d.", h, s)
		for k := range p {
			if strings.HasPrefix(k, prefix) {
				return sh.Hands[h-1][s-1], false
			}
		}
		return sh.Hands[h-1][s-1], true
	}
	vals := v.Values.Values
	empty := func(h, s int) {
		for _, f := range numberFields[to] {
			delete(vals, cellName(h, s, f))
		}
		if to == scoring.Components {
			delete(vals, cellName(h, s, "closed"))
		}
	}
	defaults := func(h, s int) {
		if to == scoring.Components && strings.TrimSpace(vals[cellName(h, s, "table")]) == "" {
			vals[cellName(h, s, "kitty_taken")], vals[cellName(h, s, "opened")] = "on", "on"
		}
	}
	for s := 1; s <= len(v.Seats); s++ {
		switch {
		case from == scoring.GameTotal:
			game, ok := read(fromSh, fromP, 1, s)
			sum, whole := 0, true
			for h := 1; h <= hands; h++ {
				hd, ok := read(toSh, toP, h, s)
				whole = whole && ok
				if hd != nil {
					sum += hd.Score(r)
				}
			}
			if game != nil && ok && (!whole || sum != game.Score(r)) {
				for h := 1; h <= hands; h++ {
					empty(h, s)
				}
			}
			for h := 1; h <= hands; h++ {
				defaults(h, s)
			}
		case to == scoring.GameTotal:
			sum, whole, any := 0, true, false
			for h := 1; h <= hands; h++ {
				hd, ok := read(fromSh, fromP, h, s)
				whole, any = whole && ok, any || hd != nil
				if ok {
					sum += hd.Score(r)
				}
			}
			switch {
			case whole:
				vals[cellName(1, s, "game")] = strconv.Itoa(sum)
			case any:
				delete(vals, cellName(1, s, "game"))
			}
		default:
			for h := 1; h <= hands; h++ {
				was, ok := read(fromSh, fromP, h, s)
				if was != nil && ok {
					if now, same := read(toSh, toP, h, s); !same || now.Score(r) != was.Score(r) {
						empty(h, s)
						switch {
						case to == scoring.TotalOnly:
							vals[cellName(h, s, "total")] = strconv.Itoa(was.Score(r))
						case to == scoring.BaseCards:
							if base, cards, ok := was.Split(r); ok {
								vals[cellName(h, s, "base")], vals[cellName(h, s, "cards")] = strconv.Itoa(base), strconv.Itoa(cards)
							}
						}
					}
				}
				defaults(h, s)
			}
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
func (h *Handlers) loadSheet(c echo.Context) (*sheetView, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return nil, err
	}
	n, err1 := strconv.Atoi(c.Param("n"))
	t, err2 := strconv.Atoi(c.Param("t"))
	if err1 != nil || err2 != nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return nil, err
	}
	ts, err := h.Tournaments.StageTable(c.Request().Context(), id, seq, n, t)
	if err != nil {
		return nil, err
	}
	page.UseFormat(c, ts.Stage.Format)
	v := &sheetView{Ev: page.TableEvening(ts),
		Game: &ts.Round, Table: t, Tab: &ts.Table, Seats: page.TableSides(ts), Values: page.NewForm()}
	v.Stage = seq
	v.Values.Values["version"] = page.Itoa(ts.Table.Version)
	if f := v.Ev.Format(); f != nil {
		v.Outcomes = f.Outcomes(ts.Stage.Settings)
	}
	v.Values.Values["outcome_kind"] = ts.Table.Outcome.Kind
	if ts.Table.Outcome.Kind != "" {
		v.Values.Values["outcome_side"] = page.Itoa(ts.Table.Outcome.Side)
	}
	// The form the printed sheet has (base and cards), unless the director last used
	// another.
	v.Form = scoring.BaseCards
	if ck, err := c.Cookie(sheetFormCookie); err == nil {
		if f, ok := scoring.ParseForm(ck.Value); ok {
			v.Form = f
		}
	}
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

// Form is a table's score sheet.
func (h *Handlers) Form(c echo.Context) error {
	v, err := h.loadSheet(c)
	if err != nil {
		return err
	}
	if f := c.QueryParam("form"); f != "" {
		rememberForm(c, v.Form)
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
	if k := c.QueryParam("outcome"); k != "" && v.Tab.Outcome.Kind == "" && slices.Contains(v.Outcomes, k) {
		// The link of a round whose clock ran out: the time-out outcome chosen, the
		// side that ran out of time still to pick.
		v.Values.Values["outcome_kind"] = k
		v.Focus = "outcome_side"
	}
	return page.Render(c, http.StatusOK, sheetPage(v))
}

// rememberForm keeps the entry form a director chose, for the tables that follow.
func rememberForm(c echo.Context, f scoring.Form) {
	c.SetCookie(&http.Cookie{Name: sheetFormCookie, Value: scoring.FormNames[f], Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: page.IsSecure(c)})
}

// Switch shows what is being typed in another entry form, saving nothing.
func (h *Handlers) Switch(c echo.Context) error {
	v, err := h.loadSheet(c)
	if err != nil {
		return err
	}
	readSheet(c, v)
	v.Values.Values["version"] = c.FormValue("version")
	if to, ok := scoring.ParseForm(c.FormValue("switch")); ok && c.FormValue("switch") != "" {
		v.switchTo(to)
		rememberForm(c, to)
	}
	v.compute(v.sheet())
	return page.Render(c, http.StatusOK, sheetPage(v))
}

// nextTable is where a save goes on to: the next table of the round still to be
// completed (after this one, then from the first), else the round's page; clearing a
// table, or "Save" alone, goes back to the round. results are the round's tables as the
// save left them.
func nextTable(c echo.Context, tid int64, n, table int, results []tournament.TableResult) string {
	round := page.RoundPath(tid, n, "")
	if c.FormValue("then") == "round" || c.FormValue("clear") != "" {
		return round
	}
	var after, before int
	for _, r := range results {
		switch {
		case r.Complete || r.Number == table:
		case r.Number > table && after == 0:
			after = r.Number
		case r.Number < table && before == 0:
			before = r.Number
		}
	}
	if after == 0 {
		after = before
	}
	if after == 0 {
		return round
	}
	return page.RoundPath(tid, n, "/tables/"+page.Itoa(after))
}

// Preview computes the totals of what is being typed, saving nothing.
func (h *Handlers) Preview(c echo.Context) error {
	v, err := h.loadSheet(c)
	if err != nil {
		return err
	}
	sh, problems := readSheet(c, v)
	v.compute(sh, problems)
	return page.Render(c, http.StatusOK, sheetPage(v))
}

// postedSheet reads a posted sheet without the table: its shape is that of the inputs
// posted in the entry form it names. ok is false when it names none.
func postedSheet(c echo.Context) (fm scoring.Form, sh tournament.Sheet, problems map[string]string, ok bool) {
	name := c.FormValue("form")
	if fm, ok = scoring.ParseForm(name); !ok || name == "" {
		return 0, sh, nil, false
	}
	params, err := c.FormParams()
	if err != nil {
		return 0, sh, nil, false
	}
	values := map[string]string{}
	rows, sides := 0, 0
	for k, vals := range params {
		h, s, field, cell := parseCell(k)
		if !cell || len(vals) == 0 {
			continue
		}
		values[k] = vals[0]
		if slices.Contains(numberFields[fm], field) {
			rows, sides = max(rows, h), max(sides, s)
		}
	}
	if fm == scoring.GameTotal {
		rows = min(rows, 1)
	}
	sh, problems = parseSheet(fm, rows, sides, values)
	return fm, sh, problems, true
}

// Save saves a table's sheet in one command, reading nothing before it: the sheet's
// shape is the form's, the command checks it against the table, and it returns the
// round's results for the next table to enter. A refusal reads the table to show the
// sheet again.
func (h *Handlers) Save(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err1 := strconv.Atoi(c.Param("n"))
	table, err2 := strconv.Atoi(c.Param("t"))
	if err1 != nil || err2 != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	clear := c.FormValue("clear") != ""
	fm, sh, problems, posted := postedSheet(c)
	var v *sheetView // the sheet's page, read only when it is shown again
	switch {
	case clear:
		sh, problems = tournament.Sheet{Clear: true}, map[string]string{}
	case !posted:
		if v, err = h.loadSheet(c); err != nil {
			return err
		}
		fm = v.Form
		sh, problems = readSheet(c, v)
	}
	typed := c.FormValue("version")
	sh.Version, _ = strconv.Atoi(typed)
	sh.NextRound = c.FormValue("next_round")
	sh.Stage = seq
	if !clear {
		if v != nil && v.showsOutcome() {
			sh.Outcome = v.outcome()
		} else if params, err := c.FormParams(); v == nil && err == nil && params.Has("outcome_kind") {
			// The sheet offers an outcome: the format has some, or the table has one.
			o := &tournament.Outcome{Kind: strings.TrimSpace(params.Get("outcome_kind"))}
			if o.Kind != "" {
				o.Side, _ = strconv.Atoi(params.Get("outcome_side"))
			}
			sh.Outcome = o
		}
	}
	sh.Results = seq == 0 && !clear && c.FormValue("then") != "round"
	status := http.StatusUnprocessableEntity
	var out *tournament.SheetOutcome
	if len(problems) == 0 {
		out, err = h.Tournaments.SaveSheet(c.Request().Context(), id, n, table, sh, page.DirectorOf(c).Username)
		if err == nil && seq != 0 {
			if out.Requalified != nil {
				h.requalifiedFlash(c, id, table, out.Requalified)
			} else {
				page.SetFlash(c, "sheet.saved_stage", page.Itoa(table), page.Itoa(seq))
			}
			return page.Redirect(c, page.StageSheetsPath(id, seq))
		}
		if err == nil {
			switch {
			case len(out.Flagged) > 0:
				page.SetFlash(c, "bracket.saved_flagged", page.Itoa(table), page.Itoa(out.Flagged[0].Round), page.Itoa(out.Flagged[0].Table))
			case len(out.Placed) > 0:
				page.SetFlash(c, "bracket.saved_placed", page.Itoa(table), page.Itoa(out.Placed[0].Round), page.Itoa(out.Placed[0].Table))
			case out.Reseated:
				page.SetFlash(c, "sheet.saved_reseated", page.Itoa(table), page.Itoa(n+1))
			case out.Kept:
				page.SetFlash(c, "sheet.saved_kept", page.Itoa(table), page.Itoa(n+1))
			case out.LaterStarted:
				page.SetFlash(c, "sheet.saved_later_started", page.Itoa(table), page.Itoa(n+1))
			case sh.Clear:
				page.SetFlash(c, "sheet.cleared", page.Itoa(table))
			case out.Table != nil && len(out.Table.Hands) > 0 && !out.Result.Complete:
				page.SetFlash(c, "sheet.saved_partial", page.Itoa(table))
			default:
				page.SetFlash(c, "sheet.saved", page.Itoa(table))
			}
			if !sh.Clear {
				rememberForm(c, fm)
			}
			return page.Redirect(c, nextTable(c, id, n, table, out.Results))
		}
	}
	// Refused: the sheet is shown again, read now, with what was typed.
	if v == nil {
		var lerr error
		if v, lerr = h.loadSheet(c); lerr != nil {
			return lerr
		}
		if !clear {
			again, p := readSheet(c, v)
			sh.Hands = again.Hands
			if len(problems) > 0 {
				problems = p
			}
		}
	}
	v.Values.Values["version"] = typed
	if len(problems) == 0 {
		e, ok := tournament.AsError(err)
		if !ok || e.Code == tournament.EINTERNAL {
			return err
		}
		status = page.StatusOf(e.Code)
		for k, key := range e.Fields {
			if strings.HasPrefix(k, "outcome.") {
				v.Values.Errors[k] = key
				continue
			}
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
			now, err := h.Tournaments.StageTable(c.Request().Context(), id, seq, n, table)
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
	return page.Render(c, status, sheetPage(v))
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
	lang := page.LangOf(c)
	for h := 1; h <= v.Ev.Stage.HandsPerRound(); h++ {
		for s := 1; s <= len(v.Seats); s++ {
			if a, b := at(stored, h, s), at(mine, h, s); a != b {
				v.Values.Conflict = append(v.Values.Conflict, page.ConflictLine{Raw: true,
					Label: page.Translate(lang, "sheet.hand") + " " + page.Itoa(h) + " · " + v.Seats[s-1].Name, Stored: a, Typed: b})
			}
		}
	}
	if typed.Outcome != nil && *typed.Outcome != v.Tab.Outcome {
		say := func(o tournament.Outcome) string {
			if o.Kind == "" {
				return page.Translate(lang, "outcome.none")
			}
			return page.Translate(lang, "outcome.side", page.Translate(lang, "outcome."+o.Kind), o.Side)
		}
		v.Values.Conflict = append(v.Values.Conflict, page.ConflictLine{Raw: true, Label: page.Translate(lang, "sheet.outcome"),
			Stored: say(v.Tab.Outcome), Typed: say(*typed.Outcome)})
	}
	v.Values.Values["version"] = page.Itoa(v.Tab.Version)
}

// sheetSlots lists the parts of the sheet a live update replaces: each cell's total and
// problems, and each player's game total.
func sheetSlots(v *sheetView) string {
	var ids []string
	for h := range v.rows() {
		for s := range v.Seats {
			ids = append(ids, fmt.Sprintf("#cell-%d-%d", h+1, s+1))
		}
	}
	for s := range v.Seats {
		ids = append(ids, fmt.Sprintf("#game-%d", s+1), fmt.Sprintf("#result-%d", s+1))
	}
	return strings.Join(append(ids, "#through"), ",")
}

// sheetPath is the address of the table's sheet, with a suffix.
func sheetPath(v *sheetView, suffix string) string {
	if v.Stage != 0 {
		suffix, frag, _ := strings.Cut(suffix, "#")
		sep := "?"
		if strings.Contains(suffix, "?") {
			sep = "&"
		}
		p := page.RoundPath(v.Ev.Tournament.ID, v.Game.Number, "/tables/"+page.Itoa(v.Table)+suffix) + sep + "stage=" + page.Itoa(v.Stage)
		if frag != "" {
			p += "#" + frag
		}
		return p
	}
	return page.RoundPath(v.Ev.Tournament.ID, v.Game.Number, "/tables/"+page.Itoa(v.Table)+suffix)
}

// through names the side a bracket's match sends on, from the sheet as it is now, ""
// while it is undecided or the format is not a bracket.
func (v *sheetView) through() string {
	if _, ok := v.Ev.Format().(tournament.Bracketer); !ok || !v.Result.Complete {
		return ""
	}
	for i, p := range v.Result.Points {
		if p.String() == "1" && i < len(v.Seats) {
			return v.Seats[i].Name
		}
	}
	return ""
}

// sheetCancelPath is where a sheet's Cancel goes: its round, or an earlier stage's
// sheets.
func sheetCancelPath(v *sheetView) string {
	if v.Stage != 0 {
		return page.StageSheetsPath(v.Ev.Tournament.ID, v.Stage)
	}
	return page.RoundPath(v.Ev.Tournament.ID, v.Game.Number, "")
}

// requalifiedFlash says what a correction of an earlier stage did to who goes on.
func (h *Handlers) requalifiedFlash(c echo.Context, tid int64, table int, rq *tournament.Requalified) {
	names := "—"
	if rq.After != nil {
		ev, err := h.Tournaments.Load(c.Request().Context(), tid)
		if err == nil {
			var ns []string
			for i, id := range rq.After {
				ns = append(ns, page.Itoa(i+1)+". "+page.EntryName(ev, id))
			}
			names = strings.Join(ns, ", ")
		}
	}
	key := "sheet.saved_qualify"
	switch {
	case rq.Reseeded:
		key = "sheet.saved_reseeded"
	case rq.Flagged:
		key = "sheet.saved_seeds_kept"
	}
	page.SetFlash(c, key, page.Itoa(table), page.Itoa(rq.From), names, page.Itoa(rq.Stage))
}
