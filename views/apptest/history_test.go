package apptest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// The API twins: the history in the language asked, an undo, a refused undo with its
// reason, and the lock.
func TestAPIHistoryUndoLock(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := viewtest.TournamentWithEntries(t, c, 6)
	api := "/api/v1" + base
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{100, 200, 300}).StatusCode)

	type line struct {
		ID       int64
		Kind     string
		Text     string
		Undoable bool
		UndoneBy int64 `json:"undone_by"`
		Changes  []struct{ What, Before, After string }
	}
	var h struct{ Events []line }
	req, _ := http.NewRequest(http.MethodGet, c.App.Srv.URL+api+"/history?round=1&table=1", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept-Language", "it")
	res := c.Do(req)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.NoError(t, json.Unmarshal([]byte(res.Body), &h))
	require.Len(t, h.Events, 2)
	assert.Equal(t, "scores_corrected", h.Events[0].Kind)
	assert.True(t, strings.HasPrefix(h.Events[0].Text, "Partita 1 tavolo 1 corretto"), h.Events[0].Text)
	assert.Equal(t, "300", h.Events[0].Changes[0].Before)
	assert.Equal(t, "100", h.Events[0].Changes[0].After)

	var e viewtest.APIError
	res = c.API("POST", fmt.Sprintf("%s/history/%d/undo", api, h.Events[1].ID), tok, "", &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "conflict", e.Error.Code)
	assert.Contains(t, e.Error.Message, "came later and depends on it")

	var u struct{ Event line }
	res = c.API("POST", fmt.Sprintf("%s/history/%d/undo", api, h.Events[0].ID), tok, "", &u)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, "undo", u.Event.Kind)

	res = c.API("POST", api+"/rounds/1/lock", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("PUT", api+"/rounds/1/tables/2", tok, totals(300, 200, 100), &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, "Game 1 is locked as final: unlock it first.", e.Error.Message)
	res = c.API("POST", api+"/rounds/1/unlock", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
}

// A log line is put in words at display time, in the reader's language and the format's
// wording; a line from before the structured log keeps its English text.
func TestEventText(t *testing.T) {
	corrected := tournament.Event{Kind: "scores_corrected", Args: []string{"2", "3"},
		Changes: []tournament.Change{{What: "change.hand", Of: []string{"1", "Mazzà Niccolò"}, Before: "100", After: "390"}}}
	withdrawn := tournament.Event{Kind: "withdraw", Args: []string{"Verdi Anna"},
		Also:    []tournament.Line{{Key: "event.also.takes_seat", Args: []string{"Neri Bruno", "2"}}},
		Changes: []tournament.Change{{What: "change.withdrawn", Before: "change.no", After: "change.yes", Words: true}}}
	first := tournament.Event{Kind: "scores", Args: []string{"1", "1"}, Changes: []tournament.Change{{What: "change.hand", Of: []string{"1", "Rossi"}, After: "300"}}}
	legacy := tournament.Event{Kind: "scores", Detail: "round 1 table 1: 9 hand scores entered"}
	cases := []struct {
		lang   page.Lang
		format string
		e      tournament.Event
		want   string
	}{
		{page.EN, "individual3", corrected, "Game 2 table 3 corrected: hand 1 Mazzà Niccolò 100 → 390"},
		{page.IT, "individual3", corrected, "Partita 2 tavolo 3 corretto: smazzata 1 Mazzà Niccolò 100 → 390"},
		{page.EN, "danish", corrected, "Round 2 table 3 corrected: hand 1 Mazzà Niccolò 100 → 390"},
		{page.IT, "danish", corrected, "Turno 2 tavolo 3 corretto: smazzata 1 Mazzà Niccolò 100 → 390"},
		{page.EN, "individual3", withdrawn, "Verdi Anna; Neri Bruno takes the seat in game 2: withdrawn no → yes"},
		{page.IT, "individual3", withdrawn, "Verdi Anna; Neri Bruno prende il posto nella partita 2: ritirato no → sì"},
		{page.EN, "individual3", first, "Game 1 table 1: scores entered: hand 1 Rossi – → 300"},
		{page.IT, "danish", legacy, "round 1 table 1: 9 hand scores entered"},
		{page.EN, "knockout", tournament.Event{Kind: "scores_corrected", Args: []string{"1", "1"},
			Also: []tournament.Line{{Key: "event.also.bracket_flagged", Args: []string{"2", "1"}}}},
			"Round 1 table 1 corrected; round 2 table 1 was played by other sides than the results now give: flagged for the director"},
		{page.EN, "danish", tournament.Event{Kind: "scores", Args: []string{"1", "2"},
			Changes: []tournament.Change{{What: "change.hand", Of: []string{"1", "Rossi"}, After: "1300", AfterHand: &scoring.Hand{Form: scoring.GameTotal, Total: 1300}}}},
			"Round 1 table 2: scores entered: round total Rossi – → 1300"},
		{page.IT, "individual3", tournament.Event{Kind: "stage", Args: []string{"2", "knockout", "4", "1"}}, "Fase 2 (eliminazione diretta) iniziata con i 4 qualificati della fase 1"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, page.EventText(c.lang, c.format, &c.e))
	}
}
