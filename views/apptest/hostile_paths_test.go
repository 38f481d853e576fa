package apptest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// hostileCorpus is what no name or note is stored with (docs/SECURITY.md, "Hostile
// text"), each with the message key its field shows: bidirectional controls, invisible
// characters, control characters, and a name far past any length limit.
var hostileCorpus = []struct{ name, v, key string }{
	{"U+202E right-to-left override", "Ros\u202esi", "error.control_chars"},
	{"U+2066 left-to-right isolate", "Ros\u2066si", "error.control_chars"},
	{"U+2069 pop directional isolate", "Ros\u2069si", "error.control_chars"},
	{"U+200B zero-width space", "Ros\u200bsi", "error.invisible_chars"},
	{"U+200D zero-width joiner", "Ros\u200dsi", "error.invisible_chars"},
	{"U+FEFF byte order mark", "Ros\ufeffsi", "error.invisible_chars"},
	{"U+2028 line separator", "Ros\u2028si", "error.invisible_chars"},
	{"NUL", "Ros\x00si", "error.control_chars"},
	{"BEL", "Ros\x07si", "error.control_chars"},
	{"ESC", "Ros\x1b[2Jsi", "error.control_chars"},
	{"5,000 characters", strings.Repeat("Rossi", 1000), "error.too_long"},
}

// hostileStored reports a text no write path may have stored: a character of the
// corpus, or one over 410 characters (the longest a pair's name may be).
func hostileStored(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return tournament.HostileRune(r, true) || tournament.InvisibleRune(r)
	}) || utf8.RuneCountInString(s) > 410
}

// TestHostileTextRefusedOnEveryWritePath walks every way a name or a note comes in —
// the forms, the API, the players', pairs' and teams' CSV imports, the tournament
// document import and the import into a season — with the same hostile corpus, and
// expects the same refusal each time: the field's message (a form's field error, the
// API's 422 naming the field, an import row's problem), and nothing of it stored
// (checked in the store itself at the end). On SQLite and PostgreSQL (RunBoth).
func TestHostileTextRefusedOnEveryWritePath(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ctx := t.Context()

	// What the paths need: a registered player, a tournament of each kind of entry, a
	// team, a season, a tournament document.
	var anna tournament.Player
	require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, `{"first_name":"Anna","last_name":"Bianchi"}`, &anna).StatusCode)
	var tr struct{ ID int64 }
	require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Serata","date":"2026-11-24","format":"individual3"}`, &tr).StatusCode)
	single := fmt.Sprintf("/tournaments/%d", tr.ID)
	pairs := viewtest.NewPairsEvening(t, c, tok, nil, 0)
	teams := viewtest.NewTeamsEvening(t, c, tok, 2)
	var se struct {
		ID      int64
		Version int
	}
	require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/seasons", tok, `{"name":"Campionato","from":"2000-01-01","to":"2099-12-31"}`, &se).StatusCode)
	base := eveningWithScores(t, app, c)
	var doc tournament.Document
	require.NoError(t, json.Unmarshal([]byte(c.Get(base+"/export.json").Body), &doc))

	// send is an API request with If-Match (when not 0), decoding the error.
	send := func(method, path, body string, ifMatch int) (*viewtest.Response, viewtest.APIError) {
		t.Helper()
		req, _ := http.NewRequest(method, app.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		if strings.HasPrefix(body, "{") {
			req.Header.Set("Content-Type", "application/json")
		} else {
			req.Header.Set("Content-Type", "text/csv")
		}
		if ifMatch != 0 {
			req.Header.Set("If-Match", fmt.Sprintf(`"%d"`, ifMatch))
		}
		res := c.Do(req)
		var e viewtest.APIError
		_ = json.Unmarshal([]byte(res.Body), &e)
		return res, e
	}
	js := func(v string) string { b, _ := json.Marshal(v); return string(b) }
	csvCell := func(v string) string { return `"` + strings.ReplaceAll(v, `"`, `""`) + `"` }
	// api is a JSON path: the status and the message of the field.
	api := func(method, path, field string, ifMatch func() int, body func(v string) string) func(string) (int, string) {
		return func(v string) (int, string) {
			n := 0
			if ifMatch != nil {
				n = ifMatch()
			}
			res, e := send(method, path, body(js(v)), n)
			return res.StatusCode, e.Error.Fields[field]
		}
	}
	// form is a form path: the status and the text of the field's error.
	form := func(path, field string, values func(v string) url.Values) func(string) (int, string) {
		return func(v string) (int, string) {
			res := c.Post(path, values(v))
			return res.StatusCode, strings.TrimSpace(res.Doc(t).Find("#" + field + "-error").Text())
		}
	}
	// rows is a CSV import: the status and the first row's message for the field.
	rows := func(path, field, header string, line func(v string) string) func(string) (int, string) {
		return func(v string) (int, string) {
			res, _ := send("POST", path+"?confirm=true", header+"\n"+line(csvCell(v))+"\n", 0)
			var out struct {
				Rows []struct{ Messages map[string]string }
			}
			_ = json.Unmarshal([]byte(res.Body), &out)
			if len(out.Rows) == 0 {
				return res.StatusCode, res.Body
			}
			return res.StatusCode, out.Rows[0].Messages[field]
		}
	}
	// document imports the document with one text changed.
	document := func(path, field string, change func(d *tournament.Document, v string)) func(string) (int, string) {
		return func(v string) (int, string) {
			d := doc
			d.Players = append([]tournament.Player(nil), doc.Players...)
			d.Entries = append([]tournament.Entry(nil), doc.Entries...)
			change(&d, v)
			raw, err := json.Marshal(d)
			require.NoError(t, err)
			res, e := send("POST", path, string(raw), 0)
			return res.StatusCode, e.Error.Fields[field]
		}
	}
	playerVersion := func() int {
		p, err := app.Store.FindPlayer(ctx, anna.ID)
		require.NoError(t, err)
		return p.Version
	}
	tournamentVersion := func() int {
		st, err := app.Store.Load(ctx, tr.ID)
		require.NoError(t, err)
		return st.Tournament.Version
	}
	teamVersion := func() int {
		e, err := app.Store.Load(ctx, teamID(t, app, teams))
		require.NoError(t, err)
		for _, x := range e.Entries {
			if x.ID == teams.Teams[0] {
				return x.Version
			}
		}
		t.Fatal("no team")
		return 0
	}
	teamPlayers := fmt.Sprintf("%d,%d,%d,%d", teams.Members[0][0], teams.Members[0][1], teams.Members[0][2], teams.Members[0][3])
	const ok422, okRows = http.StatusUnprocessableEntity, http.StatusOK

	paths := []struct {
		name   string
		status int // the refusal's status
		try    func(v string) (int, string)
	}{
		// The forms.
		{"player form", ok422, form("/players", "last_name", func(v string) url.Values {
			return url.Values{"first_name": {"Ugo"}, "last_name": {v}}
		})},
		{"player edit form", ok422, form(fmt.Sprintf("/players/%d", anna.ID), "club", func(v string) url.Values {
			return url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}, "club": {v}, "version": {fmt.Sprint(playerVersion())}}
		})},
		{"player notes form", ok422, form("/players", "notes", func(v string) url.Values {
			return url.Values{"first_name": {"Ugo"}, "last_name": {"Neri"}, "notes": {v}}
		})},
		{"on-the-spot form", ok422, form(single+"/entries/new", "last_name", func(v string) url.Values {
			return url.Values{"first_name": {"Ugo"}, "last_name": {v}}
		})},
		{"tournament form", ok422, form("/tournaments", "name", func(v string) url.Values {
			return url.Values{"name": {v}, "date": {"2026-11-26"}, "venue": {"Circolo"}, "games": {"3"}, "hands_per_game": {"3"}, "bye_points": {"3"}, "sit_out": {"rotate"}}
		})},
		{"team form", ok422, form(teams.HTML+"/teams", "name", func(v string) url.Values {
			return url.Values{"name": {v}, "players.1": {fmt.Sprint(teams.Players[0])}}
		})},
		{"season form", ok422, form("/seasons", "name", func(v string) url.Values {
			return url.Values{"name": {v}, "from": {"2026-01-01"}, "to": {"2026-12-31"}, "method": {"place"}, "table": {"25 20 16"}}
		})},
		// The API.
		{"POST /players", ok422, api("POST", "/api/v1/players", "last_name", nil, func(v string) string {
			return `{"first_name":"Ugo","last_name":` + v + `}`
		})},
		{"PUT /players/{id}", ok422, api("PUT", fmt.Sprintf("/api/v1/players/%d", anna.ID), "first_name", playerVersion, func(v string) string {
			return `{"first_name":` + v + `,"last_name":"Bianchi"}`
		})},
		{"POST /players notes", ok422, api("POST", "/api/v1/players", "notes", nil, func(v string) string {
			return `{"first_name":"Ugo","last_name":"Neri","notes":` + v + `}`
		})},
		{"POST …/entries, a new player", ok422, api("POST", "/api/v1"+single+"/entries", "club", nil, func(v string) string {
			return `{"player":{"first_name":"Ugo","last_name":"Neri","club":` + v + `}}`
		})},
		{"POST /tournaments", ok422, api("POST", "/api/v1/tournaments", "venue", nil, func(v string) string {
			return `{"name":"Sera","date":"2026-11-24","venue":` + v + `}`
		})},
		{"PUT /tournaments/{id}", ok422, api("PUT", "/api/v1"+single, "name", tournamentVersion, func(v string) string {
			return `{"name":` + v + `,"date":"2026-11-24"}`
		})},
		{"POST …/teams", ok422, api("POST", teams.API+"/teams", "name", nil, func(v string) string {
			return `{"name":` + v + `,"players":[` + teamPlayers + `]}`
		})},
		{"PUT …/teams/{eid}", ok422, api("PUT", fmt.Sprintf("%s/teams/%d", teams.API, teams.Teams[0]), "name", teamVersion, func(v string) string {
			return `{"name":` + v + `,"players":[` + teamPlayers + `]}`
		})},
		{"POST /seasons", ok422, api("POST", "/api/v1/seasons", "name", nil, func(v string) string {
			return `{"name":` + v + `,"from":"2026-01-01","to":"2026-12-31"}`
		})},
		{"PUT /seasons/{id}", ok422, api("PUT", fmt.Sprintf("/api/v1/seasons/%d", se.ID), "name", func() int { return se.Version }, func(v string) string {
			return `{"name":` + v + `,"from":"2000-01-01","to":"2099-12-31"}`
		})},
		{"POST /scales", ok422, api("POST", "/api/v1/scales", "name", nil, func(v string) string {
			return `{"name":` + v + `,"bands":[{"from":0,"to":-1,"winner":10,"loser":10}]}`
		})},
		// The CSV imports.
		{"players' CSV", okRows, rows("/api/v1/players/import", "last_name", "cognome;nome", func(v string) string { return v + ";Ugo" })},
		{"pairs' CSV", ok422, rows(pairs.API+"/entries/import", "p1.last_name", "cognome1;nome1;cognome2;nome2", func(v string) string {
			return v + ";Ugo;Nuovo;Primo"
		})},
		{"teams' CSV", ok422, rows(teams.API+"/teams/import", "team", "squadra;cognome;nome", func(v string) string {
			return v + ";Bianchi;Anna"
		})},
		// The documents.
		{"tournament document: a player", ok422, document("/api/v1/tournaments/import", "players[0].last_name", func(d *tournament.Document, v string) {
			d.Players[0].LastName = v
		})},
		{"tournament document: an entry", ok422, document("/api/v1/tournaments/import", "entries[0].name", func(d *tournament.Document, v string) {
			d.Entries[0].Name = v
		})},
		{"tournament document: its venue", ok422, document("/api/v1/tournaments/import", "tournament.venue", func(d *tournament.Document, v string) {
			d.Tournament.Venue = v
		})},
		{"season import: a player", ok422, document(fmt.Sprintf("/api/v1/seasons/%d/import", se.ID), "players[0].last_name", func(d *tournament.Document, v string) {
			d.Players[0].LastName = v
		})},
		{"season import: the tournament's name", ok422, document(fmt.Sprintf("/api/v1/seasons/%d/import", se.ID), "tournament.name", func(d *tournament.Document, v string) {
			d.Tournament.Name = v
		})},
	}
	for _, p := range paths {
		for _, h := range hostileCorpus {
			status, got := p.try(h.v)
			want := page.Translate(page.EN, h.key)
			if assert.Equal(t, p.status, status, "%s, %s", p.name, h.name) {
				assert.Equal(t, want, got, "%s, %s", p.name, h.name)
			}
		}
	}

	// Nothing of it was stored, by any path.
	ps, err := app.Store.AllPlayers(ctx)
	require.NoError(t, err)
	for _, p := range ps {
		for _, s := range []string{p.FirstName, p.LastName, p.Club, p.Notes} {
			assert.False(t, hostileStored(s), "player %d: %q", p.ID, s)
		}
	}
	ts, err := app.Store.ListTournaments(ctx)
	require.NoError(t, err)
	for _, x := range ts {
		st, err := app.Store.Load(ctx, x.ID)
		require.NoError(t, err)
		for _, s := range []string{st.Tournament.Name, st.Tournament.Venue, st.Tournament.Notes} {
			assert.False(t, hostileStored(s), "tournament %d: %q", x.ID, s)
		}
		for _, e := range st.Entries {
			assert.False(t, hostileStored(e.Name), "entry %d: %q", e.ID, e.Name)
			assert.False(t, hostileStored(e.Club), "entry %d: %q", e.ID, e.Club)
		}
	}
	ss, err := app.Store.Seasons(ctx)
	require.NoError(t, err)
	for _, s := range ss {
		assert.False(t, hostileStored(s.Name), "season %d: %q", s.ID, s.Name)
	}
}

// teamID is the tournament ID of a teams evening.
func teamID(t *testing.T, app *viewtest.App, ev *viewtest.TeamsEvening) int64 {
	t.Helper()
	var id int64
	_, err := fmt.Sscanf(ev.API, "/api/v1/tournaments/%d", &id)
	require.NoError(t, err)
	return id
}
