// Package clubs is the federation officer's pages over the clubs a deployment hosts
// (issue 38): list, create and edit clubs, add or remove a club's directors, create a
// club's first director; and every director's club switch.
package clubs

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/views/page"
)

// Handlers serve the clubs' pages.
type Handlers struct{ *page.App }

var clubFields = []string{"slug", "name", "region", "version"}

// directorFields are the new director's form fields, prefixed: the club's page also has
// the club's own name field (ids are unique on a page).
var directorFields = []string{"d_username", "d_name", "d_password", "d_confirm"}

// Switch makes one of the director's clubs their current club (the club cookie) and
// goes back to the page: a club not theirs is not found.
func (h *Handlers) Switch(c echo.Context) error {
	slug := strings.TrimSpace(c.FormValue("club"))
	var found *clubs.Club
	for _, cl := range page.ClubsOf(c) {
		if cl.Slug == slug {
			found = &cl
		}
	}
	if found == nil {
		return tournament.Errorf(tournament.ENOTFOUND, "club.not_member")
	}
	c.SetCookie(&http.Cookie{Name: page.ClubCookie, Value: found.Slug, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: page.IsSecure(c), SameSite: http.SameSiteLaxMode})
	page.SetFlash(c, "club.switched", found.Name)
	return page.Redirect(c, back(c.FormValue("back")))
}

// back is where a switch returns: a path of this site that names no tournament of the
// club left (its pages would not be found), else the home page.
func back(next string) string {
	u, err := url.Parse(next)
	if err != nil || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || u.Host != "" || strings.Contains(next, `\`) {
		return "/"
	}
	// A page of one tournament, player, season or scale belongs to the club left.
	for _, list := range []string{"/tournaments", "/players", "/seasons", "/scales"} {
		if strings.HasPrefix(u.Path, list+"/") {
			return list
		}
	}
	return u.Path
}

// List shows every club and the form of a new one (officers).
func (h *Handlers) List(c echo.Context) error {
	return h.renderList(c, http.StatusOK, page.NewForm())
}

func (h *Handlers) renderList(c echo.Context, status int, f *page.Form) error {
	cs, err := h.Clubs.List(c.Request().Context())
	if err != nil {
		return err
	}
	return page.Render(c, status, listPage(cs, f))
}

func clubOf(f *page.Form) clubs.Club {
	v, _ := strconv.Atoi(f.Values["version"])
	return clubs.Club{Slug: f.Values["slug"], Name: f.Values["name"], Region: f.Values["region"], Version: v}
}

// Create adds a club (officers).
func (h *Handlers) Create(c echo.Context) error {
	f := page.FormFrom(c, clubFields...)
	cl, err := h.Clubs.Create(c.Request().Context(), page.DirectorOf(c), clubOf(f))
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.renderList(c, page.StatusOf(tournament.ErrorCode(err)), f)
	}
	page.SetFlash(c, "clubs.created", cl.Name)
	return page.Redirect(c, "/clubs/"+strconv.FormatInt(cl.ID, 10))
}

// Show is a club's page: its details to edit, its directors, adding one (officers).
func (h *Handlers) Show(c echo.Context) error {
	cl, err := h.club(c)
	if err != nil {
		return err
	}
	f := page.NewForm()
	f.Values = map[string]string{"slug": cl.Slug, "name": cl.Name, "region": cl.Region, "version": strconv.Itoa(cl.Version)}
	return h.renderShow(c, http.StatusOK, cl, f, page.NewForm(), page.NewForm())
}

func (h *Handlers) club(c echo.Context) (*clubs.Club, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return nil, err
	}
	return h.Clubs.Find(c.Request().Context(), id)
}

// renderShow renders a club's page with its three forms: the club, an existing
// director to add, a new director.
func (h *Handlers) renderShow(c echo.Context, status int, cl *clubs.Club, edit, add, create *page.Form) error {
	ctx := c.Request().Context()
	members, err := h.Clubs.Directors(ctx, cl.ID)
	if err != nil {
		return err
	}
	all, err := h.Auth.Directors(ctx)
	if err != nil {
		return err
	}
	var others []tournament.Director
	for _, d := range all {
		member := false
		for _, m := range members {
			member = member || m.ID == d.ID
		}
		if !member {
			others = append(others, d)
		}
	}
	return page.Render(c, status, showPage(cl, members, others, edit, add, create))
}

// Update changes a club at the version shown (officers).
func (h *Handlers) Update(c echo.Context) error {
	cl, err := h.club(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, clubFields...)
	in := clubOf(f)
	in.ID = cl.ID
	saved, err := h.Clubs.Update(c.Request().Context(), page.DirectorOf(c), in)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		if tournament.ErrorCode(err) == tournament.ECONFLICT {
			f.Values["version"] = strconv.Itoa(cl.Version)
			f.Conflict = []page.ConflictLine{{Label: "club.name", Stored: cl.Name, Typed: in.Name},
				{Label: "club.slug", Stored: cl.Slug, Typed: in.Slug}, {Label: "club.region", Stored: cl.Region, Typed: in.Region}}
		}
		return h.renderShow(c, page.StatusOf(tournament.ErrorCode(err)), cl, f, page.NewForm(), page.NewForm())
	}
	page.SetFlash(c, "clubs.saved", saved.Name)
	return page.Redirect(c, "/clubs/"+strconv.FormatInt(cl.ID, 10))
}

// AddDirector makes an existing director a member of the club (officers).
func (h *Handlers) AddDirector(c echo.Context) error {
	cl, err := h.club(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "director")
	did, _ := strconv.ParseInt(f.Values["director"], 10, 64)
	if did <= 0 {
		f.Errors["director"] = "error.required"
		return h.renderShow(c, http.StatusUnprocessableEntity, cl, page.NewForm(), f, page.NewForm())
	}
	if err := h.Clubs.AddDirector(c.Request().Context(), page.DirectorOf(c), cl.ID, did); err != nil {
		if !f.Fail(err) {
			return err
		}
		return h.renderShow(c, page.StatusOf(tournament.ErrorCode(err)), cl, page.NewForm(), f, page.NewForm())
	}
	page.SetFlash(c, "clubs.director_added")
	return page.Redirect(c, "/clubs/"+strconv.FormatInt(cl.ID, 10))
}

// RemoveDirector ends a director's membership of the club (officers).
func (h *Handlers) RemoveDirector(c echo.Context) error {
	cl, err := h.club(c)
	if err != nil {
		return err
	}
	did, err := strconv.ParseInt(c.Param("did"), 10, 64)
	if err != nil || did <= 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if err := h.Clubs.RemoveDirector(c.Request().Context(), page.DirectorOf(c), cl.ID, did); err != nil {
		return err
	}
	page.SetFlash(c, "clubs.director_removed")
	return page.Redirect(c, "/clubs/"+strconv.FormatInt(cl.ID, 10))
}

// CreateDirector creates a director account, a member of the club (a club's first
// director; officers).
func (h *Handlers) CreateDirector(c echo.Context) error {
	cl, err := h.club(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, directorFields...)
	d, err := h.NewClubDirector(c.Request().Context(), cl.ID, tournament.DirectorInput{
		Username: f.Values["d_username"], Name: f.Values["d_name"], Password: f.Values["d_password"], Confirm: f.Values["d_confirm"]})
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		for k, v := range f.Errors {
			if !strings.HasPrefix(k, "d_") {
				delete(f.Errors, k)
				f.Errors["d_"+k] = v
			}
		}
		delete(f.Values, "d_password")
		delete(f.Values, "d_confirm")
		return h.renderShow(c, page.StatusOf(tournament.ErrorCode(err)), cl, page.NewForm(), page.NewForm(), f)
	}
	page.SetFlash(c, "directors.created", d.Username)
	return page.Redirect(c, "/clubs/"+strconv.FormatInt(cl.ID, 10))
}
