package tournament

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"

	"burraco/scoring/csvsafe"
)

// TeamRow is one data row of a team import: one player of a team, as the file names
// them, and the registered player they matched (Match 0: none).
type TeamRow struct {
	Line   int    `json:"line"`
	Team   string `json:"team"`
	Player Player `json:"player"`
	Match  int64  `json:"match"`
	// Errors are message keys per field: "team", "last_name", "card_number".
	Errors map[string]string `json:"errors,omitempty"`
}

// TeamImport is what a team import does, row by row. Nothing is written unless every
// row is valid.
type TeamImport struct {
	Rows    []TeamRow `json:"rows"`
	Valid   bool      `json:"valid"`
	Teams   int       `json:"teams"`   // the teams the file names
	Entered int       `json:"entered"` // teams entered (0 in a preview)
	// Ignored names the file's columns that are not imported.
	Ignored []string `json:"ignored_columns"`
}

// teamColumns maps a team import's header, folded by pairHeader, to a column.
var teamColumns = map[string]string{
	"team": "team", "squadra": "team", "teamname": "team", "nomesquadra": "team",
	"lastname": "last_name", "surname": "last_name", "cognome": "last_name",
	"firstname": "first_name", "name": "first_name", "nome": "first_name",
	"cardnumber": "card_number", "card": "card_number", "tessera": "card_number",
	"club": "club", "circolo": "club",
}

// ParseTeamsCSV reads a CSV of teams, one row per player, with a header row naming the
// columns team, last_name, first_name and optionally card_number and club (Italian:
// squadra, cognome, nome, tessera, circolo), in any case; rows with the same team name
// (case, accents and spaces ignored) are one team, in the file's order. Text and
// delimiter are read as for a player import. Columns it does not know are ignored and
// named in ignored. A player is matched to the registry by card number, else by name.
func ParseTeamsCSV(r io.Reader) (rows []TeamRow, ignored []string, err error) {
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
	cols := make([]string, len(header))
	seen := map[string]bool{}
	for i, h := range header {
		c, ok := teamColumns[pairHeader(h)]
		if !ok {
			if h = collapseSpaces(h); h != "" && !slices.Contains(ignored, h) {
				ignored = append(ignored, h)
			}
			continue
		}
		if seen[c] {
			return nil, nil, Errorf(EINVALID, "import.repeated_column", h)
		}
		seen[c], cols[i] = true, c
	}
	if !seen["team"] || !seen["last_name"] || !seen["first_name"] {
		return nil, nil, Errorf(EINVALID, "teams_import.missing_columns")
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
		row := TeamRow{Line: line}
		for i, v := range rec {
			if i >= len(cols) || cols[i] == "" {
				continue
			}
			v = csvsafe.Restore(v)
			switch cols[i] {
			case "team":
				row.Team = collapseSpaces(v)
			case "last_name":
				row.Player.LastName = v
			case "first_name":
				row.Player.FirstName = v
			case "card_number":
				row.Player.CardNumber = v
			case "club":
				row.Player.Club = v
			}
		}
		row.Player.Normalize()
		row.Player.Active = true
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, nil, Errorf(EINVALID, "import.empty")
	}
	return rows, ignored, nil
}

// importedTeam is one team of an import: its name and its rows, in the file's order.
type importedTeam struct {
	name string
	rows []int
}

// groupTeams groups the rows by team, in the order the teams first come.
func groupTeams(rows []TeamRow) []importedTeam {
	var out []importedTeam
	at := map[string]int{}
	for i, r := range rows {
		k := FoldName(r.Team)
		if k == "" {
			continue
		}
		j, ok := at[k]
		if !ok {
			j = len(out)
			at[k] = j
			out = append(out, importedTeam{name: r.Team})
		}
		out[j].rows = append(out[j].rows, i)
	}
	return out
}

// matchTeams matches each row's player to the registry (by card number, else by name,
// FoldName) and finds every problem: a row with no team, a player not registered or
// named by several, inactive, named twice in the file or already entered, a team of
// fewer than 4 or more than 6 players or whose name another team of the tournament
// has. A team's size problem is on its first row's "team".
func matchTeams(rows []TeamRow, registry []Player, st *State) ([]importedTeam, bool) {
	byCard := map[string]*Player{}
	byName := map[string][]*Player{}
	active := make(map[int64]bool, len(registry))
	for i := range registry {
		p := &registry[i]
		active[p.ID] = p.Active
		if p.CardNumber != "" {
			byCard[p.CardNumber] = p
		}
		byName[nameKey(*p)] = append(byName[nameKey(*p)], p)
	}
	entered := map[int64]bool{}
	taken := map[string]bool{}
	for _, e := range st.Entries {
		for _, m := range e.Members {
			entered[m.PlayerID] = true
		}
		if e.Kind == EntryTeam {
			taken[FoldName(e.Name)] = true
		}
	}
	inFile := map[int64]int{}
	for i := range rows {
		yieldEvery(i)
		row := &rows[i]
		row.Errors, row.Match = nil, 0
		add := func(field, key string) {
			if row.Errors == nil {
				row.Errors = map[string]string{}
			}
			if _, ok := row.Errors[field]; !ok {
				row.Errors[field] = key
			}
		}
		// The text rules of every name (CheckName) first, so that their message is the
		// one a field shows: the team's name is stored, the player's only matched.
		fe := FieldErrors{}
		CheckName(fe, "team", row.Team, maxNameLen)
		CheckName(fe, "last_name", row.Player.LastName, maxNameLen)
		CheckName(fe, "first_name", row.Player.FirstName, maxNameLen)
		CheckName(fe, "card_number", row.Player.CardNumber, maxCardLen)
		CheckName(fe, "club", row.Player.Club, maxNameLen)
		for f, k := range fe {
			add(f, k)
		}
		if row.Team == "" {
			add("team", "error.required")
		}
		p := row.Player
		found := narrowNamesakes(byName[nameKey(p)], p.Club)
		switch {
		case p.CardNumber != "" && byCard[p.CardNumber] != nil:
			row.Match = byCard[p.CardNumber].ID
		case p.CardNumber != "":
			add("card_number", "teams_import.unknown")
		case len(found) > 1:
			add("last_name", "pairs_import.ambiguous")
		case len(found) == 1:
			row.Match = found[0].ID
		default:
			add("last_name", "teams_import.unknown")
		}
		if row.Match == 0 {
			continue
		}
		if !active[row.Match] {
			add("last_name", "entry.inactive")
		}
		if entered[row.Match] {
			add("last_name", "entries.member_already")
		}
		if _, ok := inFile[row.Match]; ok {
			add("last_name", "pairs_import.twice")
		} else {
			inFile[row.Match] = row.Line
		}
	}
	teams := groupTeams(rows)
	for _, t := range teams {
		first := &rows[t.rows[0]]
		add := func(key string) {
			if first.Errors == nil {
				first.Errors = map[string]string{}
			}
			if _, ok := first.Errors["team"]; !ok {
				first.Errors["team"] = key
			}
		}
		if n := len(t.rows); n < MinTeam || n > MaxTeam {
			add("teams.err.size")
		}
		if taken[FoldName(t.name)] {
			add("teams.err.name_taken")
		}
	}
	valid := true
	for _, r := range rows {
		if r.Errors != nil {
			valid = false
		}
	}
	return teams, valid
}

// ImportTeams reads a CSV of teams (ParseTeamsCSV) and matches its players to the
// registry, outside the write transaction. With confirm false it writes nothing: the
// preview says, row by row, who matched and what is wrong. With confirm it enters every
// team in one transaction, or nothing when any row has a problem (EINVALID
// "teams_import.invalid", with the rows). Players must be registered: a team import
// registers nobody.
func (s *Tournaments) ImportTeams(ctx context.Context, tid int64, r io.Reader, confirm bool, director string) (*TeamImport, error) {
	rows, ignored, err := ParseTeamsCSV(r)
	if err != nil {
		return nil, err
	}
	registry, err := s.Players.AllPlayers(ctx)
	if err != nil {
		return nil, err
	}
	out := &TeamImport{Rows: rows, Ignored: ignored}
	if out.Ignored == nil {
		out.Ignored = []string{}
	}
	byID := make(map[int64]*Player, len(registry))
	for i := range registry {
		byID[registry[i].ID] = &registry[i]
	}
	err = s.Store.Update(ctx, tid, func(tx Tx) error {
		out.Entered = 0
		if err := checkEntryKind(tx, EntryTeam); err != nil {
			return err
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		teams, valid := matchTeams(out.Rows, registry, st)
		out.Valid, out.Teams = valid, len(teams)
		if !valid {
			return Errorf(EINVALID, "teams_import.invalid")
		}
		if !confirm {
			return errPreview
		}
		for _, t := range teams {
			ps := make([]*Player, len(t.rows))
			for i, ri := range t.rows {
				ps[i] = byID[out.Rows[ri].Match]
			}
			if err := tx.AddEntry(teamEntry(tid, t.name, ps)); err != nil {
				return fmt.Errorf("line %d: %w", out.Rows[t.rows[0]].Line, err)
			}
			out.Entered++
		}
		return tx.Log(s.event(tid, director, "teams_import", out.Entered))
	})
	if errors.Is(err, errPreview) {
		return out, nil
	}
	if e, ok := AsError(err); ok && e.Key == "teams_import.invalid" {
		return out, err
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}
