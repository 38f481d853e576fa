package tournament

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"burraco/scoring/csvsafe"
)

// CSV import limits: a club registry is a few thousand players at most.
const (
	MaxImportBytes = 2 << 20
	MaxImportRows  = 10000
)

// csvColumns are the player columns of an export, in order.
var csvColumns = []string{"first_name", "last_name", "club", "card_number", "email", "phone", "notes", "active"}

// headerAliases maps the header names clubs use (English and Italian) to player columns.
var headerAliases = map[string]string{
	"first_name": "first_name", "first name": "first_name", "firstname": "first_name", "nome": "first_name",
	"last_name": "last_name", "last name": "last_name", "lastname": "last_name", "surname": "last_name", "cognome": "last_name",
	"club": "club", "circolo": "club", "associazione": "club",
	"card_number": "card_number", "card number": "card_number", "card": "card_number", "tessera": "card_number",
	"n. tessera": "card_number", "numero tessera": "card_number", "n tessera": "card_number",
	"email": "email", "e-mail": "email", "mail": "email",
	"phone": "phone", "telefono": "phone", "cellulare": "phone", "tel": "phone", "tel.": "phone",
	"notes": "notes", "note": "notes",
	"active": "active", "attivo": "active",
	"id": "", // known, not imported
}

// ImportStatus says what confirming an import does with a row.
type ImportStatus string

// Row statuses of an import preview.
const (
	ImportNew       ImportStatus = "new"
	ImportDuplicate ImportStatus = "duplicate"
	ImportInvalid   ImportStatus = "invalid"
)

// ImportRow is one data row of a CSV import and what will happen to it.
type ImportRow struct {
	Line   int               `json:"line"`
	Player Player            `json:"player"`
	Status ImportStatus      `json:"status"`
	Fields map[string]string `json:"fields,omitempty"` // invalid: message key per field
	Reason string            `json:"reason,omitempty"` // duplicate: message key
	// DuplicateOf names the existing player, or the earlier line, a duplicate repeats.
	DuplicateOf string `json:"duplicate_of,omitempty"`
	// Fixed says the row's cells were corrected in the preview (see ImportFixes).
	Fixed bool `json:"fixed,omitempty"`
	// Warnings are message keys per field of cells that may still be imported but
	// deserve a look: "import.formula" for a cell a spreadsheet would read as a formula.
	Warnings map[string]string `json:"warnings,omitempty"`
}

// FormulaColumns are the free-text columns flagged when a spreadsheet would read them
// as a formula. (Card numbers and phones only take characters no formula can do harm
// with; every cell of an export is neutralized all the same.)
var FormulaColumns = []string{"first_name", "last_name", "club", "email", "notes"}

// flagFormulas sets the row's warnings for cells a spreadsheet would read as a formula.
func (row *ImportRow) flagFormulas() {
	row.Warnings = nil
	p := row.Player
	cells := map[string]string{"first_name": p.FirstName, "last_name": p.LastName, "club": p.Club,
		"email": p.Email, "notes": p.Notes}
	for _, col := range FormulaColumns {
		if csvsafe.Dangerous(cells[col]) {
			if row.Warnings == nil {
				row.Warnings = map[string]string{}
			}
			row.Warnings[col] = "import.formula"
		}
	}
}

// ImportFixColumns are the cells of a row that can be corrected in the preview.
var ImportFixColumns = []string{"first_name", "last_name", "club", "card_number", "email", "phone"}

// ImportFixes are corrections typed in the preview: line → column → value. The CSV
// itself is never rewritten: the corrections travel beside it and are applied to its
// rows before they are checked, in the preview and at the confirm alike.
type ImportFixes map[int]map[string]string

// apply sets the corrected cells of the rows; a row whose cells change is checked again
// from scratch (a row with too many fields, once its cells are confirmed, is no longer
// refused for it).
func (fx ImportFixes) apply(rows []ImportRow) {
	for i := range rows {
		row := &rows[i]
		cells, ok := fx[row.Line]
		if !ok {
			continue
		}
		before := row.Player
		for _, col := range ImportFixColumns {
			if v, ok := cells[col]; ok {
				setColumn(&row.Player, col, v)
			}
		}
		row.Player.Normalize()
		if row.Player != before {
			row.Fixed, row.Status, row.Fields = true, ImportNew, nil
			row.flagFormulas()
		}
	}
}

// ImportPreview is the row-by-row outcome of an import, before or after it is confirmed.
type ImportPreview struct {
	Rows []ImportRow `json:"rows"`
	// Ignored names the file's columns that are not imported.
	Ignored    []string `json:"ignored_columns"`
	New        int      `json:"new"`
	Duplicates int      `json:"duplicates"`
	Invalid    int      `json:"invalid"`
	Created    int      `json:"created"` // rows written; zero in a preview
}

// DecodeText returns a text file's bytes as UTF-8 text, without a byte-order mark. Valid
// UTF-8 is taken as it is; anything else is read as Windows-1252, which is what Excel
// writes in Italy when asked for plain "CSV" (every byte decodes, so nothing is lost or
// garbled: "Citt\xe0" is "Città").
func DecodeText(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return string(data)
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil { // cannot happen: every byte is a Windows-1252 character
		return strings.ToValidUTF8(string(data), "")
	}
	return string(out)
}

// ParsePlayersCSV reads a CSV of players with a header row. The text is decoded with
// DecodeText (UTF-8, with or without a byte-order mark, or Windows-1252), the delimiter
// (comma, semicolon or tab) is detected from the header, and each data row comes back
// as a normalized player with its line number. Columns it does not know are ignored and
// named in ignored.
func ParsePlayersCSV(r io.Reader) ([]ImportRow, []string, error) {
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
	var ignored []string
	for i, h := range header {
		name, ok := headerAliases[strings.ToLower(collapseSpaces(h))]
		if !ok {
			// A column the registry has no place for (a birth date, a tax code) is
			// listed and left out, not a reason to refuse the file.
			if h = collapseSpaces(h); h != "" && !slices.Contains(ignored, h) {
				ignored = append(ignored, h)
			}
			continue
		}
		if name != "" && seen[name] {
			return nil, nil, Errorf(EINVALID, "import.repeated_column", h)
		}
		seen[name] = true
		cols[i] = name
	}
	if !seen["first_name"] || !seen["last_name"] {
		return nil, nil, Errorf(EINVALID, "import.missing_names")
	}
	var rows []ImportRow
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
		row := ImportRow{Line: line, Status: ImportNew, Player: Player{Active: true}}
		if len(rec) > len(cols) {
			row.Status = ImportInvalid
			row.Fields = map[string]string{"row": "import.too_many_fields"}
		}
		for i, v := range rec {
			if i >= len(cols) {
				break
			}
			// A cell this app's export neutralized comes back as it was (and is flagged).
			setColumn(&row.Player, cols[i], csvsafe.Restore(v))
		}
		row.Player.Normalize()
		row.flagFormulas()
		rows = append(rows, row)
	}
	return rows, ignored, nil
}

func csvLine(err error) int {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Line
	}
	return 0
}

func detectDelimiter(data []byte) rune {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	best, bestN := ',', bytes.Count(first, []byte(","))
	for _, d := range []rune{';', '\t'} {
		if n := bytes.Count(first, []byte(string(d))); n > bestN {
			best, bestN = d, n
		}
	}
	return best
}

func isBlank(rec []string) bool {
	for _, v := range rec {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

func setColumn(p *Player, col, v string) {
	switch col {
	case "first_name":
		p.FirstName = v
	case "last_name":
		p.LastName = v
	case "club":
		p.Club = v
	case "card_number":
		p.CardNumber = v
	case "email":
		p.Email = v
	case "phone":
		p.Phone = v
	case "notes":
		p.Notes = v
	case "active":
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "no", "false", "0", "n":
			p.Active = false
		}
	}
}

// WritePlayersCSV writes players as a UTF-8 CSV (with a byte-order mark, so spreadsheet
// programs read accents right) separated by comma (',' or ';', as the reader's
// spreadsheet splits) that ParsePlayersCSV reads back unchanged. Cells a spreadsheet
// would run as a formula are neutralized (see package csvsafe).
func WritePlayersCSV(w io.Writer, ps []Player, comma rune) error {
	if _, err := io.WriteString(w, "\xef\xbb\xbf"); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	cw := csvsafe.NewWriterComma(w, comma)
	if err := cw.Write(csvColumns); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	for _, p := range ps {
		active := "yes"
		if !p.Active {
			active = "no"
		}
		if err := cw.Write([]string{p.FirstName, p.LastName, p.Club, p.CardNumber, p.Email, p.Phone, p.Notes, active}); err != nil {
			return fmt.Errorf("write csv: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return nil
}
