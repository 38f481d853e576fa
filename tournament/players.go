package tournament

import (
	"context"
	"fmt"
	"io"
	"strconv"
)

// Players is the use-case service for the player registry.
type Players struct {
	Store PlayerStore
}

// Get returns one player.
func (s *Players) Get(ctx context.Context, id int64) (*Player, error) {
	return s.Store.FindPlayer(ctx, id)
}

// List returns a page of players matching the filter and the total number matching.
func (s *Players) List(ctx context.Context, f PlayerFilter) ([]Player, int, error) {
	if f.Limit <= 0 || f.Limit > 500 {
		f.Limit = 50
	}
	if f.Offset < 0 {
		f.Offset = 0
	}
	return s.Store.FindPlayers(ctx, f)
}

// Create validates and stores a new, active player.
func (s *Players) Create(ctx context.Context, p *Player) error {
	p.Normalize()
	p.Active = true
	if err := s.validate(ctx, p, 0); err != nil {
		return err
	}
	return s.Store.CreatePlayer(ctx, p)
}

// validate checks a normalized player, and that no other player holds its card number,
// reporting every problem at once. The store checks the card again when it writes.
func (s *Players) validate(ctx context.Context, p *Player, id int64) error {
	err := p.Validate()
	if p.CardNumber == "" {
		return err
	}
	holder, herr := s.Store.CardHolder(ctx, p.CardNumber)
	if herr != nil {
		return herr
	}
	if holder == 0 || holder == id {
		return err
	}
	if e, ok := AsError(err); ok {
		e.Fields["card_number"] = "player.card_number.taken"
		return e
	}
	return &Error{Code: ECONFLICT, Key: "error.invalid", Fields: map[string]string{"card_number": "player.card_number.taken"}}
}

// Update replaces the editable fields of a player; the active flag is left as it is.
// in.Version is the version the edit started from: a player saved since then is an
// ECONFLICT "player.stale"; 0 saves over whatever is stored.
func (s *Players) Update(ctx context.Context, id int64, in Player) (*Player, error) {
	p, err := s.Store.FindPlayer(ctx, id)
	if err != nil {
		return nil, err
	}
	if in.Version != 0 && in.Version != p.Version {
		return nil, Errorf(ECONFLICT, "player.stale")
	}
	p.Version = in.Version
	in.Normalize()
	if err := s.validate(ctx, &in, id); err != nil {
		return nil, err
	}
	p.FirstName, p.LastName, p.Club, p.CardNumber = in.FirstName, in.LastName, in.Club, in.CardNumber
	p.Email, p.Phone, p.Notes = in.Email, in.Phone, in.Notes
	if err := s.Store.UpdatePlayer(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// SetActive deactivates or reactivates a player. Players are never deleted: a
// deactivated one keeps their history and no longer shows in entry searches.
func (s *Players) SetActive(ctx context.Context, id int64, active bool) (*Player, error) {
	p, err := s.Store.FindPlayer(ctx, id)
	if err != nil {
		return nil, err
	}
	if p.Active == active {
		return p, nil
	}
	p.Active = active
	p.Version = 0 // a switch is not an edit of the fields: it never conflicts
	if err := s.Store.UpdatePlayer(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// PreviewImport reads a CSV, applies the corrections typed in the preview (none: nil),
// and says, row by row, what importing it would do. It writes nothing.
func (s *Players) PreviewImport(ctx context.Context, r io.Reader, fixes ImportFixes) (*ImportPreview, error) {
	rows, ignored, err := ParsePlayersCSV(r)
	if err != nil {
		return nil, err
	}
	existing, err := s.Store.AllPlayers(ctx)
	if err != nil {
		return nil, err
	}
	fixes.apply(rows)
	pv := classify(rows, existing)
	pv.Ignored = ignored
	if pv.Ignored == nil {
		pv.Ignored = []string{}
	}
	return pv, nil
}

// Import creates every new row of the CSV, with its corrections, in one transaction, or
// none of them if any fails; duplicates and invalid rows are skipped, as the preview
// showed.
func (s *Players) Import(ctx context.Context, r io.Reader, fixes ImportFixes) (*ImportPreview, error) {
	pv, err := s.PreviewImport(ctx, r, fixes)
	if err != nil {
		return nil, err
	}
	var create []Player
	for _, row := range pv.Rows {
		if row.Status == ImportNew {
			create = append(create, row.Player)
		}
	}
	if len(create) == 0 {
		return pv, nil
	}
	if err := s.Store.CreatePlayers(ctx, create); err != nil {
		return nil, fmt.Errorf("import players: %w", err)
	}
	pv.Created = len(create)
	return pv, nil
}

// Export writes the whole registry as CSV separated by comma (see WritePlayersCSV).
func (s *Players) Export(ctx context.Context, w io.Writer, comma rune) error {
	ps, err := s.Store.AllPlayers(ctx)
	if err != nil {
		return err
	}
	return WritePlayersCSV(w, ps, comma)
}

// classify marks each parsed row new, duplicate (of a registered player or an earlier
// row) or invalid, and counts them.
func classify(rows []ImportRow, existing []Player) *ImportPreview {
	byCard := map[string]string{}
	byName := map[string]string{}
	for _, p := range existing {
		if p.CardNumber != "" {
			byCard[p.CardNumber] = p.FullName()
		}
		byName[identityKey(p)] = p.FullName()
	}
	fileCard := map[string]int{}
	fileName := map[string]int{}
	pv := &ImportPreview{Rows: rows}
	for i := range rows {
		row := &pv.Rows[i]
		if row.Status != ImportInvalid {
			if err, ok := AsError(row.Player.Validate()); ok {
				row.Status, row.Fields = ImportInvalid, err.Fields
			}
		}
		if row.Status == ImportInvalid {
			pv.Invalid++
			continue
		}
		p, key := row.Player, identityKey(row.Player)
		switch {
		case p.CardNumber != "" && byCard[p.CardNumber] != "":
			row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.card", byCard[p.CardNumber]
		case p.CardNumber != "" && fileCard[p.CardNumber] != 0:
			row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.card_in_file", strconv.Itoa(fileCard[p.CardNumber])
		case byName[key] != "":
			row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.name", byName[key]
		case fileName[key] != 0:
			row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.name_in_file", strconv.Itoa(fileName[key])
		}
		if row.Status == ImportDuplicate {
			pv.Duplicates++
			continue
		}
		pv.New++
		if p.CardNumber != "" {
			fileCard[p.CardNumber] = row.Line
		}
		fileName[key] = row.Line
	}
	return pv
}
