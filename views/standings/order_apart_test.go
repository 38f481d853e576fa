package standings_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestPairingOrderSaysWhoWasKeptApart: four players, Rossi and Bianchi of Circolo Roma,
// pure Danish with clubs kept apart for two rounds. Round 1 keeps them apart; Rossi
// wins by 1,500 (19 VP), Bianchi by 1,000 (17 VP): first and second, whom 1–2 would
// pair. Round 2 moves Rossi down to the third, and the pairing order says why, on the
// page (both languages) and in the API. The settings form lists pairs never to meet.
func TestPairingOrderSaysWhoWasKeptApart(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	call := func(method, path, body string, out any) *viewtest.Response {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
		return res
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Circoli","date":"2026-11-29","format":"danish",`+
		`"settings":{"sides":"individual","rounds":3,"pairing":"danish","apart_clubs_rounds":2}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	ids := map[string]int64{}
	for _, p := range [][2]string{{"Rossi", "Circolo Roma"}, {"Bianchi", "Circolo Roma"}, {"Verdi", ""}, {"Neri", "Forlì"}} {
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"Anna","last_name":"%s","club":"%s"}}`, p[0], p[1]), &e)
		ids[p[0]] = e.ID
	}
	call("POST", base+"/entries/present", "", nil)
	var g struct {
		Tables []struct {
			Number  int
			Entries []int64
		}
	}
	call("POST", base+"/draw", `{"seed":5}`, &g)
	require.Len(t, g.Tables, 2)
	for _, tb := range g.Tables {
		a, b := tb.Entries[0], tb.Entries[1]
		require.False(t, (a == ids["Rossi"] && b == ids["Bianchi"]) || (a == ids["Bianchi"] && b == ids["Rossi"]), "kept apart in round 1")
		win := map[int64]int{ids["Rossi"]: 1500, ids["Bianchi"]: 1000}
		pa, pb := 1000+win[a], 1000+win[b]
		call("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb.Number),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, pa, pb), nil)
	}
	call("POST", base+"/draw", `{"seed":6}`, &g)
	for _, tb := range g.Tables {
		assert.NotSubset(t, tb.Entries, []int64{ids["Rossi"], ids["Bianchi"]}, "kept apart in round 2")
	}
	var order struct {
		Order []struct {
			EntryID int64 `json:"entry_id"`
			Name    string
			Avoided int64
			Why     string
		}
	}
	call("GET", base+"/rounds/2/order", "", &order)
	require.Len(t, order.Order, 4)
	assert.Equal(t, ids["Rossi"], order.Order[0].EntryID, "19 VP first")
	assert.Equal(t, ids["Bianchi"], order.Order[0].Avoided)
	assert.Equal(t, "club", order.Order[0].Why)
	for _, l := range order.Order[1:] {
		assert.Zero(t, l.Avoided, l.Name)
	}

	page := fmt.Sprintf("/tournaments/%d/rounds/2/order", tr.ID)
	for lang, want := range map[string]string{"en": "moved to avoid Circolo Roma v Circolo Roma", "it": "spostata per evitare Circolo Roma contro Circolo Roma"} {
		c.Lang = lang
		rows := c.Get(page).Doc(t).Find("table.order tbody tr")
		require.Equal(t, 4, rows.Length())
		assert.Equal(t, want, strings.TrimSpace(rows.First().Find("td.moved").Text()), lang)
		rows.Slice(1, 4).Each(func(_ int, r *goquery.Selection) {
			assert.Empty(t, strings.TrimSpace(r.Find("td.moved").Text()))
		})
	}

	// Pairs never to meet: the settings form adds one with two selects, lists it ticked,
	// refuses a pair with one side, and takes one off when unticked.
	c.Lang = "en"
	edit := fmt.Sprintf("/tournaments/%d/edit", tr.ID)
	form := func(doc *goquery.Document) url.Values {
		v := url.Values{}
		doc.Find("#tournament-form input, #tournament-form select, #tournament-form textarea").Each(func(_ int, s *goquery.Selection) {
			name, _ := s.Attr("name")
			switch {
			case name == "" || name == "_csrf" || name == "_idem":
			case s.Is("select"):
				v.Set(name, s.Find("option[selected]").AttrOr("value", ""))
			case s.Is("textarea"):
				v.Set(name, s.Text())
			case s.AttrOr("type", "") == "radio" || s.AttrOr("type", "") == "checkbox":
				if _, on := s.Attr("checked"); on {
					v.Add(name, s.AttrOr("value", "on"))
				}
			default:
				v.Set(name, s.AttrOr("value", ""))
			}
		})
		return v
	}
	doc := c.Get(edit).Doc(t)
	require.Equal(t, 5, doc.Find("#never_meet_a option").Length(), "the four sides and none")
	v := form(doc)
	v.Set("never_meet_a", fmt.Sprint(ids["Verdi"]))
	res := c.Post(fmt.Sprintf("/tournaments/%d", tr.ID), v)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "Choose both sides of the pair.", doc.Find("#never_meet-error").Text())
	assert.Equal(t, fmt.Sprint(ids["Verdi"]), doc.Find("#never_meet_a option[selected]").AttrOr("value", ""), "what was chosen is kept")

	v.Set("never_meet_b", fmt.Sprint(ids["Neri"]))
	res = c.Post(fmt.Sprintf("/tournaments/%d", tr.ID), v)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	var got struct {
		Tournament struct {
			Settings struct {
				NeverMeet [][2]int64 `json:"never_meet"`
			}
		}
	}
	call("GET", base, "", &got)
	assert.Equal(t, [][2]int64{{ids["Verdi"], ids["Neri"]}}, got.Tournament.Settings.NeverMeet)
	doc = c.Get(edit).Doc(t)
	box := doc.Find(`#never_meet input[type=checkbox][name=never_meet]`)
	require.Equal(t, 1, box.Length())
	assert.Contains(t, box.Parent().Text(), "Verdi")
	assert.Contains(t, box.Parent().Text(), "Neri")

	v = form(doc)
	v.Del("never_meet")
	require.Equal(t, http.StatusSeeOther, c.Post(fmt.Sprintf("/tournaments/%d", tr.ID), v).StatusCode)
	got.Tournament.Settings.NeverMeet = nil
	call("GET", base, "", &got)
	assert.Empty(t, got.Tournament.Settings.NeverMeet, "unticked: off the list")

	// The API names entries of the tournament only.
	res = c.API("PUT", base, tok, fmt.Sprintf(`{"name":"Circoli","date":"2026-11-29","format":"danish","settings":{"never_meet":[[%d, 999999]]}}`, ids["Verdi"]), nil)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, "Choose sides of this tournament.")
	call("PUT", base, fmt.Sprintf(`{"name":"Circoli","date":"2026-11-29","format":"danish","settings":{"never_meet":[[%d, %d]]}}`, ids["Rossi"], ids["Neri"]), nil)
	call("GET", base, "", &got)
	assert.Equal(t, [][2]int64{{ids["Rossi"], ids["Neri"]}}, got.Tournament.Settings.NeverMeet)
}
