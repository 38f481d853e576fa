package tournament

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"burraco/scoring/csvsafe"
	"burraco/tournament/season"
)

// FederationColumns are the federation CSV's columns, in order (docs/FEDERATION.md).
var FederationColumns = []string{"card_number", "last_name", "first_name", "club", "place", "points", "mp", "vp",
	"date", "format", "entries", "tournament", "season", "season_place", "season_points", "counted", "final"}

// CSVStyle is how a reader's spreadsheet reads a CSV: the cell separator, the decimal
// separator (Italian: ';' and ','), and a byte-order mark first (Excel reads accents
// right with it).
type CSVStyle struct {
	Comma   rune
	Decimal string
	BOM     bool
}

// WriteTournamentCSV writes a tournament's results for the federation: one row per
// player of every ranked entry (a pair's two players on two rows), in place order;
// points are the evening's own first ranking value; final is 0 while the evening is in
// progress (its ranking may still change).
func (s *Seasons) WriteTournamentCSV(ctx context.Context, w io.Writer, tid int64, style CSVStyle) error {
	ev, err := s.Evening(ctx, tid)
	if err != nil {
		return err
	}
	fw, err := s.newFederationWriter(w, style)
	if err != nil {
		return err
	}
	fw.final = oneZero(!ev.InProgress)
	for _, p := range ev.Placings {
		for _, pl := range p.Players {
			r := season.Result{Place: p.Place, Value: p.Value, MP: p.MP, VP: p.VP, Points: p.Value}
			if err := fw.row(ctx, pl, ev, r, "", ""); err != nil {
				return err
			}
		}
	}
	return fw.flush()
}

// WriteSeasonCSV writes a season's results for the federation: one row per player and
// evening played, in the order of the standings, with the points the evening is worth
// in the season, the season's place (empty: not ranked) and total, and whether the
// evening counted. An evening in progress is not in it (not counted yet), and final is
// 0 on every row while there is one: the standings are provisional.
func (s *Seasons) WriteSeasonCSV(ctx context.Context, w io.Writer, sid int64, style CSVStyle) error {
	st, err := s.Standings(ctx, sid)
	if err != nil {
		return err
	}
	evs := map[int64]*season.Evening{}
	for i := range st.Evenings {
		evs[st.Evenings[i].TournamentID] = &st.Evenings[i]
	}
	fw, err := s.newFederationWriter(w, style)
	if err != nil {
		return err
	}
	fw.final = oneZero(!st.Provisional())
	for _, l := range st.Lines {
		place := ""
		if l.Ranked {
			place = strconv.Itoa(l.Place)
		}
		for _, r := range l.Results {
			fw.season = []string{st.Season.Name, place, l.Total.Decimal(style.Decimal)}
			if err := fw.row(ctx, l.Player, evs[r.TournamentID], r, "1", "0"); err != nil {
				return err
			}
		}
	}
	return fw.flush()
}

// federationWriter writes the federation CSV's rows, reading each player's card, names
// and club from the registry once.
type federationWriter struct {
	s       *Seasons
	cw      *csvsafe.Writer
	style   CSVStyle
	players map[int64]*Player
	season  []string // the season's columns of the next row
	final   string   // the final column: "1" or "0"
}

// oneZero is a yes/no cell: "1" or "0".
func oneZero(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func (s *Seasons) newFederationWriter(w io.Writer, style CSVStyle) (*federationWriter, error) {
	if style.Comma == 0 {
		style.Comma = ','
	}
	if style.Decimal == "" {
		style.Decimal = "."
	}
	if style.BOM {
		if _, err := io.WriteString(w, "\ufeff"); err != nil {
			return nil, fmt.Errorf("federation csv: %w", err)
		}
	}
	fw := &federationWriter{s: s, cw: csvsafe.NewWriterComma(w, style.Comma), style: style, players: map[int64]*Player{}}
	return fw, fw.cw.Write(FederationColumns)
}

func (fw *federationWriter) row(ctx context.Context, pl season.Player, ev *season.Evening, r season.Result, yes, no string) error {
	p, ok := fw.players[pl.ID]
	if !ok {
		got, err := fw.s.Tournaments.Players.FindPlayer(ctx, pl.ID)
		if err != nil {
			if _, isDomain := AsError(err); !isDomain {
				return fmt.Errorf("federation csv: player %d: %w", pl.ID, err)
			}
			got = &Player{ID: pl.ID, LastName: pl.Name} // no longer in the registry
		}
		fw.players[pl.ID], p = got, got
	}
	opt := func(v *season.Score) string {
		if v == nil {
			return ""
		}
		return v.Decimal(fw.style.Decimal)
	}
	cells := []string{p.CardNumber, p.LastName, p.FirstName, p.Club, strconv.Itoa(r.Place), r.Points.Decimal(fw.style.Decimal),
		opt(r.MP), opt(r.VP)}
	if ev != nil {
		cells = append(cells, ev.Date, ev.Format, strconv.Itoa(ev.Field), ev.Name)
	} else {
		cells = append(cells, r.Date, r.Format, strconv.Itoa(r.Field), r.Name)
	}
	if yes == "" {
		cells = append(cells, "", "", "", "")
	} else {
		counted := no
		if r.Counted {
			counted = yes
		}
		cells = append(append(cells, fw.season...), counted)
	}
	return fw.cw.Write(append(cells, fw.final))
}

func (fw *federationWriter) flush() error {
	fw.cw.Flush()
	if err := fw.cw.Error(); err != nil {
		return fmt.Errorf("federation csv: %w", err)
	}
	return nil
}
