package exports_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// A teams round's results, as CSV and PDF, give each match's MP and VP (a table of a
// match has no points of its own: its column was blank on every line, the match's VP
// nowhere). The worked example of the teams' round page: match 1, table 1 X 1800 v Y
// 900, table 2 Y 1000 v X 800: X +700 MP, 13–7 VP; match 2, tables 1000 v 1000 and
// 1100 v 1000: −100 and +100 MP, 10–10. Before its second table a match has neither.
func TestTeamsResultsGiveTheMatches(t *testing.T) {
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
	save := func(table, a, b int) {
		t.Helper()
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", ev.API, table), tok,
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	matchRows := func() [][]string {
		t.Helper()
		c.Lang = "it"
		res := c.Get(ev.HTML + "/rounds/1/results.csv")
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		rows := openInExcel(t, res.Body, page.IT)
		require.Len(t, rows, 1+8+4, "the header, two sides of 4 tables, two teams of 2 matches")
		return rows[9:]
	}
	m1, m2 := ms.Matches[0], ms.Matches[1]

	save(1, 1800, 900)
	assert.Equal(t, [][]string{
		{"", "Incontro 1 · tavoli 1–2", name(m1.Entries[0]), "", ""},
		{"", "Incontro 1 · tavoli 1–2", name(m1.Entries[1]), "", ""},
		{"", "Incontro 2 · tavoli 3–4", name(m2.Entries[0]), "", ""},
		{"", "Incontro 2 · tavoli 3–4", name(m2.Entries[1]), "", ""},
	}, matchRows(), "no MP or VP before a match is complete")

	save(2, 1000, 800)
	save(3, 1000, 1000)
	save(4, 1100, 1000)
	assert.Equal(t, [][]string{
		{"", "Incontro 1 · tavoli 1–2", name(m1.Entries[0]), "700", "13"},
		{"", "Incontro 1 · tavoli 1–2", name(m1.Entries[1]), "-700", "7"},
		{"", "Incontro 2 · tavoli 3–4", name(m2.Entries[0]), "-100", "10"},
		{"", "Incontro 2 · tavoli 3–4", name(m2.Entries[1]), "100", "10"},
	}, matchRows())

	res := c.Get(ev.HTML + "/rounds/1/results.pdf")
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Contains(t, pdfText(t, []byte(res.Body)), "Incontro 1 · tavoli 1–2")
}
