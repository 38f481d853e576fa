package entries_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

func pid(n int64) string { return page.Itoa64(n) }

// The entries page of a teams stage forms teams: a name and six places (four needed),
// each with the registry's search. A refusal shows each problem next to its field, the
// name and the players chosen kept; a team is added in place (htmx) and listed with its
// players; its edit page renames it and changes its players.
func TestTeamFormOnEntriesPage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 1)
	var free []int64
	for i := range 6 {
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Libero","last_name":"Giocatore%d"}`, i+1), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		free = append(free, p.ID)
	}

	doc := c.Get(ev.HTML + "/entries").Doc(t)
	require.Equal(t, 1, doc.Find("form#team-form").Length())
	assert.Equal(t, 0, doc.Find("#pair-form").Length())
	assert.Equal(t, 0, doc.Find("#entry-q").Length(), "no single-player add")
	assert.Equal(t, 6, doc.Find("#team-form .team-slot input[type=search]").Length())
	assert.Equal(t, ev.HTML+"/teams/import", doc.Find("#team-import-link").AttrOr("href", ""))
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "Teams · 1 of 1 present")
	assert.Contains(t, doc.Find(fmt.Sprintf("#entry-%d .team-members", ev.Teams[0])).Text(), "Numero01 Giocatore")

	// Search for place 5: "Choose" fills the place; a player already entered has none.
	doc = c.Get(ev.HTML + "/entries/search?team_slot=5&q=giocatore3").Doc(t)
	pick := doc.Find("button.pick")
	require.Equal(t, 1, pick.Length(), doc.Text())
	assert.Equal(t, "#team-slot-5", pick.AttrOr("hx-target", ""))
	doc = c.Get(pick.AttrOr("hx-get", "")).Doc(t)
	assert.Equal(t, pid(free[2]), doc.Find(`#team-slot-5 input[name="players.5"]`).AttrOr("value", ""))
	doc = c.Get(ev.HTML + "/entries/search?team_slot=1&q=numero01").Doc(t)
	assert.Equal(t, 0, doc.Find("button.pick").Length())

	// No name, three players, one of them already in Team A (in place 4): each problem on
	// its field, what was chosen kept.
	form := url.Values{"name": {""}, "players.1": {pid(free[0])}, "players.2": {pid(free[1])}, "players.4": {pid(ev.Members[0][0])}}
	res := c.HTMXPost(ev.HTML+"/teams", form)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, "true", doc.Find("#team-form").AttrOr("hx-swap-oob", ""))
	assert.Equal(t, "This field is required.", strings.TrimSpace(doc.Find("#name-error").Text()))
	assert.Equal(t, "A team has 4 to 6 players.", strings.TrimSpace(doc.Find("#players-error").Text()))
	assert.Equal(t, pid(free[1]), doc.Find(`#team-form input[name="players.2"]`).AttrOr("value", ""))
	assert.Equal(t, pid(ev.Members[0][0]), doc.Find(`#team-form input[name="players.4"]`).AttrOr("value", ""), "kept in its place")
	// Four players, one already entered: refused on that place (4), not on place 3.
	form.Set("name", "Le Aquile")
	form.Set("players.3", pid(free[2]))
	res = c.HTMXPost(ev.HTML+"/teams", form)
	doc = res.Doc(t)
	assert.Equal(t, "This player is already entered in this tournament (alone or in a pair).", strings.TrimSpace(doc.Find("#team-4-error").Text()))
	assert.Equal(t, 0, doc.Find("#team-3-error").Length())
	assert.Equal(t, "Le Aquile", doc.Find(`#team-form input[name="name"]`).AttrOr("value", ""))
	// Without htmx: the page again, with the status and the field error.
	res = c.Post(ev.HTML+"/teams", form)
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.NotEmpty(t, strings.TrimSpace(res.Doc(t).Find("#team-4-error").Text()))

	// Added in place: the list has it with its players, the form comes back empty.
	form.Set("players.4", pid(free[3]))
	res = c.HTMXPost(ev.HTML+"/teams", form)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#entry-list").Text(), "Le Aquile")
	assert.Contains(t, doc.Find("#entry-list").Text(), "Giocatore4 Libero")
	assert.Equal(t, 0, doc.Find(`#team-form input[type=hidden][name^="players."]`).Length())
	edit := doc.Find("#entry-list tr").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return strings.Contains(s.Find(".name").Text(), "Le Aquile")
	}).Find(`a[id^="team-edit-"]`).AttrOr("href", "")
	require.NotEmpty(t, edit)

	// Its edit page: the name and players; a fifth player and a new name.
	doc = c.Get(edit).Doc(t)
	assert.Equal(t, "Le Aquile", doc.Find(`#team-form input[name="name"]`).AttrOr("value", ""))
	assert.Equal(t, pid(free[3]), doc.Find(`#team-form input[name="players.4"]`).AttrOr("value", ""))
	action := doc.Find("#team-form").AttrOr("action", "")
	res = c.Post(action, url.Values{"name": {"Aquile Reali"}, "players.1": {pid(free[0])}, "players.2": {pid(free[1])}, "players.3": {pid(free[2])}, "players.4": {pid(free[3])}, "players.6": {pid(free[4])}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(ev.HTML + "/entries").Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Team Aquile Reali saved.")
	assert.Contains(t, doc.Find("#entry-list").Text(), "Giocatore5 Libero")
	// Renamed as Team A: refused on the name, on the edit page.
	res = c.Post(action, url.Values{"name": {"team a"}, "players.1": {pid(free[0])}, "players.2": {pid(free[1])}, "players.3": {pid(free[2])}, "players.4": {pid(free[3])}})
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "Another team has this name.", strings.TrimSpace(res.Doc(t).Find("#name-error").Text()))

	// Entered by mistake, never drawn: removed like any entry.
	eid := strings.TrimSuffix(strings.TrimPrefix(edit, ev.HTML+"/teams/"), "/edit")
	doc = c.Get(ev.HTML + "/entries").Doc(t)
	require.Equal(t, 1, doc.Find("#remove-"+eid).Length())
	res = c.Post(ev.HTML+"/entries/"+eid+"/remove", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(ev.HTML + "/entries").Doc(t)
	assert.NotContains(t, doc.Find("#entry-list").Text(), "Aquile Reali")
}

// Teams import from CSV: a preview line by line (the problems on their line, the text
// kept), then the teams entered.
func TestTeamImportPages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2) // Numero01..Numero08 entered
	for i := range 8 {
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Nuovo","last_name":"Iscritto%d","card_number":"C%d"}`, i+1, i+1), nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	}
	doc := c.Get(ev.HTML + "/teams/import").Doc(t)
	require.Equal(t, 1, doc.Find("#team-import-form").Length())

	bad := "squadra;cognome;nome;tessera\nGufi;Iscritto1;Nuovo;\nGufi;Iscritto2;Nuovo;\nGufi;Numero01;Giocatore;\nGufi;Sconosciuto;Tizio;\nFalchi;;;C5\nFalchi;;;C6\nFalchi;;;C7\nFalchi;;;C8\n"
	res := c.Post(ev.HTML+"/teams/import/preview", url.Values{"csv": {bad}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, 8, doc.Find("#team-rows tbody tr").Length())
	assert.Contains(t, doc.Find("#line-4").Text(), "already entered")
	assert.Contains(t, doc.Find("#line-5").Text(), "No registered player matches")
	assert.Equal(t, 0, doc.Find("#line-6 .error").Length())
	assert.Equal(t, 0, doc.Find("#import-form").Length(), "nothing to confirm")
	assert.Equal(t, bad, doc.Find("textarea#csv").Text(), "the text kept to correct")

	good := strings.Replace(strings.Replace(bad, "Gufi;Numero01;Giocatore;\n", "", 1), "Gufi;Sconosciuto;Tizio;\n", "Gufi;;;C3\nGufi;;;C4\n", 1)
	good = strings.Replace(strings.Replace(good, ";;;C3", ";Iscritto3;Nuovo;", 1), ";;;C4", ";Iscritto4;Nuovo;", 1)
	res = c.Upload(ev.HTML+"/teams/import/preview", "teams.csv", []byte(good))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, "Enter 2 teams", strings.TrimSpace(doc.Find("#team-import-confirm").Text()))
	res = c.Post(ev.HTML+"/teams/import", url.Values{"csv": {doc.Find("#import-form textarea").Text()}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(ev.HTML + "/entries").Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Teams entered from the file: 2.")
	assert.Contains(t, doc.Find("#entry-list").Text(), "Falchi")
	assert.Contains(t, doc.Find("#entry-list").Text(), "Gufi")
}

// A team import's preview says what confirming does: it enters the teams, all or none,
// and registers nobody (it once said, as the player import does, that new players are
// created), in Italian and in English.
func TestTeamImportPreviewSaysTeamsAreEntered(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 0)
	for i := range 4 {
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Nuovo","last_name":"Iscritto%d"}`, i+1), nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	}
	file := "squadra;cognome;nome\nGufi;Iscritto1;Nuovo\nGufi;Iscritto2;Nuovo\nGufi;Iscritto3;Nuovo\nGufi;Iscritto4;Nuovo\n"
	for lang, want := range map[string]string{
		"it": "Non è stato ancora salvato nulla. Controlla le righe, poi conferma: le squadre vengono iscritte tutte insieme, o nessuna; nessun giocatore viene registrato.",
		"en": "Nothing has been saved yet. Check the rows, then confirm: the teams are entered all together, or none at all; no player is registered.",
	} {
		c.Lang = lang
		res := c.Post(ev.HTML+"/teams/import/preview", url.Values{"csv": {file}})
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		assert.Equal(t, want, strings.TrimSpace(res.Doc(t).Find("#team-import-lead").Text()), lang)
	}
}

// A team's edit carries the version it was read at: on the page (a hidden field) and in
// the API (If-Match, ETag). An edit from an older version is a 409 that changes nothing:
// the page shows what is stored beside what was typed and moves to the stored version
// (saving again replaces it); the API answers the team as stored.
func TestTeamEditIsVersioned(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	a, m := ev.Teams[0], ev.Members[0]
	var fifth struct{ ID int64 }
	res := c.API("POST", "/api/v1/players", tok, `{"first_name":"Quinto","last_name":"Giocatore"}`, &fifth)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)

	edit := fmt.Sprintf("%s/teams/%d/edit", ev.HTML, a)
	doc := c.Get(edit).Doc(t)
	assert.Equal(t, "1", doc.Find(`#team-form input[name="version"]`).AttrOr("value", ""))
	action := doc.Find("#team-form").AttrOr("action", "")
	form := func(name, version string, extra ...int64) url.Values {
		v := url.Values{"name": {name}, "version": {version}}
		for i, id := range append(m[:4:4], extra...) {
			v.Set(fmt.Sprintf("players.%d", i+1), pid(id))
		}
		return v
	}
	// Two directors read version 1; the first saves.
	res = c.Post(action, form("Aquile", "1"))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	// The second's save is stale: nothing written, both versions shown, the form at 2.
	res = c.Post(action, form("Falchi", "1", fifth.ID))
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find(".alert").Text(), "Someone else saved this team while you were editing it.")
	conflict := doc.Find("table.conflict tbody").Text()
	assert.Contains(t, conflict, "Aquile")
	assert.Contains(t, conflict, "Falchi")
	assert.Contains(t, conflict, "Giocatore Quinto", "the players typed")
	assert.Equal(t, "Falchi", doc.Find(`#team-form input[name="name"]`).AttrOr("value", ""), "what was typed is kept")
	assert.Equal(t, pid(fifth.ID), doc.Find(`#team-form input[name="players.5"]`).AttrOr("value", ""))
	assert.Equal(t, "2", doc.Find(`#team-form input[name="version"]`).AttrOr("value", ""))
	var team struct {
		Entry struct {
			Name    string `json:"name"`
			Version int    `json:"version"`
			Members []any  `json:"members"`
		} `json:"entry"`
	}
	res = c.API("GET", fmt.Sprintf("%s/teams/%d", ev.API, a), tok, "", &team)
	assert.Equal(t, `"2"`, res.Header.Get("ETag"))
	assert.Equal(t, "Aquile", team.Entry.Name, "the stale save changed nothing")
	assert.Len(t, team.Entry.Members, 4)
	// Saved again from the page as it came back: a deliberate overwrite.
	res = c.Post(action, form("Falchi", "2", fifth.ID))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)

	// The API: a stale If-Match is a 409 with the team as stored and its ETag.
	path := fmt.Sprintf("%s/teams/%d", ev.API, a)
	put := func(ifMatch, body string, out any) *viewtest.Response {
		req, _ := http.NewRequest("PUT", app.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("If-Match", ifMatch)
		res := c.Do(req)
		if out != nil {
			require.NoError(t, json.Unmarshal([]byte(res.Body), out), res.Body)
		}
		return res
	}
	body := fmt.Sprintf(`{"name":"Gufi","players":[%d,%d,%d,%d]}`, m[0], m[1], m[2], m[3])
	var refused struct {
		Error   struct{ Code string } `json:"error"`
		Current struct {
			Name    string `json:"name"`
			Version int    `json:"version"`
		} `json:"current"`
	}
	res = put(`"2"`, body, &refused)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, `"3"`, res.Header.Get("ETag"))
	assert.Equal(t, "conflict", refused.Error.Code)
	assert.Equal(t, "Falchi", refused.Current.Name)
	assert.Equal(t, 3, refused.Current.Version)
	res = put(`"3"`, body, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, `"4"`, res.Header.Get("ETag"))
	// Without If-Match: saved over whatever is stored, as for players.
	res = c.API("PUT", path, tok, strings.Replace(body, "Gufi", "Gufi Reali", 1), nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, `"5"`, res.Header.Get("ETag"))
}
