package tournament

import (
	"context"
	"fmt"
	"io"
)

// FederationColumns are the federation CSV's columns, in order (docs/FEDERATION.md).
var FederationColumns = []string{"card_number", "last_name", "first_name", "club", "place", "points", "mp", "vp",
	"date", "format", "entries", "tournament", "season", "season_place", "season_points", "counted"}

// CSVStyle is how a reader's spreadsheet reads a CSV: the cell separator and the decimal
// separator (Italian: ';' and ',').
type CSVStyle struct {
	Comma   rune
	Decimal string
}

// WriteTournamentCSV writes a tournament's results for the federation: one row per
// player of every ranked entry (a pair's two players on two rows), in place order.
func (s *Seasons) WriteTournamentCSV(ctx context.Context, w io.Writer, tid int64, style CSVStyle) error {
	return fmt.Errorf("federation csv: not yet")
}

// WriteSeasonCSV writes a season's results for the federation: one row per player and
// evening played, with the season's place, total and whether the evening counted.
func (s *Seasons) WriteSeasonCSV(ctx context.Context, w io.Writer, sid int64, style CSVStyle) error {
	return fmt.Errorf("federation csv: not yet")
}

// SeasonImport is what importing a tournament document into a season did.
type SeasonImport struct {
	Tournament Tournament `json:"tournament"`
	// Matched are the document's players found here by card number; Registered the ones
	// registered by the import (flagged in their notes, to be checked).
	Matched    []Player `json:"matched"`
	Registered []Player `json:"registered"`
}

// ImportInto reads a tournament document exported by another copy of the app (Export)
// into this one as a new tournament (every number renewed) and adds it to season sid:
// its players are matched by card number, the others registered and flagged.
func (s *Seasons) ImportInto(ctx context.Context, sid int64, raw []byte, director string) (*SeasonImport, error) {
	return nil, fmt.Errorf("season import: not yet")
}
