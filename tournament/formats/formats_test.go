package formats_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// TestRegister: the list is what the registry serves, the default (a new tournament's
// format) first, and a test's own format comes after it, as formattest does.
func TestRegister(t *testing.T) {
	formats.Register(formattest.Format{})
	all := formats.All()
	require.NotEmpty(t, all)
	assert.Equal(t, all[0].Name(), tournament.DefaultFormat().Name())
	var names []string
	for _, f := range append(all, formattest.Format{}) {
		got, ok := tournament.FormatOf(f.Name())
		require.True(t, ok, f.Name())
		assert.Equal(t, f, got)
		names = append(names, f.Name())
	}
	slices.Sort(names)
	assert.Equal(t, names, tournament.FormatNames(), "every format once, and nothing else")
}

// TestEveryFormatKeepsItsSettings is what a format added to the list (or a test's, as
// formattest) must do for the generic code to carry it: a name of its own, default
// settings that pass its own check and survive the store (JSON) and the settings form,
// valid rules, tables of at least two sides, and only the outcomes the sheet knows.
func TestEveryFormatKeepsItsSettings(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range append(formats.All(), formattest.Format{}) {
		t.Run(f.Name(), func(t *testing.T) {
			require.NotEmpty(t, f.Name())
			assert.False(t, seen[f.Name()], "a name of its own")
			seen[f.Name()] = true

			def := f.Defaults()
			assert.Empty(t, f.Check(def), "the defaults pass the format's check")
			rules := f.Rules()
			assert.Empty(t, rules.Validate(), "valid rules")

			raw, err := json.Marshal(def)
			require.NoError(t, err)
			back, err := f.Decode(raw)
			require.NoError(t, err)
			assert.Equal(t, def, back, "stored and read back")
			_, err = f.Decode([]byte(`{"no_such_setting": 1}`))
			assert.Error(t, err, "unknown settings refused")

			values := f.FormValues(def)
			for _, fd := range f.Fields() {
				assert.Contains(t, values, fd.Name, "the form shows every field")
				assert.NotEmpty(t, fd.Label, "a label key")
			}
			parsed, fe := f.ParseForm(values)
			assert.Empty(t, fe)
			assert.Equal(t, def, parsed, "the settings form gives back what it shows")

			assert.GreaterOrEqual(t, f.SidesPerTable(def), 2)
			for _, o := range f.Outcomes(def) {
				assert.Contains(t, []string{tournament.OutcomeTimeout, tournament.OutcomeLastAction, tournament.OutcomeForfeit}, o)
			}
		})
	}
}

// TestSharedSettingsJSON: the formats whose settings share tournament.Schedule, ByeScore
// and TimeOutScore write them as stored stages, documents and the API have always read
// them: the same keys, in the same order, and a form round trip gives them back.
func TestSharedSettingsJSON(t *testing.T) {
	formats.Register()
	want := map[string]string{
		"danish": `{"sides":"pairs","rounds":4,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12,"bye_mp":0,` +
			`"timeout_mp":355,"timeout_winner_vp":14,"timeout_loser_vp":6,"apart_clubs_rounds":0}`,
		"individual4": `{"rounds":4,"hands_per_round":3,"bye_vp":12,"bye_mp":0,"timeout_mp":355,"timeout_winner_vp":14,"timeout_loser_vp":6}`,
		"mitchell": `{"rounds":4,"hands_per_round":3,"move":1,"apart_clubs_rounds":0,"bye_vp":12,"bye_mp":0,` +
			`"timeout_mp":355,"timeout_winner_vp":14,"timeout_loser_vp":6}`,
		"teams": `{"rounds":4,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12,"bye_mp":0,"apart_clubs_rounds":0}`,
	}
	for name, js := range want {
		f, ok := tournament.FormatOf(name)
		require.True(t, ok, name)
		got, err := json.Marshal(f.Defaults())
		require.NoError(t, err)
		assert.Equal(t, js, string(got), name)

		changed := []byte(`{"rounds":7,"hands_per_round":4,"bye_vp":10,"bye_mp":-50}`)
		s, err := f.Decode(changed)
		require.NoError(t, err, name)
		assert.Equal(t, 7, s.Rounds(), name)
		assert.Equal(t, 4, s.HandsPerRound(), name)
		v := f.FormValues(s)
		assert.Equal(t, []string{"10", "-50"}, []string{v["bye_vp"], v["bye_mp"]}, name)
		back, fe := f.ParseForm(v)
		assert.Empty(t, fe, name)
		assert.Equal(t, s, back, name)
	}
}
