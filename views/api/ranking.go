package api

import (
	"net/http"
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
			answers: []answerSpec{ok[dto.RankingSettings](200)}},
		op{method: "PUT", path: "/ranking/settings", id: "saveRankingSettings", summary: "Change the national ranking's settings (a federation officer's; the version read, else 409)", tag: "ranking",
			body: body[dto.RankingSettingsInput](), answers: []answerSpec{ok[dto.RankingSettings](200)}},
		op{method: "POST", path: "/ranking/rebuild", id: "rebuildRanking", summary: "Rank every evening again from its results (a federation officer's)", tag: "ranking",
			answers: []answerSpec{none()}},
	)
}

// rankingFilter reads the ranking's filters and page from the query.
func rankingFilter(c echo.Context) (rankings.Filter, int) {
	f := rankings.Filter{Region: strings.TrimSpace(c.QueryParam("region")), Category: strings.TrimSpace(c.QueryParam("category"))}
	f.Club, _ = strconv.ParseInt(c.QueryParam("club"), 10, 64)
	n, _ := strconv.Atoi(c.QueryParam("page"))
	return f, n
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
	v, err := svc.View(c.Request().Context())
	if err != nil {
		return err
	}
	f, n := rankingFilter(c)
	return c.JSON(http.StatusOK, dto.RankingOf(v, f, n, false))
}

// Ranking answers a page of the national ranking to a director (the public page's).
func (h *Handlers) Ranking(c echo.Context) error { return h.PublicRanking(c) }

// officer is the ranking's service when the token's director is a federation officer.
func (h *Handlers) officer(c echo.Context) (*rankings.Service, error) {
	svc, err := h.rankingService()
	if err != nil {
		return nil, err
	}
	return svc, svc.CheckOfficer(c.Request().Context(), page.DirectorOf(c).ID)
}

// RankingSettings answers the ranking's settings.
func (h *Handlers) RankingSettings(c echo.Context) error {
	svc, err := h.officer(c)
	if err != nil {
		return err
	}
	st, err := svc.Settings(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.RankingSettings{Settings: st.Settings, Version: st.Version, UpdatedAt: st.UpdatedAt})
}

// SaveRankingSettings changes the ranking's settings at the version read.
func (h *Handlers) SaveRankingSettings(c echo.Context) error {
	svc, err := h.officer(c)
	if err != nil {
		return err
	}
	var in dto.RankingSettingsInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	st, err := svc.SaveSettings(c.Request().Context(), in.Settings, in.Version)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.RankingSettings{Settings: st.Settings, Version: st.Version, UpdatedAt: st.UpdatedAt})
}

// RebuildRanking has the worker rank every evening again.
func (h *Handlers) RebuildRanking(c echo.Context) error {
	svc, err := h.officer(c)
	if err != nil {
		return err
	}
	if err := svc.Rebuild(c.Request().Context()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
