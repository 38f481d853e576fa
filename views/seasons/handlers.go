// Package seasons serves a club's seasons to the director: the list, a season's
// settings, its evenings, its standings (on screen and on paper) and its publication.
package seasons

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/views/page"
)

// Handlers serve the seasons' pages.
type Handlers struct{ *page.App }

// seasonFields are the settings form's fields.
var seasonFields = []string{"name", "from", "to", "method", "table", "scale_by_field", "reference_field",
	"best", "min_evenings", "bonus", "version"}

// seasonLabels name the settings form's fields in the catalogue, for a conflict's report.
var seasonLabels = map[string]string{"name": "seasons.name", "from": "seasons.from", "to": "seasons.to",
	"method": "seasons.method", "table": "seasons.table", "scale_by_field": "seasons.scale_by_field",
	"reference_field": "seasons.reference_field", "best": "seasons.best", "min_evenings": "seasons.min_evenings",
	"bonus": "seasons.bonus"}

// seasonForm fills the settings form from a season.
func seasonForm(s *season.Season) *page.Form {
	f := page.NewForm()
	st := s.Settings
	f.Values = map[string]string{"name": s.Name, "from": s.From, "to": s.To, "method": string(st.Method),
		"table": tableText(st.Table), "reference_field": zeroBlank(st.ReferenceField), "best": zeroBlank(st.Best),
		"min_evenings": zeroBlank(st.MinEvenings), "bonus": zeroBlank(st.Bonus), "version": page.Itoa(s.Version)}
	if st.ScaleByField {
		f.Values["scale_by_field"] = "on"
	}
	return f
}

// tableText writes a points-by-place table as the form shows it: "25 20 16 …".
func tableText(t []int) string {
	parts := make([]string, len(t))
	for i, p := range t {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, " ")
}

// zeroBlank shows 0 (none) as an empty field.
func zeroBlank(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// seasonOf reads the settings form. A number that cannot be read is noted on f next to
// its field; the season's own checks come from the service, every problem at once.
func seasonOf(f *page.Form) season.Season {
	v := f.Values
	s := season.Season{Name: v["name"], From: v["from"], To: v["to"]}
	s.Version, _ = strconv.Atoi(v["version"])
	st := &s.Settings
	st.Method = season.Method(v["method"])
	st.ScaleByField = v["scale_by_field"] != ""
	for _, fld := range []struct {
		name string
		to   *int
	}{{"reference_field", &st.ReferenceField}, {"best", &st.Best}, {"min_evenings", &st.MinEvenings}, {"bonus", &st.Bonus}} {
		if t := strings.TrimSpace(v[fld.name]); t != "" {
			n, err := strconv.Atoi(t)
			if err != nil {
				f.Errors[fld.name] = "error.not_a_number"
			}
			*fld.to = n
		}
	}
	table, ok := parseTable(v["table"])
	if !ok {
		f.Errors["table"] = "seasons.err.table_numbers"
	}
	st.Table = table
	if len(f.Errors) > 0 {
		// Show the season's other problems with the unreadable numbers.
		probe := s
		probe.Normalize()
		for k, key := range probe.Validate() {
			if _, unread := f.Errors[k]; !unread {
				f.Errors[k] = key
			}
		}
		f.Error = "error.invalid"
	}
	return s
}

// parseTable reads a points-by-place table: whole numbers split by spaces, commas or
// semicolons ("25, 20, 16"); false when one cannot be read.
func parseTable(text string) ([]int, bool) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	out := make([]int, 0, len(fields))
	for _, t := range fields {
		n, err := strconv.Atoi(t)
		if err != nil {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// seasonConflict fills a stale settings form with what is stored now beside what was
// typed, and moves its version on: saving again saves what was typed.
func seasonConflict(f *page.Form, stored *season.Season) {
	now := seasonForm(stored)
	typed := maps.Clone(f.Values)
	if t, ok := parseTable(typed["table"]); ok {
		typed["table"] = tableText(t) // "25, 20" is "25 20"
	}
	for _, k := range slices.Sorted(maps.Keys(seasonLabels)) {
		if strings.TrimSpace(now.Values[k]) != strings.TrimSpace(typed[k]) {
			f.Conflict = append(f.Conflict, page.ConflictLine{Label: seasonLabels[k], Stored: now.Values[k], Typed: f.Values[k]})
		}
	}
	f.Values["version"] = now.Values["version"]
}

// seasonParam is the season named by the :id path parameter.
func (h *Handlers) seasonParam(c echo.Context) (*season.Season, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return nil, err
	}
	return h.Seasons.Get(c.Request().Context(), id)
}

// List shows the seasons.
func (h *Handlers) List(c echo.Context) error {
	ss, err := h.Seasons.List(c.Request().Context())
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, seasonsPage(ss))
}

// New shows the settings form of a new season: this year, points by place.
func (h *Handlers) New(c echo.Context) error {
	s := season.Season{Settings: season.Defaults()}
	f := seasonForm(&s)
	return page.Render(c, http.StatusOK, seasonFormPage(nil, f))
}

// Create saves a new season.
func (h *Handlers) Create(c echo.Context) error {
	f := page.FormFrom(c, seasonFields...)
	in := seasonOf(f)
	if len(f.Errors) > 0 {
		return page.Render(c, http.StatusUnprocessableEntity, seasonFormPage(nil, f))
	}
	s, err := h.Seasons.Create(c.Request().Context(), in)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), seasonFormPage(nil, f))
	}
	page.SetFlash(c, "seasons.created", s.Name)
	return page.Redirect(c, page.IDPath("/seasons/", s.ID, ""))
}

// Edit shows a season's settings form.
func (h *Handlers) Edit(c echo.Context) error {
	s, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, seasonFormPage(s, seasonForm(s)))
}

// Update saves a season's settings; a stale version shows what changed meanwhile.
func (h *Handlers) Update(c echo.Context) error {
	cur, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, seasonFields...)
	in := seasonOf(f)
	if len(f.Errors) > 0 {
		return page.Render(c, http.StatusUnprocessableEntity, seasonFormPage(cur, f))
	}
	ctx := c.Request().Context()
	s, err := h.Seasons.Update(ctx, cur.ID, in)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		if e, _ := tournament.AsError(err); e.Code == tournament.ECONFLICT {
			if now, gerr := h.Seasons.Get(ctx, cur.ID); gerr == nil {
				seasonConflict(f, now)
			}
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), seasonFormPage(cur, f))
	}
	page.SetFlash(c, "seasons.saved", s.Name)
	return page.Redirect(c, page.IDPath("/seasons/", s.ID, ""))
}

// Show is a season's page: its standings, its evenings and its publication.
func (h *Handlers) Show(c echo.Context) error {
	s, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	return h.show(c, http.StatusOK, s, page.NewForm())
}

// show renders a season's page with the form of its evenings (an error to show).
func (h *Handlers) show(c echo.Context, status int, s *season.Season, f *page.Form) error {
	ctx := c.Request().Context()
	st, err := h.Seasons.Standings(ctx, s.ID)
	if err != nil {
		return err
	}
	all, err := h.Tournaments.List(ctx)
	if err != nil {
		return err
	}
	var addable []tournament.Tournament
	for _, t := range all {
		if s.Covers(t.Date) && !slices.Contains(st.Season.Tournaments, t.ID) {
			addable = append(addable, t)
		}
	}
	return page.Render(c, status, seasonPage(seasonView{St: st, Addable: addable, Form: f, PublicURL: page.SiteOf(c).PublicBase + page.IDPath("/p/seasons/", s.ID, "")}))
}

// AddTournament makes a tournament count in the season.
func (h *Handlers) AddTournament(c echo.Context) error {
	s, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "tournament_id")
	tid, perr := strconv.ParseInt(strings.TrimSpace(f.Values["tournament_id"]), 10, 64)
	if perr != nil || tid <= 0 {
		f.Errors["tournament_id"] = "seasons.err.pick_tournament"
		f.Error = "error.invalid"
		return h.show(c, http.StatusUnprocessableEntity, s, f)
	}
	if _, err := h.Seasons.AddTournament(c.Request().Context(), s.ID, tid); err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.show(c, page.StatusOf(tournament.ErrorCode(err)), s, f)
	}
	page.SetFlash(c, "seasons.evening_added")
	return page.Redirect(c, page.IDPath("/seasons/", s.ID, ""))
}

// RemoveTournament takes a tournament out of the season (the tournament stays).
func (h *Handlers) RemoveTournament(c echo.Context) error {
	s, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	tid, err := strconv.ParseInt(c.Param("tid"), 10, 64)
	if err != nil || tid <= 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if _, err := h.Seasons.RemoveTournament(c.Request().Context(), s.ID, tid); err != nil {
		return err
	}
	page.SetFlash(c, "seasons.evening_removed")
	return page.Redirect(c, page.IDPath("/seasons/", s.ID, ""))
}

// Publish opens or closes the season's public page; a stale version is a conflict.
func (h *Handlers) Publish(c echo.Context) error {
	s, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "version", "published")
	version, _ := strconv.Atoi(f.Values["version"])
	on := f.Values["published"] == "true"
	if _, err := h.Seasons.Publish(c.Request().Context(), s.ID, on, version); err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.show(c, page.StatusOf(tournament.ErrorCode(err)), s, f)
	}
	h.SeasonChanged(c.Request().Context(), s.ID, on)
	if on {
		page.SetFlash(c, "seasons.published")
	} else {
		page.SetFlash(c, "seasons.unpublished")
	}
	return page.Redirect(c, page.IDPath("/seasons/", s.ID, ""))
}

// Delete removes a season (its tournaments stay).
func (h *Handlers) Delete(c echo.Context) error {
	s, err := h.seasonParam(c)
	if err != nil {
		return err
	}
	version, _ := strconv.Atoi(c.FormValue("version"))
	if err := h.Seasons.Delete(c.Request().Context(), s.ID, version); err != nil {
		f := page.NewForm()
		if !f.Fail(err) {
			return err
		}
		return h.show(c, page.StatusOf(tournament.ErrorCode(err)), s, f)
	}
	h.SeasonChanged(c.Request().Context(), s.ID, false)
	page.SetFlash(c, "seasons.deleted", s.Name)
	return page.Redirect(c, "/seasons")
}
