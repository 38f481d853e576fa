package views

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
)

// tournamentInput is the JSON body of a tournament create or update; bye_points is
// written as on a sheet ("3", "4.5").
type tournamentInput struct {
	Name         string         `json:"name"`
	Date         string         `json:"date"`
	Venue        string         `json:"venue"`
	Games        int            `json:"games"`
	HandsPerGame int            `json:"hands_per_game"`
	Qualifiers   int            `json:"qualifiers"`
	Notes        string         `json:"notes"`
	SitOut       string         `json:"sit_out"`
	ByePoints    string         `json:"bye_points"`
	Rules        *scoring.Rules `json:"rules"`
}

func (in tournamentInput) tournament() (tournament.Tournament, error) {
	t := tournament.Tournament{Name: in.Name, Date: in.Date, Venue: in.Venue, Format: tournament.FormatThreePlayer,
		Games: in.Games, HandsPerGame: in.HandsPerGame, Qualifiers: in.Qualifiers, Notes: in.Notes,
		SitOut: tournament.SitOutPolicy(in.SitOut), Rules: scoring.ThreePlayer, ByePoints: tournament.DefaultByePoints}
	if in.Games == 0 {
		t.Games = tournament.DefaultGames
	}
	if in.HandsPerGame == 0 {
		t.HandsPerGame = tournament.DefaultHandsPerGame
	}
	if in.Rules != nil {
		t.Rules = *in.Rules
	}
	if in.ByePoints != "" {
		p, ok := tournament.ParsePoints(in.ByePoints)
		if !ok {
			return t, &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"bye_points": "tournament.err.bye_points"}}
		}
		t.ByePoints = p
	}
	return t, nil
}

// apiTournament is a tournament as the API shows it, with points as text.
func apiTournament(t tournament.Tournament) map[string]any {
	return map[string]any{"id": t.ID, "name": t.Name, "date": t.Date, "venue": t.Venue, "format": t.Format,
		"games": t.Games, "hands_per_game": t.HandsPerGame, "qualifiers": t.Qualifiers, "notes": t.Notes,
		"sit_out": t.SitOut, "bye_points": t.ByePoints.String(), "rules": t.Rules, "created_at": t.CreatedAt}
}

func (s *Server) apiListTournaments(c echo.Context) error {
	ts, err := s.evenings.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(ts))
	for i, t := range ts {
		out[i] = apiTournament(t)
	}
	return c.JSON(http.StatusOK, map[string]any{"tournaments": out})
}

func (s *Server) apiCreateTournament(c echo.Context) error {
	var in tournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := in.tournament()
	if err != nil {
		return err
	}
	if err := s.evenings.Create(c.Request().Context(), &t); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, apiTournament(t))
}

func (s *Server) apiUpdateTournament(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	var in tournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := in.tournament()
	if err != nil {
		return err
	}
	up, err := s.evenings.Update(c.Request().Context(), id, t)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiTournament(*up))
}

// apiGetTournament returns the tournament with its entries, games and what to do next.
func (s *Server) apiGetTournament(c echo.Context) error {
	ev, err := s.evening(c)
	if err != nil {
		return err
	}
	st := statusOfEvening(ev)
	games := make([]map[string]any, len(ev.Games))
	for i := range ev.Games {
		games[i] = apiGame(ev, &ev.Games[i])
	}
	return c.JSON(http.StatusOK, map[string]any{"tournament": apiTournament(ev.Tournament), "entries": ev.Entries,
		"games": games, "next": st.Next, "next_text": Translate(langOf(c), st.Next, len(ev.Games)+1)})
}

func apiGame(ev *tournament.Evening, g *tournament.Game) map[string]any {
	results := g.Results(ev.Tournament.HandsPerGame)
	tables := make([]map[string]any, len(results))
	for i, r := range results {
		pts := make([]string, len(r.Points))
		for j, p := range r.Points {
			pts[j] = p.String()
		}
		tables[i] = map[string]any{"number": r.Number, "seats": r.Seats, "scores": r.Scores, "points": pts,
			"entered": r.Entered, "complete": r.Complete}
	}
	sitOuts := g.Seating.SitOuts
	if sitOuts == nil {
		sitOuts = []int64{}
	}
	return map[string]any{"number": g.Number, "seed": g.Seed, "drawn_at": g.DrawnAt, "override": g.Override,
		"tables": tables, "sit_outs": sitOuts, "complete": g.Complete(ev.Tournament.HandsPerGame), "started": g.Started()}
}

// apiAddEntry enters a registered player ({"player_id": 7}) or registers and enters a
// new one ({"player": {...}}).
func (s *Server) apiAddEntry(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	var in struct {
		PlayerID int64        `json:"player_id"`
		Player   *playerInput `json:"player"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var e *tournament.Entry
	if in.Player != nil {
		p := in.Player.player()
		e, err = s.evenings.AddNewPlayer(c.Request().Context(), id, &p)
	} else {
		e, err = s.evenings.AddPlayer(c.Request().Context(), id, in.PlayerID)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, e)
}

func (s *Server) apiSetEntry(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	var in struct {
		CheckedIn bool `json:"checked_in"`
		Withdrawn bool `json:"withdrawn"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	e, err := s.evenings.SetEntry(c.Request().Context(), id, eid, in.CheckedIn, in.Withdrawn, directorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

func (s *Server) apiDraw(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	var in struct {
		Seed     int64  `json:"seed"`
		Override string `json:"override"`
	}
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil {
			return err
		}
	}
	if _, err := s.evenings.Draw(c.Request().Context(), id, tournament.DrawOptions{Seed: in.Seed, Override: in.Override}, directorOf(c).Username); err != nil {
		return err
	}
	ev, err := s.evenings.Evening(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, apiGame(ev, ev.Current()))
}

func (s *Server) apiGetGame(c echo.Context) error {
	ev, g, err := s.eveningGame(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiGame(ev, g))
}

func (s *Server) apiOverrideSeats(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	var in tournament.Seating
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.evenings.OverrideSeats(c.Request().Context(), id, n, in, directorOf(c).Username); err != nil {
		return err
	}
	return s.apiGetGame(c)
}

// apiSaveSheet replaces a table's hands: {"hands": [[hand, hand, hand], ...]}, a hand
// being null where nothing was entered.
func (s *Server) apiSaveSheet(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	table, _ := strconv.Atoi(c.Param("t"))
	var in struct {
		Hands [][]*scoring.Hand `json:"hands"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	out, err := s.evenings.SaveSheet(c.Request().Context(), id, n, table, tournament.Sheet{Hands: in.Hands}, directorOf(c).Username)
	if err != nil {
		return err
	}
	ev, err := s.evenings.Evening(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"outcome": out, "game": apiGame(ev, &ev.Games[n-1])})
}

// apiStanding is a standings line with points as text ("4.5") and in sixths.
func apiStanding(st tournament.Standing) map[string]any {
	games := make([]map[string]any, len(st.Games))
	for i, g := range st.Games {
		games[i] = map[string]any{"game": g.Game, "table": g.Table, "score": g.Score, "points": g.Points.String(), "sat_out": g.SatOut, "done": g.Done}
	}
	return map[string]any{"place": st.Place, "tied": st.Tied, "entry_id": st.Entry.ID, "player_id": st.Entry.PlayerID,
		"name": st.Entry.Name, "points": st.Points.String(), "points_sixths": int(st.Points), "game_points": st.GamePoints,
		"best_game": st.Best, "played": st.Played, "sat_out": st.SatOut, "withdrawn": st.Entry.Withdrawn,
		"qualifies": st.Qualifies, "at_cut": st.AtCut, "games": games}
}

func (s *Server) apiStandings(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	_, ss, err := s.evenings.Standings(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(ss))
	for i, st := range ss {
		out[i] = apiStanding(st)
	}
	return c.JSON(http.StatusOK, map[string]any{"standings": out})
}

func (s *Server) apiEvents(c echo.Context) error {
	id, err := idParam(c)
	if err != nil {
		return err
	}
	evs, err := s.evenings.Events(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"events": evs})
}
