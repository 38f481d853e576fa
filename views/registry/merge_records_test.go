package registry_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The merge question names each record's club, card number and tournaments, so that
// the director can tell which "Moretti Sergio" goes (both languages).
func TestMergeQuestionTellsTheRecordsApart(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var keep, drop struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Sergio","last_name":"Moretti","club":"Circolo Aurora","card_number":"FIB-7"}`, &keep).StatusCode)
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Sergio","last_name":"Moretti","new_person":true}`, &drop).StatusCode)
	base := viewtest.TournamentWithEntries(t, c, 0)
	require.Equal(t, 201, c.API("POST", "/api/v1"+base+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, drop.ID), nil).StatusCode)

	for lang, want := range map[string][2]string{
		"it": {"Moretti Sergio (nessun circolo · senza tessera · 1 torneo: Giovedì", "Moretti Sergio (Circolo Aurora · tessera FIB-7 · 0 tornei)"},
		"en": {"Moretti Sergio (no club · no card · 1 tournament: Giovedì", "Moretti Sergio (Circolo Aurora · card FIB-7 · 0 tournaments)"},
	} {
		c.Lang = lang
		doc := c.Get(fmt.Sprintf("/players/%d/merge", keep.ID)).Doc(t)
		q := doc.Find("#merge-candidates form").AttrOr("data-confirm", "")
		assert.Contains(t, q, want[0], "%s: the record that goes", lang)
		assert.Contains(t, q, want[1], "%s: the record that stays", lang)
		assert.Contains(t, doc.Find("#merge-candidates .record-facts").Text(), "Giovedì", lang)
		assert.Contains(t, doc.Find(".merge-kept").Text(), "FIB-7", lang)
	}
}
