package views

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// etag is a version as an HTTP entity tag.
func etag(version int) string { return `"` + strconv.Itoa(version) + `"` }

// ifMatch reads the version an API write expects from If-Match: 0 when the header is
// absent or "*" (the write then saves over whatever is stored).
func ifMatch(c echo.Context) (int, error) {
	h := strings.TrimSpace(c.Request().Header.Get("If-Match"))
	if h == "" || h == "*" {
		return 0, nil
	}
	v, err := strconv.Atoi(strings.Trim(strings.TrimPrefix(h, "W/"), `"`))
	if err != nil || v < 1 {
		return 0, &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"If-Match": "api.if_match"}}
	}
	return v, nil
}

// apiConflict answers a stale write with 409, the error, and what is stored now.
func apiConflict(c echo.Context, err error, current any, version int) error {
	e, _ := tournament.AsError(err)
	lang := page.LangOf(c)
	c.Response().Header().Set("ETag", etag(version))
	return c.JSON(http.StatusConflict, map[string]any{
		"error":   apiErrorBody{Code: e.Code, Message: page.TranslateFor(lang, page.FormatUsed(c), e.Key, e.Args...)},
		"current": current,
	})
}

func isStale(err error) bool {
	e, ok := tournament.AsError(err)
	return ok && e.Code == tournament.ECONFLICT && strings.HasSuffix(e.Key, ".stale")
}

// tournamentInput is the JSON body of a tournament create or update. settings are the
// format's own; rules start from preset (the format's when absent) and take only the
// fields given. On an update, what is left out keeps its stored value: settings and
// rules take only the fields given over the stored ones (a preset starts the rules
// afresh), and an absent venue, notes, scale_id or qualifiers stays as it is.
type tournamentInput struct {
	Name       string          `json:"name"`
	Date       string          `json:"date"`
	Venue      *string         `json:"venue"`
	Notes      *string         `json:"notes"`
	Format     string          `json:"format"`
	Qualifiers *int            `json:"qualifiers"`
	Settings   json.RawMessage `json:"settings"`
	Preset     string          `json:"preset"`
	Rules      json.RawMessage `json:"rules"`
	ScaleID    *int64          `json:"scale_id"`
}

// over returns the update of a stored stage: the input's settings and rules merged over
// the stored ones, and the stored scale and qualifiers where the input gives none.
func (in tournamentInput) over(t *tournament.Tournament, st *tournament.Stage) (tournamentInput, error) {
	if in.Venue == nil {
		in.Venue = &t.Venue
	}
	if in.Notes == nil {
		in.Notes = &t.Notes
	}
	if in.Format == "" {
		in.Format = st.Format
	}
	if in.Format != st.Format {
		return in, nil // another format: nothing to merge
	}
	var err error
	if in.Settings, err = mergeJSON(st.Settings, in.Settings); err != nil {
		return in, &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"settings": "api.bad_settings"}}
	}
	if in.Preset == "" {
		if in.Rules, err = mergeJSON(st.Rules, in.Rules); err != nil {
			return in, &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"rules": "rules.not_object"}}
		}
	}
	if in.ScaleID == nil {
		in.ScaleID = st.ScaleID
	}
	if in.Qualifiers == nil {
		in.Qualifiers = &st.Qualifiers
	}
	return in, nil
}

// mergeJSON returns the JSON object of stored with the members of given put over it.
func mergeJSON(stored any, given json.RawMessage) (json.RawMessage, error) {
	base, err := json.Marshal(stored)
	if err != nil {
		return nil, err
	}
	m := map[string]json.RawMessage{}
	if err := json.Unmarshal(base, &m); err != nil {
		return nil, err
	}
	if len(given) > 0 && string(given) != "null" {
		over := map[string]json.RawMessage{}
		if err := json.Unmarshal(given, &over); err != nil {
			return nil, err
		}
		for k, v := range over {
			m[k] = v
		}
	}
	return json.Marshal(m)
}

// presetOf names the preset whose rules a format starts from.
func presetOf(fm tournament.Format) string {
	for _, p := range scoring.Presets {
		if p.Rules == fm.Rules() {
			return p.Name
		}
	}
	return "standard"
}

// read turns the input into a tournament and its stage; every problem of the input comes
// back at once, settings fields named "settings.<field>".
func (in tournamentInput) read() (tournament.Tournament, tournament.Stage, error) {
	t := tournament.Tournament{Name: in.Name, Date: in.Date}
	if in.Venue != nil {
		t.Venue = *in.Venue
	}
	if in.Notes != nil {
		t.Notes = *in.Notes
	}
	if in.Format == "" {
		in.Format = tournament.DefaultFormat().Name()
	}
	fe := tournament.FieldErrors{}
	fm, ok := tournament.FormatOf(in.Format)
	if !ok {
		fe.Add("format", "tournament.err.format")
		return t, tournament.Stage{}, fe.Err()
	}
	st := tournament.Stage{Format: fm.Name(), ScaleID: in.ScaleID}
	if in.Qualifiers != nil {
		st.Qualifiers = *in.Qualifiers
	}
	settings, err := fm.Decode(in.Settings)
	if err != nil {
		fe.Add("settings", "api.bad_settings")
		settings = fm.Defaults()
	}
	st.Settings = settings
	preset := in.Preset
	if preset == "" {
		preset = presetOf(fm)
	} else if _, ok := scoring.PresetRules(preset); !ok {
		fe.Add("preset", "rules.preset_unknown")
		preset = presetOf(fm)
	}
	rules, problems := scoring.DecodeRules(in.Rules, preset)
	for k, v := range problems {
		fe.Add("rules."+k, v)
	}
	st.Rules = rules
	if in.ScaleID != nil && *in.ScaleID <= 0 {
		fe.Add("scale_id", "tournament.err.scale")
	}
	// The domain's checks, with the settings' fields named as the API names them.
	t2 := t
	t2.Normalize()
	all := t2.Validate()
	named := map[string]bool{}
	for _, fd := range fm.Fields() {
		named[fd.Name] = true
	}
	for k, v := range st.Validate() {
		if named[k] {
			k = "settings." + k
		}
		all.Add(k, v)
	}
	for k, v := range all {
		fe.Add(k, v)
	}
	return t, st, fe.Err()
}

// apiTournament is a tournament with its stage as the API shows it.
func apiTournament(t *tournament.Tournament, st *tournament.Stage) map[string]any {
	return map[string]any{"id": t.ID, "name": t.Name, "date": t.Date, "venue": t.Venue, "notes": t.Notes,
		"version": t.Version, "published": t.Published, "format": st.Format, "settings": st.Settings, "rules": st.Rules, "qualifiers": st.Qualifiers,
		"scale_id": st.ScaleID, "scale": st.Scale, "created_at": t.CreatedAt, "updated_at": t.UpdatedAt}
}

func (s *Server) apiListTournaments(c echo.Context) error {
	ts, err := s.Tournaments.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(ts))
	for i, t := range ts {
		out[i] = map[string]any{"id": t.ID, "name": t.Name, "date": t.Date, "venue": t.Venue, "version": t.Version}
	}
	return c.JSON(http.StatusOK, map[string]any{"tournaments": out})
}

func (s *Server) apiCreateTournament(c echo.Context) error {
	var in tournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, st, err := in.read()
	if err != nil {
		return err
	}
	if err := s.Tournaments.Create(c.Request().Context(), &t, &st); err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(t.Version))
	return c.JSON(http.StatusCreated, apiTournament(&t, &st))
}

func (s *Server) apiUpdateTournament(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in tournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cur, err := s.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if in, err = in.over(&cur.Tournament, &cur.Stage); err != nil {
		return err
	}
	t, st, err := in.read()
	if err != nil {
		return err
	}
	t.Version = version
	up, upStage, err := s.Tournaments.Update(c.Request().Context(), id, t, st, page.DirectorOf(c).Username)
	if isStale(err) {
		now, lerr := s.Tournaments.Load(c.Request().Context(), id)
		if lerr != nil {
			return lerr
		}
		return apiConflict(c, err, apiTournament(&now.Tournament, &now.Stage), now.Tournament.Version)
	} else if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(up.Version))
	return c.JSON(http.StatusOK, apiTournament(up, upStage))
}

// apiGetTournament returns the tournament with its stage, entries, rounds and what to do
// next.
func (s *Server) apiGetTournament(c echo.Context) error {
	ev, err := s.Evening(c)
	if err != nil {
		return err
	}
	step := ev.Format().Next(ev)
	rounds := make([]map[string]any, len(ev.Rounds))
	for i := range ev.Rounds {
		rounds[i] = apiRound(ev, &ev.Rounds[i])
	}
	entries := ev.Entries
	if entries == nil {
		entries = []tournament.Entry{}
	}
	c.Response().Header().Set("ETag", etag(ev.Tournament.Version))
	return c.JSON(http.StatusOK, map[string]any{"tournament": apiTournament(&ev.Tournament, &ev.Stage), "entries": entries,
		"rounds": rounds, "next": step.Key, "next_text": page.TranslateFor(page.LangOf(c), ev.Stage.Format, step.Key, step.Args...),
		"next_round": step.Round, "next_table": step.Table})
}

// apiTable is a table's seats, result and version.
func apiTable(tb *tournament.Table, r tournament.TableResult) map[string]any {
	pts := make([]tournament.Points, len(r.Points))
	copy(pts, r.Points)
	out := map[string]any{"number": tb.Number, "version": tb.Version, "entries": r.Entries, "scores": r.Scores, "points": pts,
		"entered": r.Entered, "expected": r.Expected, "complete": r.Complete}
	if r.MP != nil {
		out["mp"] = r.MP // a format that scores matches: each side's signed match points
	}
	return out
}

func apiRound(ev *tournament.State, g *tournament.Round) map[string]any {
	results := ev.Results(g)
	tables := make([]map[string]any, len(results))
	for i := range results {
		tables[i] = apiTable(&g.Tables[i], results[i])
	}
	byes := g.Byes
	if byes == nil {
		byes = []tournament.Bye{}
	}
	return map[string]any{"number": g.Number, "seed": g.Seed, "drawn_at": g.DrawnAt, "override": g.Override,
		"tables": tables, "byes": byes, "complete": ev.Complete(g), "started": g.Started()}
}

// apiAddEntry enters a registered player ({"player_id": 7}), several at once
// ({"player_ids": [7, 8, 9]}: all or none), registers and enters a new one
// ({"player": {...}}), or enters a pair where the format takes pairs ({"pair": [7, 8]}).
// New entries start absent. One entry answers with the entry,
// several with {"entries": [...]}.
func (s *Server) apiAddEntry(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in struct {
		PlayerID  int64        `json:"player_id"`
		PlayerIDs []int64      `json:"player_ids"`
		Player    *playerInput `json:"player"`
		NewPerson bool         `json:"new_person"`
		Pair      []int64      `json:"pair"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	given := 0
	for _, set := range []bool{in.PlayerID != 0, in.PlayerIDs != nil, in.Player != nil, in.Pair != nil} {
		if set {
			given++
		}
	}
	if given > 1 { // one way of entering at a time: never silently ignore a part of it
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"entry": "entries.one_way"}}
	}
	ctx, director := c.Request().Context(), page.DirectorOf(c).Username
	var e *tournament.Entry
	switch {
	case in.Pair != nil:
		if len(in.Pair) != 2 {
			return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"pair": "entries.pair_two"}}
		}
		e, err = s.Tournaments.AddPair(ctx, id, in.Pair[0], in.Pair[1], director)
	case in.Player != nil:
		p := in.Player.player()
		if in.NewPerson {
			e, err = s.Tournaments.AddNewPerson(ctx, id, &p, director)
		} else if e, err = s.Tournaments.AddNewPlayer(ctx, id, &p, director); err != nil {
			var dup *tournament.DuplicateError
			if errors.As(err, &dup) {
				return apiDuplicate(c, dup)
			}
		}
	case in.PlayerIDs != nil:
		var es []tournament.Entry
		if es, err = s.Tournaments.AddPlayers(ctx, id, in.PlayerIDs, director); err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, map[string]any{"entries": es})
	default:
		e, err = s.Tournaments.AddPlayer(ctx, id, in.PlayerID, director)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, e)
}

// apiDuplicate answers a new player who looks like a registered one: 409, the error's
// message naming them, and duplicate_of, the registered player (the best match; all of
// them in duplicates).
func apiDuplicate(c echo.Context, dup *tournament.DuplicateError) error {
	d := dup.Of[0]
	msg := page.Translate(page.LangOf(c), dup.Err.Key, dup.Err.Args...)
	return c.JSON(http.StatusConflict, map[string]any{
		"error": map[string]any{"code": tournament.ECONFLICT, "message": msg, "duplicate_of": d, "duplicates": dup.Of},
	})
}

// apiRemoveEntry takes out an entry made by mistake, never drawn; logged, with undo.
func (s *Server) apiRemoveEntry(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	e, err := s.Tournaments.RemoveEntry(c.Request().Context(), id, eid, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"removed": e})
}

// apiMarkAllPresent checks in every entry not withdrawn: the roll call's shortcut.
func (s *Server) apiMarkAllPresent(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := s.Tournaments.MarkAllPresent(c.Request().Context(), id, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"marked": n})
}

func (s *Server) apiSetEntry(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	var in struct {
		CheckedIn *bool `json:"checked_in"`
		Withdrawn *bool `json:"withdrawn"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.CheckedIn == nil && in.Withdrawn == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"checked_in": "entries.change_required"}}
	}
	e, out, err := s.Tournaments.SetEntry(c.Request().Context(), id, eid, tournament.EntryChange{CheckedIn: in.CheckedIn, Withdrawn: in.Withdrawn}, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	// The entry as always, with what its change did to the current round.
	return c.JSON(http.StatusOK, struct {
		*tournament.Entry
		RoundChange *tournament.EntryOutcome `json:"round_change"`
	}{e, out})
}

func (s *Server) apiDraw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in struct {
		Seed     int64  `json:"seed"`
		Override string `json:"override"`
		Round    int    `json:"round"`
	}
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil {
			return err
		}
	}
	if in.Seed < 0 {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"seed": "draw.seed"}}
	}
	ev, r, err := s.Tournaments.DrawState(c.Request().Context(), id, tournament.DrawOptions{Seed: in.Seed, Override: in.Override, Round: in.Round}, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, apiRound(ev, r))
}

// apiUndoDraw removes the last round while nothing of it is entered.
func (s *Server) apiUndoDraw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || c.Param("n") != strconv.Itoa(n) {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if err := s.Tournaments.UndoDraw(c.Request().Context(), id, n, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiAwardMissed gives a late arrival the bye points for the rounds missed.
func (s *Server) apiAwardMissed(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	rounds, err := s.Tournaments.AwardMissed(c.Request().Context(), id, eid, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"rounds": rounds})
}

func (s *Server) apiGetRound(c echo.Context) error {
	ev, g, err := s.EveningRound(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiRound(ev, g))
}

func (s *Server) apiOverrideSeats(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	var in tournament.Seats
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.Tournaments.OverrideSeats(c.Request().Context(), id, n, in, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return s.apiGetRound(c)
}

// tableParams reads :id, :n and :t.
func tableParams(c echo.Context) (id int64, n, t int, err error) {
	if id, err = page.IDParam(c); err != nil {
		return 0, 0, 0, err
	}
	n, err1 := strconv.Atoi(c.Param("n"))
	t, err2 := strconv.Atoi(c.Param("t"))
	if err1 != nil || err2 != nil {
		return 0, 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, n, t, nil
}

// apiTableState is a table as its score sheet holds it: seats, hands, result, version.
func apiTableState(ts *tournament.TableState) map[string]any {
	st := &tournament.State{Tournament: ts.Tournament, Stage: ts.Stage, Entries: ts.Entries}
	out := apiTable(&ts.Table, st.Format().Result(st, &ts.Table))
	hands := ts.Table.Hands
	if hands == nil {
		hands = []tournament.HandScore{}
	}
	out["round"], out["hands"], out["sides"], out["outcome"] = ts.Round.Number, hands, ts.Table.Sides, ts.Table.Outcome
	return out
}

func (s *Server) apiGetTable(c echo.Context) error {
	id, n, t, err := tableParams(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	ts, err := s.Tournaments.StageTable(c.Request().Context(), id, seq, n, t)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(ts.Table.Version))
	return c.JSON(http.StatusOK, apiTableState(ts))
}

// apiSaveSheet replaces a table's hands: {"hands": [[hand, hand, hand], ...]}, a hand
// being null where nothing was entered, and sets its outcome when "outcome" is given
// ({"kind": "timeout", "side": 2}; {"kind": ""} removes it; absent keeps it). "hands"
// is required unless an outcome is given: clearing a table is DELETE on the same path. "next_round" ("reseat" or "keep") answers a 409 that lists
// the seats of the next round a correction would move.
func (s *Server) apiSaveSheet(c echo.Context) error {
	var in struct {
		Hands     [][]*scoring.Hand   `json:"hands"`
		NextRound string              `json:"next_round"`
		Outcome   *tournament.Outcome `json:"outcome"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Hands == nil && in.Outcome == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"hands": "sheet.hands_required"}}
	}
	return s.apiWriteSheet(c, tournament.Sheet{Hands: in.Hands, NextRound: in.NextRound, Outcome: in.Outcome})
}

// apiClearSheet removes every hand of a table; ?next_round= answers the question a
// correction after the next draw asks.
func (s *Server) apiClearSheet(c echo.Context) error {
	return s.apiWriteSheet(c, tournament.Sheet{Clear: true, NextRound: c.QueryParam("next_round")})
}

func (s *Server) apiWriteSheet(c echo.Context, sh tournament.Sheet) error {
	id, n, t, err := tableParams(c)
	if err != nil {
		return err
	}
	if sh.Version, err = ifMatch(c); err != nil {
		return err
	}
	if sh.Stage, err = page.StageParam(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	out, err := s.Tournaments.SaveSheet(ctx, id, n, t, sh, page.DirectorOf(c).Username)
	if e, ok := tournament.AsError(err); ok && e.Key == "sheet.reseat_choice" {
		return c.JSON(http.StatusConflict, map[string]any{
			"error": apiErrorBody{Code: e.Code, Message: page.TranslateFor(page.LangOf(c), s.WordingOf(c), e.Key, e.Args...)},
			"moves": out.Moves,
		})
	}
	if isStale(err) {
		ts, lerr := s.Tournaments.StageTable(ctx, id, sh.Stage, n, t)
		if lerr != nil {
			return lerr
		}
		return apiConflict(c, err, apiTableState(ts), ts.Table.Version)
	} else if err != nil {
		return err
	}
	// The answer is the table as the save stored it, without a second read (and without
	// the hands just sent: GET the table for them).
	table := apiTable(out.Table, out.Result)
	table["round"], table["sides"], table["outcome"] = out.Round, out.Table.Sides, out.Table.Outcome
	c.Response().Header().Set("ETag", etag(out.Version))
	return c.JSON(http.StatusOK, map[string]any{"outcome": out, "table": table})
}

// apiStanding is a standings line with its values named by the format's columns
// (points as text, "4.5", and in sixths as "<name>_sixths").
func apiStanding(cols []tournament.Column, st tournament.Standing) map[string]any {
	rounds := make([]map[string]any, len(st.Rounds))
	for i, g := range st.Rounds {
		rounds[i] = map[string]any{"round": g.Round, "table": g.Table, "score": g.Score, "points": g.Points, "bye": g.Bye, "awarded": g.Awarded, "done": g.Done}
	}
	out := map[string]any{"place": st.Place, "tied": st.Tied, "entry_id": st.Entry.ID, "name": st.Entry.Name,
		"members": st.Entry.Members, "played": st.Played, "byes": st.Byes, "withdrawn": st.Entry.Withdrawn,
		"qualifies": st.Qualifies, "at_cut": st.AtCut, "rounds": rounds}
	for i, col := range cols {
		if col.Kind == "points" {
			out[col.Name] = tournament.Points(st.Values[i])
			out[col.Name+"_sixths"] = st.Values[i]
		} else {
			out[col.Name] = st.Values[i]
		}
	}
	return out
}

func (s *Server) apiStandings(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	ev, cols, ss, err := s.Tournaments.StageStandings(c.Request().Context(), id, seq)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(ss))
	for i, st := range ss {
		out[i] = apiStanding(cols, st)
	}
	names := make([]string, len(cols))
	for i, col := range cols {
		names[i] = col.Name
	}
	return c.JSON(http.StatusOK, map[string]any{"stage": ev.Stage.Seq, "format": ev.Stage.Format, "ranked_by": names, "standings": out})
}

// apiPairingOrder is the running standings a round was paired from, with its tie order.
func (s *Server) apiPairingOrder(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	ev, cols, lines, err := s.Tournaments.PairingOrder(c.Request().Context(), id, n)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(lines))
	for i, l := range lines {
		p := page.PairingOf(ev.Round(n), l.Entry.ID)
		out[i] = map[string]any{"rank": i + 1, "entry_id": l.Entry.ID, "name": l.Entry.Name, "byes": l.Byes, "tie": l.Tie,
			"table": p.Table, "against": p.Against, "bye": p.Bye}
		for ci, col := range cols {
			if col.Kind == "points" {
				out[i][col.Name] = tournament.Points(l.Values[ci])
			} else {
				out[i][col.Name] = l.Values[ci]
			}
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"round": n, "order": out})
}

func (s *Server) apiImportTournament(c echo.Context) error {
	raw, err := io.ReadAll(io.LimitReader(c.Request().Body, page.MaxImport))
	if err != nil {
		return err
	}
	if ct := c.Request().Header.Get(echo.HeaderContentType); strings.HasPrefix(ct, echo.MIMEMultipartForm) {
		if raw, err = page.Uploaded(c, "file"); err != nil {
			return tournament.Errorf(tournament.EINVALID, "import.no_file")
		}
	}
	t, err := s.Tournaments.Import(c.Request().Context(), raw)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"tournament": t})
}
