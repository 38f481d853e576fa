package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// The clubs (issue 38): a federation officer's, behind page.Officer; GET /me/clubs is
// every director's.

// MyClubs answers the token director's clubs (name one in X-Club or ?club= to work on it).
func (h *Handlers) MyClubs(c echo.Context) error {
	cs := page.ClubsOf(c)
	if cs == nil {
		cs = []clubs.Club{}
	}
	return c.JSON(http.StatusOK, dto.ClubList{Clubs: cs})
}

// ListClubs answers every club.
func (h *Handlers) ListClubs(c echo.Context) error {
	cs, err := h.Clubs.List(c.Request().Context())
	if err != nil {
		return err
	}
	if cs == nil {
		cs = []clubs.Club{}
	}
	return c.JSON(http.StatusOK, dto.ClubList{Clubs: cs})
}

func clubAnswer(c echo.Context, status int, cl *clubs.Club) error {
	c.Response().Header().Set("ETag", etag(cl.Version))
	return c.JSON(status, cl)
}

// CreateClub adds a club.
func (h *Handlers) CreateClub(c echo.Context) error {
	var in dto.ClubInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cl, err := h.Clubs.Create(c.Request().Context(), page.DirectorOf(c), clubs.Club{Slug: in.Slug, Name: in.Name, Region: in.Region})
	if err != nil {
		return err
	}
	return clubAnswer(c, http.StatusCreated, cl)
}

func (h *Handlers) clubParam(c echo.Context) (*clubs.Club, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return nil, err
	}
	return h.Clubs.Find(c.Request().Context(), id)
}

// GetClub answers a club, its version as ETag.
func (h *Handlers) GetClub(c echo.Context) error {
	cl, err := h.clubParam(c)
	if err != nil {
		return err
	}
	return clubAnswer(c, http.StatusOK, cl)
}

// UpdateClub changes a club; with If-Match, only at that version (stale: 409).
func (h *Handlers) UpdateClub(c echo.Context) error {
	cur, err := h.clubParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	if version == 0 {
		version = cur.Version
	}
	var in dto.ClubInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cl, err := h.Clubs.Update(c.Request().Context(), page.DirectorOf(c), clubs.Club{ID: cur.ID, Slug: in.Slug, Name: in.Name, Region: in.Region, Version: version})
	if tournament.ErrorCode(err) == tournament.ECONFLICT {
		c.Response().Header().Set("ETag", etag(cur.Version))
		return err
	} else if err != nil {
		return err
	}
	return clubAnswer(c, http.StatusOK, cl)
}

// ClubDirectors answers a club's directors.
func (h *Handlers) ClubDirectors(c echo.Context) error {
	cl, err := h.clubParam(c)
	if err != nil {
		return err
	}
	ds, err := h.Clubs.Directors(c.Request().Context(), cl.ID)
	if err != nil {
		return err
	}
	if ds == nil {
		ds = []tournament.Director{}
	}
	return c.JSON(http.StatusOK, dto.ClubDirectors{Directors: ds})
}

// AddClubDirector makes an existing director a member of the club.
func (h *Handlers) AddClubDirector(c echo.Context) error {
	cl, err := h.clubParam(c)
	if err != nil {
		return err
	}
	var in dto.ClubDirectorInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.DirectorID <= 0 {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"director_id": "error.required"}}
	}
	if err := h.Clubs.AddDirector(c.Request().Context(), page.DirectorOf(c), cl.ID, in.DirectorID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// RemoveClubDirector ends a director's membership of the club.
func (h *Handlers) RemoveClubDirector(c echo.Context) error {
	cl, err := h.clubParam(c)
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
	return c.NoContent(http.StatusNoContent)
}

// CreateClubDirector creates a director account, a member of the club.
func (h *Handlers) CreateClubDirector(c echo.Context) error {
	cl, err := h.clubParam(c)
	if err != nil {
		return err
	}
	var in dto.DirectorInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	d, err := h.NewClubDirector(c.Request().Context(), cl.ID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, d)
}
