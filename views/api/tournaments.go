package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// over returns the update of a stored stage: the input's settings and rules merged over
// the stored ones, and the stored scale and qualifiers where the input gives none.
func over(in dto.TournamentInput, t *tournament.Tournament, st *tournament.Stage) (dto.TournamentInput, error) {
	if in.Venue == nil {
		in.Venue = &t.Venue
	}
	if in.Notes == nil {
		in.Notes = &t.Notes
	}
	if in.Tier == nil {
		in.Tier = &t.Tier
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
func read(in dto.TournamentInput) (tournament.Tournament, tournament.Stage, error) {
	t := tournament.Tournament{Name: in.Name, Date: in.Date}
	if in.Tier != nil {
		t.Tier = *in.Tier
	}
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

// ListTournaments lists the tournaments.
func (h *Handlers) ListTournaments(c echo.Context) error {
	ts, err := h.Tournaments.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]dto.TournamentSummary, len(ts))
	for i, t := range ts {
		out[i] = dto.TournamentSummary{ID: t.ID, Name: t.Name, Date: t.Date, Venue: t.Venue, Version: t.Version}
	}
	return c.JSON(http.StatusOK, dto.TournamentList{Tournaments: out})
}

// CreateTournament creates a tournament with its first stage.
func (h *Handlers) CreateTournament(c echo.Context) error {
	var in dto.TournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, st, err := read(in)
	if err != nil {
		return err
	}
	if err := h.Tournaments.Create(c.Request().Context(), &t, &st, page.DirectorOf(c).Username); err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(t.Version))
	return c.JSON(http.StatusCreated, dto.TournamentOf(&t, &st))
}

// UpdateTournament changes a tournament and its stage's settings (If-Match: its version).
func (h *Handlers) UpdateTournament(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in dto.TournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cur, err := h.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if in, err = over(in, &cur.Tournament, &cur.Stage); err != nil {
		return err
	}
	t, st, err := read(in)
	if err != nil {
		return err
	}
	t.Version = version
	up, upStage, err := h.Tournaments.Update(c.Request().Context(), id, t, st, page.DirectorOf(c).Username)
	if isStale(err) {
		now, lerr := h.Tournaments.Load(c.Request().Context(), id)
		if lerr != nil {
			return lerr
		}
		return conflict(c, now.Tournament.Version, dto.TournamentConflict{Error: errorBody(c, page.FormatUsed(c), err), Current: dto.TournamentOf(&now.Tournament, &now.Stage)})
	} else if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(up.Version))
	return c.JSON(http.StatusOK, dto.TournamentOf(up, upStage))
}

// GetTournament answers the tournament with its stage, entries, rounds and what to do
// next.
func (h *Handlers) GetTournament(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	lang := page.LangOf(c)
	return h.KeptJSON(c, id, 0, "tournament", func(s tournament.Snapshot) (any, string, error) {
		ev := s.State()
		step := ev.Format().Next(ev)
		rounds := make([]dto.Round, len(ev.Rounds))
		for i := range ev.Rounds {
			rounds[i] = dto.RoundOf(ev, &ev.Rounds[i])
		}
		entries := ev.Entries
		if entries == nil {
			entries = []tournament.Entry{}
		}
		return dto.TournamentDetail{Tournament: dto.TournamentOf(&ev.Tournament, &ev.Stage), Entries: entries,
			Rounds: rounds, Next: step.Key, NextText: page.TranslateFor(lang, ev.Stage.Format, step.Key, step.Args...),
			NextRound: step.Round, NextTable: step.Table}, etag(ev.Tournament.Version), nil
	})
}

// AddEntry enters a registered player ({"player_id": 7}), several at once
// ({"player_ids": [7, 8, 9]}: all or none), registers and enters a new one
// ({"player": {...}}), or enters a pair where the format takes pairs ({"pair": [7, 8]}).
// New entries start absent. One entry answers with the entry; player_ids (kept for
// older clients, and left out of the OpenAPI document) with {"entries": [...]}, as
// AddEntries does.
func (h *Handlers) AddEntry(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.EntryInput
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
		e, err = h.Tournaments.AddPair(ctx, id, in.Pair[0], in.Pair[1], director)
	case in.Player != nil:
		p := player(*in.Player)
		if in.NewPerson {
			e, err = h.Tournaments.AddNewPerson(ctx, id, &p, director)
		} else if e, err = h.Tournaments.AddNewPlayer(ctx, id, &p, director); err != nil {
			var dup *tournament.DuplicateError
			if errors.As(err, &dup) {
				return duplicate(c, dup)
			}
		}
	case in.PlayerIDs != nil:
		var es []tournament.Entry
		if es, err = h.Tournaments.AddPlayers(ctx, id, in.PlayerIDs, director); err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, dto.EntryList{Entries: es})
	default:
		e, err = h.Tournaments.AddPlayer(ctx, id, in.PlayerID, director)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, e)
}

// AddEntries enters several registered players at once, all or none
// ({"player_ids": [7, 8, 9]}), and answers {"entries": [...]}: POST …/entries/batch.
func (h *Handlers) AddEntries(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.EntriesInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	es, err := h.Tournaments.AddPlayers(c.Request().Context(), id, in.PlayerIDs, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.EntryList{Entries: es})
}

// duplicate answers a new player who looks like a registered one: 409, the error's
// message naming them, and duplicate_of, the registered player (the best match; all of
// them in duplicates).
func duplicate(c echo.Context, dup *tournament.DuplicateError) error {
	d := dup.Of[0]
	msg := page.Translate(page.LangOf(c), dup.Err.Key, dup.Err.Args...)
	return c.JSON(http.StatusConflict, dto.Duplicate{
		Error: dto.DuplicateBody{Code: tournament.ECONFLICT, Message: msg, DuplicateOf: d, Duplicates: dup.Of},
	})
}

// RemoveEntry takes out an entry made by mistake, never drawn; logged, with undo.
func (h *Handlers) RemoveEntry(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	e, err := h.Tournaments.RemoveEntry(c.Request().Context(), id, eid, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.EntryRemoved{Removed: e})
}

// MarkAllPresent checks in every entry not withdrawn: the roll call's shortcut.
func (h *Handlers) MarkAllPresent(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := h.Tournaments.MarkAllPresent(c.Request().Context(), id, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.Marked{Marked: n})
}

// SetEntry checks an entry in or out, or withdraws it or brings it back.
func (h *Handlers) SetEntry(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	var in dto.EntryChangeInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.CheckedIn == nil && in.Withdrawn == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"checked_in": "entries.change_required"}}
	}
	e, out, err := h.Tournaments.SetEntry(c.Request().Context(), id, eid, tournament.EntryChange{CheckedIn: in.CheckedIn, Withdrawn: in.Withdrawn}, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	// The entry as always, with what its change did to the current round.
	return c.JSON(http.StatusOK, dto.EntryChanged{Entry: e, RoundChange: out})
}

// Draw draws the next round (the body, optional, gives a seed and why it is early).
func (h *Handlers) Draw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.DrawInput
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil {
			return err
		}
	}
	if in.Seed < 0 {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"seed": "draw.seed"}}
	}
	ev, r, err := h.Tournaments.DrawState(c.Request().Context(), id, tournament.DrawOptions{Seed: in.Seed, Override: in.Override, Round: in.Round}, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.RoundOf(ev, r))
}

// UndoDraw removes the last round while nothing of it is entered.
func (h *Handlers) UndoDraw(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || c.Param("n") != strconv.Itoa(n) {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if err := h.Tournaments.UndoDraw(c.Request().Context(), id, n, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// AwardMissed gives a late arrival the bye points for the rounds missed.
func (h *Handlers) AwardMissed(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	eid, _ := strconv.ParseInt(c.Param("eid"), 10, 64)
	rounds, err := h.Tournaments.AwardMissed(c.Request().Context(), id, eid, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.Awarded{Rounds: rounds})
}

// GetRound answers a round of the current stage.
func (h *Handlers) GetRound(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	return h.KeptJSON(c, id, 0, "round/"+strconv.Itoa(n), func(s tournament.Snapshot) (any, string, error) {
		g := s.State().Round(n)
		if g == nil {
			return nil, "", tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		return dto.RoundOf(s.State(), g), "", nil
	})
}

// OverrideSeats changes a round's seats by hand.
func (h *Handlers) OverrideSeats(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, _ := strconv.Atoi(c.Param("n"))
	var in dto.SeatsInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.Tournaments.OverrideSeats(c.Request().Context(), id, n, in, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return h.GetRound(c)
}

// GetTable answers a table as its score sheet holds it (?stage=n for an earlier stage).
func (h *Handlers) GetTable(c echo.Context) error {
	id, n, t, err := tableParams(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	return h.KeptJSON(c, id, seq, "table/"+strconv.Itoa(n)+"/"+strconv.Itoa(t), func(tournament.Snapshot) (any, string, error) {
		// The table as stored now: at the snapshot's stamp or later, never earlier.
		ts, err := h.Tournaments.StageTable(ctx, id, seq, n, t)
		if err != nil {
			return nil, "", err
		}
		return dto.TableStateOf(ts), etag(ts.Table.Version), nil
	})
}

// SaveSheet replaces a table's hands: {"hands": [[hand, hand, hand], ...]}, a hand
// being null where nothing was entered, and sets its outcome when "outcome" is given
// ({"kind": "timeout", "side": 2}; {"kind": ""} removes it; absent keeps it). "hands"
// is required unless an outcome is given: clearing a table is DELETE on the same path. "next_round" ("reseat" or "keep") answers a 409 that lists
// the seats of the next round a correction would move.
func (h *Handlers) SaveSheet(c echo.Context) error {
	var in dto.SheetInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Hands == nil && in.Outcome == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"hands": "sheet.hands_required"}}
	}
	return h.writeSheet(c, tournament.Sheet{Hands: in.Hands, NextRound: in.NextRound, Outcome: in.Outcome})
}

// ClearSheet removes every hand of a table; ?next_round= answers the question a
// correction after the next draw asks.
func (h *Handlers) ClearSheet(c echo.Context) error {
	return h.writeSheet(c, tournament.Sheet{Clear: true, NextRound: c.QueryParam("next_round")})
}

// writeSheet saves sh and answers what the save did, or the question a correction asks.
func (h *Handlers) writeSheet(c echo.Context, sh tournament.Sheet) error {
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
	out, err := h.Tournaments.SaveSheet(ctx, id, n, t, sh, page.DirectorOf(c).Username)
	if e, ok := tournament.AsError(err); ok && e.Key == "sheet.reseat_choice" {
		return c.JSON(http.StatusConflict, dto.ReseatChoice{Error: errorBody(c, h.WordingOf(c), e), Moves: out.Moves})
	}
	if isStale(err) {
		ts, lerr := h.Tournaments.StageTable(ctx, id, sh.Stage, n, t)
		if lerr != nil {
			return lerr
		}
		return conflict(c, ts.Table.Version, dto.TableConflict{Error: errorBody(c, page.FormatUsed(c), err), Current: dto.TableStateOf(ts)})
	} else if err != nil {
		return err
	}
	// The answer is the table as the save stored it, without a second read (and without
	// the hands just sent: GET the table for them).
	c.Response().Header().Set("ETag", etag(out.Version))
	return c.JSON(http.StatusOK, dto.SheetSaved{Outcome: out, Table: dto.SavedTableOf(out)})
}

// Standings answers the standings of the current stage (?stage=n for an earlier one).
func (h *Handlers) Standings(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c)
	if err != nil {
		return err
	}
	return h.KeptJSON(c, id, seq, "standings", func(s tournament.Snapshot) (any, string, error) {
		ev := s.State()
		cols, ss := s.Standings()
		out := make([]dto.StandingLine, len(ss))
		for i, st := range ss {
			out[i] = dto.StandingLineOf(cols, st)
		}
		names := make([]string, len(cols))
		for i, col := range cols {
			names[i] = col.Name
		}
		return dto.Standings{Stage: ev.Stage.Seq, Format: ev.Stage.Format, RankedBy: names, Standings: out}, "", nil
	})
}

// PairingOrder answers the running standings a round was paired from, with its tie order.
func (h *Handlers) PairingOrder(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	return h.KeptJSON(c, id, 0, "order/"+strconv.Itoa(n), func(s tournament.Snapshot) (any, string, error) {
		cols, lines, err := s.PairingOrder(n)
		if err != nil {
			return nil, "", err
		}
		ev := s.State()
		out := make([]dto.PairingLine, len(lines))
		for i, l := range lines {
			p := page.PairingOf(ev.Round(n), l.Entry.ID)
			out[i] = dto.PairingLine{Rank: i + 1, EntryID: l.Entry.ID, Name: l.Entry.Name, Byes: l.Byes, Tie: l.Tie,
				Table: p.Table, Against: p.Against, Bye: p.Bye, Partners: p.Partners, Opponents: p.Opponents, Avoided: l.Avoided, Why: l.Why,
				ForfeitByes: l.ForfeitByes, ForfeitRound: l.ForfeitRound, Columns: dto.ColumnsOf(cols, l.Values, false)}
		}
		return dto.PairingOrder{Round: n, Order: out}, "", nil
	})
}

// ImportTournament creates a tournament from a whole document (JSON, or a multipart "file").
func (h *Handlers) ImportTournament(c echo.Context) error {
	raw, err := io.ReadAll(c.Request().Body) // at most the route's body limit (site.ImportBody)
	if err != nil {
		return err
	}
	if ct := c.Request().Header.Get(echo.HeaderContentType); strings.HasPrefix(ct, echo.MIMEMultipartForm) {
		if raw, err = page.Uploaded(c, "file"); err != nil {
			return tournament.Errorf(tournament.EINVALID, "import.no_file")
		}
	}
	t, err := h.Tournaments.Import(c.Request().Context(), raw)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.Imported{Tournament: t})
}

// ExportTournament downloads a whole tournament as one JSON document.
func (h *Handlers) ExportTournament(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	doc, err := h.Tournaments.Export(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("tournament-%d.json", id)))
	return c.JSONPretty(http.StatusOK, doc, "  ")
}
