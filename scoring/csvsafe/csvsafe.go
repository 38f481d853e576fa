// Package csvsafe is the one CSV writer of the app. Every cell it writes is made safe to
// open in a spreadsheet: a cell a spreadsheet would read as a formula (CSV or "formula"
// injection: =HYPERLINK(…), +cmd|' /C calc'!A0, -2+3+cmd…, @SUM(…)) gets a leading
// apostrophe, so it is shown as the text it is (OWASP's advice). Plain numbers, negative
// ones included, are left alone.
package csvsafe

import (
	"encoding/csv"
	"io"
	"strings"
	"unicode/utf8"
)

// triggers are the first characters that make a spreadsheet read a cell as a formula:
// = + - @, tab and carriage return, and the full-width forms some spreadsheets also take.
const triggers = "=+-@\t\r\uff1d\uff0b\uff0d\uff20"

// Dangerous reports whether a spreadsheet could read the cell as a formula: it starts,
// after any spaces or line breaks, with a trigger character and is not a plain number.
func Dangerous(cell string) bool {
	s := strings.TrimLeft(cell, " \n")
	r, _ := utf8.DecodeRuneInString(s)
	if s == "" || !strings.ContainsRune(triggers, r) {
		return false
	}
	return !isNumber(s)
}

// isNumber reports a plain decimal number: an optional sign, digits, at most one decimal
// point or comma with digits after it. Nothing a spreadsheet could run.
func isNumber(s string) bool {
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if !hasFrac {
		intPart, frac, hasFrac = strings.Cut(s, ",")
	}
	digits := func(d string) bool {
		return d != "" && strings.Trim(d, "0123456789") == ""
	}
	return digits(intPart) && (!hasFrac || digits(frac))
}

// Neutralize returns the cell as it is safe to write: with a leading apostrophe when it
// is Dangerous, unchanged otherwise.
func Neutralize(cell string) string {
	if Dangerous(cell) {
		return "'" + cell
	}
	return cell
}

// Writer writes CSV records with every cell neutralized.
type Writer struct {
	w *csv.Writer
}

// NewWriter returns a Writer writing comma-separated records to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: csv.NewWriter(w)}
}

// NewWriterComma returns a Writer writing records separated by comma (';' for a
// spreadsheet set to Italian, whose decimal mark is the comma).
func NewWriterComma(w io.Writer, comma rune) *Writer {
	cw := csv.NewWriter(w)
	cw.Comma = comma
	return &Writer{w: cw}
}

// Write writes one record, each cell neutralized.
func (w *Writer) Write(record []string) error {
	safe := make([]string, len(record))
	for i, c := range record {
		safe[i] = Neutralize(c)
	}
	return w.w.Write(safe)
}

// Flush writes any buffered data; Error reports a failure of a Write or a Flush.
func (w *Writer) Flush() { w.w.Flush() }

// Error reports any error of a previous Write or Flush.
func (w *Writer) Error() error { return w.w.Error() }

// Restore undoes Neutralize: a cell read back from a CSV this package wrote comes back
// as it was. Only an apostrophe in front of a Dangerous cell is taken off.
func Restore(cell string) string {
	if rest, ok := strings.CutPrefix(cell, "'"); ok && Dangerous(rest) {
		return rest
	}
	return cell
}
