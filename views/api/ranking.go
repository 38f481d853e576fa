package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/rankings"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// The national ranking's operations (issue 38): the ranking (public and with a token,
// the same page), the federation's settings (an officer's) and a rebuild.
func init() {
	filters := []Parameter{q("region", "string", "only players of this region"), q("club", "integer", "only players of this club (its ID)"),
		q("category", "string", "only players of this category"), q("page", "integer", "the page, from 1 (50 lines a page)")}
	operations = append(operations,
		op{method: "GET", path: "/public/ranking", id: "publicRanking", summary: "The national ranking, a page of it", tag: "public", public: true,
			query: filters, answers: []answerSpec{ok[dto.Ranking](200)}},
		op{method: "GET", path: "/ranking", id: "ranking", summary: "The national ranking, a page of it", tag: "ranking",
			query: filters, answers: []answerSpec{ok[dto.Ranking](200)}},
		op{method: "GET", path: "/ranking/settings", id: "rankingSettings", summary: "The national ranking's settings (a federation officer's)", tag: "ranking",
			answers: []answerSpec{ok[dto.RankingConfig](200)}},
		op{method: "PUT", path: "/ranking/settings", id: "saveRankingSettings", summary: "Change the national ranking's settings (a federation officer's; the version read, else 409)", tag: "ranking",
			body: body[dto.RankingConfigInput](), answers: []answerSpec{ok[dto.RankingConfig](200)}},
		op{method: "POST", path: "/ranking/rebuild", id: "rebuildRanking", summary: "Rank every evening again from its results (a federation officer's)", tag: "ranking",
			answers: []answerSpec{none()}},
	)
}

// rankingFilter reads the ranking's filters and page from the query: a club or a page
// given must be a number from 1 (a 422 on that parameter otherwise).
func rankingFilter(c echo.Context) (rankings.Filter, int, error) {
	f := rankings.Filter{Region: strings.TrimSpace(c.QueryParam("region")), Category: strings.TrimSpace(c.QueryParam("category"))}
	fe := tournament.FieldErrors{}
	var err error
	if v := c.QueryParam("club"); v != "" {
		if f.Club, err = strconv.ParseInt(v, 10, 64); err != nil || f.Club < 1 {
			fe.Add("club", "error.not_a_number")
		}
	}
	n := 1
	if v := c.QueryParam("page"); v != "" {
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			fe.Add("page", "error.not_a_number")
		}
	}
	return f, n, fe.Err()
}

// rankingService is the ranking, or a 404 where the app runs without one.
func (h *Handlers) rankingService() (*rankings.Service, error) {
	if h.Rankings == nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return h.Rankings, nil
}

// PublicRanking answers a page of the national ranking, as the public page shows it.
func (h *Handlers) PublicRanking(c echo.Context) error {
	svc, err := h.rankingService()
	if err != nil {
		return err
	}
	f, n, err := rankingFilter(c)
	if err != nil {
		return err
	}
	v, err := svc.View(c.Request().Context())
	if err != nil {
		return err
	}
	// A page is encoded once per revision, filters and page number, then sent as bytes
	// (phones read the ranking all evening; it moves with each evening ranked).
	key := rankingJSONKey{f, n}
	if b, ok := v.Kept.Load(key); ok {
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b.([]byte))
	}
	r := dto.RankingOf(v, f, n, false)
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	// Only the pages that exist are kept (whatever the query, their number is bounded).
	if r.Page == n && (f.Region == "" || slices.Contains(v.Regions, f.Region)) &&
		(f.Category == "" || slices.Contains(v.Categories, f.Category)) &&
		(f.Club == 0 || slices.ContainsFunc(v.Clubs, func(c rankings.Club) bool { return c.ID == f.Club })) {
		v.Kept.Store(key, b)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// rankingJSONKey names a page of the ranking's JSON kept on its view.
type rankingJSONKey struct {
	f    rankings.Filter
	page int
}

// Ranking answers a page of the national ranking to a director (the public page's).
func (h *Handlers) Ranking(c echo.Context) error { return h.PublicRanking(c) }

// rankingOfficer is the ranking's service when the token's director is a federation officer.
func (h *Handlers) rankingOfficer(c echo.Context) (*rankings.Service, error) {
	svc, err := h.rankingService()
	if err != nil {
		return nil, err
	}
	return svc, svc.CheckOfficer(c.Request().Context(), page.DirectorOf(c).ID)
}

// RankingSettings answers the ranking's settings.
func (h *Handlers) RankingSettings(c echo.Context) error {
	svc, err := h.rankingOfficer(c)
	if err != nil {
		return err
	}
	st, err := svc.Settings(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.RankingConfig{Settings: st.Settings, Version: st.Version, UpdatedAt: st.UpdatedAt})
}

// SaveRankingSettings changes the ranking's settings at the version read.
func (h *Handlers) SaveRankingSettings(c echo.Context) error {
	svc, err := h.rankingOfficer(c)
	if err != nil {
		return err
	}
	var in dto.RankingConfigInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	st, err := svc.SaveSettings(c.Request().Context(), in.Settings, in.Version)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.RankingConfig{Settings: st.Settings, Version: st.Version, UpdatedAt: st.UpdatedAt})
}

// RebuildRanking has the worker rank every evening again.
func (h *Handlers) RebuildRanking(c echo.Context) error {
	svc, err := h.rankingOfficer(c)
	if err != nil {
		return err
	}
	if err := svc.Rebuild(c.Request().Context()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
