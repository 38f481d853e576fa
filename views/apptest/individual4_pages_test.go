package apptest_test

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

	"burraco/tournament"
	"burraco/views/viewtest"
)

// ind4Evening is an individual tournament at 4-player tables with 9 players checked in
// and round 1 drawn (seed 7: two tables of two partnerships, one player sitting out).
type ind4Evening struct {
	c    *viewtest.Client
	tok  string
	id   int64
	base string // "/tournaments/{id}"
	st   *tournament.State
}

func newInd4Evening(t *testing.T) *ind4Evening {
	t.Helper()
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = "it"
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Individuale","date":"2026-11-24","format":"individual4","settings":{"rounds":3,"hands_per_round":3}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ev := &ind4Evening{c: c, tok: tok, id: tr.ID, base: fmt.Sprintf("/tournaments/%d", tr.ID)}
	var pids []string
	for _, n := range clubNames[:9] {
		var p struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, n[0], n[1]), &p).StatusCode)
		pids = append(pids, fmt.Sprint(p.ID))
	}
	ev.api(t, "POST", "/entries/batch", `{"player_ids":[`+strings.Join(pids, ",")+`]}`, nil)
	ev.api(t, "POST", "/entries/present", "", nil)
	ev.api(t, "POST", "/draw", `{"seed":7}`, nil)
	st, err := app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	require.Len(t, st.Rounds, 1)
	require.Len(t, st.Rounds[0].Tables, 2)
	ev.st = st
	return ev
}

func (ev *ind4Evening) api(t *testing.T, method, path, body string, out any) {
	t.Helper()
	res := ev.c.API(method, "/api/v1"+ev.base+path, ev.tok, body, out)
	require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
}

// name is an entry's name; pair names side sd "A / B".
func (ev *ind4Evening) name(id int64) string { return ev.st.Entry(id).Name }

func (ev *ind4Evening) pair(sd tournament.Side) string {
	return ev.name(sd.EntryID) + " / " + ev.name(sd.Partners[0])
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// The printed list by table names the four players of each table, each partnership
// under its number; "find your seat" has a line per player naming the partner, the
// table and the side.
func TestIndividual4TableListNamesPartners(t *testing.T) {
	ev := newInd4Evening(t)
	doc := ev.c.Get(ev.base + "/rounds/1/print").Doc(t)
	r1 := ev.st.Rounds[0]
	doc.Find(".print-table").Each(func(i int, s *goquery.Selection) {
		sides := s.Find("li")
		require.Equal(t, 2, sides.Length())
		sides.Each(func(j int, li *goquery.Selection) {
			sd := r1.Tables[i].Sides[j]
			assert.Equal(t, []string{ev.name(sd.EntryID), ev.name(sd.Partners[0])}, li.Find(".member").Map(func(_ int, m *goquery.Selection) string { return m.Text() }))
		})
	})
	rows := map[string][2]string{}
	doc.Find(".find-seat tr").Each(func(_ int, tr *goquery.Selection) {
		rows[squash(tr.Find(".name").Text())] = [2]string{squash(tr.Find(".with").Text()), squash(tr.Find(".seat").Text())}
	})
	require.Len(t, rows, 9)
	for _, tb := range r1.Tables {
		for _, sd := range tb.Sides {
			a, b := ev.name(sd.EntryID), ev.name(sd.Partners[0])
			where := fmt.Sprintf("Tavolo %d · coppia %d", tb.Number, sd.Position)
			assert.Equal(t, [2]string{"con " + b, where}, rows[a])
			assert.Equal(t, [2]string{"con " + a, where}, rows[b])
		}
	}
	assert.Equal(t, [2]string{"", "riposa"}, rows[ev.name(r1.Byes[0].EntryID)])

	// The sheets print a column per partnership, with both names.
	doc = ev.c.Get(ev.base + "/rounds/1/sheets").Doc(t)
	heads := doc.Find(".score-sheet").First().Find("th.player")
	require.Equal(t, 2, heads.Length())
	for j, sd := range r1.Tables[0].Sides {
		assert.Equal(t, []string{ev.name(sd.EntryID), ev.name(sd.Partners[0])}, heads.Eq(j).Find(".member").Map(func(_ int, m *goquery.Selection) string { return m.Text() }))
	}
	assert.Equal(t, 4, doc.Find(".score-sheet").First().Find(".sheet-sign span").Length(), "a signature a player")
	// A side is a partnership of the round: "Coppia 1", never the pairs formats' "Linea".
	assert.Equal(t, []string{"Coppia 1", "Coppia 2"}, heads.Find(".side-no").Map(func(_ int, m *goquery.Selection) string { return m.Text() }))
	assert.Contains(t, doc.Find(".sheet-outcome").First().Text(), "Coppia:")
	assert.NotContains(t, strings.ToLower(doc.Find("main, body").First().Text()), "linea")

	// The round page's cards: each side's players, one a line.
	doc = ev.c.Get(ev.base + "/rounds/1").Doc(t)
	card := doc.Find(".table-card").First()
	assert.Equal(t, ev.pair(r1.Tables[0].Sides[0]), card.Find(".pname").First().AttrOr("title", ""))
	assert.Equal(t, 4, card.Find(".pname.many .who").Length())

	// The CSV table list: a line per partnership.
	res := ev.c.Get(ev.base + "/rounds/1/tables.csv")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Body, ev.pair(r1.Tables[1].Sides[1]))
}

// The score sheet's page names each column by its partnership, and so does the phone's
// table (API), with every player of the side.
func TestIndividual4SheetNamesPartnerships(t *testing.T) {
	ev := newInd4Evening(t)
	tb := ev.st.Rounds[0].Tables[1]
	doc := ev.c.Get(ev.base + "/rounds/1/tables/2").Doc(t)
	names := doc.Find(".sheet-names .sheet-name").Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	assert.Equal(t, []string{ev.pair(tb.Sides[0]), ev.pair(tb.Sides[1])}, names)
	// The outcome names the partnership it concerns as one.
	assert.Equal(t, "La coppia interessata", squash(doc.Find(`label[for="outcome_side"]`).Text()))
	assert.Equal(t, "Coppia 2 · "+ev.pair(tb.Sides[1]), squash(doc.Find("#outcome_side option").Eq(2).Text()))
	ev.c.Lang = "en"
	doc = ev.c.Get(ev.base + "/rounds/1/tables/2").Doc(t)
	assert.Equal(t, "Pair 2 · "+ev.pair(tb.Sides[1]), squash(doc.Find("#outcome_side option").Eq(2).Text()))
	doc = ev.c.Get(ev.base + "/rounds/1/sheets").Doc(t)
	assert.Equal(t, "Pair 1", doc.Find(".score-sheet th.player .side-no").First().Text())
	ev.c.Lang = "it"

	// The API's round: each table's sides with their partners.
	var round struct {
		Tables []struct {
			Sides []tournament.Side `json:"sides"`
		} `json:"tables"`
	}
	ev.api(t, "GET", "/rounds/1", "", &round)
	require.Len(t, round.Tables, 2)
	assert.Equal(t, tb.Sides, round.Tables[1].Sides)
	var table struct {
		Sides []tournament.Side `json:"sides"`
	}
	ev.api(t, "GET", "/rounds/1/tables/2", "", &table)
	assert.Equal(t, tb.Sides, table.Sides)
}

// A player's public page names their partner of each round, and the public tables list
// the partners beside each side's entry; find-your-seat has every player.
func TestIndividual4PublicPlayerShowsPartner(t *testing.T) {
	ev := newInd4Evening(t)
	ev.api(t, "PUT", "/published", `{"published":true}`, nil)
	tb := ev.st.Rounds[0].Tables[0]
	me, partner := tb.Sides[1].Partners[0], tb.Sides[1].EntryID
	for i := 1; i <= 2; i++ {
		ev.api(t, "PUT", fmt.Sprintf("/rounds/1/tables/%d", i), twoSides(3, 300, 100), nil)
	}

	doc := ev.c.Get(fmt.Sprintf("/p/%d/players/%d", ev.id, me)).Doc(t)
	game := doc.Find(".pub-game").First()
	assert.Equal(t, "In coppia con "+ev.name(partner), squash(game.Find(".pub-partner").Text()))
	assert.Equal(t, fmt.Sprintf("/p/%d/players/%d", ev.id, partner), game.Find(".pub-partner a").AttrOr("href", ""))
	mine := game.Find("li.me")
	require.Equal(t, 1, mine.Length(), "the player's own side is marked")
	assert.Contains(t, squash(mine.Text()), ev.pair(tb.Sides[1]))
	assert.Contains(t, squash(game.Find("li").Not(".me").Text()), ev.pair(tb.Sides[0]), "the opponents")

	doc = ev.c.Get(fmt.Sprintf("/p/%d", ev.id)).Doc(t)
	assert.Contains(t, squash(doc.Find(".pub-table").First().Text()), ev.pair(tb.Sides[0]))
	assert.Equal(t, 9, doc.Find("#seat-list li").Length(), "every player finds their seat")

	var pub struct {
		Round struct {
			Tables []struct {
				Seats []struct {
					EntryID  int64 `json:"entry_id"`
					Partners []struct {
						EntryID int64  `json:"entry_id"`
						Name    string `json:"name"`
					} `json:"partners"`
				} `json:"seats"`
			} `json:"tables"`
		} `json:"round"`
	}
	res := ev.c.Get(fmt.Sprintf("/api/v1/public/tournaments/%d", ev.id))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.NoError(t, json.Unmarshal([]byte(res.Body), &pub))
	seat := pub.Round.Tables[0].Seats[1]
	assert.Equal(t, partner, seat.EntryID)
	require.Len(t, seat.Partners, 1)
	assert.Equal(t, me, seat.Partners[0].EntryID)
}

// The seat change form has a select per player, grouped by side; a partner moved to
// another table keeps sides of two; a player twice is refused next to the side.
func TestIndividual4SeatChangeKeepsPartnerships(t *testing.T) {
	ev := newInd4Evening(t)
	r1 := ev.st.Rounds[0]
	doc := ev.c.Get(ev.base + "/rounds/1/seats").Doc(t)
	assert.Equal(t, 4, doc.Find(".seat-side").Length(), "two sides a table")
	assert.Equal(t, 9, doc.Find("select").Length(), "8 seats and the bye")
	form := url.Values{}
	doc.Find("select").Each(func(_ int, s *goquery.Selection) {
		form.Set(s.AttrOr("name", ""), s.Find("option[selected]").AttrOr("value", ""))
	})
	id := func(n int64) string { return fmt.Sprint(n) }
	require.Equal(t, id(r1.Tables[0].Sides[0].Partners[0]), form.Get("seat.1.1.1"))
	require.Equal(t, id(r1.Tables[1].Sides[1].EntryID), form.Get("seat.2.2"))

	// The same player twice: refused, the error at the side.
	twice := url.Values{}
	for k, v := range form {
		twice[k] = v
	}
	twice.Set("seat.1.1.1", form.Get("seat.1.1"))
	res := ev.c.Post(ev.base+"/rounds/1/seats", twice)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.NotEmpty(t, squash(res.Doc(t).Find(`[id="seat.1.1-error"]`).Text()))

	// Table 1's partner of side 1 swaps with table 2's side 2 entry.
	a, b := form.Get("seat.1.1.1"), form.Get("seat.2.2")
	form.Set("seat.1.1.1", b)
	form.Set("seat.2.2", a)
	res = ev.c.Post(ev.base+"/rounds/1/seats", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	var round struct {
		Tables []struct {
			Sides []tournament.Side `json:"sides"`
		} `json:"tables"`
	}
	ev.api(t, "GET", "/rounds/1", "", &round)
	assert.Equal(t, tournament.Side{Position: 1, EntryID: r1.Tables[0].Sides[0].EntryID, Partners: []int64{r1.Tables[1].Sides[1].EntryID}}, round.Tables[0].Sides[0])
	assert.Equal(t, tournament.Side{Position: 2, EntryID: r1.Tables[0].Sides[0].Partners[0], Partners: r1.Tables[1].Sides[1].Partners}, round.Tables[1].Sides[1])
}
