package teams

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Team is a team's page: its players, each round's line-up and what each player brought
// the team (the MP of the tables they played, by round).
func (h *Handlers) Team(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	team := ev.Entry(eid)
	if team == nil || team.Kind != tournament.EntryTeam {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return page.Render(c, http.StatusOK, teamPage(ev, team, page.Contributions(ev)))
}
