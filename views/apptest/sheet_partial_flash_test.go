package apptest_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A sheet saved with a hand missing says it is incomplete, not just "saved"; the
// complete sheet then says saved.
func TestSheetSavedWithMissingHandSaysIncomplete(t *testing.T) {
	ev := newInd4Evening(t)
	sheet := ev.base + "/rounds/1/tables/1"
	form := url.Values{"form": {"total"}, "then": {"round"}, "version": {"0"}}
	for _, k := range []string{"h1.s1", "h1.s2", "h2.s1", "h2.s2", "h3.s1"} {
		form.Set(k+".total", "300")
	}
	res := ev.c.Post(sheet, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc := ev.c.Get(res.Header.Get("Location")).Doc(t)
	assert.Equal(t, "Tavolo 1 salvato, ma incompleto: mancano dei punteggi.", doc.Find(".flash").Text())

	doc = ev.c.Get(sheet).Doc(t)
	form.Set("version", doc.Find(`input[name=version]`).AttrOr("value", ""))
	form.Set("h3.s2.total", "100")
	res = ev.c.Post(sheet, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = ev.c.Get(res.Header.Get("Location")).Doc(t)
	assert.Equal(t, "Tavolo 1 salvato.", doc.Find(".flash").Text())
}
