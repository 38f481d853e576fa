package registry

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

const playersPerPage = 50

var playerFields = []string{"first_name", "last_name", "club", "card_number", "email", "phone", "notes", "version"}

// playerLabels names the player form's fields in the catalogue.
var playerLabels = map[string]string{"first_name": "player.first_name", "last_name": "player.last_name", "club": "player.club",
	"card_number": "player.card_number", "email": "player.email", "phone": "player.phone", "notes": "player.notes"}

func playerForm(p *tournament.Player) *page.Form {
	f := page.NewForm()
	f.Values = map[string]string{"first_name": p.FirstName, "last_name": p.LastName, "club": p.Club,
		"card_number": p.CardNumber, "email": p.Email, "phone": p.Phone, "notes": p.Notes, "version": strconv.Itoa(p.Version)}
	return f
}

// playerConflict fills a stale player form with what is stored now beside what was
// typed, and moves its version on: saving again saves what was typed.
func playerConflict(f *page.Form, stored *tournament.Player) {
	now := playerForm(stored)
	for _, k := range playerFields {
		if k != "version" && now.Values[k] != f.Values[k] {
			f.Conflict = append(f.Conflict, page.ConflictLine{Label: playerLabels[k], Stored: now.Values[k], Typed: f.Values[k]})
		}
	}
	f.Values["version"] = now.Values["version"]
}

// playerList is a page of the player list with its search.
type playerList struct {
	Query    string
	Inactive bool
	Players  []tournament.Player
	Total    int
	Page     int
	PerPage  int
}

func (l playerList) Pages() int { return max(1, (l.Total+l.PerPage-1)/l.PerPage) }

// PageURL links to another page of the same search.
func (l playerList) PageURL(n int) string {
	u := "/players?page=" + strconv.Itoa(n)
	if l.Query != "" {
		u += "&q=" + page.URLQueryEscape(l.Query)
	}
	if l.Inactive {
		u += "&inactive=true"
	}
	return u
}

// List shows the players, a page at a time, found by the search q.
func (h *Handlers) List(c echo.Context) error {
	n, _ := page.ListParams(c, playersPerPage)
	l := playerList{Query: c.QueryParam("q"), Inactive: c.QueryParam("inactive") == "true", Page: n, PerPage: playersPerPage}
	ps, total, err := h.Players.List(c.Request().Context(), tournament.PlayerFilter{
		Query: l.Query, IncludeInactive: l.Inactive, Offset: (n - 1) * playersPerPage, Limit: playersPerPage})
	if err != nil {
		return err
	}
	l.Players, l.Total = ps, total
	return page.Render(c, http.StatusOK, playersPage(l))
}

// New shows the form for a new player.
func (h *Handlers) New(c echo.Context) error {
	return page.Render(c, http.StatusOK, playerFormPage(nil, page.NewForm(), nil))
}

// Create registers a new player. One who looks like a registered player is refused,
// the registered ones offered, unless the director ticked that it is another person
// (new_person).
func (h *Handlers) Create(c echo.Context) error {
	f := page.FormFrom(c, playerFields...)
	p := page.PlayerOf(f)
	create := h.Players.Create
	if c.FormValue("new_person") == "1" {
		create = h.Players.CreatePerson
	}
	if err := create(c.Request().Context(), &p); err != nil {
		if !f.Fail(err) {
			return err
		}
		var dup *tournament.DuplicateError
		var dups []tournament.Player
		if errors.As(err, &dup) {
			dups = dup.Of
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), playerFormPage(nil, f, dups))
	}
	page.SetFlash(c, "players.created", p.FullName())
	return page.Redirect(c, "/players?q="+page.URLQueryEscape(p.LastName))
}

// Edit shows a player's form.
func (h *Handlers) Edit(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	p, err := h.Players.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, playerFormPage(p, playerForm(p), nil))
}

// Update saves a player's form; a stale version shows what changed meanwhile.
func (h *Handlers) Update(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	f := page.FormFrom(c, playerFields...)
	p, err := h.Players.Update(ctx, id, page.PlayerOf(f))
	if err != nil {
		current, gerr := h.Players.Get(ctx, id)
		if gerr != nil {
			return gerr
		}
		if !f.Fail(err) {
			return err
		}
		if e, _ := tournament.AsError(err); e.Key == "player.stale" {
			playerConflict(f, current)
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), playerFormPage(current, f, nil))
	}
	page.SetFlash(c, "players.saved", p.FullName())
	return page.Redirect(c, "/players?q="+page.URLQueryEscape(p.LastName))
}

// Deactivate marks a player inactive.
func (h *Handlers) Deactivate(c echo.Context) error { return h.setActive(c, false) }

// Activate brings a deactivated player back.
func (h *Handlers) Activate(c echo.Context) error { return h.setActive(c, true) }

func (h *Handlers) setActive(c echo.Context, active bool) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	p, err := h.Players.SetActive(c.Request().Context(), id, active)
	if err != nil {
		return err
	}
	key := "players.deactivated"
	if active {
		key = "players.activated"
	}
	page.SetFlash(c, key, p.FullName())
	return page.Redirect(c, "/players/"+strconv.FormatInt(p.ID, 10)+"/edit")
}

// Export downloads the registry as CSV.
func (h *Handlers) Export(c echo.Context) error {
	return h.WritePlayersCSV(c)
}

// MergeForm lists the players that may be the same person as this one: its likely
// duplicates, or what the search q finds.
func (h *Handlers) MergeForm(c echo.Context) error {
	return h.renderMerge(c, http.StatusOK, page.NewForm())
}

func (h *Handlers) renderMerge(c echo.Context, status int, f *page.Form) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p, err := h.Players.Get(ctx, id)
	if err != nil {
		return err
	}
	q := c.QueryParam("q")
	var found []tournament.Player
	if q != "" {
		found, _, err = h.Players.List(ctx, tournament.PlayerFilter{Query: q, IncludeInactive: true, Limit: 30})
	} else {
		found, err = h.Players.Duplicates(ctx, *p)
	}
	if err != nil {
		return err
	}
	others := found[:0:0]
	for _, o := range found {
		if o.ID != p.ID {
			others = append(others, o)
		}
	}
	recs, err := h.recordsOf(ctx, append([]tournament.Player{*p}, others...))
	if err != nil {
		return err
	}
	return page.Render(c, status, mergePage(p, q, others, f, recs))
}

// Merge merges the record drop_id into this player (one transaction, logged in
// every tournament whose entries move).
func (h *Handlers) Merge(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	dropID, _ := strconv.ParseInt(c.FormValue("drop_id"), 10, 64)
	keepV, _ := strconv.Atoi(c.FormValue("version"))
	dropV, _ := strconv.Atoi(c.FormValue("drop_version"))
	ctx := c.Request().Context()
	drop, err := h.Players.Get(ctx, dropID)
	if err != nil {
		f := page.NewForm()
		if !f.Fail(err) {
			return err
		}
		return h.renderMerge(c, page.StatusOf(tournament.ErrorCode(err)), f)
	}
	kept, tids, err := h.Players.Merge(ctx, id, dropID, keepV, dropV, page.DirectorOf(c).Username)
	if err != nil {
		f := page.NewForm()
		if !f.Fail(err) {
			return err
		}
		return h.renderMerge(c, page.StatusOf(tournament.ErrorCode(err)), f)
	}
	page.SetFlash(c, "players.merge_done", drop.FullName(), kept.FullName(), strconv.Itoa(len(tids)))
	return page.Redirect(c, page.IDPath("/players/", id, "/edit"))
}
