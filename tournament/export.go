package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"burraco/scoring/strictjson"
)

// DocumentKind and DocumentVersion name a whole tournament written as one JSON document.
const (
	DocumentKind    = "burraco-tournament"
	DocumentVersion = 1
)

// Document is a whole tournament as one JSON document: every stage with its rounds,
// tables, sides, byes and hands, the entries, the players they reference and the log.
// Imported into a database that has none of its IDs, it reads back identically.
type Document struct {
	Kind       string        `json:"kind"`
	Version    int           `json:"version"`
	Tournament Tournament    `json:"tournament"`
	Stages     []StageRounds `json:"stages"`
	Entries    []Entry       `json:"entries"`
	Players    []Player      `json:"players"`
	Events     []LoggedEvent `json:"events"`
}

// StageRounds is a stage with its rounds; its settings are the format's JSON.
type StageRounds struct {
	Stage
	Settings json.RawMessage `json:"settings"`
	Rounds   []Round         `json:"rounds"`
	// Lineups are the line-ups the stage's teams named (teams format).
	Lineups []Lineup `json:"lineups,omitempty"`
}

// LoggedEvent is a log line with what undoing it restores.
type LoggedEvent struct {
	Event
	Undo json.RawMessage `json:"undo,omitempty"`
}

// Archive reads and writes whole tournaments.
type Archive interface {
	// Export reads a tournament whole, in one read transaction.
	Export(ctx context.Context, tid int64) (*Document, error)
	// Import writes a document with its own IDs, in one write transaction: ECONFLICT
	// "import.exists" when its tournament is here, "import.ids_taken" when another of its
	// IDs is another tournament's (a player already there with the same name and card is
	// kept instead).
	Import(ctx context.Context, doc *Document) error
}

// Export returns a tournament as one document.
func (s *Tournaments) Export(ctx context.Context, tid int64) (*Document, error) {
	a, ok := s.Store.(Archive)
	if !ok {
		return nil, fmt.Errorf("export: the store cannot export")
	}
	return a.Export(ctx, tid)
}

// Import reads a tournament document (as Export writes it) into the store, after the
// checks every other path makes of the same data (Document.check): strict JSON (no
// unknown field, no key twice, nothing after the document), the text rules, each
// format's settings check, every hand under the stage's rules, the tables' shape, and
// no reference outside the document. A document with problems is refused whole
// (EINVALID "import.invalid" with every problem, by path) and nothing is written.
func (s *Tournaments) Import(ctx context.Context, raw []byte) (*Tournament, error) {
	doc, err := ReadDocument(raw)
	if err != nil {
		return nil, err
	}
	a, ok := s.Store.(Archive)
	if !ok {
		return nil, fmt.Errorf("import: the store cannot import")
	}
	t := &doc.Tournament
	err = once(ctx, s.Store, "import tournament", digest(raw), func(ctx context.Context, c *Claim) error {
		c.setResult(idResult(&doc.Tournament.ID))
		return a.Import(ctx, doc)
	}, func(stored string) error {
		id, err := parseID(stored)
		if err != nil {
			return err
		}
		got, err := s.Store.Load(ctx, id)
		if err != nil {
			return err
		}
		t = &got.Tournament
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// ReadDocument reads a tournament document and makes every check Import makes of it
// before writing (strict JSON, text rules, settings, hands, shape, references).
func ReadDocument(raw []byte) (*Document, error) {
	var head struct {
		Kind    string `json:"kind"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(raw, &head); err != nil || head.Kind != DocumentKind {
		return nil, Errorf(EINVALID, "import.not_document")
	}
	if head.Version != DocumentVersion {
		return nil, Errorf(EINVALID, "import.version", head.Version)
	}
	if !utf8.Valid(raw) {
		return nil, Errorf(EINVALID, "import.doc_unreadable", "the document is not valid UTF-8")
	}
	doc := &Document{}
	if err := strictjson.Decode(raw, doc); err != nil {
		return nil, Errorf(EINVALID, "import.doc_unreadable", err.Error())
	}
	for i := range doc.Stages {
		st := &doc.Stages[i]
		f, ok := FormatOf(st.Format)
		if !ok {
			return nil, Errorf(EINVALID, "import.format", st.Format)
		}
		var err error
		if st.Stage.Settings, err = f.Decode(st.Settings); err != nil {
			return nil, Errorf(EINVALID, "import.doc_unreadable", fmt.Sprintf("stages[%d].settings: %v", i, err))
		}
		// Stored as the format writes its settings, not as the document spelled them.
		if st.Settings, err = json.Marshal(st.Stage.Settings); err != nil {
			return nil, fmt.Errorf("import: stage %d settings: %w", i, err)
		}
	}
	if p := doc.check(); len(p.fe) > 0 {
		e := &Error{Code: EINVALID, Key: "import.invalid", Args: []any{len(p.fe)}, Fields: p.fe}
		if p.more {
			e.Key = "import.invalid_more"
		}
		return nil, e
	}
	return doc, nil
}
