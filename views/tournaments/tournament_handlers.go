package tournaments

import (
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
	"burraco/views/page"
)

// Handlers serve the tournaments: settings, the evening's page, draws, stages and the
// bracket.
type Handlers struct{ *page.App }

// tournamentFields are the settings form's own fields; the format adds its own.
var tournamentFields = []string{"name", "date", "venue", "notes", "qualifiers", "format", "version", "scale_id",
	"semi_clean_on", "never_opened_doubles", "kitty_not_played"}

// settingsLabels names the form's fields in the catalogue, for a conflict's report.
var settingsLabels = map[string]string{"name": "tournament.name", "date": "tournament.date", "venue": "tournament.venue", "tier": "tournament.tier",
	"notes": "player.notes", "qualifiers": "tournament.qualifiers", "scale_id": "tournament.scale", "semi_clean_on": "calc.semi_clean_on",
	"never_opened_doubles": "tournament.never_opened_doubles", "kitty_not_played": "calc.kitty_not_played"}

// tournamentForm fills the settings form from a tournament and its stage.
func tournamentForm(t *tournament.Tournament, st *tournament.Stage) *page.Form {
	f := page.NewForm()
	f.Values = map[string]string{"name": t.Name, "date": t.Date, "venue": t.Venue, "notes": t.Notes, "tier": t.Tier,
		"qualifiers": page.Itoa(st.Qualifiers), "format": st.Format, "version": page.Itoa(t.Version), "scale_id": ""}
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
func settingsForm(c echo.Context, fm tournament.Format) *page.Form {
	names := slices.Clone(tournamentFields)
	for _, fd := range fm.Fields() {
		names = append(names, fd.Name)
	}
	f := page.FormFrom(c, names...)
	for _, fd := range fm.Fields() {
		if fd.Kind == tournament.KindEntryPairs {
			entryPairsOf(c, f, fd.Name)
		}
	}
	return f
}

// entryPairsOf reads a list of pairs of entries from its form: the pairs kept (ticked
// boxes named after the field, "a-b") and the one added with the two selects (name_a,
// name_b), into one value "a-b c-d". A pair added with one side only is kept in its
// selects, for the form shown again with its error.
func entryPairsOf(c echo.Context, f *page.Form, name string) {
	params, _ := c.FormParams()
	pairs := slices.Clone(params[name])
	a, b := strings.TrimSpace(c.FormValue(name+"_a")), strings.TrimSpace(c.FormValue(name+"_b"))
	if a != "" || b != "" {
		pairs = append(pairs, a+"-"+b)
		if a == "" || b == "" {
			f.Values[name+"_a"], f.Values[name+"_b"] = a, b
		}
	}
	f.Values[name] = strings.Join(pairs, " ")
}

// tournamentOf reads the settings form. Numbers that cannot be read are noted on f, with
// every other problem of the settings, so that the form shows them all at once.
// rules are the rule set the form starts from (the stored one when editing): the form
// shows only some flags, the other values are kept.
func tournamentOf(f *page.Form, fm tournament.Format, rules scoring.Rules) (tournament.Tournament, tournament.Stage) {
	v := f.Values
	t := tournament.Tournament{Name: v["name"], Date: v["date"], Venue: v["venue"], Notes: v["notes"], Tier: v["tier"]}
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
func settingsConflict(f *page.Form, st *tournament.State) {
	stored := tournamentForm(&st.Tournament, &st.Stage)
	labels := maps.Clone(settingsLabels)
	for _, fd := range st.Format().Fields() {
		labels[fd.Name] = fd.Label
	}
	keys := slices.Sorted(maps.Keys(labels))
	for _, k := range keys {
		if stored.Values[k] != f.Values[k] {
			f.Conflict = append(f.Conflict, page.ConflictLine{Label: labels[k], Stored: stored.Values[k], Typed: f.Values[k]})
		}
	}
	f.Values["version"] = stored.Values["version"]
}

// List shows the tournaments.
func (h *Handlers) List(c echo.Context) error {
	ts, err := h.Tournaments.List(c.Request().Context())
	if err != nil {
		return err
	}
	states, sends, err := h.OutboxStates(c.Request().Context())
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, tournamentsPage(ts, states, sends))
}

// carriedOnFormatChange are the new tournament form's fields that every format has, kept
// when the director picks another format.
var carriedOnFormatChange = []string{"name", "date", "venue", "qualifiers", "notes"}

// carriedFields names carriedOnFormatChange for the format tabs' script.
func carriedFields() string { return strings.Join(carriedOnFormatChange, " ") }

// New shows the settings form of a new tournament.
func (h *Handlers) New(c echo.Context) error {
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
	return h.settingsPage(c, http.StatusOK, nil, formatNamed(st.Format), f, nil)
}

// Create saves a new tournament.
func (h *Handlers) Create(c echo.Context) error {
	fm := formatNamed(c.FormValue("format"))
	f := settingsForm(c, fm)
	t, st := tournamentOf(f, fm, fm.Rules())
	f.Values["season_id"] = c.FormValue("season_id")
	sid, err := h.seasonOfNew(c, f, t.Date)
	if err != nil {
		return err
	}
	if len(f.Errors) > 0 {
		return h.settingsPage(c, http.StatusUnprocessableEntity, nil, fm, f, nil)
	}
	if err := h.Tournaments.Create(c.Request().Context(), &t, &st, page.DirectorOf(c).Username); err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.settingsPage(c, page.StatusOf(tournament.ErrorCode(err)), nil, fm, f, nil)
	}
	if sid > 0 {
		if _, err := h.Seasons.AddTournament(c.Request().Context(), sid, t.ID); err != nil {
			return err
		}
	}
	page.SetFlash(c, "tournaments.created", t.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", t.ID, "/entries"))
}

// Edit shows a tournament's settings form.
func (h *Handlers) Edit(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	return h.settingsPage(c, http.StatusOK, &ev.Tournament, ev.Format(), tournamentForm(&ev.Tournament, &ev.Stage), ev.Entries)
}

// Update saves a tournament's settings.
func (h *Handlers) Update(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	fm := ev.Format()
	f := settingsForm(c, fm)
	in, inStage := tournamentOf(f, fm, ev.Stage.Rules)
	if len(f.Errors) > 0 {
		return h.settingsPage(c, http.StatusUnprocessableEntity, &ev.Tournament, fm, f, ev.Entries)
	}
	if _, scaled := fm.(tournament.Scaled); !scaled {
		inStage.ScaleID = ev.Stage.ScaleID
	}
	t, _, err := h.Tournaments.Update(c.Request().Context(), ev.Tournament.ID, in, inStage, page.DirectorOf(c).Username)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		if e, _ := tournament.AsError(err); e.Key == "tournament.stale" {
			if now, lerr := h.Evening(c); lerr == nil {
				settingsConflict(f, now)
			}
		}
		return h.settingsPage(c, page.StatusOf(tournament.ErrorCode(err)), &ev.Tournament, fm, f, ev.Entries)
	}
	page.SetFlash(c, "tournaments.saved", t.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", t.ID, ""))
}

// Show is the evening's home: where it stands and what to do next.
func (h *Handlers) Show(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	return h.RenderKept(c, id, 0, func(s tournament.Snapshot) (templ.Component, error) {
		ev := s.State().Clone() // the page's own, as Load gives it
		// The log as stored now: at the snapshot's stamp or later, never earlier.
		events, err := h.Tournaments.Events(ctx, ev.Tournament.ID)
		if err != nil {
			return nil, err
		}
		st := page.StatusOfEvening(ev)
		if st.Seeds, err = h.Tournaments.SeedsChanged(ctx, ev); err != nil {
			return nil, err
		}
		return tournamentPage(st, events, page.NewForm()), nil
	})
}
