package tournament

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"burraco/scoring"
	"burraco/scoring/strictjson"
)

// Format is a way of playing a stage (RULES.md sections 3 to 5). Each format is a
// package under tournament/, listed in tournament/formats; the services, the views and the store
// reach formats only through this interface.
type Format interface {
	// Name is the format's stable identifier, stored with each stage.
	Name() string
	// Defaults returns the settings of a new stage.
	Defaults() Settings
	// Rules is the rule set a new stage of the format starts from.
	Rules() scoring.Rules
	// Decode reads settings stored or sent as JSON, strictly: unknown fields are refused.
	// Missing fields keep their defaults.
	Decode(data []byte) (Settings, error)
	// Check validates settings, every problem at once, keyed by the fields' JSON names.
	Check(s Settings) FieldErrors
	// CheckChange says which changes of settings a stage with drawn rounds refuses
	// (drawn > 0), keyed by the fields' JSON names.
	CheckChange(old, new Settings, drawn int) FieldErrors
	// Fields describes the settings for a form, in display order.
	Fields() []Field
	// FormValues and ParseForm convert settings to and from a form's text values; a value
	// that cannot be read is a problem on its field (the others are still read).
	FormValues(s Settings) map[string]string
	ParseForm(values map[string]string) (Settings, FieldErrors)
	// SidesPerTable is how many sides sit at a table.
	SidesPerTable(s Settings) int
	// Outcomes lists the outcome kinds a table of the format may carry instead of, or
	// beside, its scores (OutcomeTimeout, OutcomeLastAction, OutcomeForfeit); nil: none.
	Outcomes(s Settings) []string
	// MissedBye is what an entry that arrived late may be awarded for a round it missed,
	// and whether the format allows it.
	MissedBye(s Settings) (Points, bool)
	// Draw seats the next round from the state (st.Rounds are the rounds before it) with
	// a seed: the first at random, later ones from the results. New entries it needs
	// (substitutes) come back with negative IDs in the round: -1 is subs[0].
	Draw(st *State, seed int64) (*Round, []Entry, error)
	// Result computes one table's result.
	Result(st *State, t *Table) TableResult
	// Standings ranks the stage: the columns it ranks on, and the lines.
	Standings(st *State) ([]Column, []Standing)
	// Next says what the director should do now.
	Next(st *State) Step
	// CheckSeats validates a round whose seats were changed by hand.
	CheckSeats(st *State, drawn, changed *Round) FieldErrors
}

// Scaled is a format that converts MP to VP with the stage's scale (RULES.md section 2).
// DefaultScale is the shipped scale a stage takes when the director chooses none, or nil
// when the director must choose one.
type Scaled interface {
	DefaultScale(s Settings) *scoring.Scale
}

// RoundChecked is a format whose seat check reads nothing but the stage's settings and
// the round (individual at 4-player tables: sides of two; teams: matches of two tables):
// an imported document's rounds are checked with it, as a change of seats by hand would be.
type RoundChecked interface {
	CheckRound(s Settings, r *Round) FieldErrors
}

// Paired is a format that pairs its rounds from the running standings (Danish).
// PairingOrder is the order round n (drawn) was paired from, best first.
type Paired interface {
	PairingOrder(st *State, n int) ([]Column, []OrderLine)
}

// OrderLine is a side's place in the order a round was paired from: its values then (by
// the format's columns), its byes, and its place in the random order that broke ties,
// drawn from the round's seed.
type OrderLine struct {
	Entry  Entry `json:"entry"`
	Values []int `json:"values"`
	Byes   int   `json:"byes"`
	Tie    int   `json:"tie"`
	// Avoided is, for a side the pairing moved down the order, the side it would have met
	// (the nearest left below it), and Why the format's reason (Danish: "never_meet",
	// "rematch", "club", "others"); zero and "" for a side not moved.
	Avoided int64  `json:"avoided,omitempty"`
	Why     string `json:"why,omitempty"`
	// ForfeitByes is how many of Byes are forfeits won: the side present has had its
	// bye (RULES.md 4.3).
	ForfeitByes int `json:"forfeit_byes,omitempty"`
	// ForfeitRound is the round where this side and the one it plays now had a forfeit
	// between them (not a meeting: they may be paired again), 0 for none.
	ForfeitRound int `json:"forfeit_round,omitempty"`
}

// Field is one setting of a format, as a form shows it.
type Field struct {
	Name    string   // the JSON and form name
	Kind    string   // "number", "points" (ranking points written as on a sheet) or "choice"
	Choices []string // for a choice: the values
	// ChoicePrefix names a choice's values in the catalogue: "<prefix>.<value>" and
	// "<prefix>.<value>.help".
	ChoicePrefix string
	Label        string // message key
	Help         string // message key, or ""
	// When names the choice the field applies under: field When[0] set to When[1] (the
	// 3-player VP bye: scoring = vp); the form hides it otherwise. Empty: always.
	When [2]string
}

// ScaleWhen is a Scaled format whose VP scale applies only under one choice of its
// settings (the 3-player format: tables scored in VP): the settings form shows the
// scale select only then.
type ScaleWhen interface {
	ScaleWhen() [2]string
}

var (
	formatsMu sync.RWMutex
	formats   = map[string]Format{}
	first     Format // the first registered: what a new tournament is played in by default
)

// Register makes a format available, the first registered being the default; main
// and the tests register the list of tournament/formats (formats.Register).
func Register(f Format) {
	formatsMu.Lock()
	defer formatsMu.Unlock()
	formats[f.Name()] = f
	if first == nil {
		first = f
	}
}

// DefaultFormat is the format a new tournament takes when none is named.
func DefaultFormat() Format {
	formatsMu.RLock()
	defer formatsMu.RUnlock()
	return first
}

// FormatOf returns a registered format by name.
func FormatOf(name string) (Format, bool) {
	formatsMu.RLock()
	defer formatsMu.RUnlock()
	f, ok := formats[name]
	return f, ok
}

// FormatNames lists the registered formats, sorted.
func FormatNames() []string {
	formatsMu.RLock()
	defer formatsMu.RUnlock()
	var out []string
	for n := range formats {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// TableResult is a table's scores and ranking points, in position order.
type TableResult struct {
	Number  int      `json:"number"`
	Entries []int64  `json:"entries"` // by position
	Scores  []int    `json:"scores"`  // each side's total over the round
	Points  []Points `json:"points"`  // nil until the table is complete
	// MP are the sides' signed match points, for formats that score matches (nil otherwise).
	MP       []int `json:"mp,omitempty"`
	Entered  int   `json:"entered"` // hand scores entered
	Expected int   `json:"expected"`
	Complete bool  `json:"complete"`
}

// Results computes every table of a round with the stage's format.
func (st *State) Results(r *Round) []TableResult {
	f := st.Format()
	out := make([]TableResult, len(r.Tables))
	for i := range r.Tables {
		out[i] = f.Result(st, &r.Tables[i])
	}
	return out
}

// Complete reports whether every table of a round has its result.
func (st *State) Complete(r *Round) bool {
	for _, res := range st.Results(r) {
		if !res.Complete {
			return false
		}
	}
	return true
}

// Final reports whether the stage's ranking is final: every round planned drawn and
// complete, or, for a format that decides its rounds as it goes (a knockout), its Next
// says it is finished. The standings' "final" marker and a season (RULES.md 8.1) read it.
func (st *State) Final() bool {
	if len(st.Rounds) == 0 {
		return false
	}
	planned := st.Stage.Settings.Rounds()
	if planned == 0 {
		return st.Format().Next(st).Finished
	}
	if len(st.Rounds) != planned {
		return false
	}
	for i := range st.Rounds {
		if !st.Complete(&st.Rounds[i]) {
			return false
		}
	}
	return true
}

// Column is one value standings rank on, in order of importance.
type Column struct {
	Name  string `json:"name"`  // the API name: "points", "game_points"
	Label string `json:"label"` // message key
	Kind  string `json:"kind"`  // "points" (Points, sixths) or "number"
	// OnlyPlayed shows the value only for entries that have played (a best game).
	OnlyPlayed bool `json:"-"`
}

// RoundLine is one entry's line for one round in the standings.
type RoundLine struct {
	Round  int    `json:"round"`
	Table  int    `json:"table,omitempty"`
	Score  int    `json:"score"`
	Points Points `json:"points"`
	Bye    bool   `json:"bye,omitempty"`
	// Awarded: the bye was awarded to a late arrival for a round missed, not drawn (not a sit-out).
	Awarded bool `json:"awarded,omitempty"`
	Done    bool `json:"done"`
}

// Standing is one entry's line in a stage's standings.
type Standing struct {
	Entry     Entry       `json:"entry"`
	Place     int         `json:"place"`
	Tied      bool        `json:"tied"` // ex aequo: shares its place
	Values    []int       `json:"values"`
	Played    int         `json:"played"`
	Byes      int         `json:"byes"`
	Qualifies bool        `json:"qualifies"`
	AtCut     bool        `json:"at_cut"` // tied across the qualification line: the director decides
	Rounds    []RoundLine `json:"rounds"`
}

// Rank orders standings by their values, higher first, gives shared places to equal
// values (ex aequo; names only order the display) and marks the first q entries that
// have not withdrawn as qualifying; a tie across the line is marked AtCut instead.
func Rank(out []Standing, q int) {
	better := func(a, b *Standing) int {
		for i := range min(len(a.Values), len(b.Values)) {
			if c := cmp.Compare(b.Values[i], a.Values[i]); c != 0 {
				return c
			}
		}
		return 0
	}
	// A stable sort of the lines by value, then name, done on their indices (a line is
	// large to move) with each name lowered once: the index breaks the last ties.
	idx := make([]int, len(out))
	lower := make([]string, len(out))
	for i := range out {
		idx[i], lower[i] = i, strings.ToLower(out[i].Entry.Name)
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := better(&out[a], &out[b]); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(lower[a], lower[b]), cmp.Compare(a, b))
	})
	sorted := make([]Standing, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	copy(out, sorted)
	for i := range out {
		out[i].Tied, out[i].Qualifies, out[i].AtCut = false, false, false
		if i > 0 && better(&out[i-1], &out[i]) == 0 {
			out[i].Place, out[i].Tied, out[i-1].Tied = out[i-1].Place, true, true
		} else {
			out[i].Place = i + 1
		}
	}
	markQualifiers(out, q)
}

// markQualifiers marks the first q players who have not withdrawn; a tie that straddles
// the line is marked AtCut instead, for the director to decide.
func markQualifiers(out []Standing, q int) {
	if q <= 0 {
		return
	}
	var eligible []*Standing
	for i := range out {
		if !out[i].Entry.Withdrawn {
			eligible = append(eligible, &out[i])
		}
	}
	for i := 0; i < len(eligible); {
		j := i + 1 // the group of i: eligible players tied with it
		for j < len(eligible) && eligible[j].Place == eligible[i].Place {
			j++
		}
		switch {
		case j <= q:
			for _, s := range eligible[i:j] {
				s.Qualifies = true
			}
		case i < q:
			for _, s := range eligible[i:j] {
				s.AtCut = true
			}
		}
		i = j
	}
}

// Step is what the director should do next, as a message key with its arguments.
type Step struct {
	Key      string `json:"key"`
	Args     []any  `json:"args,omitempty"`
	CanDraw  bool   `json:"can_draw"` // a draw is possible now (perhaps with an override)
	Finished bool   `json:"finished"`
	// Note is a message key the director should read (how odd numbers are handled).
	Note     string `json:"note,omitempty"`
	NoteArgs []any  `json:"note_args,omitempty"`
	// Round and Table name the score sheet the step is about (a tie to settle), 0 for none:
	// the page links to it.
	Round int `json:"round,omitempty"`
	Table int `json:"table,omitempty"`
}

// DecodeSettings reads a format's settings from JSON into dst, which holds the defaults:
// strictly, so unknown fields, keys given twice, null values and data after the object
// are refused;
// fields left out keep their defaults. Empty input and null keep every default.
func DecodeSettings(data []byte, dst any) error {
	if t := bytes.TrimSpace(data); len(t) == 0 || string(t) == "null" {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return err
	}
	if err := strictjson.CheckKeys(data); err != nil {
		return err
	}
	for k, v := range fields {
		if string(bytes.TrimSpace(v)) == "null" {
			return fmt.Errorf("%q cannot be null", k)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the object")
	}
	return nil
}

// CheckTables checks the shape of a round whose seats were changed by hand: sides at
// every table (sizeKey on the table otherwise), and nobody seated twice or both seated
// and on a bye; the fields are "table.<t>", "seat.<t>.<s>" and "bye.<i>". A team's side
// (Side.Pair 1 or 2) is its pair of the round: the team sits once as each pair.
func CheckTables(r *Round, sides int, sizeKey string) FieldErrors {
	fe := FieldErrors{}
	seen := map[int64]bool{}
	pairs := map[[2]int64]bool{} // a team's (entry, pair) seated
	for ti, tb := range r.Tables {
		if len(tb.Sides) != sides {
			fe.Add(fmt.Sprintf("table.%d", ti+1), sizeKey)
		}
		for si, sd := range tb.Sides {
			if sd.Pair > 0 && len(sd.Partners) == 0 {
				k := [2]int64{sd.EntryID, int64(sd.Pair)}
				if pairs[k] || (seen[sd.EntryID] && !pairs[[2]int64{sd.EntryID, int64(3 - sd.Pair)}]) {
					fe.Add(fmt.Sprintf("seat.%d.%d", ti+1, si+1), "seats.twice")
				}
				pairs[k], seen[sd.EntryID] = true, true
				continue
			}
			for _, id := range sd.Members() {
				if seen[id] {
					fe.Add(fmt.Sprintf("seat.%d.%d", ti+1, si+1), "seats.twice")
				}
				seen[id] = true
			}
		}
	}
	for i, b := range r.Byes {
		if seen[b.EntryID] {
			fe.Add(fmt.Sprintf("bye.%d", i+1), "seats.twice")
		}
		seen[b.EntryID] = true
	}
	return fe
}

// SettingsOf returns a stage's settings as a format's own type T (stored as a T or a
// non-nil *T), or def when they are of another format.
func SettingsOf[T Settings](s Settings, def T) T {
	if v, ok := s.(T); ok {
		return v
	}
	if v, ok := any(s).(*T); ok && v != nil {
		return *v
	}
	return def
}
