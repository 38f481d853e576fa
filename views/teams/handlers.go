// Package teams serves the pages of a teams stage beyond its entries: each round's
// line-ups (which two pairs a team plays) and a team's page with its players'
// contributions.
package teams

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Handlers serve the line-ups and the team pages.
type Handlers struct{ *page.App }

// lineupsView is the line-ups page of round N: every team's line-up, and for the team
// whose save was refused (Failed), what was typed and the problems.
type lineupsView struct {
	Ev     *tournament.State
	N      int
	Failed int64
	Form   *page.Form
}

// lineupRound reads :id and :n: a teams stage and a round drawn or the next to draw.
func (h *Handlers) lineupRound(c echo.Context) (*tournament.State, int, error) {
	ev, err := h.Evening(c)
	if err != nil {
		return nil, 0, err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > len(ev.Rounds)+1 || (n > len(ev.Rounds) && n > ev.Stage.Settings.Rounds()) || !page.TeamsStage(ev) {
		return nil, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return ev, n, nil
}

// Lineups shows round n's line-ups: per team its two pairs, changeable until the round
// starts at its tables.
func (h *Handlers) Lineups(c echo.Context) error {
	ev, n, err := h.lineupRound(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, lineupsPage(lineupsView{Ev: ev, N: n, Form: page.NewForm()}))
}

// postedPairs reads the line-up form's four selects (pairs.<p>.<k>).
func postedPairs(c echo.Context, f *page.Form) [2][2]int64 {
	var pairs [2][2]int64
	for p := 1; p <= 2; p++ {
		for k := 1; k <= 2; k++ {
			name := page.LineupField(p, k)
			f.Values[name] = c.FormValue(name)
			pairs[p-1][k-1], _ = strconv.ParseInt(f.Values[name], 10, 64)
		}
	}
	return pairs
}

// SaveLineup names the two pairs a team plays round n with. A refusal shows the page
// again with what was typed next to the stored line-up; a stale save (someone changed
// it meanwhile) says so and moves the form to the stored version.
func (h *Handlers) SaveLineup(c echo.Context) error {
	ev, n, err := h.lineupRound(c)
	if err != nil {
		return err
	}
	teamID, _ := strconv.ParseInt(c.Param("team"), 10, 64)
	team := ev.Entry(teamID)
	if team == nil || team.Kind != tournament.EntryTeam {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	f := page.NewForm()
	pairs := postedPairs(c, f)
	version, _ := strconv.Atoi(c.FormValue("version"))
	version = max(version, 0) // the form always names the version it read; never "any"
	if _, err := h.Tournaments.SetLineup(c.Request().Context(), ev.Tournament.ID, n, teamID, pairs, version, page.DirectorOf(c).Username); err != nil {
		if !f.Fail(err) {
			return err
		}
		if f.Error == "lineup.stale" {
			f.Error = "lineups.stale_form" // the page keeps the choice: saving again replaces theirs
		}
		// What is stored now: the form carries its version, so saving again overwrites it.
		if now, lerr := h.Tournaments.Load(c.Request().Context(), ev.Tournament.ID); lerr == nil {
			ev = now
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), lineupsPage(lineupsView{Ev: ev, N: n, Failed: teamID, Form: f}))
	}
	page.SetFlash(c, "lineups.saved", team.Name, page.Itoa(n))
	return page.Redirect(c, page.RoundPath(ev.Tournament.ID, n, "/lineups#team-"+page.Itoa64(teamID)))
}

// selected is the player a line-up place shows: what was typed when the team's save was
// refused, else the line-up's.
func (v lineupsView) selected(team int64, l tournament.Lineup, p, k int) string {
	if v.Failed == team {
		return v.Form.Values[page.LineupField(p, k)]
	}
	return page.Itoa64(l.Pairs[p-1][k-1])
}

// errorOf is the problem of a line-up place of the team whose save was refused.
func (v lineupsView) errorOf(team int64, field string) string {
	if v.Failed != team {
		return ""
	}
	return v.Form.Errors[field]
}

// byeOf reports whether a team sits out round n (drawn).
func byeOf(ev *tournament.State, n int, teamID int64) bool {
	if r := ev.Round(n); r != nil {
		for _, b := range r.Byes {
			if b.EntryID == teamID {
				return true
			}
		}
	}
	return false
}

// tableOf returns the table and side where pair p of a team sits in round n, or nil.
func tableOf(ev *tournament.State, n int, teamID int64, p int) (int, int) {
	if r := ev.Round(n); r != nil {
		for _, tb := range r.Tables {
			for _, sd := range tb.Sides {
				if sd.EntryID == teamID && sd.Pair == p {
					return tb.Number, sd.Position
				}
			}
		}
	}
	return 0, 0
}
