package entries

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// teamPick is the team form as the director fills it: the name, the players chosen so
// far for each of its places (4 needed, 6 at most), and the problems of the last try.
// Entry is the team being edited (nil: a new team).
type teamPick struct {
	Form    *page.Form
	Players [tournament.MaxTeam]*tournament.Player
	Entry   *tournament.Entry
}

// newTeamPick is an empty team form.
func newTeamPick() teamPick { return teamPick{Form: page.NewForm()} }

// teamSlotName is the form field of place slot (1-based) of the team form.
func teamSlotName(slot int) string { return fmt.Sprintf("players.%d", slot) }

// pickedTeam reads the team form: the name and the players chosen in its places. ids
// lists the chosen players in place order; slots[i] is the place of ids[i], to put the
// service's problems ("players.<i>", by position in ids) back on their place.
func (h *Handlers) pickedTeam(c echo.Context) (tp teamPick, ids []int64, slots []int) {
	tp = newTeamPick()
	tp.Form.Values["name"] = c.FormValue("name")
	for s := 1; s <= tournament.MaxTeam; s++ {
		id, _ := strconv.ParseInt(c.FormValue(teamSlotName(s)), 10, 64)
		if id <= 0 {
			continue
		}
		ids, slots = append(ids, id), append(slots, s)
		if p, err := h.Players.Get(c.Request().Context(), id); err == nil {
			tp.Players[s-1] = p
		}
	}
	return tp, ids, slots
}

// failTeam records a refused team on its form, each player's problem on their place.
func failTeam(tp *teamPick, err error, slots []int) bool {
	if !tp.Form.Fail(err) {
		return false
	}
	errs := map[string]string{}
	for k, v := range tp.Form.Errors {
		var i int
		if n, _ := fmt.Sscanf(k, "players.%d", &i); n == 1 && k == teamSlotName(i) && i >= 1 && i <= len(slots) {
			k = teamSlotName(slots[i-1])
		}
		errs[k] = v
	}
	tp.Form.Errors = errs
	return true
}

// PickTeamPlayer answers "Choose" in a place of the team form: the place with the
// player chosen, or (without a player) the search again.
func (h *Handlers) PickTeamPlayer(c echo.Context) error {
	tid, slot, p, err := h.pickPlace(c, tournament.MaxTeam)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, playerPlace(teamPlace(tid, slot), p, ""))
}

// AddTeam enters the team named in the team form with the players chosen.
func (h *Handlers) AddTeam(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	tp, ids, slots := h.pickedTeam(c)
	e, err := h.Tournaments.AddTeam(c.Request().Context(), tid, tp.Form.Values["name"], ids, page.DirectorOf(c).Username)
	if err != nil {
		if !failTeam(&tp, err, slots) {
			return err
		}
		ev, lerr := h.Tournaments.Load(c.Request().Context(), tid)
		if lerr != nil {
			return lerr
		}
		page.UseFormat(c, ev.Stage.Format)
		if page.IsHTMX(c) {
			// htmx swaps only 2xx answers: the refusal is shown in the form, in place.
			return page.Render(c, http.StatusOK, teamAdded(ev, tp))
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), teamEntriesPage(ev, tp))
	}
	if page.IsHTMX(c) {
		ev, err := h.Tournaments.Load(c.Request().Context(), tid)
		if err != nil {
			return err
		}
		page.UseFormat(c, ev.Stage.Format)
		return page.Render(c, http.StatusOK, teamAdded(ev, newTeamPick()))
	}
	page.SetFlash(c, "entries.added", e.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", tid, "/entries"))
}

// teamOf returns the team :eid of the evening, or not found.
func teamOf(c echo.Context, ev *tournament.State) (*tournament.Entry, error) {
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	e := ev.Entry(eid)
	if e == nil || e.Kind != tournament.EntryTeam {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return e, nil
}

// EditTeamForm shows a team's name and players to change.
func (h *Handlers) EditTeamForm(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	e, err := teamOf(c, ev)
	if err != nil {
		return err
	}
	tp := newTeamPick()
	tp.Entry = e
	tp.Form.Values["name"] = e.Name
	tp.Form.Values["version"] = strconv.Itoa(e.Version)
	for i, m := range e.Members {
		if i < tournament.MaxTeam {
			tp.Players[i] = &tournament.Player{ID: m.PlayerID, LastName: m.Name}
			if p, err := h.Players.Get(c.Request().Context(), m.PlayerID); err == nil {
				tp.Players[i] = p
			}
		}
	}
	return page.Render(c, http.StatusOK, teamEditPage(ev, tp))
}

// EditTeam saves a team's name and players.
func (h *Handlers) EditTeam(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	e, err := teamOf(c, ev)
	if err != nil {
		return err
	}
	tp, ids, slots := h.pickedTeam(c)
	tp.Entry = e
	tp.Form.Values["version"] = c.FormValue("version")
	version, _ := strconv.Atoi(tp.Form.Values["version"])
	ctx := c.Request().Context()
	saved, err := h.Tournaments.EditTeam(ctx, ev.Tournament.ID, e.ID, tp.Form.Values["name"], ids, max(version, 0), page.DirectorOf(c).Username)
	if err != nil {
		if !failTeam(&tp, err, slots) {
			return err
		}
		if tp.Form.Error == "team.stale" {
			// What is stored now beside what was typed; the form moves to the stored
			// version, so saving again replaces it.
			if now, lerr := h.Tournaments.Load(ctx, ev.Tournament.ID); lerr == nil && now.Entry(e.ID) != nil {
				ev, tp.Entry = now, now.Entry(e.ID)
				teamConflict(&tp)
			}
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), teamEditPage(ev, tp))
	}
	page.SetFlash(c, "teams.saved", saved.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", ev.Tournament.ID, "/entries"))
}

// teamConflict lists, on a stale team form, the team as stored (tp.Entry) beside what
// was typed, and moves the form to the stored version.
func teamConflict(tp *teamPick) {
	stored := make([]string, len(tp.Entry.Members))
	for i, m := range tp.Entry.Members {
		stored[i] = m.Name
	}
	var typed []string
	for _, p := range tp.Players {
		if p != nil {
			typed = append(typed, p.FullName())
		}
	}
	lines := []page.ConflictLine{
		{Label: "teams.name", Stored: tp.Entry.Name, Typed: tp.Form.Values["name"]},
		{Label: "teams.players", Stored: strings.Join(stored, ", "), Typed: strings.Join(typed, ", ")},
	}
	for _, l := range lines {
		if l.Stored != l.Typed {
			tp.Form.Conflict = append(tp.Form.Conflict, l)
		}
	}
	tp.Form.Values["version"] = strconv.Itoa(tp.Entry.Version)
}

// TeamImportForm shows the form to import teams from a CSV file.
func (h *Handlers) TeamImportForm(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, csvImportPage(ev, teamsImport, page.NewForm()))
}

// TeamImportPreview shows what importing the teams would do; it writes nothing.
func (h *Handlers) TeamImportPreview(c echo.Context) error { return h.teamImport(c, false) }

// TeamImport enters every team of the file, or none.
func (h *Handlers) TeamImport(c echo.Context) error { return h.teamImport(c, true) }

func (h *Handlers) teamImport(c echo.Context, confirm bool) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	text, err := page.ImportText(c)
	var ti *tournament.TeamImport
	if err == nil {
		ti, err = h.Tournaments.ImportTeams(c.Request().Context(), ev.Tournament.ID, strings.NewReader(text), confirm, page.DirectorOf(c).Username)
	}
	switch e, _ := tournament.AsError(err); {
	case err == nil && !confirm:
		return page.Render(c, http.StatusOK, teamImportPreviewPage(ev, text, ti))
	case err == nil:
		page.SetFlash(c, "teams_import.done", strconv.Itoa(ti.Entered))
		return page.Redirect(c, page.IDPath("/tournaments/", ev.Tournament.ID, "/entries"))
	case e != nil && e.Key == "teams_import.invalid" && ti != nil:
		return page.Render(c, http.StatusUnprocessableEntity, teamImportPreviewPage(ev, text, ti))
	}
	return importRefused(c, ev, teamsImport, text, err)
}

// teamRowErrors lists the problems of an import row, in a stable order.
func teamRowErrors(r tournament.TeamRow) []string {
	keys := make([]string, 0, len(r.Errors))
	fields := make([]string, 0, len(r.Errors))
	for f := range r.Errors {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	for _, f := range fields {
		keys = append(keys, r.Errors[f])
	}
	return keys
}
