package page

import (
	"context"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// Evening reads :id and loads the tournament's current stage.
func (a *App) Evening(c echo.Context) (*tournament.State, error) {
	id, err := IDParam(c)
	if err != nil {
		return nil, err
	}
	st, err := a.Tournaments.Load(c.Request().Context(), id)
	if err == nil {
		UseFormat(c, st.Stage.Format)
	}
	return st, err
}

// WordingOf returns the format whose words a request's answer speaks: the one its handler
// loaded (useFormat), else, at a tournament's address, its current stage's, read now (an
// error's answer) and kept for the
func (a *App) WordingOf(c echo.Context) string {
	if f, ok := c.Get(FormatContextKey).(string); ok {
		return f
	}
	f := ""
	if strings.Contains(c.Path(), "/tournaments/:id") {
		if id, err := IDParam(c); err == nil {
			if st, err := a.Tournaments.Load(c.Request().Context(), id); err == nil {
				f = st.Stage.Format
			}
		}
	}
	UseFormat(c, f)
	return f
}

// EveningRound loads the tournament and its round :n.
func (a *App) EveningRound(c echo.Context) (*tournament.State, *tournament.Round, error) {
	ev, err := a.Evening(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := RoundOf(c, ev)
	return ev, g, err
}

// RoundOf reads :n and returns that round of the stage.
func RoundOf(c echo.Context, ev *tournament.State) (*tournament.Round, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || ev.Round(n) == nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return ev.Round(n), nil
}

// StageParam reads the optional ?stage= of a page: a stage's number, 0 when absent (the
// current stage); anything else is not found.
func StageParam(c echo.Context) (int, error) {
	raw := c.QueryParam("stage")
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || strconv.Itoa(n) != raw {
		return 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return n, nil
}

// RoundParams reads :id and :n.
func RoundParams(c echo.Context) (int64, int, error) {
	id, err := IDParam(c)
	if err != nil {
		return 0, 0, err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, n, nil
}

func RoundPath(tid int64, n int, suffix string) string {
	return IDPath("/tournaments/", tid, "/rounds/"+Itoa(n)+suffix)
}

// EveningStatus is what the tournament home shows.
type EveningStatus struct {
	Ev       *tournament.State
	Step     tournament.Step
	Current  *tournament.Round
	Results  []tournament.TableResult
	Done     int // complete tables of the current round
	Complete bool
	Clock    *Form // the round clock's form (a start's minutes), with its problems
	// Seeds is set when round 1 of a stage fed by another is not seated as the
	// qualifiers give now (a correction flagged): the director checks it.
	Seeds *tournament.Requalified
}

func StatusOfEvening(ev *tournament.State) EveningStatus {
	st := EveningStatus{Ev: ev, Current: ev.Current(), Step: ev.Format().Next(ev), Clock: NewForm()}
	if st.Current != nil {
		st.Results = ev.Results(st.Current)
		for _, r := range st.Results {
			if r.Complete {
				st.Done++
			}
		}
		st.Complete = st.Done == len(st.Results)
	}
	return st
}

// Entered says whether a player is in one of the tournament's entries.
func Entered(ev *tournament.State, playerID int64) bool {
	for _, e := range ev.Entries {
		for _, m := range e.Members {
			if m.PlayerID == playerID {
				return true
			}
		}
	}
	return false
}

// EntriesTitle names the entries of a tournament: its players, its pairs or its teams.
func EntriesTitle(ctx context.Context, ev *tournament.State) string {
	if PairsStage(ev) {
		return T(ctx, "entries.title_pairs")
	}
	if TeamsStage(ev) {
		return T(ctx, "entries.title_teams")
	}
	return T(ctx, "entries.title")
}

// RoundName names a bracket round by the number of matches it holds: the final, the
// semi-finals…
func RoundName(ctx context.Context, matches int) string {
	switch matches {
	case 1:
		return T(ctx, "bracket.final")
	case 2:
		return T(ctx, "bracket.semi")
	case 4:
		return T(ctx, "bracket.quarter")
	}
	return T(ctx, "bracket.of", 2*matches)
}

// IsBracket reports whether the stage is played as a bracket.
func IsBracket(ev *tournament.State) bool {
	_, ok := ev.Format().(tournament.Bracketer)
	return ok
}

// PairsStage says whether the stage's entries are pairs: the entries page then forms
// pairs instead of adding single players.
func PairsStage(ev *tournament.State) bool {
	return ev.Stage.Settings != nil && ev.Stage.Settings.Pairs()
}

// StageSheetsPath is the page listing the sheets of an earlier stage, to correct them.
func StageSheetsPath(tid int64, seq int) string {
	return IDPath("/tournaments/", tid, "/stages/"+Itoa(seq))
}
