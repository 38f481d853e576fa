package views

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// saveTable posts a sheet of totals, the same for each of the three hands.
func saveTable(c *client, base string, round, table int, scores [3]int) *response {
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(scores[s-1]))
		}
	}
	return c.post(fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table), form)
}

var undoAction = regexp.MustCompile(`/history/(\d+)/undo$`)

// The history of a table shows each save with before and after in the reader's
// language; a correction undone comes back, the undo is logged, and an undo that a later
// change depends on is refused with the reason. A locked round refuses a save.
func TestHistoryUndoAndLockThroughThePages(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	base := newTournamentHTML(t, c, 6)
	require.Equal(t, http.StatusSeeOther, c.post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, saveTable(c, base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, saveTable(c, base, 1, 1, [3]int{100, 200, 300}).StatusCode)

	hist := base + "/rounds/1/tables/1/history"
	doc := c.get(hist).doc(t)
	rows := doc.Find("table.history-table tbody tr")
	require.Equal(t, 2, rows.Length())
	assert.Contains(t, doc.Find("h2").Text(), "History of table 1, game 1")
	latest := rows.First().Find(".event-text").Text()
	assert.Contains(t, latest, "Game 1 table 1 corrected: hand 1 ")
	assert.Contains(t, latest, " 300 → 100")
	assert.Contains(t, rows.Last().Find(".event-text").Text(), "Game 1 table 1: scores entered: hand 1 ")
	assert.Contains(t, rows.Last().Find(".event-text").Text(), " – → 300", "a first entry is from nothing")
	undoLatest := rows.First().Find("form.undo").AttrOr("action", "")
	undoFirst := rows.Last().Find("form.undo").AttrOr("action", "")
	require.Regexp(t, undoAction, undoLatest)
	require.Regexp(t, undoAction, undoFirst)

	c.lang = "it"
	it := c.get(hist).doc(t).Find("table.history-table tbody tr").First().Find(".event-text").Text()
	assert.Contains(t, it, "Partita 1 tavolo 1 corretto: smazzata 1 ")
	c.lang = "en"

	// Refused: the correction came later on the same table.
	res := c.post(undoFirst, url.Values{"back": {hist}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, hist, res.Header.Get("Location"))
	seqFirst := undoAction.FindStringSubmatch(undoFirst)[1]
	seqLatest := undoAction.FindStringSubmatch(undoLatest)[1]
	doc = c.get(hist).doc(t)
	assert.Contains(t, doc.Find(".flash").Text(),
		fmt.Sprintf("Change #%s cannot be undone: change #%s came later and depends on it. Undo that one first.", seqFirst, seqLatest))

	// The correction undone: the first scores are back.
	res = c.post(undoLatest, url.Values{"back": {hist}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	doc = c.get(hist).doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Change #"+seqLatest+" undone.")
	rows = doc.Find("table.history-table tbody tr")
	require.Equal(t, 3, rows.Length())
	assert.Contains(t, rows.First().Find(".event-text").Text(), "Change #"+seqLatest+" undone: hand 1 ")
	assert.Contains(t, rows.Eq(1).Find(".badge").Text(), "undone by #")
	assert.Zero(t, rows.Eq(1).Find("form.undo").Length(), "an undone change has no undo button")
	st, err := app.store.Load(t.Context(), idFrom(base))
	require.NoError(t, err)
	assert.Equal(t, 300, st.Rounds[0].Tables[0].Hands[0].Score)

	// Locked as final: a save is refused until unlocked.
	res = c.post(base+"/rounds/1/lock", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Contains(t, c.get(base+"/rounds/1").doc(t).Find(".round-lock").Text(), "Locked as final")
	res = saveTable(c, base, 1, 2, [3]int{300, 200, 100})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.body, "Game 1 is locked as final: unlock it first.")
	require.Equal(t, http.StatusSeeOther, c.post(base+"/rounds/1/unlock", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, saveTable(c, base, 1, 2, [3]int{300, 200, 100}).StatusCode)
	doc = c.get(base + "/history").doc(t)
	text := doc.Find("table.history-table").Text()
	assert.Contains(t, text, "Game 1 locked as final")
	assert.Contains(t, text, "Game 1 unlocked")
}

// The API twins: the history in the language asked, an undo, a refused undo with its
// reason, and the lock.
func TestAPIHistoryUndoLock(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	base := newTournamentHTML(t, c, 6)
	api := "/api/v1" + base
	require.Equal(t, http.StatusSeeOther, c.post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, saveTable(c, base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, saveTable(c, base, 1, 1, [3]int{100, 200, 300}).StatusCode)

	type line struct {
		ID       int64
		Kind     string
		Text     string
		Undoable bool
		UndoneBy int64 `json:"undone_by"`
		Changes  []struct{ What, Before, After string }
	}
	var h struct{ Events []line }
	req, _ := http.NewRequest(http.MethodGet, c.app.srv.URL+api+"/history?round=1&table=1", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept-Language", "it")
	res := c.do(req)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	require.NoError(t, json.Unmarshal([]byte(res.body), &h))
	require.Len(t, h.Events, 2)
	assert.Equal(t, "scores_corrected", h.Events[0].Kind)
	assert.True(t, strings.HasPrefix(h.Events[0].Text, "Partita 1 tavolo 1 corretto"), h.Events[0].Text)
	assert.Equal(t, "300", h.Events[0].Changes[0].Before)
	assert.Equal(t, "100", h.Events[0].Changes[0].After)

	var e apiErr
	res = c.api("POST", fmt.Sprintf("%s/history/%d/undo", api, h.Events[1].ID), tok, "", &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "conflict", e.Error.Code)
	assert.Contains(t, e.Error.Message, "came later and depends on it")

	var u struct{ Event line }
	res = c.api("POST", fmt.Sprintf("%s/history/%d/undo", api, h.Events[0].ID), tok, "", &u)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	assert.Equal(t, "undo", u.Event.Kind)

	res = c.api("POST", api+"/rounds/1/lock", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	res = c.api("PUT", api+"/rounds/1/tables/2", tok, totals(300, 200, 100), &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.body)
	assert.Equal(t, "Game 1 is locked as final: unlock it first.", e.Error.Message)
	res = c.api("POST", api+"/rounds/1/unlock", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
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
		lang   Lang
		format string
		e      tournament.Event
		want   string
	}{
		{EN, "individual3", corrected, "Game 2 table 3 corrected: hand 1 Mazzà Niccolò 100 → 390"},
		{IT, "individual3", corrected, "Partita 2 tavolo 3 corretto: smazzata 1 Mazzà Niccolò 100 → 390"},
		{EN, "danish", corrected, "Round 2 table 3 corrected: hand 1 Mazzà Niccolò 100 → 390"},
		{IT, "danish", corrected, "Turno 2 tavolo 3 corretto: smazzata 1 Mazzà Niccolò 100 → 390"},
		{EN, "individual3", withdrawn, "Verdi Anna; Neri Bruno takes the seat in game 2: withdrawn no → yes"},
		{IT, "individual3", withdrawn, "Verdi Anna; Neri Bruno prende il posto nella partita 2: ritirato no → sì"},
		{EN, "individual3", first, "Game 1 table 1: scores entered: hand 1 Rossi – → 300"},
		{IT, "danish", legacy, "round 1 table 1: 9 hand scores entered"},
		{EN, "knockout", tournament.Event{Kind: "scores_corrected", Args: []string{"1", "1"},
			Also: []tournament.Line{{Key: "event.also.bracket_flagged", Args: []string{"2", "1"}}}},
			"Round 1 table 1 corrected; round 2 table 1 was played by other sides than the results now give: flagged for the director"},
		{EN, "danish", tournament.Event{Kind: "scores", Args: []string{"1", "2"},
			Changes: []tournament.Change{{What: "change.hand", Of: []string{"1", "Rossi"}, After: "1300", AfterHand: &scoring.Hand{Form: scoring.GameTotal, Total: 1300}}}},
			"Round 1 table 2: scores entered: round total Rossi – → 1300"},
		{IT, "individual3", tournament.Event{Kind: "stage", Args: []string{"2", "knockout", "4", "1"}}, "Fase 2 (eliminazione diretta) iniziata con i 4 qualificati della fase 1"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, page.EventText(c.lang, c.format, &c.e))
	}
}
