package dto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"burraco/tournament"
)

// ColumnValue is an entry's value in one of the format's ranking columns, written in the
// line under the column's name: points as text ("4.5", and in sixths as
// "<name>_sixths"), other values as numbers.
type ColumnValue struct {
	Name   string
	Points bool
	Value  int
}

// ColumnValues are a line's values in the format's columns.
type ColumnValues []ColumnValue

// ColumnValuesOf names a line's values by the format's columns.
func ColumnValuesOf(cols []tournament.Column, values []int) ColumnValues {
	out := make(ColumnValues, 0, len(cols))
	for i, col := range cols {
		if i < len(values) {
			out = append(out, ColumnValue{Name: col.Name, Points: col.Kind == "points", Value: values[i]})
		}
	}
	return out
}

// appendTo writes the values as members after those of the JSON object obj.
func (vs ColumnValues) appendTo(obj []byte, sixths bool) ([]byte, error) {
	var buf bytes.Buffer
	buf.Write(bytes.TrimSuffix(bytes.TrimSpace(obj), []byte("}")))
	first := bytes.Equal(bytes.TrimSpace(obj), []byte("{}"))
	member := func(name string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("column %s: %w", name, err)
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString(strconv.Quote(name))
		buf.WriteByte(':')
		buf.Write(b)
		return nil
	}
	for _, v := range vs {
		if !v.Points {
			if err := member(v.Name, v.Value); err != nil {
				return nil, err
			}
			continue
		}
		if err := member(v.Name, tournament.Points(v.Value)); err != nil {
			return nil, err
		}
		if sixths {
			if err := member(v.Name+"_sixths", v.Value); err != nil {
				return nil, err
			}
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// StandingRound is one round of a standings line.
type StandingRound struct {
	Round   int               `json:"round"`
	Table   int               `json:"table"`
	Score   int               `json:"score"`
	Points  tournament.Points `json:"points"`
	Bye     bool              `json:"bye"`
	Awarded bool              `json:"awarded"`
	Done    bool              `json:"done"`
}

// StandingLine is an entry's line in the standings, with its values named by the
// format's columns (Values, written as members of the line).
type StandingLine struct {
	Place     int                 `json:"place"`
	Tied      bool                `json:"tied"`
	EntryID   int64               `json:"entry_id"`
	Name      string              `json:"name"`
	Members   []tournament.Member `json:"members"`
	Played    int                 `json:"played"`
	Byes      int                 `json:"byes"`
	Withdrawn bool                `json:"withdrawn"`
	Qualifies bool                `json:"qualifies"`
	AtCut     bool                `json:"at_cut"`
	Rounds    []StandingRound     `json:"rounds"`
	Values    ColumnValues        `json:"-"`
}

// MarshalJSON writes the line with its column values as members.
func (l StandingLine) MarshalJSON() ([]byte, error) {
	type plain StandingLine
	b, err := json.Marshal(plain(l))
	if err != nil {
		return nil, err
	}
	return l.Values.appendTo(b, true)
}

// StandingLineOf is the API's line of a standing under the format's columns.
func StandingLineOf(cols []tournament.Column, st tournament.Standing) StandingLine {
	rounds := make([]StandingRound, len(st.Rounds))
	for i, g := range st.Rounds {
		rounds[i] = StandingRound{Round: g.Round, Table: g.Table, Score: g.Score, Points: g.Points, Bye: g.Bye, Awarded: g.Awarded, Done: g.Done}
	}
	return StandingLine{Place: st.Place, Tied: st.Tied, EntryID: st.Entry.ID, Name: st.Entry.Name, Members: st.Entry.Members,
		Played: st.Played, Byes: st.Byes, Withdrawn: st.Entry.Withdrawn, Qualifies: st.Qualifies, AtCut: st.AtCut,
		Rounds: rounds, Values: ColumnValuesOf(cols, st.Values)}
}

// Standings is the answer of GET /tournaments/{id}/standings (?stage=n for an earlier
// stage): the stage, its format, the columns it ranks on and the lines.
type Standings struct {
	Stage     int            `json:"stage"`
	Format    string         `json:"format"`
	RankedBy  []string       `json:"ranked_by"`
	Standings []StandingLine `json:"standings"`
}

// PairingLine is a line of the order a round was paired from: the running standings
// (values named by the format's columns, points as text), the tie order, and where the
// entry plays the round.
type PairingLine struct {
	Rank    int    `json:"rank"`
	EntryID int64  `json:"entry_id"`
	Name    string `json:"name"`
	Byes    int    `json:"byes"`
	Tie     int    `json:"tie"`
	Table   int    `json:"table"`
	Against int64  `json:"against"`
	Bye     bool   `json:"bye"`
	// Partners and Opponents: at a 4-player table (individual4), the others on the
	// player's side and every player on the side against.
	Partners  []int64 `json:"partners,omitempty"`
	Opponents []int64 `json:"opponents,omitempty"`
	// Avoided is the side this one would have met (the nearest left below it) when the
	// pairing moved it down, and Why the reason: never_meet, rematch, club or others.
	Avoided int64  `json:"avoided,omitempty"`
	Why     string `json:"why,omitempty"`
	// ForfeitByes is how many of byes are forfeits won (the side present has had its
	// bye); ForfeitRound the round where this side and its opponent now had a forfeit
	// between them (not a meeting: RULES.md 4.3).
	ForfeitByes  int          `json:"forfeit_byes,omitempty"`
	ForfeitRound int          `json:"forfeit_round,omitempty"`
	Values       ColumnValues `json:"-"`
}

// MarshalJSON writes the line with its column values as members.
func (l PairingLine) MarshalJSON() ([]byte, error) {
	type plain PairingLine
	b, err := json.Marshal(plain(l))
	if err != nil {
		return nil, err
	}
	return l.Values.appendTo(b, false)
}

// PairingOrder is the answer of GET …/rounds/{n}/order.
type PairingOrder struct {
	Round int           `json:"round"`
	Order []PairingLine `json:"order"`
}
