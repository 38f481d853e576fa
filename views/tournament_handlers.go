package views

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
)

// tournamentFields are the settings form's own fields; the format adds its own.
var tournamentFields = []string{"name", "date", "venue", "notes", "qualifiers", "format", "version", "scale_id",
	"semi_clean_on", "never_opened_doubles", "kitty_not_played"}

// settingsLabels names the form's fields in the catalogue, for a conflict's report.
var settingsLabels = map[string]string{"name": "tournament.name", "date": "tournament.date", "venue": "tournament.venue",
	"notes": "player.notes", "qualifiers": "tournament.qualifiers", "scale_id": "tournament.scale", "semi_clean_on": "calc.semi_clean_on",
	"never_opened_doubles": "tournament.never_opened_doubles", "kitty_not_played": "calc.kitty_not_played"}

// tournamentForm fills the settings form from a tournament and its stage.
func tournamentForm(t *tournament.Tournament, st *tournament.Stage) *form {
	f := newForm()
	f.Values = map[string]string{"name": t.Name, "date": t.Date, "venue": t.Venue, "notes": t.Notes,
		"qualifiers": itoa(st.Qualifiers), "format": st.Format, "version": itoa(t.Version), "scale_id": ""}
	if st.ScaleID != nil {
		f.Values["scale_id"] = strconv.FormatInt(*st.ScaleID, 10)
	}
	if fm, ok := tournament.FormatOf(st.Format); ok {
		for k, v := range fm.FormValues(st.Settings) {
			f.Values[k] = v
		}
	}
	for k, on := range map[string]bool{"semi_clean_on": st.Rules.SemiCleanOn, "never_opened_doubles": st.Rules.NeverOpenedDoubles, "kitty_not_played": st.Rules.KittyNotPlayed} {
		if on {
			f.Values[k] = "on"
		}
	}
	return f
}

// formatNamed returns the format a settings form is for (the default one when unknown).
func formatNamed(name string) tournament.Format {
	if f, ok := tournament.FormatOf(name); ok {
		return f
	}
	return tournament.DefaultFormat()
}

// settingsForm reads the posted settings form of a format.
func settingsForm(c echo.Context, fm tournament.Format) *form {
	names := slices.Clone(tournamentFields)
	for _, fd := range fm.Fields() {
		names = append(names, fd.Name)
	}
	return formFrom(c, names...)
}

// tournamentOf reads the settings form. Numbers that cannot be read are noted on f, with
// every other problem of the settings, so that the form shows them all at once.
// rules are the rule set the form starts from (the stored one when editing): the form
// shows only some flags, the other values are kept.
func tournamentOf(f *form, fm tournament.Format, rules scoring.Rules) (tournament.Tournament, tournament.Stage) {
	v := f.Values
	t := tournament.Tournament{Name: v["name"], Date: v["date"], Venue: v["venue"], Notes: v["notes"]}
	t.Version, _ = strconv.Atoi(v["version"])
	st := tournament.Stage{Format: fm.Name(), Rules: rules}
	settings, fe := fm.ParseForm(v)
	st.Settings = settings
	for k, key := range fe {
		f.Errors[k] = key
	}
	if q := strings.TrimSpace(v["qualifiers"]); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil {
			f.Errors["qualifiers"] = "error.not_a_number"
		}
		st.Qualifiers = n
	}
	if id := strings.TrimSpace(v["scale_id"]); id != "" {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil || n <= 0 {
			f.Errors["scale_id"] = "tournament.err.scale"
		}
		st.ScaleID = &n
	}
	st.Rules.SemiCleanOn = v["semi_clean_on"] != ""
	st.Rules.NeverOpenedDoubles = v["never_opened_doubles"] != ""
	st.Rules.KittyNotPlayed = v["kitty_not_played"] != ""
	if len(f.Errors) > 0 {
		// Show every problem at once: the domain's too, where the value could be read.
		probe, probeStage := t, st
		probe.Normalize()
		all := probe.Validate()
		for k, key := range probeStage.Validate() {
			all.Add(k, key)
		}
		for k, key := range all {
			if _, unread := f.Errors[k]; !unread {
				f.Errors[k] = key
			}
		}
		f.Error = "error.invalid"
	}
	return t, st
}

// settingsConflict fills a stale settings form with what is stored now beside what was
// typed, and moves its version on: saving again saves what was typed.
func settingsConflict(f *form, st *tournament.State) {
	stored := tournamentForm(&st.Tournament, &st.Stage)
	labels := maps.Clone(settingsLabels)
	for _, fd := range st.Format().Fields() {
		labels[fd.Name] = fd.Label
	}
	keys := slices.Sorted(maps.Keys(labels))
	for _, k := range keys {
		if stored.Values[k] != f.Values[k] {
			f.Conflict = append(f.Conflict, conflictLine{Label: labels[k], Stored: stored.Values[k], Typed: f.Values[k]})
		}
	}
	f.Values["version"] = stored.Values["version"]
}

// settingsPage renders the settings form of a format, with the VP scales to choose from
// when the format scores with one.
func (s *Server) settingsPage(c echo.Context, status int, tr *tournament.Tournament, fm tournament.Format, f *form) error {
	var scales []tournament.Scale
	if _, scaled := fm.(tournament.Scaled); scaled {
		var err error
		if scales, err = s.scales.List(c.Request().Context()); err != nil {
			return err
		}
	}
	return render(c, status, tournamentFormPage(tr, fm, f, scales))
}

// evening reads :id and loads the tournament's current stage.
func (s *Server) evening(c echo.Context) (*tournament.State, error) {
	id, err := idParam(c)
	if err != nil {
		return nil, err
	}
	st, err := s.tournaments.Load(c.Request().Context(), id)
	if err == nil {
		useFormat(c, st.Stage.Format)
	}
	return st, err
}

// wordingOf returns the format whose words a request's answer speaks: the one its handler
// loaded (useFormat), else, at a tournament's address, its current stage's, read now (an
// error's answer) and kept for the page.
func (s *Server) wordingOf(c echo.Context) string {
	if f, ok := c.Get(formatContextKey).(string); ok {
		return f
	}
	f := ""
	if strings.Contains(c.Path(), "/tournaments/:id") {
		if id, err := idParam(c); err == nil {
			if st, err := s.tournaments.Load(c.Request().Context(), id); err == nil {
				f = st.Stage.Format
			}
		}
	}
	useFormat(c, f)
	return f
}

func (s *Server) listTournaments(c echo.Context) error {
	ts, err := s.tournaments.List(c.Request().Context())
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, tournamentsPage(ts))
}

// carriedOnFormatChange are the new tournament form's fields that every format has, kept
// when the director picks another format.
var carriedOnFormatChange = []string{"name", "date", "venue", "qualifiers", "notes"}

// carriedFields names carriedOnFormatChange for the format tabs' script.
func carriedFields() string { return strings.Join(carriedOnFormatChange, " ") }

func (s *Server) newTournament(c echo.Context) error {
	t, st, err := tournament.New(time.Now(), formatNamed(c.QueryParam("format")).Name())
	if err != nil {
		return err
	}
	f := tournamentForm(&t, &st)
	// A change of format tab brings what was typed along (static/app.js puts it in the
	// address): the fields every format has.
	for _, k := range carriedOnFormatChange {
		if v, ok := c.QueryParams()[k]; ok && len(v) > 0 {
			f.Values[k] = v[0]
		}
	}
	return s.settingsPage(c, http.StatusOK, nil, formatNamed(st.Format), f)
}

func (s *Server) createTournament(c echo.Context) error {
	fm := formatNamed(c.FormValue("format"))
	f := settingsForm(c, fm)
	t, st := tournamentOf(f, fm, fm.Rules())
	if len(f.Errors) > 0 {
		return s.settingsPage(c, http.StatusUnprocessableEntity, nil, fm, f)
	}
	if err := s.tournaments.Create(c.Request().Context(), &t, &st); err != nil {
		if !f.fail(err) {
			return err
		}
		return s.settingsPage(c, statusOf(tournament.ErrorCode(err)), nil, fm, f)
	}
	setFlash(c, "tournaments.created", t.Name)
	return redirect(c, idPath("/tournaments/", t.ID, "/entries"))
}

func (s *Server) editTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	return s.settingsPage(c, http.StatusOK, &ev.Tournament, ev.Format(), tournamentForm(&ev.Tournament, &ev.Stage))
}

func (s *Server) updateTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	fm := ev.Format()
	f := settingsForm(c, fm)
	in, inStage := tournamentOf(f, fm, ev.Stage.Rules)
	if len(f.Errors) > 0 {
		return s.settingsPage(c, http.StatusUnprocessableEntity, &ev.Tournament, fm, f)
	}
	if _, scaled := fm.(tournament.Scaled); !scaled {
		inStage.ScaleID = ev.Stage.ScaleID
	}
	t, _, err := s.tournaments.Update(c.Request().Context(), ev.Tournament.ID, in, inStage, directorOf(c).Username)
	if err != nil {
		if !f.fail(err) {
			return err
		}
		if e, _ := tournament.AsError(err); e.Key == "tournament.stale" {
			if now, lerr := s.evening(c); lerr == nil {
				settingsConflict(f, now)
			}
		}
		return s.settingsPage(c, statusOf(tournament.ErrorCode(err)), &ev.Tournament, fm, f)
	}
	setFlash(c, "tournaments.saved", t.Name)
	return redirect(c, idPath("/tournaments/", t.ID, ""))
}

// showTournament is the evening's home: where it stands and what to do next.
func (s *Server) showTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	events, err := s.tournaments.Events(c.Request().Context(), ev.Tournament.ID)
	if err != nil {
		return err
	}
	st := statusOfEvening(ev)
	if st.Seeds, err = s.tournaments.SeedsChanged(c.Request().Context(), ev); err != nil {
		return err
	}
	return render(c, http.StatusOK, tournamentPage(st, events, newForm()))
}

// eveningStatus is what the tournament home shows.
type eveningStatus struct {
	Ev       *tournament.State
	Step     tournament.Step
	Current  *tournament.Round
	Results  []tournament.TableResult
	Done     int // complete tables of the current round
	Complete bool
	Clock    *form // the round clock's form (a start's minutes), with its problems
	// Seeds is set when round 1 of a stage fed by another is not seated as the
	// qualifiers give now (a correction flagged): the director checks it.
	Seeds *tournament.Requalified
}

func statusOfEvening(ev *tournament.State) eveningStatus {
	st := eveningStatus{Ev: ev, Current: ev.Current(), Step: ev.Format().Next(ev), Clock: newForm()}
	if st.Current != nil {
		st.Results = ev.Results(st.Current)
		for _, r := range st.Results {
			if r.Complete {
				st.Done++
			}
		}
		st.Complete = st.Done == len(st.Results)
	}
	return st
}

func (s *Server) draw(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	f := formFrom(c, "seed", "override", "round")
	opt := tournament.DrawOptions{Override: f.Values["override"]}
	opt.Round, _ = strconv.Atoi(f.Values["round"])
	if raw := strings.TrimSpace(f.Values["seed"]); raw != "" {
		if opt.Seed, err = strconv.ParseInt(raw, 10, 64); err != nil || opt.Seed <= 0 {
			f.Errors["seed"] = "draw.seed"
		}
	}
	var g *tournament.Round
	if len(f.Errors) == 0 {
		g, err = s.tournaments.Draw(c.Request().Context(), id, opt, directorOf(c).Username)
		if err != nil && !f.fail(err) {
			return err
		}
	}
	if len(f.Errors) > 0 || f.Error != "" {
		// The page that refuses is read now: a draw that succeeds reads nothing more.
		ev, err := s.evening(c)
		if err != nil {
			return err
		}
		events, err := s.tournaments.Events(c.Request().Context(), ev.Tournament.ID)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, tournamentPage(statusOfEvening(ev), events, f))
	}
	setFlash(c, "draw.done", itoa(g.Number), strconv.FormatInt(g.Seed, 10))
	return redirect(c, roundPath(id, g.Number, ""))
}

// undoDraw removes the last round while nothing of it is entered.
func (s *Server) undoDraw(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	if err := s.tournaments.UndoDraw(c.Request().Context(), id, n, directorOf(c).Username); err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			setFlash(c, d.Key, itoa(n))
			return redirect(c, idPath("/tournaments/", id, ""))
		}
		return err
	}
	setFlash(c, "draw.undone", itoa(n))
	return redirect(c, idPath("/tournaments/", id, ""))
}

func roundPath(tid int64, n int, suffix string) string {
	return idPath("/tournaments/", tid, "/rounds/"+itoa(n)+suffix)
}

// roundOf reads :n and returns that round of the stage.
func roundOf(c echo.Context, ev *tournament.State) (*tournament.Round, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || ev.Round(n) == nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return ev.Round(n), nil
}

// eveningRound loads the tournament and its round :n.
func (s *Server) eveningRound(c echo.Context) (*tournament.State, *tournament.Round, error) {
	ev, err := s.evening(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := roundOf(c, ev)
	return ev, g, err
}

// roundView serves a page of one round: its tables, the printed list, the score sheets,
// the seat change form.
func (s *Server) roundView(page func(*tournament.State, *tournament.Round) templ.Component) echo.HandlerFunc {
	return func(c echo.Context) error {
		ev, g, err := s.eveningRound(c)
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, page(ev, g))
	}
}

// seatsForm is the seat change form: a select per seat and per bye.
func seatsForm(ev *tournament.State, g *tournament.Round) templ.Component {
	return seatsPage(ev, g, tournament.SeatsOf(g), newForm())
}

func (s *Server) overrideSeats(c echo.Context) error {
	ev, g, err := s.eveningRound(c)
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
	if err := s.tournaments.OverrideSeats(c.Request().Context(), ev.Tournament.ID, g.Number, seats, directorOf(c).Username); err != nil {
		f := newForm()
		if !f.fail(err) {
			return err
		}
		return render(c, statusOf(tournament.ErrorCode(err)), seatsPage(ev, g, seats, f))
	}
	setFlash(c, "seats.saved", itoa(g.Number))
	return redirect(c, roundPath(ev.Tournament.ID, g.Number, ""))
}

func (s *Server) standingsPage(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	seq, err := stageParam(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := s.tournaments.StageStandings(c.Request().Context(), id, seq)
	if err != nil {
		return err
	}
	useFormat(c, ev.Stage.Format)
	return render(c, http.StatusOK, standingsView(ev, cols, lines))
}

// stageParam reads the optional ?stage= of a page: a stage's number, 0 when absent (the
// current stage); anything else is not found.
func stageParam(c echo.Context) (int, error) {
	raw := c.QueryParam("stage")
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || strconv.Itoa(n) != raw {
		return 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return n, nil
}

// pairingOrder shows the running standings a round was paired from.
func (s *Server) pairingOrder(c echo.Context) error {
	id, n, err := roundParams(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := s.tournaments.PairingOrder(c.Request().Context(), id, n)
	if err != nil {
		return err
	}
	useFormat(c, ev.Stage.Format)
	return render(c, http.StatusOK, pairingOrderPage(ev, n, cols, lines))
}

// roundParams reads :id and :n.
func roundParams(c echo.Context) (int64, int, error) {
	id, err := idParam(c)
	if err != nil {
		return 0, 0, err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, n, nil
}

// upOne answers a GET of an address that only takes POST, where a form rendered its
// answer (a refused draw, a sheet's form switch): back to the page one level up, so a
// reload or a language switch never ends on "page not found".
func (s *Server) upOne(c echo.Context) error {
	p := strings.TrimSuffix(c.Request().URL.Path, "/")
	return redirect(c, p[:strings.LastIndex(p, "/")])
}
