package tournament

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"burraco/scoring/csvsafe"
)

// pairEntry is a new entry for two players, "A / B", starting absent.
func pairEntry(tid int64, a, b *Player) *Entry {
	club := a.Club
	if b.Club != "" && b.Club != a.Club {
		club = strings.Trim(a.Club+" / "+b.Club, " /")
	}
	return &Entry{TournamentID: tid, Kind: EntryPair,
		Members: []Member{{PlayerID: a.ID, Name: a.FullName()}, {PlayerID: b.ID, Name: b.FullName()}},
		Name:    a.FullName() + " / " + b.FullName(), Club: club}
}

// checkEntryKind refuses an entry of another kind than the current stage takes
// (StageEntryKind): a pair where the format takes single players, a player where it
// takes pairs, anything but a team where it takes teams, a team elsewhere.
func checkEntryKind(tx Tx, kind EntryKind) error {
	st, err := tx.Stage()
	if err != nil {
		return err
	}
	want := StageEntryKind(st.Settings)
	switch {
	case want == kind:
		return nil
	case want == EntryTeam:
		return Errorf(ECONFLICT, "entries.teams_only")
	case want == EntryPair:
		return Errorf(ECONFLICT, "entries.pairs_only")
	}
	return Errorf(ECONFLICT, "entries.players_only")
}

// enteredIn maps each player entered in the tournament (in a pair or alone) to the name
// of their entry.
func enteredIn(tx Tx) (map[int64]string, error) {
	st, err := tx.State()
	if err != nil {
		return nil, err
	}
	out := map[int64]string{}
	for _, e := range st.Entries {
		for _, m := range e.Members {
			out[m.PlayerID] = e.Name
		}
	}
	return out, nil
}

// AddPair enters two registered, active players as a pair, in a stage whose format
// takes pairs. A player is in at most one entry of a tournament: a member already
// entered is refused on their field ("pair.1", "pair.2"), ECONFLICT "entry.already".
func (s *Tournaments) AddPair(ctx context.Context, tid, a, b int64, director string) (*Entry, error) {
	var e *Entry
	err := once(ctx, s.Store, "enter pair", [3]int64{tid, a, b}, func(ctx context.Context, c *Claim) error {
		var err error
		e, err = s.addPair(ctx, c, tid, a, b, director)
		return err
	}, func(stored string) error {
		es, err := s.replayEntries(ctx, tid, stored)
		if err != nil {
			return err
		} else if len(es) != 1 {
			return fmt.Errorf("idempotency key's result %q: not one entry", stored)
		}
		e = &es[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// addPair enters a pair, recording the entry's ID for c.
func (s *Tournaments) addPair(ctx context.Context, c *Claim, tid, a, b int64, director string) (*Entry, error) {
	fe := FieldErrors{}
	ps := make([]*Player, 2)
	for i, id := range []int64{a, b} {
		field := fmt.Sprintf("pair.%d", i+1)
		if id <= 0 {
			fe.Add(field, "error.required")
			continue
		}
		p, err := s.Players.FindPlayer(ctx, id)
		if e, ok := AsError(err); ok && e.Code == ENOTFOUND {
			fe.Add(field, "error.not_found")
			continue
		} else if err != nil {
			return nil, err
		}
		if !p.Active {
			fe.Add(field, "entry.inactive")
		}
		ps[i] = p
	}
	if a > 0 && a == b {
		fe.Add("pair.2", "entries.pair_same")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	e := pairEntry(tid, ps[0], ps[1])
	c.setResult(entryIDs(e))
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		if err := checkEntryKind(tx, EntryPair); err != nil {
			return err
		}
		in, err := enteredIn(tx)
		if err != nil {
			return err
		}
		fe := FieldErrors{}
		for i, m := range e.Members {
			if _, ok := in[m.PlayerID]; ok {
				fe.Add(fmt.Sprintf("pair.%d", i+1), "entries.member_already")
			}
		}
		if len(fe) > 0 {
			return &Error{Code: ECONFLICT, Key: "entry.already", Fields: fe}
		}
		if err := tx.AddEntry(e); err != nil {
			return err
		}
		ev := s.event(tid, director, "entry_pair", e.Name)
		ev.EntryID = e.ID
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// PairMember is one player of a row of a pair import: as the file names them, and the
// registered player it matched (ID 0: a new player, registered by the import).
type PairMember struct {
	Player Player `json:"player"`
	Match  int64  `json:"match"`
}

// PairRow is one data row of a pair import.
type PairRow struct {
	Line    int           `json:"line"`
	Members [2]PairMember `json:"members"`
	// Errors are message keys per member's field: "p1.last_name", "p2.card_number".
	Errors map[string]string `json:"errors,omitempty"`
}

// PairImport is what a pair import does, row by row. Nothing is written unless every
// row is valid.
type PairImport struct {
	Rows       []PairRow `json:"rows"`
	Valid      bool      `json:"valid"`
	Entered    int       `json:"entered"`    // pairs entered (0 in a preview)
	Registered int       `json:"registered"` // new players the import registers
	// Ignored names the file's columns that are not imported.
	Ignored []string `json:"ignored_columns"`
}

// pairColumns maps a pair import's header, folded by pairHeader, to a member (1 or 2)
// and a player column: English and Italian names, with or without a separator before
// the number ("club_1", "Circolo1", "last name 2").
var pairColumns = map[string]struct {
	member int
	col    string
}{}

func init() {
	for m := 1; m <= 2; m++ {
		for col, names := range map[string][]string{
			"last_name":   {"lastname", "surname", "cognome"},
			"first_name":  {"firstname", "name", "nome"},
			"card_number": {"cardnumber", "card", "tessera"},
			"club":        {"club", "circolo"},
		} {
			for _, name := range names {
				pairColumns[fmt.Sprint(name, m)] = struct {
					member int
					col    string
				}{m, col}
			}
		}
	}
}

// pairHeader folds a header name for pairColumns: case, spaces, underscores, hyphens
// and dots ignored.
func pairHeader(h string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '_', '-', '.':
			return -1
		}
		return r
	}, strings.ToLower(h))
}

// ParsePairsCSV reads a CSV of pairs with a header row naming two players per line:
// last_name_1, first_name_1, last_name_2, first_name_2, optionally card_number_N and
// club_N (Italian: cognome1, nome1, tessera1, circolo1…), in any case. Text and
// delimiter are read as for a player import. Columns it does not know are ignored and
// named in ignored.
func ParsePairsCSV(r io.Reader) (rows []PairRow, ignored []string, err error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("read csv: %w", err)
	}
	if len(data) > MaxImportBytes {
		return nil, nil, Errorf(EINVALID, "import.too_big")
	}
	data = []byte(DecodeText(data))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil, Errorf(EINVALID, "import.empty")
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = detectDelimiter(data)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, nil, Errorf(EINVALID, "import.unreadable", csvLine(err))
	}
	type colOf struct {
		member int
		col    string
	}
	cols := make([]colOf, len(header))
	seen := map[colOf]bool{}
	for i, h := range header {
		c, ok := pairColumns[pairHeader(h)]
		if !ok {
			if h = collapseSpaces(h); h != "" && !slices.Contains(ignored, h) {
				ignored = append(ignored, h)
			}
			continue
		}
		k := colOf{c.member, c.col}
		if seen[k] {
			return nil, nil, Errorf(EINVALID, "import.repeated_column", h)
		}
		seen[k], cols[i] = true, k
	}
	for m := 1; m <= 2; m++ {
		if !seen[colOf{m, "last_name"}] || !seen[colOf{m, "first_name"}] {
			return nil, nil, Errorf(EINVALID, "pairs_import.missing_names")
		}
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, Errorf(EINVALID, "import.unreadable", csvLine(err))
		}
		if len(rows) == MaxImportRows {
			return nil, nil, Errorf(EINVALID, "import.too_many_rows", MaxImportRows)
		}
		if isBlank(rec) {
			continue
		}
		line, _ := cr.FieldPos(0)
		row := PairRow{Line: line}
		for i, v := range rec {
			if i >= len(cols) || cols[i].member == 0 {
				continue
			}
			p := &row.Members[cols[i].member-1].Player
			v = csvsafe.Restore(v)
			switch cols[i].col {
			case "last_name":
				p.LastName = v
			case "first_name":
				p.FirstName = v
			case "card_number":
				p.CardNumber = v
			case "club":
				p.Club = v
			}
		}
		for m := range row.Members {
			row.Members[m].Player.Normalize()
			row.Members[m].Player.Active = true
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, nil, Errorf(EINVALID, "import.empty")
	}
	return rows, ignored, nil
}

// narrowNamesakes keeps, of the registered players who share a name, the one a file's
// row can mean: the only active one (the others deactivated, a duplicate for one), else
// the only one of the club the row gives. It returns them all when that leaves more than
// one, or none.
func narrowNamesakes(found []*Player, club string) []*Player {
	if len(found) < 2 {
		return found
	}
	keep := func(ok func(*Player) bool) []*Player {
		var out []*Player
		for _, p := range found {
			if ok(p) {
				out = append(out, p)
			}
		}
		return out
	}
	if active := keep(func(p *Player) bool { return p.Active }); len(active) == 1 {
		return active
	} else if len(active) > 1 {
		found = active
	}
	if club != "" {
		if same := keep(func(p *Player) bool { return FoldName(p.Club) == FoldName(club) }); len(same) == 1 {
			return same
		}
	}
	return found
}

// matchPairs matches each member of each row to the registry (by card number, else by
// name with accents, apostrophes, spaces and case ignored: FoldName) or marks them new, and finds every problem: a
// name that matches several players, an inactive player, a player named twice in the
// file or already entered, an invalid new player.
func matchPairs(rows []PairRow, registry []Player, entered map[int64]string) bool {
	byCard := map[string]*Player{}
	byName := map[string][]*Player{}
	active := make(map[int64]bool, len(registry))
	for i := range registry {
		p := &registry[i]
		active[p.ID] = p.Active
		if p.CardNumber != "" {
			byCard[p.CardNumber] = p
		}
		k := nameKey(*p) // folded as the player import and the search fold it
		byName[k] = append(byName[k], p)
	}
	valid := true
	inFile := map[string]int{} // a player's key → the line that names them first
	type newName struct {
		line int
		card string
	}
	newNames := map[string]newName{} // a new player's folded name → where it came first
	for ri := range rows {
		yieldEvery(ri)
		row := &rows[ri]
		row.Errors = nil
		add := func(field, key string) {
			if row.Errors == nil {
				row.Errors = map[string]string{}
			}
			if _, ok := row.Errors[field]; !ok {
				row.Errors[field] = key
			}
		}
		keys := [2]string{}
		for m := range row.Members {
			pm := &row.Members[m]
			prefix := fmt.Sprintf("p%d.", m+1)
			p := pm.Player
			pm.Match = 0
			name := nameKey(p)
			switch found := narrowNamesakes(byName[name], p.Club); {
			case p.CardNumber != "" && byCard[p.CardNumber] != nil:
				pm.Match = byCard[p.CardNumber].ID
			case p.CardNumber == "" && len(found) > 1:
				add(prefix+"last_name", "pairs_import.ambiguous")
			case p.CardNumber == "" && len(found) == 1:
				pm.Match = found[0].ID
			}
			if pm.Match != 0 {
				keys[m] = fmt.Sprint("id:", pm.Match)
				if !active[pm.Match] {
					add(prefix+"last_name", "entry.inactive")
				}
				if _, ok := entered[pm.Match]; ok {
					add(prefix+"last_name", "entries.member_already")
				}
			} else {
				keys[m] = "new:" + name + "\x00" + p.CardNumber
				// The same new name twice is one person unless both lines give cards,
				// different ones: two namesakes.
				if first, ok := newNames[name]; ok && first.line != row.Line && (first.card == "" || p.CardNumber == "") {
					add(prefix+"last_name", "pairs_import.twice")
				} else if !ok {
					newNames[name] = newName{row.Line, p.CardNumber}
				}
				if e, ok := AsError(p.Validate()); ok {
					for f, k := range e.Fields {
						add(prefix+f, k)
					}
				}
			}
			if line, ok := inFile[keys[m]]; ok && line != row.Line {
				add(prefix+"last_name", "pairs_import.twice")
			} else if m == 1 && keys[0] == keys[1] {
				add(prefix+"last_name", "entries.pair_same")
			} else if !ok {
				inFile[keys[m]] = row.Line
			}
		}
		if row.Errors != nil {
			valid = false
		}
	}
	return valid
}

// ImportPairs reads a CSV of pairs and matches its players to the registry. With
// confirm false it writes nothing: the preview says, row by row, who matched, who is
// new and what is wrong. With confirm it enters every pair, registering the new players,
// in one transaction, or nothing when any row has a problem (EINVALID
// "pairs_import.invalid", with the rows).
func (s *Tournaments) ImportPairs(ctx context.Context, tid int64, r io.Reader, confirm bool, director string) (*PairImport, error) {
	if !confirm {
		return s.importPairs(ctx, nil, tid, r, false, director)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("import pairs: %w", err)
	}
	request := struct {
		Tournament int64
		File       string
	}{tid, digest(raw)}
	var out *PairImport
	err = once(ctx, s.Store, "import pairs", request, func(ctx context.Context, c *Claim) error {
		var err error
		out, err = s.importPairs(ctx, c, tid, bytes.NewReader(raw), true, director)
		return err
	}, func(stored string) error {
		out = &PairImport{}
		return json.Unmarshal([]byte(stored), out)
	})
	if out != nil && err != nil {
		if e, ok := AsError(err); ok && e.Key == "pairs_import.invalid" {
			return out, err
		}
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// importPairs reads, matches and (with confirm) enters the pairs, recording the answer
// for c.
func (s *Tournaments) importPairs(ctx context.Context, c *Claim, tid int64, r io.Reader, confirm bool, director string) (*PairImport, error) {
	rows, ignored, err := ParsePairsCSV(r)
	if err != nil {
		return nil, err
	}
	registry, err := s.Players.AllPlayers(ctx)
	if err != nil {
		return nil, err
	}
	out := &PairImport{Rows: rows, Ignored: ignored}
	if out.Ignored == nil {
		out.Ignored = []string{}
	}
	c.setResult(jsonResult(out))
	if bs, ok := s.Store.(BulkStore); ok {
		return s.importPairsBulk(ctx, bs, tid, out, confirm, director)
	}
	err = s.Store.Update(ctx, tid, func(tx Tx) error {
		if err := checkEntryKind(tx, EntryPair); err != nil {
			return err
		}
		in, err := enteredIn(tx)
		if err != nil {
			return err
		}
		out.Valid = matchPairs(out.Rows, registry, in)
		out.Registered = 0
		for _, row := range out.Rows {
			for _, m := range row.Members {
				if m.Match == 0 {
					out.Registered++
				}
			}
		}
		if !out.Valid {
			return Errorf(EINVALID, "pairs_import.invalid")
		}
		if !confirm {
			return errPreview
		}
		byID := map[int64]*Player{}
		for i := range registry {
			byID[registry[i].ID] = &registry[i]
		}
		for ri := range out.Rows {
			ps := [2]*Player{}
			for m := range out.Rows[ri].Members {
				pm := &out.Rows[ri].Members[m]
				if pm.Match == 0 {
					p := pm.Player
					if err := tx.CreatePlayer(&p); err != nil {
						return fmt.Errorf("line %d: %w", out.Rows[ri].Line, err)
					}
					pm.Match = p.ID
					byID[p.ID] = &p
				}
				ps[m] = byID[pm.Match]
			}
			if err := tx.AddEntry(pairEntry(tid, ps[0], ps[1])); err != nil {
				return err
			}
			out.Entered++
		}
		return tx.Log(s.event(tid, director, "pairs_import", out.Entered, out.Registered))
	})
	if errors.Is(err, errPreview) {
		return out, nil
	}
	if e, ok := AsError(err); ok && e.Key == "pairs_import.invalid" {
		return out, err
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// errPreview rolls back the transaction of a preview, which writes nothing.
var errPreview = errors.New("preview")
