package page

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/words"
)

func URLQueryEscape(s string) string { return url.QueryEscape(s) }

// CSRFHeaders is the hx-headers value that makes htmx requests carry the CSRF token.
func CSRFHeaders(ctx context.Context) string {
	b, _ := json.Marshal(map[string]string{"X-CSRF-Token": Of(ctx).CSRF})
	return string(b)
}

func Itoa(n int) string { return strconv.Itoa(n) }

func IDPath(prefix string, id int64, suffix string) string {
	return prefix + strconv.FormatInt(id, 10) + suffix
}

// FormatDate shows a date the way the page's language writes it.
func FormatDate(ctx context.Context, tm time.Time) string {
	if tm.IsZero() {
		return ""
	}
	if Of(ctx).Lang == EN {
		return tm.Local().Format("2 Jan 2006 15:04")
	}
	return tm.Local().Format("02/01/2006 15:04")
}

// NavClass marks the navigation link of the current section.
func NavClass(ctx context.Context, href string) string {
	p := Of(ctx).Path
	if p == href || (href != "/" && strings.HasPrefix(p, href)) {
		return "active"
	}
	return ""
}

// QuotedList writes names as "a", "b", "c" for a message.
func QuotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

func StatusClass(s string) string { return "badge badge-" + s }

func BoolString(b bool) string { return strconv.FormatBool(b) }

func PlayerFormTitle(ctx context.Context, p *tournament.Player) string {
	if p == nil {
		return T(ctx, "players.new")
	}
	return T(ctx, "players.edit", p.FullName())
}

func PlayerFormAction(p *tournament.Player) string {
	if p == nil {
		return "/players"
	}
	return IDPath("/players/", p.ID, "")
}

// SortedFields lists field errors as (field, key) pairs in a stable order.
func SortedFields(m map[string]string) [][2]string {
	out := make([][2]string, 0, len(m))
	for k, v := range m {
		out = append(out, [2]string{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strings.Replace(strconv.Itoa(n), "-", "−", 1)
}

// Minus writes a number's sign as the minus sign (U+2212, "−410"), not a hyphen, for
// a page to read.
func Minus(s string) string {
	if strings.HasPrefix(s, "-") {
		return "−" + s[1:]
	}
	return s
}

func Abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// EntryName is the name of an entry of the evening.
func EntryName(ev *tournament.State, id int64) string {
	if e := ev.Entry(id); e != nil {
		return e.Name
	}
	return "?"
}

// EntryLines are the names an entry shows on paper, one a line: each member of a pair,
// else the entry's name.
func EntryLines(ev *tournament.State, id int64) []string {
	e := ev.Entry(id)
	switch {
	case e == nil:
		return []string{"?"}
	case len(e.Members) > 1:
		out := make([]string, len(e.Members))
		for i, m := range e.Members {
			out[i] = m.Name
		}
		return out
	}
	return []string{e.Name}
}

// SeatRow is a line of the alphabetical "find your seat" list: one per player, so that
// each member of a pair finds their own name.
type SeatRow struct {
	Name  string
	With  string // the partner, for a member of a pair
	Table int    // 0: sits out
	Side  int    // the side a player sits on with others (0: alone on it)
	Team  string // the team whose pair the player plays in
	Pair  int    // that pair (1, 2)
	Match int    // the table's match (teams), 0: none
}

// TableListSize is the size class of the printed list by table, from its rows of cards
// (two to a row; one to a row up to 4 tables of up to 4 names, so that names keep to a
// line) and the most lines on one card (its names, and its match for a team match): the
// fewer lines, the bigger the type, and the cards stretch to fill the page (app.css; 24
// players fit one A4 page at 16pt). Classes, not a style attribute: the CSP allows no
// inline style.
func TableListSize(ev *tournament.State, g *tournament.Round) string {
	names := 1
	for _, tb := range g.Tables {
		n := 0
		for _, sd := range tb.Sides {
			n += len(SideLines(ev, g.Number, sd))
		}
		if tb.Match > 0 {
			n++
		}
		names = max(names, n)
	}
	if len(g.Tables) <= 4 && names <= 4 {
		size := "wall-xl"
		if len(g.Tables)*names > 12 {
			size = "wall-l"
		}
		return fmt.Sprintf("%s one-col rows-%d", size, min(len(g.Tables), 3))
	}
	rows := (len(g.Tables) + 1) / 2
	size := "wall-m"
	if rows*names <= 9 {
		size = "wall-l"
	}
	return fmt.Sprintf("%s rows-%d", size, min(rows, 3))
}

// SeatListSize is the size class of the printed "find your seat" list of n lines: the
// fewer, the bigger the type (app.css; 24 lines fit one A4 page at 16pt).
func SeatListSize(n int) string {
	switch {
	case n <= 10:
		return "wall-xl"
	case n <= 14:
		return "wall-l"
	case n <= 18:
		return "wall-m"
	case n <= 21:
		return "wall-s"
	}
	return "wall-xs"
}

// HasPartners reports whether a "find your seat" list names partners (a column of its own).
func HasPartners(rows []SeatRow) bool {
	return slices.ContainsFunc(rows, func(r SeatRow) bool { return r.With != "" })
}

// SeatFinder is the alphabetical "find your seat" list of round g: a line per player,
// naming the table, the side and those sharing it (a pair's other member, the partner of
// the round, the team's pair), then those sitting out.
func SeatFinder(ev *tournament.State, g *tournament.Round) []SeatRow {
	var rows []SeatRow
	for _, tb := range g.Tables {
		for _, sd := range tb.Sides {
			ps := sidePlayers(ev, g.Number, sd)
			for i, p := range ps {
				if p.sub {
					continue
				}
				row := SeatRow{Name: p.name, Table: tb.Number, Team: p.team, Match: tb.Match}
				if p.team != "" {
					row.Pair = sd.Pair
				}
				var with []string
				for j, o := range ps {
					if j != i {
						with = append(with, o.name)
					}
				}
				if len(with) > 0 {
					row.With, row.Side = strings.Join(with, ", "), sd.Position
				}
				rows = append(rows, row)
			}
		}
	}
	for _, b := range g.SitOuts() {
		e := ev.Entry(b.EntryID)
		switch {
		case e == nil:
			rows = append(rows, SeatRow{Name: "?"})
		case len(e.Members) > 1:
			for i, m := range e.Members {
				var with []string
				for j, o := range e.Members {
					if j != i {
						with = append(with, o.Name)
					}
				}
				row := SeatRow{Name: m.Name, With: strings.Join(with, ", ")}
				if e.Kind == tournament.EntryTeam {
					row.With, row.Team = "", e.Name
				}
				rows = append(rows, row)
			}
		default:
			rows = append(rows, SeatRow{Name: e.Name})
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return strings.ToLower(rows[i].Name) < strings.ToLower(rows[j].Name) })
	return rows
}

// FormatOwn is a message only the page's format has (in its own locale file, as the
// format's own wording of a key), or "" for another format: the 3-player sheet's
// "6 · 3 · 1" to circle.
func FormatOwn(ctx context.Context, key string) string {
	if !words.Own(Of(ctx).Format, key) {
		return ""
	}
	return T(ctx, key)
}

// HasOutcomes says whether the stage's format offers table outcomes: its printed sheets
// number the sides and have a line for the outcome.
func HasOutcomes(ev *tournament.State) bool {
	f := ev.Format()
	return f != nil && len(f.Outcomes(ev.Stage.Settings)) > 0
}

// GamePeople lists everyone of a game (seated or sitting out), by name.
func GamePeople(ev *tournament.State, g *tournament.Round) []int64 {
	ids := g.People()
	sort.Slice(ids, func(i, j int) bool {
		return strings.ToLower(EntryName(ev, ids[i])) < strings.ToLower(EntryName(ev, ids[j]))
	})
	return ids
}

func TournamentFormTitle(ctx context.Context, tr *tournament.Tournament) string {
	if tr == nil {
		return T(ctx, "tournaments.new")
	}
	return T(ctx, "tournaments.edit", tr.Name)
}

func TournamentFormAction(tr *tournament.Tournament) string {
	if tr == nil {
		return "/tournaments"
	}
	return IDPath("/tournaments/", tr.ID, "")
}

// StandingsState says whether the standings are final or after which round.
func StandingsState(ctx context.Context, ev *tournament.State) string {
	return StandingsStateIn(Of(ctx).Lang, ev)
}

// StandingsStateIn is StandingsState in a language (paper and downloads).
func StandingsStateIn(lang Lang, ev *tournament.State) string {
	tr := func(key string, args ...any) string { return TranslateFor(lang, ev.Stage.Format, key, args...) }
	done := 0
	for i := range ev.Rounds {
		if ev.Complete(&ev.Rounds[i]) {
			done = i + 1
		} else {
			break
		}
	}
	planned := ev.Stage.Settings.Rounds() // 0: the format decides as it goes (a knockout)
	switch {
	case ev.Final():
		return tr("standings.final")
	case done == 0:
		return tr("standings.provisional")
	case planned == 0:
		return tr("standings.after_round", done)
	}
	return tr("standings.after_game", done, planned)
}

// ColumnValue shows a standings value as its column reads it.
func ColumnValue(ctx context.Context, col tournament.Column, v int) string {
	if col.Kind == "points" {
		return Pts(ctx, tournament.Points(v))
	}
	return strconv.Itoa(v)
}

// Pts shows ranking points as the page's language writes decimals: "4,5" in Italian,
// "4.5" in English (the API and forms keep the point).
func Pts(ctx context.Context, p tournament.Points) string {
	return PtsIn(Of(ctx).Lang, p)
}

// PtsIn is pts for a language: what reports (CSV, PDF) write.
func PtsIn(lang Lang, p tournament.Points) string {
	if lang == EN {
		return p.String()
	}
	return strings.Replace(p.String(), ".", ",", 1)
}

// MoveTable names where a re-seat takes a player: a table, or sitting out.
func MoveTable(ctx context.Context, n int) string {
	if n == 0 {
		return T(ctx, "print.sits_out")
	}
	return T(ctx, "game.table", n)
}

// MissedRounds counts the rounds drawn before an entry first played or sat out: a late
// arrival, to whom the director may award the bye points for them.
func MissedRounds(ev *tournament.State, e *tournament.Entry) int {
	if e.Substitute() {
		return 0
	}
	if _, ok := ev.Format().MissedBye(ev.Stage.Settings); !ok {
		return 0
	}
	for i := range ev.Rounds {
		if slices.Contains(ev.Rounds[i].People(), e.ID) {
			return i
		}
	}
	return len(ev.Rounds)
}

// LongDate shows a stored ISO date (2026-11-24) as the page's language writes it in
// full: "martedì 24 novembre 2026", "Tuesday 24 November 2026". Inputs and the API keep
// ISO; a date that is not ISO is shown as it is.
func LongDate(ctx context.Context, iso string) string {
	return LongDateIn(Of(ctx).Lang, iso)
}

// LongDateIn is longDate for a language: what PDF reports write.
func LongDateIn(lang Lang, iso string) string {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	days := strings.Split(Translate(lang, "date.weekdays"), ",")
	months := strings.Split(Translate(lang, "date.months"), ",")
	if len(days) != 7 || len(months) != 12 {
		return iso
	}
	return days[d.Weekday()] + " " + strconv.Itoa(d.Day()) + " " + months[d.Month()-1] + " " + strconv.Itoa(d.Year())
}

// ShortDate shows a stored ISO date for a list: "24/11/2026" in Italian, "24 Nov 2026"
// in English.
func ShortDate(ctx context.Context, iso string) string {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	if Of(ctx).Lang == EN {
		return d.Format("2 Jan 2006")
	}
	return d.Format("02/01/2006")
}

// SitOutsLabel names who sits out a game, singular for one.
func SitOutsLabel(ctx context.Context, n int) string {
	if n == 1 {
		return T(ctx, "game.sit_out_one")
	}
	return T(ctx, "game.sit_outs")
}

// InDrawnGame is the number of the current round when an entry is in it and it has not
// started (marking them absent takes them out of it), else 0.
func InDrawnGame(ev *tournament.State, id int64) int {
	cur := ev.Current()
	if cur == nil || cur.Started() || !slices.Contains(cur.People(), id) {
		return 0
	}
	return cur.Number
}

func Itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// IsScaled reports whether a format converts MP to VP with a scale the stage chooses.
func IsScaled(fm tournament.Format) bool {
	_, ok := fm.(tournament.Scaled)
	return ok
}

// Applies reports whether a settings field applies under the form's values
// (tournament.Field.When): the form hides one that does not.
func Applies(f *Form, when [2]string) bool {
	return when[0] == "" || f.Values[when[0]] == when[1]
}

// ScaleWhen is the choice a format's VP scale applies under (tournament.ScaleWhen), or
// none: always.
func ScaleWhen(fm tournament.Format) [2]string {
	if w, ok := fm.(tournament.ScaleWhen); ok {
		return w.ScaleWhen()
	}
	return [2]string{}
}

// IsPaired reports whether a stage's format pairs its rounds from the running standings.
func IsPaired(ev *tournament.State) bool {
	_, ok := ev.Format().(tournament.Paired)
	return ok
}

// DateVenue is a tournament's date and venue as a subtitle shows them: "giovedì 27
// novembre 2026 · Circolo Roma", the date alone when there is no venue.
func DateVenue(ctx context.Context, tr *tournament.Tournament) string {
	if tr.Venue == "" {
		return LongDate(ctx, tr.Date)
	}
	return LongDate(ctx, tr.Date) + " · " + tr.Venue
}

// Pairing is where an entry plays a round: a table and the side it plays against, or
// the bye (none of them: not in the round). At a 4-player table (individual4) Partners
// are the others on its side and Opponents every member of the side against.
type Pairing struct {
	Table     int
	Against   int64
	Bye       bool
	Partners  []int64
	Opponents []int64
}

// PairingOf says where entry id plays round r, as the pairing order page shows it: as a
// side's entry or as its partner.
func PairingOf(r *tournament.Round, id int64) Pairing {
	for _, b := range r.Byes {
		if b.EntryID == id && !b.Awarded {
			return Pairing{Bye: true}
		}
	}
	for _, tb := range r.Tables {
		for si, sd := range tb.Sides {
			if !sd.Has(id) || len(tb.Sides) != 2 {
				continue
			}
			other := tb.Sides[1-si]
			p := Pairing{Table: tb.Number, Against: other.EntryID}
			if len(sd.Partners) > 0 || len(other.Partners) > 0 {
				for _, m := range sd.Members() {
					if m != id {
						p.Partners = append(p.Partners, m)
					}
				}
				p.Opponents = other.Members()
			}
			return p
		}
	}
	return Pairing{}
}

// LiveResult is one side's result on a score sheet being entered: its signed MP and its
// points ("+750 · 16"), its points alone where the format has no MP, "–" until the
// table is complete. A table that scores no points of its own (a team match's: the match
// does) shows its MP alone.
func LiveResult(ctx context.Context, r tournament.TableResult, i int) string {
	switch {
	case !r.Complete:
		return "–"
	case i < len(r.MP) && i < len(r.Points):
		return Signed(r.MP[i]) + " · " + Pts(ctx, r.Points[i])
	case i < len(r.MP):
		return Signed(r.MP[i])
	case i < len(r.Points):
		return Pts(ctx, r.Points[i])
	}
	return "–"
}

// CalcRules builds the rule set of the calculator: a preset with the two variants.
func CalcRules(preset string, semi, kitty bool) (scoring.Rules, string) {
	r, ok := scoring.PresetRules(preset)
	if !ok {
		preset = "standard"
		r = scoring.Standard
	}
	r.SemiCleanOn, r.KittyNotPlayed = semi, kitty
	return r, preset
}

// CSVComma is the separator a spreadsheet in the reader's language splits on: Excel set
// to Italian uses ";" (the comma is its decimal mark), set to English ",".
func CSVComma(lang Lang) rune {
	if lang == EN {
		return ','
	}
	return ';'
}

// CSVStyleOf is the federation CSV's style in the request's language (?lang=it|en
// first, then the request's own).
func CSVStyleOf(c echo.Context) tournament.CSVStyle {
	lang := LangOf(c)
	switch c.QueryParam("lang") {
	case "en":
		lang = EN
	case "it":
		lang = IT
	}
	style := tournament.CSVStyle{Comma: CSVComma(lang), Decimal: ".", BOM: true}
	if lang != EN {
		style.Decimal = ","
	}
	return style
}

// NowOf is the time a page's clocks are shown at when rendered (the script then counts
// down in the browser).
func NowOf(context.Context) time.Time { return time.Now() }

// ClockText shows a duration left as m:ss, or h:mm:ss past the hour.
func ClockText(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	h, m, sec := s/3600, s/60%60, s%60
	if h > 0 {
		return Itoa(h) + ":" + pad2(m) + ":" + pad2(sec)
	}
	return Itoa(m) + ":" + pad2(sec)
}

// ClockAttrs are what the page's script counts down from: the end (Unix ms) of a
// running clock, or the milliseconds left of a paused one.
func ClockAttrs(c tournament.Clock) templ.Attributes {
	a := templ.Attributes{"data-clock": ""}
	if c.EndsAt != nil {
		a["data-clock-ends"] = Itoa64(c.EndsAt.UnixMilli())
	} else if c.Left != nil {
		a["data-clock-left"] = Itoa64(c.Left.Milliseconds())
	}
	return a
}

func pad2(n int) string {
	if n < 10 {
		return "0" + Itoa(n)
	}
	return Itoa(n)
}
