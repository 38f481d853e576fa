package views

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

func (s *Server) entriesPage(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, entriesView(ev, newForm()))
}

// searchEntries is the search-as-you-type of the registry, for adding players.
func (s *Server) searchEntries(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	q := c.QueryParam("q")
	var ps []tournament.Player
	if q != "" {
		if ps, _, err = s.players.List(c.Request().Context(), tournament.PlayerFilter{Query: q, Limit: 15}); err != nil {
			return err
		}
	}
	entered := map[int64]bool{}
	for _, e := range ev.Entries {
		for _, m := range e.Members {
			entered[m.PlayerID] = true
		}
	}
	return render(c, http.StatusOK, entrySearchResults(ev.Tournament.ID, q, ps, entered))
}

func (s *Server) addEntry(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	pid, _ := strconv.ParseInt(c.FormValue("player_id"), 10, 64)
	e, err := s.tournaments.AddPlayer(c.Request().Context(), ev.Tournament.ID, pid, directorOf(c).Username)
	if err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			setFlash(c, d.Key)
			return redirect(c, idPath("/tournaments/", ev.Tournament.ID, "/entries"))
		}
		return err
	}
	setFlash(c, "entries.added", e.Name)
	return redirect(c, idPath("/tournaments/", ev.Tournament.ID, "/entries"))
}

// addNewEntry registers a player on the spot and enters them.
func (s *Server) addNewEntry(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	f := formFrom(c, "first_name", "last_name", "club", "card_number")
	p := playerOf(f)
	e, err := s.tournaments.AddNewPlayer(c.Request().Context(), ev.Tournament.ID, &p, directorOf(c).Username)
	if err != nil {
		if !f.fail(err) {
			return err
		}
		return render(c, statusOf(tournament.ErrorCode(err)), entriesView(ev, f))
	}
	setFlash(c, "entries.added", e.Name)
	return redirect(c, idPath("/tournaments/", ev.Tournament.ID, "/entries"))
}

// setEntry checks an entry in or out, withdraws or reinstates it.
func (s *Server) setEntry(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	yes, no := true, false
	var ch tournament.EntryChange // only the flag the button names changes
	switch c.FormValue("action") {
	case "check_in":
		ch.CheckedIn = &yes
	case "check_out":
		ch.CheckedIn = &no
	case "withdraw":
		ch.Withdrawn = &yes
	case "reinstate":
		ch.Withdrawn = &no
	default:
		return echo.ErrBadRequest
	}
	e, out, err := s.tournaments.SetEntry(c.Request().Context(), ev.Tournament.ID, eid, ch, directorOf(c).Username)
	if err != nil {
		return err
	}
	switch {
	case out.ByeRemoved:
		setFlash(c, "entries.left_bye", e.Name, itoa(out.Round))
	case out.ReplacedBy != "":
		setFlash(c, "entries.left_replaced", e.Name, itoa(out.Round), out.ReplacedBy)
	case out.Redrawn:
		setFlash(c, "entries.left_redrawn", e.Name, itoa(out.Round))
	case out.StillSeated:
		setFlash(c, "entries.left_started", e.Name, itoa(out.Round))
	}
	back := idPath("/tournaments/", ev.Tournament.ID, "/entries")
	if c.FormValue("back") == "home" {
		back = idPath("/tournaments/", ev.Tournament.ID, "")
	}
	return redirect(c, back)
}

// awardMissed gives a late arrival the bye points for the rounds missed.
func (s *Server) awardMissed(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	rounds, err := s.tournaments.AwardMissed(c.Request().Context(), id, eid, directorOf(c).Username)
	if err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			args := make([]string, len(d.Args))
			for i, a := range d.Args {
				args[i] = fmt.Sprint(a)
			}
			setFlash(c, d.Key, args...)
			return redirect(c, idPath("/tournaments/", id, "/entries"))
		}
		return err
	}
	setFlash(c, "entries.missed_done", itoa(len(rounds)))
	return redirect(c, idPath("/tournaments/", id, "/entries"))
}
