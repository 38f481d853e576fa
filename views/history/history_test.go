package history_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

var undoAction = regexp.MustCompile(`/history/(\d+)/undo$`)

// The history of a table shows each save with before and after in the reader's
// language; a correction undone comes back, the undo is logged, and an undo that a later
// change depends on is refused with the reason. A locked round refuses a save.
func TestHistoryUndoAndLockThroughThePages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 6)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{100, 200, 300}).StatusCode)

	hist := base + "/rounds/1/tables/1/history"
	doc := c.Get(hist).Doc(t)
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

	c.Lang = "it"
	it := c.Get(hist).Doc(t).Find("table.history-table tbody tr").First().Find(".event-text").Text()
	assert.Contains(t, it, "Partita 1 tavolo 1 corretto: smazzata 1 ")
	c.Lang = "en"

	// Refused: the correction came later on the same table.
	res := c.Post(undoFirst, url.Values{"back": {hist}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, hist, res.Header.Get("Location"))
	seqFirst := undoAction.FindStringSubmatch(undoFirst)[1]
	seqLatest := undoAction.FindStringSubmatch(undoLatest)[1]
	doc = c.Get(hist).Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(),
		fmt.Sprintf("Change #%s cannot be undone: change #%s came later and depends on it. Undo that one first.", seqFirst, seqLatest))

	// The correction undone: the first scores are back.
	res = c.Post(undoLatest, url.Values{"back": {hist}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	doc = c.Get(hist).Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Change #"+seqLatest+" undone.")
	rows = doc.Find("table.history-table tbody tr")
	require.Equal(t, 3, rows.Length())
	assert.Contains(t, rows.First().Find(".event-text").Text(), "Change #"+seqLatest+" undone: hand 1 ")
	assert.Contains(t, rows.Eq(1).Find(".badge").Text(), "undone by #")
	assert.Zero(t, rows.Eq(1).Find("form.undo").Length(), "an undone change has no undo button")
	st, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	assert.Equal(t, 300, st.Rounds[0].Tables[0].Hands[0].Score)

	// Locked as final: a save is refused until unlocked.
	res = c.Post(base+"/rounds/1/lock", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Contains(t, c.Get(base+"/rounds/1").Doc(t).Find(".round-lock").Text(), "Locked as final")
	res = c.SaveTotals(base, 1, 2, [3]int{300, 200, 100})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.Body, "Game 1 is locked as final: unlock it first.")
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/rounds/1/unlock", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 2, [3]int{300, 200, 100}).StatusCode)
	doc = c.Get(base + "/history").Doc(t)
	text := doc.Find("table.history-table").Text()
	assert.Contains(t, text, "Game 1 locked as final")
	assert.Contains(t, text, "Game 1 unlocked")
}
