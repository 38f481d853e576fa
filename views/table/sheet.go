package table

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// The purposes of the page's sheet.
const (
	modeReport  = "report"  // a first report of the table
	modeConfirm = "confirm" // a confirmation of the report waiting (no sheet)
	modeDispute = "dispute" // other figures than the report's
)

// forms are the entry forms a player may use, in the order of the switch: what the
// paper sheet has (base + cards), hand totals, game totals.
var forms = []scoring.Form{scoring.BaseCards, scoring.TotalOnly, scoring.GameTotal}

// numberFields are the inputs of each entry form, per hand and side.
var numberFields = map[scoring.Form][]string{
	scoring.BaseCards: {"base", "cards"},
	scoring.TotalOnly: {"total"},
	scoring.GameTotal: {"game"},
}

// tableView is everything a table's page shows.
type tableView struct {
	TV      *tournament.TableView
	PINCard bool // the PIN is the last digits of a card number
	Form    scoring.Form
	Mode    string
	Values  *page.Form // seat, pin, the sheet's inputs, outcome; their problems
	Cells   [][]cell   // [row][side]
	Games   []int
	Result  tournament.TableResult
	Sides   []side
}

// side is a side at the table as the page names it: its position and its players.
type side struct {
	Position int
	Names    []string
}

// cell is one side's figures for one hand, as computed from what was typed.
type cell struct {
	Total   int
	Entered bool
	Errors  []string // message keys
}

func cellName(h, s int, field string) string { return fmt.Sprintf("h%d.s%d.%s", h, s, field) }

// parseCell reads an input's name "h<hand>.s<side>.<field>".
func parseCell(name string) (h, s int, field string, ok bool) {
	if _, err := fmt.Sscanf(name, "h%d.s%d.", &h, &s); err != nil {
		return 0, 0, "", false
	}
	parts := strings.SplitN(name, ".", 3)
	if len(parts) != 3 || parts[2] == "" {
		return 0, 0, "", false
	}
	return h, s, parts[2], true
}

// newView is the page of a table as read, its form the paper's (base + cards).
func newView(c echo.Context, tv *tournament.TableView) *tableView {
	v := &tableView{TV: tv, Form: scoring.BaseCards, Mode: modeReport, Values: page.NewForm()}
	ev := page.TableEvening(&tv.TableState)
	for _, sd := range tv.Table.Sides {
		v.Sides = append(v.Sides, side{Position: sd.Position, Names: page.SideLines(ev, tv.Round.Number, sd)})
	}
	if f, ok := scoring.ParseForm(c.FormValue("form")); ok && c.FormValue("form") != "" && slices.Contains(forms, f) {
		v.Form = f
	}
	if tv.Report != nil && tv.State == tournament.TableReported {
		v.Mode = modeConfirm
	}
	return v
}

// rows is the number of rows of the sheet: one per hand, or one for game totals.
func (v *tableView) rows() int {
	if v.Form == scoring.GameTotal {
		return 1
	}
	return v.TV.Stage.HandsPerRound()
}

// readPosted keeps every posted input of the sheet, seat and PIN, and the form switched
// to.
func (v *tableView) readPosted(c echo.Context) {
	params, err := c.FormParams()
	if err != nil {
		return
	}
	for k, vals := range params {
		if len(vals) == 0 {
			continue
		}
		if _, _, _, ok := parseCell(k); ok || k == "seat" || k == "pin" || k == "outcome_kind" || k == "outcome_side" {
			v.Values.Values[k] = vals[0]
		}
	}
	if to, ok := scoring.ParseForm(c.FormValue("switch")); ok && c.FormValue("switch") != "" && slices.Contains(forms, to) {
		v.Form = to
	}
}

// fromReport fills the sheet with the report waiting, for a confirmer who sees other
// figures: they correct what differs.
func (v *tableView) fromReport() {
	r := v.TV.Report
	if r == nil {
		return
	}
	set := func(h, s int, field string, n int) { v.Values.Values[cellName(h, s, field)] = strconv.Itoa(n) }
	rules := &v.TV.Stage.Rules
	for hi, row := range r.Sheet.Hands {
		for si, hd := range row {
			if hd == nil {
				continue
			}
			switch hd.Form {
			case scoring.GameTotal:
				v.Form = scoring.GameTotal
				set(1, si+1, "game", hd.Total)
			case scoring.BaseCards:
				set(hi+1, si+1, "base", hd.Base)
				set(hi+1, si+1, "cards", hd.Cards)
			default:
				if v.Form == scoring.BaseCards {
					v.Form = scoring.TotalOnly
				}
				set(hi+1, si+1, "total", hd.Score(rules))
			}
		}
	}
	if o := r.Sheet.Outcome; o != nil && o.Kind != "" {
		v.Values.Values["outcome_kind"] = o.Kind
		v.Values.Values["outcome_side"] = strconv.Itoa(o.Side)
	}
}

// sheet reads the hands of the current form and the outcome from the typed values,
// with the problems found reading them (by input name).
func (v *tableView) sheet() (tournament.ReportSheet, map[string]string) {
	problems := map[string]string{}
	rows, sides := v.rows(), len(v.Sides)
	sh := tournament.ReportSheet{Hands: make([][]*scoring.Hand, rows)}
	for h := 1; h <= rows; h++ {
		sh.Hands[h-1] = make([]*scoring.Hand, sides)
		for s := 1; s <= sides; s++ {
			entered := false
			for _, f := range numberFields[v.Form] {
				entered = entered || strings.TrimSpace(v.Values.Values[cellName(h, s, f)]) != ""
			}
			if !entered {
				continue
			}
			hand, p := scoring.ParseHand(func(field string) string {
				switch {
				case field == "form":
					return scoring.FormNames[v.Form]
				case field == "total" && v.Form == scoring.GameTotal:
					field = "game"
				case !slices.Contains(numberFields[v.Form], field):
					return ""
				}
				return v.Values.Values[cellName(h, s, field)]
			})
			for f, k := range p {
				problems[cellName(h, s, v.inputOf(f))] = k
			}
			sh.Hands[h-1][s-1] = &hand
		}
	}
	if k := strings.TrimSpace(v.Values.Values["outcome_kind"]); k != "" {
		side, _ := strconv.Atoi(v.Values.Values["outcome_side"])
		sh.Outcome = &tournament.Outcome{Kind: k, Side: side}
	}
	return sh, problems
}

// inputOf names the input of a hand's field: the game form's total is its "game" box.
func (v *tableView) inputOf(field string) string {
	if v.Form == scoring.GameTotal && field == "total" {
		return "game"
	}
	return field
}

// compute fills the cells, game totals and the table's result from a sheet and the
// problems found reading it; the rest comes from the same check as the director's
// sheet (tournament.PreviewReport).
func (v *tableView) compute(sh tournament.ReportSheet, problems map[string]string) {
	rows, sides := v.rows(), len(v.Sides)
	v.Games = make([]int, sides)
	v.Cells = make([][]cell, rows)
	rules := &v.TV.Stage.Rules
	for h := range v.Cells {
		v.Cells[h] = make([]cell, sides)
		for s := range v.Cells[h] {
			if h < len(sh.Hands) && s < len(sh.Hands[h]) && sh.Hands[h][s] != nil {
				v.Cells[h][s] = cell{Entered: true, Total: sh.Hands[h][s].Score(rules)}
			}
		}
	}
	res, fe, err := tournament.PreviewReport(v.TV, sh)
	if err != nil {
		fe = tournament.FieldErrors{}
	}
	all := map[string]string{}
	for k, m := range fe {
		all[k] = m
	}
	for k, m := range problems {
		all[k] = m // what could not be read comes before what it would give
	}
	for k, m := range all {
		h, s, field, ok := parseCell(k)
		if !ok {
			if strings.HasPrefix(k, "outcome.") {
				v.Values.Errors[k] = m
			}
			continue
		}
		if h < 1 || h > rows || s < 1 || s > sides {
			continue
		}
		cl := &v.Cells[h-1][s-1]
		cl.Errors = append(cl.Errors, v.inputOf(field)+":"+m)
	}
	valid := len(all) == 0
	for h := range v.Cells {
		for s := range v.Cells[h] {
			cl := &v.Cells[h][s]
			sort.Strings(cl.Errors)
			cl.Errors = slices.Compact(cl.Errors)
			if cl.Entered && len(cl.Errors) == 0 {
				v.Games[s] += cl.Total
			}
		}
	}
	if valid {
		v.Result = res
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

// errorKey is the message key of a cell's problem "field:key".
func errorKey(e string) (field, key string) {
	field, key, _ = strings.Cut(e, ":")
	return field, key
}

// stateKey names what the page shows of the table's state, for the phone's polling.
func (v *tableView) stateKey() string { return stateKey(v.TV.State, v.TV.Report, v.TV.Counter) }

// stateKey is the key of a table's reporting state: the state, and the reports that
// decide it at their versions.
func stateKey(state string, reports ...*tournament.Report) string {
	k := state
	for _, r := range reports {
		if r != nil {
			k += fmt.Sprintf(".%d-%d", r.ID, r.Version)
		}
	}
	return k
}

// through names the side a bracket's match sends on, from the sheet as it is now.
func (v *tableView) through() string {
	f, ok := tournament.FormatOf(v.TV.Stage.Format)
	if !ok || !v.Result.Complete {
		return ""
	}
	if _, bracket := f.(tournament.Bracketer); !bracket {
		return ""
	}
	for i, p := range v.Result.Points {
		if p.String() == "1" && i < len(v.Sides) {
			return v.Sides[i].name()
		}
	}
	return ""
}

// heads name the sides for a report's figures.
func (v *tableView) heads() []string {
	out := make([]string, len(v.Sides))
	for i, s := range v.Sides {
		out[i] = s.name()
	}
	return out
}

// waitingNames names the sides whose confirmation a report still needs.
func (v *tableView) waitingSides() []side {
	var out []side
	for _, p := range v.TV.Waiting {
		if p >= 1 && p <= len(v.Sides) {
			out = append(out, v.Sides[p-1])
		}
	}
	return out
}

// blockedSides are the sides blocked by wrong PINs, until the director lifts them.
func (v *tableView) blockedSides() []side {
	var out []side
	for _, p := range v.TV.Blocked {
		if p >= 1 && p <= len(v.Sides) {
			out = append(out, v.Sides[p-1])
		}
	}
	return out
}

// sideName is a side's players joined.
func (s side) name() string { return strings.Join(s.Names, " / ") }

// rowLabel names a row of the sheet: a hand, or the game for game totals.
func (v *tableView) rowLabel(ctx context.Context, h int) string {
	if v.Form == scoring.GameTotal {
		return page.T(ctx, "sheet.game_total")
	}
	return page.T(ctx, "sheet.hand") + " " + page.Itoa(h)
}

// carried are the typed values of the other forms, kept hidden so that switching back
// finds them.
func (v *tableView) carried() map[string]string {
	out := map[string]string{}
	for k, val := range v.Values.Values {
		if h, _, field, ok := parseCell(k); ok && val != "" && (!slices.Contains(numberFields[v.Form], field) || h > v.rows()) {
			out[k] = val
		}
	}
	return out
}

// slots lists the parts of the sheet a live update replaces.
func (v *tableView) slots() string {
	var ids []string
	for h := range v.rows() {
		for s := range v.Sides {
			ids = append(ids, fmt.Sprintf("#cell-%d-%d", h+1, s+1))
		}
	}
	for s := range v.Sides {
		ids = append(ids, fmt.Sprintf("#game-%d", s+1), fmt.Sprintf("#result-%d", s+1))
	}
	return strings.Join(append(ids, "#through"), ",")
}
