package entries

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// List shows the tournament's entries and the forms to add players or pairs.
func (h *Handlers) List(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, entriesView(ev, page.NewForm(), pairPick{Form: page.NewForm()}))
}

// Search is the search-as-you-type of the registry, for adding players.
func (h *Handlers) Search(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	q := c.QueryParam("q")
	var ps []tournament.Player
	if q != "" {
		if ps, _, err = h.Players.List(c.Request().Context(), tournament.PlayerFilter{Query: q, Limit: 15}); err != nil {
			return err
		}
	}
	entered := map[int64]bool{}
	for _, e := range ev.Entries {
		for _, m := range e.Members {
			entered[m.PlayerID] = true
		}
	}
	if slot, _ := strconv.Atoi(c.QueryParam("team_slot")); slot >= 1 && slot <= tournament.MaxTeam {
		return page.Render(c, http.StatusOK, placeSearchResults(teamPlace(ev.Tournament.ID, slot), q, ps, entered))
	}
	if slot, _ := strconv.Atoi(c.QueryParam("slot")); slot == 1 || slot == 2 {
		return page.Render(c, http.StatusOK, placeSearchResults(pairPlace(ev.Tournament.ID, slot), q, ps, entered))
	}
	return page.Render(c, http.StatusOK, entrySearchResults(ev.Tournament.ID, q, ps, entered))
}

// hasAbsent says whether some entry still has to be marked present.
func hasAbsent(ev *tournament.State) bool {
	for _, e := range ev.Entries {
		if !e.CheckedIn && !e.Withdrawn {
			return true
		}
	}
	return false
}

// entriesChanged answers a change of the entries: with htmx, the entry list as it is now
// (and msg, a problem to show above it); otherwise a redirect to the page, with msg or
// flash as its flash.
func (h *Handlers) entriesChanged(c echo.Context, tid int64, msg string, added *tournament.Player, flash ...string) error {
	if !page.IsHTMX(c) {
		switch {
		case msg != "":
			page.SetFlash(c, msg)
		case len(flash) > 0:
			page.SetFlash(c, flash[0], flash[1:]...)
		}
		return page.Redirect(c, page.IDPath("/tournaments/", tid, "/entries"))
	}
	ev, err := h.Tournaments.Load(c.Request().Context(), tid)
	if err != nil {
		return err
	}
	if msg != "" {
		added = nil
	}
	return page.Render(c, http.StatusOK, entryAdded(ev, msg, added))
}

// Add enters registered players: one "Add" from the search results, or several
// player_id values at once.
func (h *Handlers) Add(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	params, err := c.FormParams()
	if err != nil {
		return echo.ErrBadRequest
	}
	var ids []int64
	for _, v := range params["player_id"] {
		id, _ := strconv.ParseInt(v, 10, 64)
		ids = append(ids, id)
	}
	es, err := h.Tournaments.AddPlayers(c.Request().Context(), tid, ids, page.DirectorOf(c).Username)
	if err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			return h.entriesChanged(c, tid, d.Key, nil)
		}
		return err
	}
	var added *tournament.Player
	if len(ids) == 1 {
		added, _ = h.Players.Get(c.Request().Context(), ids[0])
	}
	if len(es) == 1 {
		return h.entriesChanged(c, tid, "", added, "entries.added", es[0].Name)
	}
	return h.entriesChanged(c, tid, "", added, "entries.added_many", strconv.Itoa(len(es)))
}

// MarkAllPresent is the roll call's shortcut: everyone entered is here.
func (h *Handlers) MarkAllPresent(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := h.Tournaments.MarkAllPresent(c.Request().Context(), tid, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return h.entriesChanged(c, tid, "", nil, "entries.all_marked", strconv.Itoa(n))
}

// AddNew registers a player on the spot and enters them; one who looks like a
// registered player is offered instead, unless the director said (new_person) that it
// is a different person.
func (h *Handlers) AddNew(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "first_name", "last_name", "club", "card_number")
	p := page.PlayerOf(f)
	add := h.Tournaments.AddNewPlayer
	if c.FormValue("new_person") == "1" {
		add = h.Tournaments.AddNewPerson
	}
	e, err := add(c.Request().Context(), ev.Tournament.ID, &p, page.DirectorOf(c).Username)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		var dup *tournament.DuplicateError
		if errors.As(err, &dup) {
			return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), entriesPage(ev, f, pairPick{Form: page.NewForm()}, dup.Of))
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), entriesView(ev, f, pairPick{Form: page.NewForm()}))
	}
	page.SetFlash(c, "entries.added", e.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", ev.Tournament.ID, "/entries"))
}

// rollCall is the entries in alphabetical order (accents and case ignored), the
// unranked substitutes last: the order a roll call reads them out.
func rollCall(ev *tournament.State) []tournament.Entry {
	es := slices.Clone(ev.Entries)
	slices.SortStableFunc(es, func(a, b tournament.Entry) int {
		if a.Substitute() != b.Substitute() {
			if a.Substitute() {
				return 1
			}
			return -1
		}
		return strings.Compare(tournament.SearchText(a.Name), tournament.SearchText(b.Name))
	})
	return es
}

// removable says whether an entry may be removed as entered by mistake: never drawn
// (not in a round of this stage, and the stage is the first), not a substitute. The
// service checks again.
func removable(ev *tournament.State, e *tournament.Entry) bool {
	if e.Substitute() || ev.Stage.FromStageID != nil {
		return false
	}
	for i := range ev.Rounds {
		if slices.Contains(ev.Rounds[i].People(), e.ID) {
			return false
		}
	}
	return true
}

// Remove takes out an entry made by mistake (never drawn); logged, with undo.
func (h *Handlers) Remove(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	e, err := h.Tournaments.RemoveEntry(c.Request().Context(), tid, eid, page.DirectorOf(c).Username)
	if err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code == tournament.ECONFLICT {
			page.SetFlash(c, d.Key, fmt.Sprint(d.Args...))
			return page.Redirect(c, page.IDPath("/tournaments/", tid, "/entries"))
		}
		return err
	}
	page.SetFlash(c, "entries.removed", e.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", tid, "/entries"))
}

// Set checks an entry in or out, withdraws or reinstates it.
func (h *Handlers) Set(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	yes, no := true, false
	var ch tournament.EntryChange // only the flag the button names changes
	switch c.FormValue("action") {
	case "check_in":
		ch.CheckedIn = &yes
	case "check_out":
		ch.CheckedIn = &no
	case "withdraw":
		ch.Withdrawn = &yes
	case "reinstate":
		ch.Withdrawn = &no
	default:
		return echo.ErrBadRequest
	}
	e, out, err := h.Tournaments.SetEntry(c.Request().Context(), ev.Tournament.ID, eid, ch, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	key, args := "", []string(nil)
	switch {
	case out.ByeRemoved:
		key, args = "entries.left_bye", []string{e.Name, page.Itoa(out.Round)}
	case out.ReplacedBy != "":
		key, args = "entries.left_replaced", []string{e.Name, page.Itoa(out.Round), out.ReplacedBy}
	case out.Redrawn:
		key, args = "entries.left_redrawn", []string{e.Name, page.Itoa(out.Round)}
	case out.StillSeated:
		key, args = "entries.left_started", []string{e.Name, page.Itoa(out.Round)}
	}
	if key == "" && page.IsHTMX(c) {
		return h.entriesChanged(c, ev.Tournament.ID, "", nil)
	}
	back := page.IDPath("/tournaments/", ev.Tournament.ID, "/entries")
	if c.FormValue("back") == "home" {
		back = page.IDPath("/tournaments/", ev.Tournament.ID, "")
	}
	if key != "" {
		// The round changed: a whole page, with the message, also from the roll call.
		page.SetFlash(c, key, args...)
		if page.IsHTMX(c) {
			c.Response().Header().Set("HX-Redirect", back)
			return c.NoContent(http.StatusOK)
		}
	}
	return page.Redirect(c, back)
}

// AwardMissed gives a late arrival the bye points for the rounds missed.
func (h *Handlers) AwardMissed(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	rounds, err := h.Tournaments.AwardMissed(c.Request().Context(), id, eid, page.DirectorOf(c).Username)
	if err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			args := make([]string, len(d.Args))
			for i, a := range d.Args {
				args[i] = fmt.Sprint(a)
			}
			page.SetFlash(c, d.Key, args...)
			return page.Redirect(c, page.IDPath("/tournaments/", id, "/entries"))
		}
		return err
	}
	name := ""
	if ev, err := h.Tournaments.Load(c.Request().Context(), id); err == nil {
		if e := ev.Entry(eid); e != nil {
			name = e.Name
		}
	}
	page.SetFlash(c, "entries.missed_done", name, page.Itoa(len(rounds)))
	return page.Redirect(c, page.IDPath("/tournaments/", id, "/entries"))
}
