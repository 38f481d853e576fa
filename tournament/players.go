package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
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

// Create validates and stores a new, active player, unless the registry already has
// someone they look like (SamePerson: the same card number, or the same name with the
// same club or no club, as registering on the spot and the CSV import check): then
// nothing is written and the error is a *DuplicateError (ECONFLICT "players.duplicate"),
// so that the director opens the registered player, or says it is another person
// (CreatePerson).
func (s *Players) Create(ctx context.Context, p *Player) error {
	return s.create(ctx, "create player", p, true)
}

// CreatePerson validates and stores a new, active player without looking for a
// registered player they resemble: the director said they are another person.
func (s *Players) CreatePerson(ctx context.Context, p *Player) error {
	return s.create(ctx, "create person", p, false)
}

func (s *Players) create(ctx context.Context, command string, p *Player, dupes bool) error {
	p.Normalize()
	p.Active = true
	return once(ctx, s.Store, command, p, func(ctx context.Context, c *Claim) error {
		if err := s.validate(ctx, p, 0); err != nil {
			return err
		}
		c.setResult(idResult(&p.ID))
		if !dupes {
			return s.Store.CreatePlayer(ctx, p)
		}
		// Looked for in the transaction that writes, so that two requests registering
		// the same person at once find each other.
		var dup error
		err := s.Store.CreatePlayerUnlike(ctx, p, func(all []Player) error {
			if dups := duplicatesIn(all, *p); len(dups) > 0 {
				dup = &DuplicateError{Err: Errorf(ECONFLICT, "players.duplicate", dups[0].Label()), Of: dups}
				return dup
			}
			return nil
		})
		if err != nil && err == dup {
			// The same request, sent again at once with its key, finds the player the
			// first registered: it answers as the first did.
			if err := c.recheck(ctx, s.Store); err != nil {
				return err
			}
		}
		return err
	}, func(stored string) error {
		id, err := parseID(stored)
		if err != nil {
			return err
		}
		q, err := s.Store.FindPlayer(ctx, id)
		if err != nil {
			return err
		}
		*p = *q
		return nil
	})
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

// Merge makes two registry records of one person one: every entry of drop (with its
// history, and the pairs it is in) moves to keep, drop is removed, and keep gains what
// only drop had (a club, a card number, an e-mail, a phone; drop's notes are added).
// Each tournament concerned logs it; it is refused (ECONFLICT) when both are entered in
// one tournament. keepVersion and dropVersion are the versions the director saw (0:
// whatever is stored). It returns the kept player and the tournaments whose entries
// moved.
func (s *Players) Merge(ctx context.Context, keepID, dropID int64, keepVersion, dropVersion int, director string) (*Player, []int64, error) {
	if keepID == dropID {
		return nil, nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"drop_id": "players.merge_same"}}
	}
	keep, err := s.Store.FindPlayer(ctx, keepID)
	if err != nil {
		return nil, nil, err
	}
	drop, err := s.Store.FindPlayer(ctx, dropID)
	if err != nil {
		return nil, nil, err
	}
	if keepVersion != 0 && keepVersion != keep.Version || dropVersion != 0 && dropVersion != drop.Version {
		return nil, nil, Errorf(ECONFLICT, "player.stale")
	}
	dropped := *drop
	for _, f := range []struct{ to, from *string }{{&keep.Club, &drop.Club}, {&keep.CardNumber, &drop.CardNumber},
		{&keep.Email, &drop.Email}, {&keep.Phone, &drop.Phone}} {
		if *f.to == "" {
			*f.to = *f.from
		}
	}
	if notes := strings.TrimSpace(keep.Notes + "\n" + drop.Notes); drop.Notes != keep.Notes && utf8.RuneCountInString(notes) <= maxNotesLen {
		keep.Notes = notes
	}
	keep.Active = keep.Active || drop.Active
	at := time.Now().UTC()
	tids, err := s.Store.MergePlayers(ctx, keep, &dropped, func(tid, entryID int64) Event {
		return Event{TournamentID: tid, At: at, Director: director, Kind: "player_merge", EntryID: entryID,
			Args: []string{dropped.Label(), keep.Label()}}
	})
	if err != nil {
		return nil, nil, err
	}
	return keep, tids, nil
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
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("import players: %w", err)
	}
	request := struct {
		File  string
		Fixes ImportFixes
	}{digest(raw), fixes}
	var pv *ImportPreview
	err = once(ctx, s.Store, "import players", request, func(ctx context.Context, c *Claim) error {
		if bs, ok := s.Store.(BulkStore); ok {
			var err error
			pv, err = importPlayersBulk(ctx, bs, c, raw, fixes)
			return err
		}
		var err error
		if pv, err = s.PreviewImport(ctx, bytes.NewReader(raw), fixes); err != nil {
			return err
		}
		var create []Player
		for _, row := range pv.Rows {
			if row.Status == ImportNew {
				create = append(create, row.Player)
			}
		}
		if len(create) == 0 {
			return nil
		}
		pv.Created = len(create)
		c.setResult(jsonResult(pv))
		if err := s.Store.CreatePlayers(ctx, create); err != nil {
			return fmt.Errorf("import players: %w", err)
		}
		return nil
	}, func(stored string) error {
		pv = &ImportPreview{}
		return json.Unmarshal([]byte(stored), pv)
	})
	if err != nil {
		return nil, err
	}
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
// row, as SamePerson says) or invalid, and counts them.
func classify(rows []ImportRow, existing []Player) *ImportPreview {
	byCard := map[string]string{}
	byName := map[string][]Player{}
	for _, p := range existing {
		if p.CardNumber != "" {
			byCard[p.CardNumber] = p.FullName()
		}
		byName[nameKey(p)] = append(byName[nameKey(p)], p)
	}
	fileCard := map[string]int{}
	type line struct {
		n int
		p Player
	}
	fileName := map[string][]line{}
	pv := &ImportPreview{Rows: rows}
	for i := range rows {
		yieldEvery(i)
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
		p, key := row.Player, nameKey(row.Player)
		switch {
		case p.CardNumber != "" && byCard[p.CardNumber] != "":
			row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.card", byCard[p.CardNumber]
		case p.CardNumber != "" && fileCard[p.CardNumber] != 0:
			row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.card_in_file", strconv.Itoa(fileCard[p.CardNumber])
		}
		if row.Status != ImportDuplicate {
			for _, x := range byName[key] {
				if sameName(p, x) {
					row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.name", x.FullName()
					break
				}
			}
		}
		if row.Status != ImportDuplicate {
			for _, x := range fileName[key] {
				if sameName(p, x.p) {
					row.Status, row.Reason, row.DuplicateOf = ImportDuplicate, "import.dup.name_in_file", strconv.Itoa(x.n)
					break
				}
			}
		}
		if row.Status == ImportDuplicate {
			pv.Duplicates++
			continue
		}
		pv.New++
		if p.CardNumber != "" {
			fileCard[p.CardNumber] = row.Line
		}
		fileName[key] = append(fileName[key], line{row.Line, p})
	}
	return pv
}

// Duplicates returns the registered players (active or not) that p looks like, as
// SamePerson says: those with its card number first.
func (s *Players) Duplicates(ctx context.Context, p Player) ([]Player, error) {
	all, err := s.Store.AllPlayers(ctx)
	if err != nil {
		return nil, fmt.Errorf("duplicates: %w", err)
	}
	return duplicatesIn(all, p), nil
}

// duplicatesIn returns the players of all that p looks like, as Duplicates does.
func duplicatesIn(all []Player, p Player) []Player {
	p.Normalize()
	var byCard, byName []Player
	for _, x := range all {
		switch {
		case p.CardNumber != "" && x.CardNumber == p.CardNumber:
			byCard = append(byCard, x)
		case sameName(p, x):
			byName = append(byName, x)
		}
	}
	return append(byCard, byName...)
}
