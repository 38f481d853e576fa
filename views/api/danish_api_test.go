package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"burraco/views/viewtest"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAPIDanishTenPairs plays a 10-pair, 4-round Danish tournament ("no rematches", the
// FIBUR 3-hand scale by default) through the JSON API from fixed scores: round 1 seated
// by hand, rounds 2–4 drawn by the app from the running standings, each pairing and the
// final standings worked out by hand below.
func TestAPIDanishTenPairs(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()
	call := func(method, path, body string, out any) *viewtest.Response {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
		return res
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Danese a coppie","date":"2026-11-29","venue":"Circolo","format":"danish",
		"settings":{"sides":"pairs","rounds":4,"hands_per_round":3,"pairing":"no_rematch"}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)

	// Pairs A..J, each of two registered players.
	letters := "ABCDEFGHIJ"
	pair := map[byte]int64{}
	name := map[int64]byte{}
	for i := range len(letters) {
		var p1, p2 struct{ ID int64 }
		call("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"Uno","last_name":"%c"}`, letters[i]), &p1)
		call("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"Due","last_name":"%c"}`, letters[i]), &p2)
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"pair":[%d,%d]}`, p1.ID, p2.ID), &e)
		pair[letters[i]], name[e.ID] = e.ID, letters[i]
	}
	call("POST", base+"/entries/present", "", nil)

	var g struct {
		Tables []struct {
			Entries  []int64
			Scores   []int
			MP       []int `json:"mp"`
			Points   []string
			Complete bool
		}
		Byes []struct{ EntryID int64 } `json:"byes"`
	}
	tables := func() []string {
		var out []string
		for _, tb := range g.Tables {
			out = append(out, string([]byte{name[tb.Entries[0]], '-', name[tb.Entries[1]]}))
		}
		return out
	}
	// score enters a table's round as each side's game total.
	score := func(round, table, a, b int) {
		call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
	}

	call("POST", base+"/draw", `{"seed":7}`, &g)
	require.Len(t, g.Tables, 5)
	assert.Empty(t, g.Byes)
	// Round 1 is random; the director seats it by hand: A-B, C-D, E-F, G-H, I-J.
	call("PUT", base+"/rounds/1/seats", fmt.Sprintf(`{"tables":[[%d,%d],[%d,%d],[%d,%d],[%d,%d],[%d,%d]],"byes":[]}`,
		pair['A'], pair['B'], pair['C'], pair['D'], pair['E'], pair['F'], pair['G'], pair['H'], pair['I'], pair['J']), &g)
	// A +1600 (20-0), C +1200 (18-2), E +800 (16-4), G +400 (14-6), I +100 (11-9).
	score(1, 1, 1600, 0)
	score(1, 2, 1200, 0)
	score(1, 3, 800, 0)
	score(1, 4, 400, 0)
	score(1, 5, 100, 0)
	call("GET", base+"/rounds/1", "", &g)
	assert.Equal(t, [][]string{{"20", "0"}, {"18", "2"}, {"16", "4"}, {"14", "6"}, {"11", "9"}},
		[][]string{g.Tables[0].Points, g.Tables[1].Points, g.Tables[2].Points, g.Tables[3].Points, g.Tables[4].Points})
	assert.Equal(t, []int{1600, -1600}, g.Tables[0].MP)

	// Standings: A 20, C 18, E 16, G 14, I 11, J 9, H 6, F 4, D 2, B 0. 1–2, 3–4 gives
	// A-C, E-G, I-J; but I met J: I takes the next, H; then J-F, D-B.
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []string{"A-C", "E-G", "I-H", "J-F", "D-B"}, tables(), "round 2")
	score(2, 1, 1000, 900) // A +100: 11-9
	score(2, 2, 500, 1100) // G +600: 15-5
	score(2, 3, 300, 300)  // 10-10
	score(2, 4, 1400, 0)   // J +1400: 19-1
	score(2, 5, 200, 0)    // D +200: 12-8
	// A 31 (+1700), G 29 (+1000), J 28 (+1300), C 27 (+1100), E 21 (+200), I 21 (+100):
	// E above I on MP; H 16 (-400), D 14 (-1000), B 8 (-1800), F 5 (-2200).
	var order struct {
		Order []struct {
			Name string
			VP   string `json:"vp"`
			MP   int    `json:"mp"`
			Tie  int
		}
	}
	call("POST", base+"/draw", "", &g)
	call("GET", base+"/rounds/3/order", "", &order)
	require.Len(t, order.Order, 10)
	assert.Equal(t, "21", order.Order[4].VP)
	assert.Equal(t, 200, order.Order[4].MP, "E above I: level on VP, ahead on MP")
	assert.Equal(t, 100, order.Order[5].MP)
	// Order A G J C E I H D B F: A-G; J-C; E-I; H-D; B-F, none met before.
	assert.Equal(t, []string{"A-G", "J-C", "E-I", "H-D", "B-F"}, tables(), "round 3")
	score(3, 1, 0, 1600)    // G +1600: 20-0
	score(3, 2, 700, 1000)  // C +300: 13-7
	score(3, 3, 1000, 950)  // E +50: 10-10
	score(3, 4, 1250, 1000) // H +250: 12-8
	score(3, 5, 1000, 0)    // B +1000: 17-3
	// G 49 (+2600), C 40 (+1400), J 35 (+1000), E 31 (+250), A 31 (+100), I 31 (+50),
	// H 28 (-150), B 25 (-800), D 22 (-1250), F 8 (-3200). G met H, E, A: G-C; J met I,
	// F, C: J-E; A met B, C, G: A-I; H met G, I, D: H-B; D-F.
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []string{"G-C", "J-E", "A-I", "H-B", "D-F"}, tables(), "round 4")
	score(4, 1, 1000, 1000) // 10-10
	score(4, 2, 1300, 1000) // J +300: 13-7
	score(4, 3, 1000, 1025) // I +25: 10-10
	// H-B: B lets its time run out at 1000-1000: H +355, 14-6.
	call("PUT", base+"/rounds/4/tables/4", `{"hands":[[{"form":2,"total":1000},{"form":2,"total":1000}]],"outcome":{"kind":"timeout","side":2}}`, nil)
	score(4, 5, 1000, 0) // D +1000: 17-3
	call("GET", base+"/rounds/4", "", &g)
	assert.Equal(t, []string{"14", "6"}, g.Tables[3].Points)
	assert.Equal(t, []int{355, -355}, g.Tables[3].MP)

	// Final: G 59 (+2600), C 50 (+1400), J 48 (+1300), H 42 (+205), A 41 (+75) and
	// I 41 (+75) ex aequo, D 39 (-250), E 38 (-50), B 31 (-1155), F 11 (-4200).
	var st struct {
		Standings []struct {
			Place   int
			Tied    bool
			EntryID int64  `json:"entry_id"`
			VP      string `json:"vp"`
			MP      int    `json:"mp"`
		}
	}
	call("GET", base+"/standings", "", &st)
	type line struct {
		Place int
		Side  string
		VP    string
		MP    int
		Tied  bool
	}
	var got []line
	for _, s := range st.Standings {
		got = append(got, line{s.Place, string(name[s.EntryID]), s.VP, s.MP, s.Tied})
	}
	want := []line{{1, "G", "59", 2600, false}, {2, "C", "50", 1400, false}, {3, "J", "48", 1300, false},
		{4, "H", "42", 205, false}, {5, "A", "41", 75, true}, {5, "I", "41", 75, true}, {7, "D", "39", -250, false},
		{8, "E", "38", -50, false}, {9, "B", "31", -1155, false}, {10, "F", "11", -4200, false}}
	assert.Equal(t, want, got)

	res := c.API("POST", base+"/draw", tok, "", nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "all 4 rounds drawn")
}

// TestPostOnlyAddressesLeadBack: a page a refused draw or a sheet's form switch rendered
// sits at an address that only takes POST; reloading it or switching language there
// (a GET) goes back one level instead of "page not found". The language switch returns
// to the address with its query (the format chosen on a new tournament).
func TestPostOnlyAddressesLeadBack(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Get("/tournaments/7/draw")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/tournaments/7", res.Header.Get("Location"))
	res = c.Get("/tournaments/7/rounds/1/tables/2/switch")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/tournaments/7/rounds/1/tables/2", res.Header.Get("Location"))
	doc := c.Get("/tournaments/new?format=danish").Doc(t)
	assert.Equal(t, "/tournaments/new?format=danish", doc.Find(`.lang-switch input[name="back"]`).AttrOr("value", ""))
}

// TestNewDanishFromTheForm: the Danish settings form shows every problem at once next
// to its field, in the user's language, with what was typed kept; a good form creates
// the tournament with the scale chosen.
func TestNewDanishFromTheForm(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	doc := c.Get("/tournaments/new?format=danish").Doc(t)
	assert.Equal(t, "4", doc.Find("#rounds").AttrOr("value", ""))
	assert.Equal(t, "", doc.Find(`#scale_id option[selected]`).AttrOr("value", "x"), "the FIBUR scale of the hands by default")
	bad := url.Values{"format": {"danish"}, "name": {"Danese"}, "date": {"2026-11-26"}, "sides": {"pairs"}, "pairing": {"no_rematch"},
		"rounds": {"tre"}, "hands_per_round": {"3"}, "bye_vp": {"-1"}, "bye_mp": {"0"}, "timeout_mp": {"355"},
		"timeout_winner_vp": {"5"}, "timeout_loser_vp": {"6"}, "scale_id": {"abc"}}
	res := c.Post("/tournaments", bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "tre", doc.Find("#rounds").AttrOr("value", ""), "typed input kept")
	assert.Equal(t, "-1", doc.Find("#bye_vp").AttrOr("value", ""))
	assert.NotEmpty(t, strings.TrimSpace(doc.Find("#rounds-error").Text()))
	assert.Contains(t, doc.Find("#bye_vp-error").Text(), "0 to 100 VP")
	assert.Contains(t, doc.Find("#timeout_loser_vp-error").Text(), "cannot get more VP")
	assert.Contains(t, doc.Find("#scale_id-error").Text(), "no VP scale")
	good := url.Values{}
	for k, v := range bad {
		good[k] = v
	}
	good.Set("rounds", "5")
	good.Set("bye_vp", "12")
	good.Set("timeout_winner_vp", "14")
	good.Set("scale_id", "2") // FIBUR 4 hands, chosen by hand
	res = c.Post("/tournaments", good)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	assert.Contains(t, c.Get(base).Doc(t).Find(".subtitle").Text(), "5 rounds of 3 hands")
	assert.Equal(t, "2", c.Get(base+"/edit").Doc(t).Find(`#scale_id option[selected]`).AttrOr("value", ""))
}

// The pairing order of a round shows, beside each side's place, what the pairing gave
// it: its table and opponent, or the bye; the API twin says the same.
func TestPairingOrderShowsTheResultingPairings(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	call := func(method, path, body string, out any) {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Danese","date":"2026-11-29","format":"danish","settings":{"sides":"individual","rounds":3}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for _, n := range []string{"Rossi", "Bianchi", "Verdi", "Neri", "Gialli"} {
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"Anna","last_name":"%s"}}`, n), nil)
	}
	call("POST", base+"/entries/present", "", nil)
	call("POST", base+"/draw", `{"seed":3}`, nil)
	for tb, a := range []int{1200, 900} {
		call("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb+1), fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":500}]]}`, a), nil)
	}
	var g struct {
		Tables []struct {
			Number  int
			Entries []int64
		}
		Byes []struct {
			EntryID int64 `json:"entry_id"`
		}
	}
	call("POST", base+"/draw", `{"seed":4}`, &g)
	require.Len(t, g.Tables, 2)
	require.Len(t, g.Byes, 1)
	want := map[int64]string{g.Byes[0].EntryID: "bye"}
	names := map[int64]string{}
	var st struct {
		Entries []struct {
			ID   int64
			Name string
		}
	}
	call("GET", base, "", &st)
	for _, e := range st.Entries {
		names[e.ID] = e.Name
	}
	for _, tb := range g.Tables {
		want[tb.Entries[0]] = fmt.Sprintf("table %d, against %s", tb.Number, names[tb.Entries[1]])
		want[tb.Entries[1]] = fmt.Sprintf("table %d, against %s", tb.Number, names[tb.Entries[0]])
	}

	var order struct {
		Order []struct {
			EntryID int64 `json:"entry_id"`
			Name    string
			Table   int
			Against int64
			Bye     bool
		}
	}
	call("GET", base+"/rounds/2/order", "", &order)
	require.Len(t, order.Order, 5)
	for _, l := range order.Order {
		if l.Bye {
			assert.Equal(t, "bye", want[l.EntryID], l.Name)
		} else {
			assert.Equal(t, want[l.EntryID], fmt.Sprintf("table %d, against %s", l.Table, names[l.Against]), l.Name)
		}
	}

	c.Lang = "en"
	doc := c.Get(fmt.Sprintf("/tournaments/%d/rounds/2/order", tr.ID)).Doc(t)
	rows := doc.Find("table.order tbody tr")
	require.Equal(t, 5, rows.Length())
	byes := 0
	rows.Each(func(i int, r *goquery.Selection) {
		paired := strings.TrimSpace(r.Find("td.paired").Text())
		assert.Equal(t, want[order.Order[i].EntryID], paired, r.Find("td.name").Text())
		if paired == "bye" {
			byes++
		}
	})
	assert.Equal(t, 1, byes, "the bye shown")
	c.Lang = "it"
	assert.Contains(t, c.Get(fmt.Sprintf("/tournaments/%d/rounds/2/order", tr.ID)).Doc(t).Find("td.paired").Text(), "riposo")
}
