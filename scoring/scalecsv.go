package scoring

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"burraco/scoring/csvsafe"
)

// ErrScaleCSV is the message key of a scale CSV that cannot be read.
const ErrScaleCSV = "scale.csv_unreadable"

// ParseScaleCSV reads bands from a CSV with the header from,to,winner,loser (Italian
// da,a,vincitore,perdente also read; comma or semicolon). An empty "to" is the open end.
// It reports a problem by message key and 1-based line.
func ParseScaleCSV(r io.Reader) ([]Band, string, int) {
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, ErrScaleCSV, 0
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	first, _, _ := bytes.Cut(data, []byte("\n"))
	cr := csv.NewReader(bytes.NewReader(data))
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		cr.Comma = ';'
	}
	cr.FieldsPerRecord = 4
	header, err := cr.Read()
	if err != nil {
		return nil, ErrScaleCSV, csvErrLine(err, 1)
	}
	names := map[string]int{"from": 0, "da": 0, "to": 1, "a": 1, "winner": 2, "vincitore": 2, "loser": 3, "perdente": 3}
	for i, h := range header {
		if pos, ok := names[strings.ToLower(strings.TrimSpace(h))]; !ok || pos != i {
			return nil, "scale.csv_header", 1
		}
	}
	var bands []Band
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, ErrScaleCSV, csvErrLine(err, len(bands)+2)
		}
		line, _ := cr.FieldPos(0)
		var v [4]int
		for i, f := range rec {
			f = strings.TrimSpace(f)
			if i == 1 && f == "" {
				v[i] = Open
				continue
			}
			n, ok := parseInt(f)
			if !ok || f == "" {
				return nil, "scale.csv_number", line
			}
			v[i] = n
		}
		if len(bands) == 200 {
			return nil, "scale.too_many_bands", line
		}
		bands = append(bands, Band{From: v[0], To: v[1], Winner: v[2], Loser: v[3]})
	}
	return bands, "", 0
}

func csvErrLine(err error, fallback int) int {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Line
	}
	return fallback
}

// WriteScaleCSV writes bands in the format ParseScaleCSV reads, through the app's one
// CSV writer (numbers, negative ones too, are written as they are): a UTF-8 byte-order
// mark, then rows separated by comma (',' or ';', as the reader's spreadsheet splits).
func WriteScaleCSV(w io.Writer, bands []Band, comma rune) error {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return fmt.Errorf("write scale csv: %w", err)
	}
	cw := csvsafe.NewWriterComma(w, comma)
	_ = cw.Write([]string{"from", "to", "winner", "loser"})
	for _, b := range bands {
		to := ""
		if b.To != Open {
			to = strconv.Itoa(b.To)
		}
		_ = cw.Write([]string{strconv.Itoa(b.From), to, strconv.Itoa(b.Winner), strconv.Itoa(b.Loser)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write scale csv: %w", err)
	}
	return nil
}
