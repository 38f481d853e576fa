package standings_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// The pairing order of a teams round speaks of teams and matches: its column is the
// team, each team is paired in its match at both its tables ("incontro 1, tavoli 1–2,
// contro Team C", not only the first table), and what the pairing avoids names teams,
// not lines; in Italian and in English.
func TestPairingOrderOfTeams(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7,"round":1}`, nil).StatusCode)
	var ms dto.Matches
	require.Equal(t, http.StatusOK, c.API("GET", ev.API+"/rounds/1/matches", tok, "", &ms).StatusCode)
	require.Len(t, ms.Matches, 2)
	name := func(id int64) string {
		for i, tid := range ev.Teams {
			if tid == id {
				return fmt.Sprintf("Team %c", 'A'+i)
			}
		}
		return ""
	}
	want := map[string][]string{} // a team's name: its match's number, tables and opponent
	for _, m := range ms.Matches {
		span := fmt.Sprintf("%d–%d", m.Tables[0], m.Tables[1])
		want[name(m.Entries[0])] = []string{fmt.Sprint(m.Number), span, name(m.Entries[1])}
		want[name(m.Entries[1])] = []string{fmt.Sprint(m.Number), span, name(m.Entries[0])}
	}
	for lang, w := range map[string]struct{ col, paired, avoids string }{
		"it": {"Squadra", "incontro %s, tavoli %s, contro %s", "le squadre da non far mai incontrare"},
		"en": {"Team", "match %s, tables %s, against %s", "teams that must never meet"},
	} {
		c.Lang = lang
		doc := c.Get(ev.HTML + "/rounds/1/order").Doc(t)
		assert.Equal(t, w.col, strings.TrimSpace(doc.Find("table.order thead th").Eq(1).Text()), lang)
		rows := doc.Find("table.order tbody tr")
		require.Equal(t, 4, rows.Length())
		for i := range rows.Length() {
			team := strings.TrimSpace(rows.Eq(i).Find("td.name").Text())
			require.Contains(t, want, team)
			m := want[team]
			assert.Equal(t, fmt.Sprintf(w.paired, m[0], m[1], m[2]), strings.TrimSpace(rows.Eq(i).Find("td.paired").Text()), lang)
		}
		assert.Contains(t, doc.Text(), w.avoids, lang)
	}
}

// A teams stage's standings say how they rank and what the small figure under a round's
// VP is: the match's MP (the base legend called it the line's score, under its points).
func TestTeamsStandingsLegend(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7,"round":1}`, nil).StatusCode)
	for lang, want := range map[string]string{
		"it": "Classifica per VP, poi MP (somma degli MP dei suoi incontri); \"=\" indica un posto condiviso (ex aequo); sotto i VP di un turno, in piccolo, gli MP dell'incontro.",
		"en": "Ranked by VP, then MP (the sum of its matches' MP); \"=\" marks a shared place (ex aequo); under a round's VP, in small type, the match's MP.",
	} {
		c.Lang = lang
		doc := c.Get(ev.HTML + "/standings").Doc(t)
		assert.Equal(t, want, strings.TrimSpace(doc.Find("p.muted.small").Last().Text()), lang)
	}
}

// A round in play shows, in its standings column, the table each side plays at in
// words ("tav. 1", "table 1"): in Italian the bare "T1" read as the column's own round
// ("T2" headed a column of "T1", "T3"…).
func TestStandingsSayTheTableOfARoundInPlay(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	var r dto.Round
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7,"round":1}`, &r).StatusCode)
	require.Len(t, r.Tables, 2)
	for lang, want := range map[string]string{"it": "tav. 1", "en": "table 1"} {
		c.Lang = lang
		doc := c.Get(ev.HTML + "/standings").Doc(t)
		cells := doc.Find("td.game-cell .at-table")
		require.Equal(t, 2, cells.Length(), lang)
		for i := range cells.Length() {
			assert.Equal(t, want, strings.TrimSpace(cells.Eq(i).Text()), lang)
		}
	}
}
