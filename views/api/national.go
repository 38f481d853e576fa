package api

import (
	"context"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/national"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// The national registry (issue 38): a federation officer's JSON twins of the registry's
// pages, through the same service (tournament/national), and a player's public profile.

// officer is the national registry's service when the request's director is a
// federation officer (until the tenancy middleware gates these routes, each handler
// asks): anyone else is answered 404, as for a page that does not exist.
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

// ListNationals answers a page of the national registry (?q searches names and card).
func (h *Handlers) ListNationals(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	n, limit, err := page.APIListParams(c, 50)
	if err != nil {
		return err
	}
	ps, total, err := ns.Search(c.Request().Context(), national.Filter{Query: c.QueryParam("q"), Offset: (n - 1) * limit, Limit: limit})
	if err != nil {
		return err
	}
	if ps == nil {
		ps = []national.Player{}
	}
	return c.JSON(http.StatusOK, dto.NationalList{Players: ps, Total: total, Page: n, PerPage: limit})
}

// nationalDetail is a record with its club players and evenings.
func nationalDetail(ctx context.Context, ns *national.Service, id int64) (*dto.NationalDetail, error) {
	pr, err := ns.Profile(ctx, id, false)
	if err != nil {
		return nil, err
	}
	cps, err := ns.ClubPlayers(ctx, id)
	if err != nil {
		return nil, err
	}
	return &dto.NationalDetail{Player: pr.Player, Shown: pr.Shown, ClubPlayers: cps, Evenings: pr.Evenings}, nil
}

// GetNational answers a record, its club players and its evenings, its version as ETag.
func (h *Handlers) GetNational(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	d, err := nationalDetail(c.Request().Context(), ns, id)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(d.Player.Version))
	return c.JSON(http.StatusOK, d)
}

// UpdateNational changes a record's names, region, birth date and visibility (If-Match:
// the version seen; a stale one is a 409 with the record as stored).
func (h *Handlers) UpdateNational(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in dto.NationalInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if version == 0 {
		cur, err := ns.Get(ctx, id)
		if err != nil {
			return err
		}
		version = cur.Version
	}
	p, err := ns.Update(ctx, id, national.Edit{FirstName: in.FirstName, LastName: in.LastName, Region: in.Region, Category: in.Category,
		BirthDate: in.BirthDate, Visibility: national.Visibility(in.Visibility), Version: version}, page.DirectorOf(c).Username)
	if isStale(err) {
		now, gerr := ns.Get(ctx, id)
		if gerr != nil {
			return gerr
		}
		return conflict(c, now.Version, dto.NationalConflict{Error: errorBody(c, page.FormatUsed(c), err), Current: *now})
	} else if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, p)
}

// MergeNationals merges the record drop_id into this one: its club players, and so
// their results, move here; the other record goes; logged.
func (h *Handlers) MergeNationals(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.NationalMerge
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.DropID == 0 {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"drop_id": "error.required"}}
	}
	keepV, err := ifMatch(c)
	if err != nil {
		return err
	}
	p, err := ns.Merge(c.Request().Context(), id, in.DropID, keepV, in.DropVersion, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, p)
}

// EraseNational erases a record on the person's request (confirm: its card number):
// their names, card and contacts go from the record and every club player linked to
// it; their results stay under a neutral label. It cannot be undone.
func (h *Handlers) EraseNational(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.NationalErase
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	p, err := ns.Erase(c.Request().Context(), id, version, in.Confirm, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, p)
}

// ListUnlinked answers the club players linked to no national record.
func (h *Handlers) ListUnlinked(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	ps, err := ns.Unlinked(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.Unlinked{Players: ps})
}

// LinkNational links a club player without a card to a national record by hand.
func (h *Handlers) LinkNational(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.NationalLink
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := ns.Link(c.Request().Context(), id, in.NationalID, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// GetNationalLog answers the latest lines of the registry's log (?limit, at most 500).
func (h *Handlers) GetNationalLog(c echo.Context) error {
	ns, err := h.officer(c)
	if err != nil {
		return err
	}
	limit, _ := strconv.Atoi(c.QueryParam("limit"))
	lines, err := ns.Log(c.Request().Context(), limit)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.NationalLog{Lines: lines})
}

// PublicProfile answers a player's public profile across clubs: their evenings in
// published tournaments, named as visibility allows (a hidden player: 404).
func (h *Handlers) PublicProfile(c echo.Context) error {
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
	return c.JSON(http.StatusOK, dto.PublicProfile{ID: pr.Player.ID, Name: pr.Shown, Evenings: pr.Evenings})
}
