package sync_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formats"
	"burraco/tournament/sync"
)

// schemaPath is the results document's JSON Schema, written from the Go types by
// TestSchemaIsTheTypes (BURRACO_WRITE_SCHEMA=1 writes it again).
var schemaPath = filepath.Join("..", "..", "docs", "results.schema.json")

// schemaGen writes a JSON Schema (2020-12) of Go types as encoding/json writes them and
// the strict reader reads them: every object closed (no unknown field), slices and maps
// nullable, pointers nullable.
type schemaGen struct{ defs map[string]any }

var (
	timeType   = reflect.TypeFor[time.Time]()
	rawType    = reflect.TypeFor[json.RawMessage]()
	pointsType = reflect.TypeFor[tournament.Points]()
	clockType  = reflect.TypeFor[tournament.Clock]()
	bandType   = reflect.TypeFor[scoring.Band]()
)

func nullable(s map[string]any) map[string]any {
	if ty, ok := s["type"].(string); ok {
		s["type"] = []string{ty, "null"}
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

func (g *schemaGen) of(t reflect.Type) map[string]any {
	switch t {
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case rawType:
		return map[string]any{}
	case pointsType:
		return map[string]any{"type": []string{"string", "number"}, "pattern": `^-?[0-9]+(\.[0-9]+)?$`,
			"description": "points as a standings sheet shows them: \"3\", \"4.5\", \"3.33\" (a number is read too)"}
	case clockType:
		return g.ref(t, func() map[string]any {
			return closed(map[string]any{
				"running":      map[string]any{"type": "boolean"},
				"ends_at":      map[string]any{"type": "string", "format": "date-time"},
				"left_seconds": map[string]any{"type": "integer"},
				"left_ms":      map[string]any{"type": "integer"},
			})
		})
	case bandType:
		return g.ref(t, func() map[string]any {
			return closed(map[string]any{
				"from":   map[string]any{"type": "integer"},
				"to":     map[string]any{"type": []string{"integer", "null"}, "description": "null: open-ended"},
				"winner": map[string]any{"type": "integer"},
				"loser":  map[string]any{"type": "integer"},
			})
		})
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(g.of(t.Elem()))
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice:
		return map[string]any{"type": []string{"array", "null"}, "items": g.of(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": g.of(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": []string{"object", "null"}, "additionalProperties": g.of(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		return g.ref(t, func() map[string]any { return g.object(t) })
	}
	panic("schema: no rule for " + t.String())
}

// ref puts a named type's schema in $defs once and refers to it.
func (g *schemaGen) ref(t reflect.Type, build func() map[string]any) map[string]any {
	name := t.String() // package.Type
	if _, ok := g.defs[name]; !ok {
		g.defs[name] = nil // a recursive type refers to itself
		g.defs[name] = build()
	}
	return map[string]any{"$ref": "#/$defs/" + name}
}

func closed(props map[string]any) map[string]any {
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

// object is a struct's properties as encoding/json names them: embedded structs'
// fields promoted, a shallower field winning over a deeper one of the same name.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	depth := map[string]int{}
	var walk func(t reflect.Type, d int)
	walk = func(t reflect.Type, d int) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" || (!f.IsExported() && !f.Anonymous) {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type, d+1)
				continue
			}
			if name == "" {
				name = f.Name
			}
			if old, ok := depth[name]; ok && old <= d {
				continue
			}
			depth[name] = d
			props[name] = g.of(f.Type)
		}
	}
	walk(t, 0)
	return closed(props)
}

// emptyChoiceRead reports whether a format reads its settings with a choice left empty
// (an older document's, read as the default).
func emptyChoiceRead(f tournament.Format, name string) bool {
	raw, err := json.Marshal(f.Defaults())
	if err != nil {
		return false
	}
	m := map[string]any{}
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	m[name] = ""
	if raw, err = json.Marshal(m); err != nil {
		return false
	}
	s, err := f.Decode(raw)
	return err == nil && len(f.Check(s)) == 0
}

// resultsSchema is the results document's schema: the envelope, the tournament document
// inside it, and each format's settings by the stage's format.
func resultsSchema() map[string]any {
	g := &schemaGen{defs: map[string]any{}}
	g.of(reflect.TypeFor[tournament.Document]())
	doc := g.defs["tournament.Document"].(map[string]any)
	props := doc["properties"].(map[string]any)
	props["kind"] = map[string]any{"const": tournament.DocumentKind}
	props["version"] = map[string]any{"const": tournament.DocumentVersion}
	doc["required"] = []string{"kind", "version", "tournament", "stages"}
	stage := g.defs["tournament.StageRounds"].(map[string]any)
	stage["properties"].(map[string]any)["settings"] = map[string]any{"type": "object",
		"description": "the format's own settings: their schema by the stage's format below"}
	var byFormat []any
	var names []string
	for _, f := range formats.All() {
		def := "settings." + f.Name()
		settings := g.object(reflect.TypeOf(f.Defaults()))
		for _, field := range f.Fields() {
			if p, ok := settings["properties"].(map[string]any)[field.Name].(map[string]any); ok && field.Kind == "choice" {
				p["enum"] = field.Choices
				if emptyChoiceRead(f, field.Name) {
					p["enum"] = append([]string{""}, field.Choices...)
				}
			}
		}
		g.defs[def] = settings
		names = append(names, f.Name())
		byFormat = append(byFormat, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"format": map[string]any{"const": f.Name()}}, "required": []string{"format"}},
			"then": map[string]any{"properties": map[string]any{"settings": map[string]any{"$ref": "#/$defs/" + def}}},
		})
	}
	stage["allOf"] = byFormat
	stage["properties"].(map[string]any)["format"] = map[string]any{"enum": names}
	g.defs["tournament.Document"] = doc
	enum := func(def, prop string, values ...string) {
		g.defs[def].(map[string]any)["properties"].(map[string]any)[prop].(map[string]any)["enum"] = values
	}
	enum("tournament.Outcome", "kind", "", tournament.OutcomeTimeout, tournament.OutcomeForfeit, tournament.OutcomeLastAction)
	enum("tournament.Entry", "kind", string(tournament.EntryPlayer), string(tournament.EntryPair),
		string(tournament.EntrySubstitute), string(tournament.EntryTeam))
	return map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         "https://burraco.example/schemas/results.schema.json",
		"title":       "Burraco results document",
		"description": "One tournament's results as a club sends them to the hub (docs/RESULTS.md): an envelope, signed whole, around the tournament document.",
		"type":        "object",
		"properties": map[string]any{
			"kind":       map[string]any{"const": sync.Kind},
			"version":    map[string]any{"const": sync.Version},
			"club":       map[string]any{"type": "string", "pattern": `^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$`, "description": "the club's slug on the hub"},
			"tournament": map[string]any{"type": "string", "pattern": `^[0-9a-f]{32}$`, "description": "the tournament's uid, the same for every revision"},
			"revision":   map[string]any{"type": "integer", "minimum": 1, "description": "grows with each correction; the newest accepted is the hub's copy"},
			"sent_at":    map[string]any{"type": "string", "format": "date-time"},
			"document":   map[string]any{"$ref": "#/$defs/tournament.Document"},
		},
		"required":             []string{"kind", "version", "club", "tournament", "revision", "sent_at", "document"},
		"additionalProperties": false,
		"$defs":                g.defs,
	}
}

// TestSchemaIsTheTypes: docs/results.schema.json is what the Go types say (written
// again with BURRACO_WRITE_SCHEMA=1): a field added to the document changes it.
func TestSchemaIsTheTypes(t *testing.T) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	require.NoError(t, enc.Encode(resultsSchema()))
	if os.Getenv("BURRACO_WRITE_SCHEMA") == "1" {
		require.NoError(t, os.WriteFile(schemaPath, buf.Bytes(), 0o644))
	}
	stored, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	require.Equal(t, buf.String(), string(stored), "docs/results.schema.json is stale: run with BURRACO_WRITE_SCHEMA=1")
}
