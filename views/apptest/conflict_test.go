package apptest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/api/apitest"
	"burraco/views/viewtest"
)

// rawResult is a response read in a goroutine, where require cannot stop the test.
type rawResult struct {
	status int
	Body   string
	header http.Header
	err    error
}

// raw sends a request with the given headers, from any goroutine; an /api/v1 exchange
// is checked against the OpenAPI document (apitest.Check).
func raw(t testing.TB, hc *http.Client, method, u string, header map[string]string, body string) rawResult {
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		return rawResult{err: err}
	}
	req.Header.Set("Accept-Language", "en")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	sent := apitest.SentBody(t, req)
	res, err := hc.Do(req)
	if err != nil {
		return rawResult{err: err}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	apitest.Check(t, req, sent, res, b)
	return rawResult{status: res.StatusCode, Body: string(b), header: res.Header, err: err}
}

// race runs fns at the same moment and returns their results in order.
func race(fns ...func() rawResult) []rawResult {
	out := make([]rawResult, len(fns))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, fn := range fns {
		wg.Go(func() {
			<-start
			out[i] = fn()
		})
	}
	close(start)
	wg.Wait()
	return out
}

// Two saves of one sheet from the same version through the API: one lands, the other
// gets 409 with what is stored now. Without If-Match the API keeps last-write-wins.
func TestAPISheetConflict(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, _ := apiEvening(t, c, tok, 3, `{"games":2}`)
	table := base + "/rounds/1/tables/1"
	res := c.API("GET", table, tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	tag := res.Header.Get("ETag")
	require.Regexp(t, `^"\d+"$`, tag)

	for trial := range 10 {
		put := func(a int) func() rawResult {
			return func() rawResult {
				return raw(t, http.DefaultClient, "PUT", app.Srv.URL+table, map[string]string{"Authorization": "Bearer " + tok,
					"Content-Type": "application/json", "If-Match": tag}, totals(a, 100, 0))
			}
		}
		got := race(put(300+trial*5), put(900+trial*5))
		statuses := []int{got[0].status, got[1].status}
		slices.Sort(statuses)
		require.Equal(t, []int{http.StatusOK, http.StatusConflict}, statuses, "trial %d: %s | %s", trial, got[0].Body, got[1].Body)
		won, lost := got[0], got[1]
		if won.status != http.StatusOK {
			won, lost = lost, won
		}
		var conflict struct {
			Error   struct{ Code, Message string }
			Current struct {
				Version int
				Scores  []int
			}
		}
		require.NoError(t, json.Unmarshal([]byte(lost.Body), &conflict))
		assert.Equal(t, "conflict", conflict.Error.Code)
		assert.Contains(t, conflict.Error.Message, "Someone else saved table 1")
		var saved struct{ Table struct{ Scores []int } }
		require.NoError(t, json.Unmarshal([]byte(won.Body), &saved))
		assert.Equal(t, saved.Table.Scores, conflict.Current.Scores, "the 409 shows what is stored now")
		assert.Equal(t, won.header.Get("ETag"), lost.header.Get("ETag"))
		tag = won.header.Get("ETag")
	}

	// Without If-Match, a save goes over whatever is stored.
	res = c.API("PUT", table, tok, totals(-100, 100, 600), nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	// A stale If-Match is refused even when nobody races.
	res = raw2(c, "PUT", table, tok, `"1"`, totals(0, 0, 0))
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	res = raw2(c, "PUT", table, tok, `"abc"`, totals(0, 0, 0))
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
}

// raw2 is a request with If-Match from the test goroutine.
func raw2(c *viewtest.Client, method, path, tok, ifMatch, body string) *viewtest.Response {
	req, _ := http.NewRequest(method, c.App.Srv.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	if ifMatch != "" {
		req.Header.Set("If-Match", ifMatch)
	}
	return c.Do(req)
}

// Two directors save the same score sheet form: one lands, the other sees a 409 with
// what is stored beside what they typed, their input kept; saving again goes through.
func TestSheetFormConflict(t *testing.T) {
	app := viewtest.NewApp(t)
	anna := app.Setup()
	base := viewtest.TournamentWithEntries(t, anna, 3)
	require.Equal(t, http.StatusSeeOther, anna.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	sheet := base + "/rounds/1/tables/1"
	version := anna.Get(sheet).Doc(t).Find(`input[name="version"]`).AttrOr("value", "")
	v, err := strconv.Atoi(version)
	require.NoError(t, err, "the sheet carries its version")
	form := func(a int) url.Values {
		f := url.Values{"form": {"total"}, "version": {version}, "_csrf": {anna.CSRF()}}
		for h := 1; h <= 3; h++ {
			f.Set(fmt.Sprintf("h%d.s1.total", h), fmt.Sprint(a))
			f.Set(fmt.Sprintf("h%d.s2.total", h), "100")
			f.Set(fmt.Sprintf("h%d.s3.total", h), "0")
		}
		return f
	}
	post := func(f url.Values) func() rawResult {
		return func() rawResult {
			return raw(t, anna.HTTP, "POST", app.Srv.URL+sheet, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, f.Encode())
		}
	}
	got := race(post(form(300)), post(form(700)))
	statuses := []int{got[0].status, got[1].status}
	slices.Sort(statuses)
	require.Equal(t, []int{http.StatusSeeOther, http.StatusConflict}, statuses)
	lost, typed := got[0], "300"
	if lost.status != http.StatusConflict {
		lost, typed = got[1], "700"
	}
	res := &viewtest.Response{Body: lost.Body}
	doc := res.Doc(t)
	assert.Contains(t, doc.Find(".alert").Text(), "Someone else saved table 1")
	rows := doc.Find("table.conflict tbody tr")
	assert.Equal(t, 3, rows.Length(), "the three hands of seat 1 differ")
	stored := map[string]string{"300": "700", "700": "300"}[typed]
	assert.Equal(t, stored, rows.First().Find("td").First().Text())
	assert.Equal(t, typed, rows.First().Find("td").Last().Text())
	assert.Equal(t, typed, doc.Find(`input[name="h1.s1.total"]`).AttrOr("value", ""), "what was typed is kept")
	newVersion := doc.Find(`input[name="version"]`).AttrOr("value", "")
	assert.Equal(t, strconv.Itoa(v+1), newVersion, "the form moves to the stored version")

	// Saving the kept form again saves what was typed.
	f := form(0)
	doc.Find("#sheet input").Each(func(_ int, in *goquery.Selection) {
		if name := in.AttrOr("name", ""); name != "" && name != "_csrf" {
			f.Set(name, in.AttrOr("value", ""))
		}
	})
	require.Equal(t, http.StatusSeeOther, anna.Post(sheet, f).StatusCode)
	st, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	assert.Equal(t, typed, fmt.Sprint(st.Rounds[0].Tables[0].Hands[0].Score))
	_ = v
}

// Two saves of the same player, through the API and the form: one lands, one gets 409.
func TestPlayerConflict(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var p struct{ ID int64 }
	require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, `{"first_name":"Lucia","last_name":"Bianchi"}`, &p).StatusCode)
	path := fmt.Sprintf("/api/v1/players/%d", p.ID)
	res := c.API("GET", path, tok, "", nil)
	tag := res.Header.Get("ETag")
	require.Equal(t, `"1"`, tag)
	put := func(club string) func() rawResult {
		return func() rawResult {
			return raw(t, http.DefaultClient, "PUT", app.Srv.URL+path, map[string]string{"Authorization": "Bearer " + tok,
				"Content-Type": "application/json", "If-Match": tag}, `{"first_name":"Lucia","last_name":"Bianchi","club":"`+club+`"}`)
		}
	}
	got := race(put("Forlì"), put("Cesena"))
	statuses := []int{got[0].status, got[1].status}
	slices.Sort(statuses)
	require.Equal(t, []int{http.StatusOK, http.StatusConflict}, statuses, got[0].Body+got[1].Body)

	// The form: the hidden version makes a stale save a 409 that shows both.
	edit := c.Get(fmt.Sprintf("/players/%d/edit", p.ID)).Doc(t)
	v := edit.Find(`input[name="version"]`).AttrOr("value", "")
	require.Equal(t, "2", v)
	form := func(club string) url.Values {
		return url.Values{"first_name": {"Lucia"}, "last_name": {"Bianchi"}, "club": {club}, "version": {v}, "_csrf": {c.CSRF()}}
	}
	post := func(club string) func() rawResult {
		return func() rawResult {
			return raw(t, c.HTTP, "POST", app.Srv.URL+fmt.Sprintf("/players/%d", p.ID), map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, form(club).Encode())
		}
	}
	got = race(post("Ravenna"), post("Rimini"))
	statuses = []int{got[0].status, got[1].status}
	slices.Sort(statuses)
	require.Equal(t, []int{http.StatusSeeOther, http.StatusConflict}, statuses)
	lost := got[0]
	if lost.status != http.StatusConflict {
		lost = got[1]
	}
	doc := (&viewtest.Response{Body: lost.Body}).Doc(t)
	assert.Contains(t, doc.Find(".alert").Text(), "Someone else saved this player")
	assert.Contains(t, doc.Find("table.conflict").Text(), "Club")
}

// Settings carry a version too: a stale If-Match is a 409 with the stored settings.
func TestAPISettingsConflictAndStrictInput(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct {
		ID       int64
		Version  int
		Settings map[string]any
		Rules    map[string]any
	}
	// A partial rules object is filled from the preset, never zeroed.
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","preset":"three_player","rules":{"semi_clean_on":true},"settings":{"games":3}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, `"1"`, res.Header.Get("ETag"))
	assert.Equal(t, float64(200), tr.Rules["clean"], "clean burraco kept from the preset")
	assert.Equal(t, true, tr.Rules["semi_clean_on"])
	assert.Equal(t, true, tr.Rules["never_opened_doubles"])
	assert.Equal(t, float64(3), tr.Settings["games"])
	assert.Equal(t, float64(3), tr.Settings["hands_per_game"], "defaults fill what is not given")
	assert.Equal(t, "3", tr.Settings["bye_points"])
	path := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)

	body := `{"name":"Sera","date":"2026-11-24","format":"individual3","settings":{"games":4}}`
	require.Equal(t, http.StatusOK, raw2(c, "PUT", path, tok, `"1"`, body).StatusCode)
	res = raw2(c, "PUT", path, tok, `"1"`, `{"name":"Altro","date":"2026-11-24","format":"individual3"}`)
	require.Equal(t, http.StatusConflict, res.StatusCode)
	var conflict struct {
		Current struct {
			Name     string
			Version  int
			Settings map[string]any
		}
	}
	require.NoError(t, json.Unmarshal([]byte(res.Body), &conflict))
	assert.Equal(t, 2, conflict.Current.Version)
	assert.Equal(t, float64(4), conflict.Current.Settings["games"])
	assert.Equal(t, `"2"`, res.Header.Get("ETag"))

	for _, tc := range []struct{ name, body, field string }{
		{"unknown preset", `{"name":"X","date":"2026-11-24","preset":"bridge"}`, "preset"},
		{"unknown rule", `{"name":"X","date":"2026-11-24","rules":{"cleen":200}}`, "rules.cleen"},
		{"null rule", `{"name":"X","date":"2026-11-24","rules":{"clean":null}}`, "rules.clean"},
		{"bad settings", `{"name":"X","date":"2026-11-24","settings":{"gamez":2}}`, "settings"},
		{"settings out of range", `{"name":"X","date":"2026-11-24","settings":{"games":99}}`, "settings.games"},
		{"unknown scale", `{"name":"X","date":"2026-11-24","scale_id":999}`, "scale_id"},
		{"unknown format", `{"name":"X","date":"2026-11-24","format":"swiss"}`, "format"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e viewtest.APIError
			res := c.API("POST", "/api/v1/tournaments", tok, tc.body, &e)
			require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
			assert.Contains(t, e.Error.Fields, tc.field, res.Body)
		})
	}
}

// An empty body, "hands": null or "total": null never wipe or zero a sheet; clearing a
// table is its own action.
func TestAPISheetStrictInputAndClear(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, _ := apiEvening(t, c, tok, 3, `{}`)
	table := base + "/rounds/1/tables/1"
	require.Equal(t, http.StatusOK, c.API("PUT", table, tok, totals(300, 100, 0), nil).StatusCode)
	for _, body := range []string{`{}`, `{"hands": null}`, `{"hands": []}`,
		`{"hands":[[{"form":2,"total":null},null,null]]}`, `{"hands":[[null,null,null]]} {"x":1}`} {
		res := c.API("PUT", table, tok, body, nil)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s: %s", body, res.Body)
	}
	var got struct{ Scores []int }
	c.API("GET", table, tok, "", &got)
	assert.Equal(t, []int{900, 300, 0}, got.Scores, "the sheet is untouched")

	res := c.API("DELETE", table, tok, "", &struct{}{})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	c.API("GET", table, tok, "", &got)
	assert.Equal(t, []int{0, 0, 0}, got.Scores)
	var evs struct{ Events []struct{ Kind, Text string } }
	c.API("GET", base+"/events", tok, "", &evs)
	assert.Equal(t, "scores_cleared", evs.Events[0].Kind)
	assert.Contains(t, evs.Events[0].Text, "cleared")
}

// Simultaneous draws through the API give one draw, 20 of 20 trials.
func TestAPIConcurrentDraws(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	for trial := range 20 {
		base, _ := apiEvening(t, c, tok, 9, `{"games":3}`)
		for tb := 1; tb <= 3; tb++ {
			require.Equal(t, http.StatusOK, c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), tok, totals(300, 100, 0), nil).StatusCode)
		}
		draw := func() rawResult {
			return raw(t, http.DefaultClient, "POST", app.Srv.URL+base+"/draw", map[string]string{"Authorization": "Bearer " + tok}, "")
		}
		created := 0
		for _, r := range race(draw, draw, draw, draw, draw, draw) {
			require.NoError(t, r.err)
			if r.status == http.StatusCreated {
				created++
			} else {
				assert.Equal(t, http.StatusConflict, r.status, r.Body)
			}
		}
		require.Equal(t, 1, created, "trial %d: one draw", trial)
		st, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
		require.NoError(t, err)
		require.Len(t, st.Rounds, 2, "trial %d", trial)
	}
}

// Four simultaneous corrections of round 1 through the API, with round 2 drawn and not
// started, leave round 2 seated exactly as the rotation of the final round-1 results:
// 50 of 50 trials.
func TestAPIConcurrentCorrections(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	for trial := range 50 {
		base, _ := apiEvening(t, c, tok, 12, `{"games":3}`)
		for tb := 1; tb <= 4; tb++ {
			require.Equal(t, http.StatusOK, c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), tok, totals(300, 100, 0), nil).StatusCode)
		}
		require.Equal(t, http.StatusCreated, c.API("POST", base+"/draw", tok, "", nil).StatusCode)
		var fns []func() rawResult
		for tb := 1; tb <= 4; tb++ {
			fns = append(fns, func() rawResult {
				return raw(t, http.DefaultClient, "PUT", fmt.Sprintf("%s%s/rounds/1/tables/%d", app.Srv.URL, base, tb),
					map[string]string{"Authorization": "Bearer " + tok, "Content-Type": "application/json"},
					strings.Replace(totals(0, 100+tb*5, 300), `{"hands"`, `{"next_round":"reseat","hands"`, 1))
			})
		}
		for _, r := range race(fns...) {
			require.Equal(t, http.StatusOK, r.status, r.Body)
		}
		st, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
		require.NoError(t, err)
		later := st.Rounds[1]
		st.Rounds = st.Rounds[:1]
		want, _, err := st.Format().Draw(st, later.Seed)
		require.NoError(t, err)
		require.Equal(t, tournament.SeatsOf(want), tournament.SeatsOf(&later), "trial %d: round 2 seated from the final round-1 results", trial)
	}
}

// A seat change racing a table's first save through the API: either the save lands on
// the new seats or one of them is refused, never a score for a seat its player no longer
// holds: 100 of 100 trials.
func TestAPISeatChangeRacingFirstSave(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	outcomes := map[string]int{}
	for trial := range 100 {
		base, _ := apiEvening(t, c, tok, 6, `{}`)
		var r1 struct {
			Tables []struct {
				Entries []int64
				Version int
			}
		}
		c.API("GET", base+"/rounds/1", tok, "", &r1)
		a, b := r1.Tables[0].Entries, r1.Tables[1].Entries
		seats := fmt.Sprintf(`{"tables":[[%d,%d,%d],[%d,%d,%d]],"byes":[]}`, b[0], a[1], a[2], a[0], b[1], b[2])
		h := map[string]string{"Authorization": "Bearer " + tok, "Content-Type": "application/json"}
		sheetHeaders := map[string]string{"Authorization": "Bearer " + tok, "Content-Type": "application/json"}
		if trial%2 == 0 {
			sheetHeaders["If-Match"] = fmt.Sprintf(`"%d"`, r1.Tables[0].Version) // the form's case
		}
		got := race(
			func() rawResult {
				return raw(t, http.DefaultClient, "PUT", app.Srv.URL+base+"/rounds/1/seats", h, seats)
			},
			func() rawResult {
				return raw(t, http.DefaultClient, "PUT", app.Srv.URL+base+"/rounds/1/tables/1", sheetHeaders, totals(300, 100, 0))
			},
		)
		seatsOK, saveOK := got[0].status == http.StatusOK, got[1].status == http.StatusOK
		require.False(t, seatsOK && saveOK && trial%2 == 0, "trial %d: a versioned save and a seat change cannot both land: %s | %s", trial, got[0].Body, got[1].Body)
		st, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
		require.NoError(t, err)
		tb := st.Rounds[0].Tables[0]
		for _, hs := range tb.Hands {
			require.True(t, hs.Side >= 1 && hs.Side <= len(tb.Sides), "trial %d: a hand for a seat that does not exist", trial)
		}
		if seatsOK && saveOK {
			// Without a version the save may land after the change: then on the new seats.
			assert.Equal(t, b[0], tb.Sides[0].EntryID)
		}
		if seatsOK && !saveOK {
			assert.Empty(t, tb.Hands, "trial %d", trial)
		}
		outcomes[fmt.Sprintf("seats %t, save %t", seatsOK, saveOK)]++
	}
	t.Logf("outcomes: %v", outcomes)
}

// What a settings form or an API update leaves out keeps its stored value: custom rules
// survive the form (which shows three flags), and an update's partial settings and rules
// go over the stored ones.
func TestSettingsUpdateKeepsWhatItDoesNotSay(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","preset":"standard","rules":{"clean":300,"closing":50},"settings":{"games":3,"bye_points":"4.5"},"qualifiers":4}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	base := fmt.Sprintf("/tournaments/%d", tr.ID)

	// The form, submitted unchanged.
	doc := c.Get(base + "/edit").Doc(t)
	form := url.Values{}
	doc.Find("form[method=post] input, form[method=post] textarea").Each(func(_ int, in *goquery.Selection) {
		name := in.AttrOr("name", "")
		switch {
		case name == "":
		case in.AttrOr("type", "") == "checkbox" || in.AttrOr("type", "") == "radio":
			if _, on := in.Attr("checked"); on {
				form.Set(name, in.AttrOr("value", ""))
			}
		case goquery.NodeName(in) == "textarea":
			form.Set(name, in.Text())
		default:
			form.Set(name, in.AttrOr("value", ""))
		}
	})
	require.Equal(t, http.StatusSeeOther, c.Post(base, form).StatusCode)
	var got struct {
		Tournament struct {
			Rules      map[string]any
			Settings   map[string]any
			Qualifiers int
		}
	}
	c.API("GET", "/api/v1"+base, tok, "", &got)
	assert.Equal(t, float64(300), got.Tournament.Rules["clean"], "the form keeps the rules it does not show")
	assert.Equal(t, float64(50), got.Tournament.Rules["closing"])
	assert.Equal(t, "4.5", got.Tournament.Settings["bye_points"])
	assert.Equal(t, 4, got.Tournament.Qualifiers)

	// The API: only games and one rule change (venue and notes left out stay).
	res = c.API("PUT", "/api/v1"+base, tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","venue":"Circolo","notes":"Quota 10"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("PUT", "/api/v1"+base, tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","settings":{"games":5},"rules":{"semi_clean_on":true}}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	var kept struct{ Tournament struct{ Venue, Notes string } }
	c.API("GET", "/api/v1"+base, tok, "", &kept)
	assert.Equal(t, "Circolo", kept.Tournament.Venue)
	assert.Equal(t, "Quota 10", kept.Tournament.Notes)
	c.API("GET", "/api/v1"+base, tok, "", &got)
	assert.Equal(t, float64(5), got.Tournament.Settings["games"])
	assert.Equal(t, "4.5", got.Tournament.Settings["bye_points"])
	assert.Equal(t, float64(300), got.Tournament.Rules["clean"])
	assert.Equal(t, true, got.Tournament.Rules["semi_clean_on"])
	assert.Equal(t, 4, got.Tournament.Qualifiers)
	// A preset starts the rules afresh.
	res = c.API("PUT", "/api/v1"+base, tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","preset":"three_player"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	c.API("GET", "/api/v1"+base, tok, "", &got)
	assert.Equal(t, float64(200), got.Tournament.Rules["clean"])
	assert.Equal(t, true, got.Tournament.Rules["never_opened_doubles"])
}

// Undoing a draw names a round by its number, plainly; clearing a table after the next
// draw answers the re-seat question like a save.
func TestAPIUndoAndClearAfterTheNextDraw(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, _ := apiEvening(t, c, tok, 6, `{"games":3}`)
	for _, n := range []string{"abc", "1.0", "-1", "0", "01"} {
		assert.Equal(t, http.StatusNotFound, c.API("DELETE", base+"/rounds/"+n, tok, "", nil).StatusCode, n)
	}
	require.Equal(t, http.StatusOK, c.API("PUT", base+"/rounds/1/tables/1", tok, totals(0, 100, 300), nil).StatusCode)
	require.Equal(t, http.StatusOK, c.API("PUT", base+"/rounds/1/tables/2", tok, totals(300, 100, 0), nil).StatusCode)
	require.Equal(t, http.StatusCreated, c.API("POST", base+"/draw", tok, `{"round":2}`, nil).StatusCode)
	var choice struct{ Moves []tournament.Move }
	res := c.API("DELETE", base+"/rounds/1/tables/1", tok, "", &choice)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	require.NotEmpty(t, choice.Moves)
	res = c.API("DELETE", base+"/rounds/1/tables/1?next_round=keep", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
}
