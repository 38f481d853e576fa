package sync_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament/formats"
	"burraco/tournament/sync"
)

// examplesDir holds the example results documents (written by db's
// TestResultsOfEveryFormatPassTheHubCheck from tournaments played through the services).
var examplesDir = filepath.Join("..", "..", "docs", "examples", "results")

// compileSchema compiles docs/results.schema.json with formats asserted.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	raw, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	require.NoError(t, c.AddResource("results.schema.json", doc))
	sch, err := c.Compile("results.schema.json")
	require.NoError(t, err)
	return sch
}

// TestExamplesAgainstTheSchemaAndTheHub: each example in docs/examples/results is valid
// or not under docs/results.schema.json as its index says, and the hub's check accepts
// the valid ones and refuses the invalid ones for the reason the index gives. Every
// format has a valid example.
func TestExamplesAgainstTheSchemaAndTheHub(t *testing.T) {
	played := map[string]bool{}
	for _, f := range formats.All() {
		played[f.Name()] = false
	}
	sch := compileSchema(t)
	pubRaw, err := os.ReadFile(filepath.Join(examplesDir, "test-key.pub"))
	require.NoError(t, err)
	pub, err := sync.ParsePublic(strings.TrimSpace(string(pubRaw)))
	require.NoError(t, err)
	// A hub with one club, "club", whose one laptop holds the examples' TEST key.
	hub := sync.Ring{Slug: "club", Club: 1, Keys: []sync.Key{{ID: 1, Club: 1, Public: pub}}}

	var index []struct {
		File   string `json:"file"`
		Schema bool   `json:"schema"`
		Reason string `json:"reason"`
		What   string `json:"what"`
	}
	raw, err := os.ReadFile(filepath.Join(examplesDir, "index.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &index))
	require.GreaterOrEqual(t, len(index), 15)
	reasons := map[string]bool{}
	for _, ex := range index {
		t.Run(ex.File, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join(examplesDir, ex.File))
			require.NoError(t, err)
			sig, err := os.ReadFile(filepath.Join(examplesDir, ex.File+".sig"))
			require.NoError(t, err)

			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
			require.NoError(t, err)
			err = sch.Validate(inst)
			if ex.Schema {
				assert.NoError(t, err, "%s is valid under the schema", ex.File)
			} else {
				assert.Error(t, err, "%s breaks the schema", ex.File)
			}

			c, err := sync.Check(t.Context(), body, strings.TrimSpace(string(sig)), hub)
			assert.Equal(t, ex.Reason, sync.Reason(err), "%s: %v", ex.File, err)
			if ex.Reason == "" {
				require.NoError(t, err)
				for _, st := range c.Document.Stages {
					played[st.Format] = true
				}
			}
			reasons[ex.Reason] = true
		})
	}
	for f, seen := range played {
		assert.True(t, seen, "a valid example of %s", f)
	}
	for _, r := range []string{"", sync.ReasonSignature, sync.ReasonUnknownKey, sync.ReasonShape, sync.ReasonUnreadable, sync.ReasonRules, sync.ReasonUnknownClub} {
		assert.True(t, reasons[r], "an example refused for %q", r)
	}
}
