package views

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
)

var tournamentFields = []string{"name", "date", "venue", "games", "hands_per_game", "qualifiers", "sit_out", "bye_points",
	"notes", "semi_clean_on", "never_opened_doubles", "kitty_not_played"}

// tournamentForm fills the settings form from a tournament.
func tournamentForm(t *tournament.Tournament) *form {
	f := newForm()
	f.Values = map[string]string{"name": t.Name, "date": t.Date, "venue": t.Venue, "games": itoa(t.Games),
		"hands_per_game": itoa(t.HandsPerGame), "qualifiers": itoa(t.Qualifiers), "sit_out": string(t.SitOut),
		"bye_points": t.ByePoints.String(), "notes": t.Notes}
	for k, on := range map[string]bool{"semi_clean_on": t.Rules.SemiCleanOn, "never_opened_doubles": t.Rules.NeverOpenedDoubles, "kitty_not_played": t.Rules.KittyNotPlayed} {
		if on {
			f.Values[k] = "on"
		}
	}
	return f
}

// tournamentOf reads the settings form. Numbers that cannot be read are noted on f, with
// every other problem of the settings, so that the form shows them all at once.
func tournamentOf(f *form) tournament.Tournament {
	v := f.Values
	num := func(k string) int {
		n, err := strconv.Atoi(strings.TrimSpace(v[k]))
		if err != nil {
			f.Errors[k] = "error.not_a_number"
		}
		return n
	}
	t := tournament.Tournament{Name: v["name"], Date: v["date"], Venue: v["venue"], Format: tournament.FormatThreePlayer,
		Games: num("games"), HandsPerGame: num("hands_per_game"), Qualifiers: num("qualifiers"),
		SitOut: tournament.SitOutPolicy(v["sit_out"]), Notes: v["notes"], Rules: scoring.ThreePlayer}
	if strings.TrimSpace(v["qualifiers"]) == "" {
		t.Qualifiers = 0
		delete(f.Errors, "qualifiers")
	}
	bye, ok := tournament.ParsePoints(v["bye_points"])
	if !ok {
		f.Errors["bye_points"] = "tournament.err.bye_points"
	}
	t.ByePoints = bye
	t.Rules.SemiCleanOn = v["semi_clean_on"] != ""
	t.Rules.NeverOpenedDoubles = v["never_opened_doubles"] != ""
	t.Rules.KittyNotPlayed = v["kitty_not_played"] != ""
	if len(f.Errors) > 0 {
		// Show every problem at once: the domain's too, where the number could be read.
		probe := t
		probe.Normalize()
		if e, ok := tournament.AsError(probe.Validate()); ok {
			for k, key := range e.Fields {
				if _, unread := f.Errors[k]; !unread {
					f.Errors[k] = key
				}
			}
		}
		f.Error = "error.invalid"
	}
	return t
}

// tournamentParam reads :id and loads the evening.
func (s *Server) evening(c echo.Context) (*tournament.Evening, error) {
	id, err := idParam(c)
	if err != nil {
		return nil, err
	}
	return s.evenings.Evening(c.Request().Context(), id)
}

func (s *Server) listTournaments(c echo.Context) error {
	ts, err := s.evenings.List(c.Request().Context())
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, tournamentsPage(ts))
}

func (s *Server) newTournament(c echo.Context) error {
	t := tournament.NewTournament(time.Now())
	return render(c, http.StatusOK, tournamentFormPage(nil, tournamentForm(&t)))
}

func (s *Server) createTournament(c echo.Context) error {
	f := formFrom(c, tournamentFields...)
	t := tournamentOf(f)
	if len(f.Errors) > 0 {
		return render(c, http.StatusUnprocessableEntity, tournamentFormPage(nil, f))
	}
	if err := s.evenings.Create(c.Request().Context(), &t); err != nil {
		if !f.fail(err) {
			return err
		}
		return render(c, statusOf(tournament.ErrorCode(err)), tournamentFormPage(nil, f))
	}
	setFlash(c, "tournaments.created", t.Name)
	return redirect(c, idPath("/tournaments/", t.ID, "/entries"))
}

func (s *Server) editTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, tournamentFormPage(&ev.Tournament, tournamentForm(&ev.Tournament)))
}

func (s *Server) updateTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	f := formFrom(c, tournamentFields...)
	in := tournamentOf(f)
	if len(f.Errors) > 0 {
		return render(c, http.StatusUnprocessableEntity, tournamentFormPage(&ev.Tournament, f))
	}
	in.ScaleID = ev.Tournament.ScaleID
	t, err := s.evenings.Update(c.Request().Context(), ev.Tournament.ID, in)
	if err != nil {
		if !f.fail(err) {
			return err
		}
		return render(c, statusOf(tournament.ErrorCode(err)), tournamentFormPage(&ev.Tournament, f))
	}
	setFlash(c, "tournaments.saved", t.Name)
	return redirect(c, idPath("/tournaments/", t.ID, ""))
}

// showTournament is the evening's home: where it stands and what to do next.
func (s *Server) showTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	events, err := s.evenings.Events(c.Request().Context(), ev.Tournament.ID)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, tournamentPage(statusOfEvening(ev), events, newForm()))
}

// eveningStatus is what the tournament home shows.
type eveningStatus struct {
	Ev        *tournament.Evening
	Drawable  int // players the next draw would seat
	Current   *tournament.Game
	Results   []tournament.TableResult
	Done      int // complete tables of the current game
	Complete  bool
	Finished  bool // every game drawn and complete
	Next      string
	SitOutMsg string
}

func statusOfEvening(ev *tournament.Evening) eveningStatus {
	st := eveningStatus{Ev: ev, Current: ev.Current()}
	for _, e := range ev.Drawable() {
		if !e.Substitute {
			st.Drawable++
		}
	}
	t := ev.Tournament
	if st.Current != nil {
		st.Results = st.Current.Results(t.HandsPerGame)
		for _, r := range st.Results {
			if r.Complete {
				st.Done++
			}
		}
		st.Complete = st.Done == len(st.Results)
	}
	switch {
	case len(ev.Entries) == 0:
		st.Next = "next.add_players"
	case st.Current == nil && st.Drawable < 3:
		st.Next = "next.check_in"
	case st.Current == nil:
		st.Next = "next.draw_first"
	case !st.Complete:
		st.Next = "next.enter_scores"
	case len(ev.Games) < t.Games:
		st.Next = "next.draw_next"
	default:
		st.Finished, st.Next = true, "next.finished"
	}
	if n := st.Drawable % 3; n != 0 && !st.Finished {
		st.SitOutMsg = "sitout.explain." + string(t.SitOut)
	}
	return st
}

func (s *Server) draw(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	f := formFrom(c, "seed", "override")
	opt := tournament.DrawOptions{Override: f.Values["override"]}
	if raw := strings.TrimSpace(f.Values["seed"]); raw != "" {
		if opt.Seed, err = strconv.ParseInt(raw, 10, 64); err != nil || opt.Seed <= 0 {
			f.Errors["seed"] = "draw.seed"
		}
	}
	var g *tournament.Game
	if len(f.Errors) == 0 {
		g, err = s.evenings.Draw(c.Request().Context(), ev.Tournament.ID, opt, directorOf(c).Username)
		if err != nil && !f.fail(err) {
			return err
		}
	}
	if len(f.Errors) > 0 || f.Error != "" {
		events, err := s.evenings.Events(c.Request().Context(), ev.Tournament.ID)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, tournamentPage(statusOfEvening(ev), events, f))
	}
	setFlash(c, "draw.done", itoa(g.Number), strconv.FormatInt(g.Seed, 10))
	return redirect(c, gamePath(ev.Tournament.ID, g.Number, ""))
}

func gamePath(tid int64, n int, suffix string) string {
	return idPath("/tournaments/", tid, "/games/"+itoa(n)+suffix)
}

// game reads :n and returns the game of the evening.
func gameOf(c echo.Context, ev *tournament.Evening) (*tournament.Game, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > len(ev.Games) {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return &ev.Games[n-1], nil
}

// eveningGame loads the evening and its game :n.
func (s *Server) eveningGame(c echo.Context) (*tournament.Evening, *tournament.Game, error) {
	ev, err := s.evening(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := gameOf(c, ev)
	return ev, g, err
}

// gameView serves a page of one game: its tables, the printed list, the score sheets,
// the seat change form.
func (s *Server) gameView(page func(*tournament.Evening, *tournament.Game) templ.Component) echo.HandlerFunc {
	return func(c echo.Context) error {
		ev, g, err := s.eveningGame(c)
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, page(ev, g))
	}
}

// seatsForm is the seat change form: a select per seat and per sit-out.
func seatsForm(ev *tournament.Evening, g *tournament.Game) templ.Component {
	return seatsPage(ev, g, g.Seating, newForm())
}

func (s *Server) overrideSeats(c echo.Context) error {
	ev, g, err := s.eveningGame(c)
	if err != nil {
		return err
	}
	var seating tournament.Seating
	for ti, tb := range g.Seating.Tables {
		row := make([]int64, len(tb))
		for si := range tb {
			row[si], _ = strconv.ParseInt(c.FormValue(fmt.Sprintf("seat.%d.%d", ti+1, si+1)), 10, 64)
		}
		seating.Tables = append(seating.Tables, row)
	}
	for i := range g.Seating.SitOuts {
		id, _ := strconv.ParseInt(c.FormValue(fmt.Sprintf("sitout.%d", i+1)), 10, 64)
		seating.SitOuts = append(seating.SitOuts, id)
	}
	if err := s.evenings.OverrideSeats(c.Request().Context(), ev.Tournament.ID, g.Number, seating, directorOf(c).Username); err != nil {
		f := newForm()
		if !f.fail(err) {
			return err
		}
		return render(c, statusOf(tournament.ErrorCode(err)), seatsPage(ev, g, seating, f))
	}
	setFlash(c, "seats.saved", itoa(g.Number))
	return redirect(c, gamePath(ev.Tournament.ID, g.Number, ""))
}

func (s *Server) standingsPage(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, standingsView(ev, tournament.Standings(ev)))
}
