// Package national is the federation officer's pages of the national registry (issue
// 38: search, a record with its club players and evenings, visibility and birth date,
// linking club players without a card, merging, erasure) and a player's public profile
// across clubs. Their JSON twins are in views/api, through the same service.
package national

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/national"
	"burraco/views/page"
)

// Handlers serve the national registry's pages.
type Handlers struct{ *page.App }

// officer is the registry's service when the director is a federation officer (until
// the tenancy middleware gates these routes); anyone else gets 404.
func (h *Handlers) officer(c echo.Context) (*national.Service, error) {
	d := page.DirectorOf(c)
	if h.National == nil || d == nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if err := h.National.Officer(c.Request().Context(), d.ID); err != nil {
		return nil, err
	}
	return h.National, nil
}

// registryView is the registry page: a search's records and the unlinked club players.
type registryView struct {
	Query    string
	Players  []national.Player
	Total    int
	Unlinked []national.ClubPlayer
	Log      []national.LogLine
	Link     *page.Form
}

// List shows the registry (?q searches names and card), the club players to link and
// the latest lines of the log.
func (h *Handlers) List(c echo.Context) error {
	return h.list(c, page.NewForm(), http.StatusOK)
}

func (h *Handlers) list(c echo.Context, link *page.Form, status int) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v := registryView{Query: c.QueryParam("q"), Link: link}
	if v.Players, v.Total, err = ns.Search(ctx, national.Filter{Query: v.Query, Limit: 100}); err != nil {
		return err
	}
	if v.Unlinked, err = ns.Unlinked(ctx); err != nil {
		return err
	}
	if v.Log, err = ns.Log(ctx, 20); err != nil {
		return err
	}
	return page.Render(c, status, registryPage(v))
}

// Link links a club player without a card to the national record numbered national_id.
func (h *Handlers) Link(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	pid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "national_id")
	nid, perr := strconv.ParseInt(f.Values["national_id"], 10, 64)
	if perr != nil || nid <= 0 {
		f.Errors["national_id"] = "error.required"
		f.Values["player"] = strconv.FormatInt(pid, 10)
		return h.list(c, f, http.StatusUnprocessableEntity)
	}
	if err := ns.Link(c.Request().Context(), pid, nid, page.DirectorOf(c).Username); err != nil {
		f.Values["player"] = strconv.FormatInt(pid, 10)
		if f.Fail(err) {
			return h.list(c, f, http.StatusUnprocessableEntity)
		}
		return err
	}
	page.SetFlash(c, "national.linked")
	return page.Redirect(c, "/national")
}

// recordView is a record's page with its three forms.
type recordView struct {
	Detail        *national.Profile
	ClubPlayers   []national.ClubPlayer
	Edit, Merge   *page.Form
	Erase         *page.Form
	VisibilityKey string
}

// Show shows a record: its club players, its evenings in every club, and the forms.
func (h *Handlers) Show(c echo.Context) error {
	return h.show(c, nil, nil, nil, http.StatusOK)
}

func (h *Handlers) show(c echo.Context, edit, merge, erase *page.Form, status int) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	pr, err := ns.Profile(ctx, id, false)
	if err != nil {
		return err
	}
	cps, err := ns.ClubPlayers(ctx, id)
	if err != nil {
		return err
	}
	if edit == nil {
		edit = page.NewForm()
		p := pr.Player
		edit.Values = map[string]string{"first_name": p.FirstName, "last_name": p.LastName, "region": p.Region, "category": p.Category,
			"birth_date": p.BirthDate, "visibility": string(p.Visibility), "version": strconv.Itoa(p.Version)}
	}
	if merge == nil {
		merge = page.NewForm()
	}
	if erase == nil {
		erase = page.NewForm()
	}
	return page.Render(c, status, recordPage(recordView{Detail: pr, ClubPlayers: cps, Edit: edit, Merge: merge, Erase: erase}))
}

// Update saves a record's names, region, birth date and visibility.
func (h *Handlers) Update(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "first_name", "last_name", "region", "category", "birth_date", "visibility", "version")
	v, _ := strconv.Atoi(f.Values["version"])
	_, err = ns.Update(c.Request().Context(), id, national.Edit{FirstName: f.Values["first_name"], LastName: f.Values["last_name"],
		Region: f.Values["region"], Category: f.Values["category"], BirthDate: f.Values["birth_date"], Visibility: national.Visibility(f.Values["visibility"]), Version: v},
		page.DirectorOf(c).Username)
	if err != nil {
		if f.Fail(err) {
			return h.show(c, f, nil, nil, statusOf(err))
		}
		return err
	}
	page.SetFlash(c, "national.saved")
	return page.Redirect(c, page.IDPath("/national/players/", id, ""))
}

// Merge merges the record drop_id into this one.
func (h *Handlers) Merge(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "drop_id")
	drop, perr := strconv.ParseInt(f.Values["drop_id"], 10, 64)
	if perr != nil || drop <= 0 {
		f.Errors["drop_id"] = "error.required"
		return h.show(c, nil, f, nil, http.StatusUnprocessableEntity)
	}
	if _, err := ns.Merge(c.Request().Context(), id, drop, 0, 0, page.DirectorOf(c).Username); err != nil {
		if f.Fail(err) {
			return h.show(c, nil, f, nil, statusOf(err))
		}
		return err
	}
	page.SetFlash(c, "national.merged")
	return page.Redirect(c, page.IDPath("/national/players/", id, ""))
}

// Erase erases a record on the person's request, confirmed by its card number.
func (h *Handlers) Erase(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "confirm")
	if _, err := ns.Erase(c.Request().Context(), id, 0, f.Values["confirm"], page.DirectorOf(c).Username); err != nil {
		if f.Fail(err) {
			return h.show(c, nil, nil, f, statusOf(err))
		}
		return err
	}
	page.SetFlash(c, "national.erased_done")
	return page.Redirect(c, page.IDPath("/national/players/", id, ""))
}

// statusOf is the status a form refused for err is rendered with.
func statusOf(err error) int {
	if tournament.ErrorCode(err) == tournament.ECONFLICT {
		return http.StatusConflict
	}
	return http.StatusUnprocessableEntity
}

// Profile shows a player's public profile across clubs (phone first): their evenings
// in published tournaments, named as visibility allows; a hidden player is 404.
func (h *Handlers) Profile(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if h.National == nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	pr, err := h.National.Profile(c.Request().Context(), id, true)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, profilePage(pr))
}
