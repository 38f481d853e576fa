package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"burraco/scoring"
	"burraco/scoring/strictjson"
)

// Scale is a stored VP scale. Built-in scales (the federation's) cannot be edited or
// deleted: copy one to change it.
type Scale struct {
	ID        int64          `json:"id"`
	Name      string         `json:"name"`
	Builtin   bool           `json:"builtin"`
	Bands     []scoring.Band `json:"bands"`
	CreatedAt time.Time      `json:"created_at"`
	UpdatedAt time.Time      `json:"updated_at"`
}

// Rules returns the scale as the scoring package uses it.
func (s *Scale) Rules() *scoring.Scale {
	return &scoring.Scale{Name: s.Name, Bands: s.Bands}
}

// ScaleStore persists VP scales. Each method is one transaction.
type ScaleStore interface {
	ListScales(ctx context.Context) ([]Scale, error)
	FindScale(ctx context.Context, id int64) (*Scale, error)
	// CreateScale inserts s; a taken name is an ECONFLICT on "name".
	CreateScale(ctx context.Context, s *Scale) error
	// UpdateScale saves name and bands of a non-built-in scale.
	UpdateScale(ctx context.Context, s *Scale) error
	// DeleteScale removes a non-built-in scale no tournament uses (ECONFLICT otherwise).
	DeleteScale(ctx context.Context, id int64) error
}

// Scales is the use-case service for VP scales.
type Scales struct {
	Store ScaleStore
}

// Validate returns the scale's problems: its name's and its bands'.
func (s *Scale) Validate() FieldErrors {
	fe := FieldErrors{}
	CheckText(fe, "name", s.Name, OneLine)
	for k, v := range s.Rules().Validate() {
		fe.Add(k, v)
	}
	return fe
}

// validateScale returns the scale's problems as a domain error.
func validateScale(s *Scale) error {
	s.Name = collapseSpaces(s.Name)
	if fe := s.Validate(); len(fe) > 0 {
		return &Error{Code: EINVALID, Key: "error.invalid", Fields: fe}
	}
	return nil
}

// List returns every scale, built-in ones first.
func (s *Scales) List(ctx context.Context) ([]Scale, error) { return s.Store.ListScales(ctx) }

// Get returns one scale.
func (s *Scales) Get(ctx context.Context, id int64) (*Scale, error) {
	return s.Store.FindScale(ctx, id)
}

// Create validates and stores a new scale.
func (s *Scales) Create(ctx context.Context, sc *Scale) error {
	return once(ctx, s.Store, "create scale", sc, func(ctx context.Context, c *Claim) error {
		c.setResult(idResult(&sc.ID))
		return s.create(ctx, sc)
	}, s.replay(ctx, sc))
}

// replay answers a create sent again with its idempotency key: the scale it created.
func (s *Scales) replay(ctx context.Context, sc *Scale) func(stored string) error {
	return func(stored string) error {
		id, err := parseID(stored)
		if err != nil {
			return err
		}
		got, err := s.Store.FindScale(ctx, id)
		if err != nil {
			return err
		}
		*sc = *got
		return nil
	}
}

// create validates and stores a new scale.
func (s *Scales) create(ctx context.Context, sc *Scale) error {
	sc.Builtin = false
	if err := validateScale(sc); err != nil {
		return err
	}
	return s.Store.CreateScale(ctx, sc)
}

// Update replaces a scale's name and bands; built-in scales are refused.
func (s *Scales) Update(ctx context.Context, id int64, in Scale) (*Scale, error) {
	sc, err := s.Store.FindScale(ctx, id)
	if err != nil {
		return nil, err
	}
	if sc.Builtin {
		return nil, Errorf(ECONFLICT, "scale.builtin")
	}
	sc.Name, sc.Bands = in.Name, in.Bands
	if err := validateScale(sc); err != nil {
		return nil, err
	}
	if err := s.Store.UpdateScale(ctx, sc); err != nil {
		return nil, err
	}
	return sc, nil
}

// Copy makes an editable copy of a scale under a new name (or "<name> (copy)").
func (s *Scales) Copy(ctx context.Context, id int64, name string) (*Scale, error) {
	src, err := s.Store.FindScale(ctx, id)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(name) == "" {
		name = src.Name + " (copia)"
	}
	sc := &Scale{Name: name, Bands: append([]scoring.Band(nil), src.Bands...)}
	request := struct {
		ID   int64
		Name string
	}{id, name}
	err = once(ctx, s.Store, "copy scale", request, func(ctx context.Context, c *Claim) error {
		c.setResult(idResult(&sc.ID))
		return s.create(ctx, sc)
	}, s.replay(ctx, sc))
	if err != nil {
		return nil, err
	}
	return sc, nil
}

// Delete removes a scale that is not built in and that no tournament uses.
func (s *Scales) Delete(ctx context.Context, id int64) error {
	sc, err := s.Store.FindScale(ctx, id)
	if err != nil {
		return err
	}
	if sc.Builtin {
		return Errorf(ECONFLICT, "scale.builtin")
	}
	return s.Store.DeleteScale(ctx, id)
}

// ScaleFormat is a scale file format.
type ScaleFormat string

// The scale file formats.
const (
	ScaleCSV  ScaleFormat = "csv"
	ScaleJSON ScaleFormat = "json"
)

// Import reads a scale from CSV (bands only; the name given) or JSON ({"name", "bands"};
// the name given, if any, wins) and creates it.
func (s *Scales) Import(ctx context.Context, r io.Reader, format ScaleFormat, name string) (*Scale, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, Errorf(EINVALID, "scale.json_unreadable", err.Error())
	}
	request := struct {
		File         string
		Format, Name string
	}{digest(raw), string(format), name}
	sc := &Scale{}
	err = once(ctx, s.Store, "import scale", request, func(ctx context.Context, c *Claim) error {
		c.setResult(idResult(&sc.ID))
		return s.importScale(ctx, sc, bytes.NewReader(raw), format, name)
	}, s.replay(ctx, sc))
	if err != nil {
		return nil, err
	}
	return sc, nil
}

// importScale reads a scale file into sc and creates the scale.
func (s *Scales) importScale(ctx context.Context, sc *Scale, r io.Reader, format ScaleFormat, name string) error {
	sc.Name = name
	switch format {
	case ScaleCSV:
		bands, key, line := scoring.ParseScaleCSV(r)
		if key != "" {
			return Errorf(EINVALID, key, line)
		}
		sc.Bands = bands
	case ScaleJSON:
		var in struct {
			Name  string         `json:"name"`
			Bands []scoring.Band `json:"bands"`
		}
		raw, err := io.ReadAll(io.LimitReader(r, 1<<20))
		if err != nil {
			return Errorf(EINVALID, "scale.json_unreadable", err.Error())
		}
		if err := strictjson.Decode(raw, &in); err != nil {
			return Errorf(EINVALID, "scale.json_unreadable", err.Error())
		}
		sc.Bands = in.Bands
		if strings.TrimSpace(name) == "" {
			sc.Name = in.Name
		}
	default:
		return Errorf(EINVALID, "scale.format")
	}
	return s.create(ctx, sc)
}

// Export writes a scale as CSV (separated by comma, see scoring.WriteScaleCSV) or JSON.
func (s *Scales) Export(ctx context.Context, id int64, format ScaleFormat, w io.Writer, comma rune) (*Scale, error) {
	sc, err := s.Store.FindScale(ctx, id)
	if err != nil {
		return nil, err
	}
	switch format {
	case ScaleCSV:
		return sc, scoring.WriteScaleCSV(w, sc.Bands, comma)
	case ScaleJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(map[string]any{"name": sc.Name, "bands": sc.Bands}); err != nil {
			return nil, fmt.Errorf("export scale: %w", err)
		}
		return sc, nil
	}
	return nil, Errorf(EINVALID, "scale.format")
}
