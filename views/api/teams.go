package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// AddTeam enters a team ({"name": "Le Aquile", "players": [7, 8, 9, 10]}) in a stage
// whose format takes teams; it starts absent.
func (h *Handlers) AddTeam(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.TeamInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	e, err := h.Tournaments.AddTeam(c.Request().Context(), id, in.Name, in.Players, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, e)
}

// EditTeam renames a team or changes its players (If-Match: the team's version read,
// absent: saved over whatever is stored). The answer carries the new version as ETag.
func (h *Handlers) EditTeam(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, err := strconv.ParseInt(c.Param("eid"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in dto.TeamInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	e, err := h.Tournaments.EditTeam(ctx, id, eid, in.Name, in.Players, version, page.DirectorOf(c).Username)
	if isStale(err) {
		now, lerr := h.Tournaments.Load(ctx, id)
		if lerr != nil {
			return lerr
		}
		cur := now.Entry(eid)
		if cur == nil {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		page.UseFormat(c, now.Stage.Format)
		return conflict(c, cur.Version, dto.TeamConflict{Error: errorBody(c, page.FormatUsed(c), err), Current: *cur})
	} else if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(e.Version))
	return c.JSON(http.StatusOK, e)
}

// ImportTeams takes a CSV body of teams (one player a line); with ?confirm=true it
// enters them (all or none), otherwise it only previews. Rows with problems answer 422
// with every row.
func (h *Handlers) ImportTeams(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ti, err := h.Tournaments.ImportTeams(c.Request().Context(), id, c.Request().Body, c.QueryParam("confirm") == "true", page.DirectorOf(c).Username)
	lang := page.LangOf(c)
	if body, ok := h.rowsRefused(c, err, "teams_import.invalid"); ok && ti != nil {
		return c.JSON(http.StatusUnprocessableEntity, dto.TeamImportRefused{Error: body, Rows: teamRows(ti.Rows, lang), Ignored: ti.Ignored})
	} else if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.TeamImport{Rows: teamRows(ti.Rows, lang), Valid: ti.Valid,
		Teams: ti.Teams, Entered: ti.Entered, Ignored: ti.Ignored})
}

// teamRows are a team import's rows with their problems spelled out in lang.
func teamRows(rows []tournament.TeamRow, lang page.Lang) []dto.TeamRow {
	out := make([]dto.TeamRow, len(rows))
	for i, r := range rows {
		out[i] = dto.TeamRow{TeamRow: r, Messages: messages(r.Errors, lang)}
	}
	return out
}

// lineupRound loads a teams stage and reads :n, a round drawn or the next to draw.
func (h *Handlers) lineupRound(c echo.Context) (*tournament.State, int, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return nil, 0, err
	}
	ev, err := h.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return nil, 0, err
	}
	page.UseFormat(c, ev.Stage.Format)
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > len(ev.Rounds)+1 || (n > len(ev.Rounds) && n > ev.Stage.Settings.Rounds()) || !page.TeamsStage(ev) {
		return nil, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return ev, n, nil
}

// lineupOf is team's line-up for round n as the API answers it.
func lineupOf(ev *tournament.State, n int, team *tournament.Entry) dto.Lineup {
	l := ev.LineupOf(team.ID, n)
	out := dto.Lineup{TeamID: team.ID, Team: team.Name, Round: n, Named: l.Round, Open: page.LineupOpen(ev, n, team.ID)}
	if l.Round == n {
		out.Version = l.Version
	}
	for p := range 2 {
		for k := range 2 {
			out.Pairs[p][k] = dto.LineupPlayer{PlayerID: l.Pairs[p][k], Name: page.MemberName(team, l.Pairs[p][k])}
		}
	}
	return out
}

// Lineups answers every team's line-up for round n (drawn, or the next to draw).
func (h *Handlers) Lineups(c echo.Context) error {
	ev, n, err := h.lineupRound(c)
	if err != nil {
		return err
	}
	out := dto.Lineups{Round: n, Lineups: []dto.Lineup{}}
	for _, team := range page.Teams(ev) {
		out.Lineups = append(out.Lineups, lineupOf(ev, n, &team))
	}
	return c.JSON(http.StatusOK, out)
}

// SetLineup names the two pairs a team plays round n with; If-Match carries the
// version of its stored line-up for the round (absent: saved over whatever is stored).
// The answer carries the new version as ETag.
func (h *Handlers) SetLineup(c echo.Context) error {
	ev, n, err := h.lineupRound(c)
	if err != nil {
		return err
	}
	teamID, _ := strconv.ParseInt(c.Param("team"), 10, 64)
	team := ev.Entry(teamID)
	if team == nil || team.Kind != tournament.EntryTeam {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	version, err := lineupIfMatch(c)
	if err != nil {
		return err
	}
	if h := strings.TrimSpace(c.Request().Header.Get("If-Match")); h == "" || h == "*" {
		version = tournament.AnyVersion // last write wins, over the version the command reads
	}
	var in dto.LineupInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	_, err = h.Tournaments.SetLineup(ctx, ev.Tournament.ID, n, teamID, in.Pairs, version, page.DirectorOf(c).Username)
	if isStale(err) {
		now, lerr := h.Tournaments.Load(ctx, ev.Tournament.ID)
		if lerr != nil {
			return lerr
		}
		cur := lineupOf(now, n, now.Entry(teamID))
		return conflict(c, cur.Version, dto.LineupConflict{Error: errorBody(c, page.FormatUsed(c), err), Current: cur})
	} else if err != nil {
		return err
	}
	now, err := h.Tournaments.Load(ctx, ev.Tournament.ID)
	if err != nil {
		return err
	}
	out := lineupOf(now, n, now.Entry(teamID))
	c.Response().Header().Set("ETag", etag(out.Version))
	return c.JSON(http.StatusOK, out)
}

// lineupIfMatch reads a line-up save's If-Match: as ifMatch, and also "0", the version
// GET answers for a team with no line-up stored for the round, so a client can save the
// first one only if no one else has meanwhile.
func lineupIfMatch(c echo.Context) (int, error) {
	if h := strings.TrimSpace(c.Request().Header.Get("If-Match")); strings.Trim(strings.TrimPrefix(h, "W/"), `"`) == "0" {
		return 0, nil
	}
	return ifMatch(c)
}

// Matches answers a round's matches (teams): each match's entries, tables, MP and VP.
func (h *Handlers) Matches(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ev, err := h.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	g, err := page.RoundOf(c, ev)
	if err != nil {
		return err
	}
	if _, ok := ev.Format().(tournament.Matched); !ok {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	ms := page.Matches(ev, g)
	if ms == nil {
		ms = []tournament.MatchResult{}
	}
	return c.JSON(http.StatusOK, dto.Matches{Round: g.Number, Matches: ms})
}

// Team answers a team: its entry, its line-up of each round drawn and what each of its
// players brought it, round by round.
func (h *Handlers) Team(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ev, err := h.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	page.UseFormat(c, ev.Stage.Format)
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	team := ev.Entry(eid)
	if team == nil || team.Kind != tournament.EntryTeam {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	c.Response().Header().Set("ETag", etag(team.Version))
	out := dto.Team{Entry: *team, Lineups: []dto.Lineup{}, Contributions: []dto.MemberContribution{}}
	for _, r := range ev.Rounds {
		if !slices.ContainsFunc(r.Byes, func(b tournament.Bye) bool { return b.EntryID == eid }) {
			out.Lineups = append(out.Lineups, lineupOf(ev, r.Number, team))
		}
	}
	cs := page.Contributions(ev)
	for _, m := range team.Members {
		rounds := cs[m.PlayerID]
		if rounds == nil {
			rounds = []tournament.Contribution{}
		}
		out.Contributions = append(out.Contributions, dto.MemberContribution{PlayerID: m.PlayerID, Name: m.Name,
			Rounds: rounds, TotalMP: page.ContributionTotal(rounds)})
	}
	return c.JSON(http.StatusOK, out)
}
