package tournament

import (
	"burraco/tournament/ranking"
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"burraco/scoring"
)

// The model, one vocabulary for every format (docs/ARCHITECTURE.md):
//
//	tournament → stage → round → table → side
//
// An entry is a side of the tournament (a player, a pair, a substitute); a hand score is
// keyed by (table, hand, side position). The 3-player format calls its rounds "games".

// Tournament is an event: what the players see on the poster. How it is played lives in
// its stages.
type Tournament struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Date  string `json:"date"` // YYYY-MM-DD
	Venue string `json:"venue"`
	Notes string `json:"notes"`
	// Tier is the tournament's category for the national ranking (ranking.Tiers: club,
	// regional, national; "" reads as club).
	Tier string `json:"tier"`
	// Version counts edits of the settings (the tournament and its stages): a save from
	// an older version is refused with a conflict.
	Version int `json:"version"`
	// Revision changes with every change in the tournament (a score, a draw, an entry):
	// live pages use it to know something moved. It is the number of the latest log line.
	Revision int64 `json:"revision"`
	// Published opens the tournament's public pages (no login): tables, standings, each
	// player's page, the projector.
	Published bool      `json:"published"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Normalize trims the text fields.
func (t *Tournament) Normalize() {
	t.Name, t.Venue = collapseSpaces(t.Name), collapseSpaces(t.Venue)
	t.Date, t.Notes = strings.TrimSpace(t.Date), strings.TrimSpace(t.Notes)
	if t.Tier = strings.TrimSpace(t.Tier); t.Tier == "" {
		t.Tier = string(ranking.TierClub)
	}
}

// Validate checks a normalized tournament, every problem at once.
func (t *Tournament) Validate() FieldErrors {
	fe := FieldErrors{}
	CheckText(fe, "name", t.Name, OneLine)
	CheckText(fe, "venue", t.Venue, OneLine)
	CheckText(fe, "notes", t.Notes, MultiLine)
	if t.Name == "" {
		fe.Add("name", "error.required")
	} else if utf8.RuneCountInString(t.Name) > maxNameLen {
		fe.Add("name", "error.too_long")
	}
	if _, err := time.Parse("2006-01-02", t.Date); err != nil {
		fe.Add("date", "tournament.err.date")
	}
	if utf8.RuneCountInString(t.Venue) > maxNameLen {
		fe.Add("venue", "error.too_long")
	}
	if utf8.RuneCountInString(t.Notes) > maxNotesLen {
		fe.Add("notes", "error.too_long")
	}
	if t.Tier != "" && !ranking.Tier(t.Tier).Valid() { // "": a club tournament
		fe.Add("tier", "tournament.err.tier")
	}
	return fe
}

// Stage is one part of a tournament played in one format: a qualifying evening, a
// knockout final. A tournament has at least one.
type Stage struct {
	ID           int64  `json:"id"`
	TournamentID int64  `json:"tournament_id"`
	Seq          int    `json:"seq"` // 1 for the first stage
	Format       string `json:"format"`
	// Settings are the format's own, a typed struct of the format's package.
	Settings Settings      `json:"settings"`
	Rules    scoring.Rules `json:"rules"`
	// ScaleID is the VP scale chosen; Scale is its copy, taken when round 1 is drawn, so
	// that later edits of the scale never change VP already awarded.
	ScaleID     *int64         `json:"scale_id,omitempty"`
	Scale       *scoring.Scale `json:"scale,omitempty"`
	Qualifiers  int            `json:"qualifiers"`
	FromStageID *int64         `json:"from_stage_id,omitempty"`
	// Start is how a stage fed from another began (StartSeeded, StartContinued); empty
	// for the first stage.
	Start   string `json:"start,omitempty"`
	Version int    `json:"version"`
}

// Validate checks a stage's settings with its format, every problem at once: fields of
// the settings are reported as they are named in them, the rules as "rules.<field>".
func (s *Stage) Validate() FieldErrors {
	fe := FieldErrors{}
	f, ok := FormatOf(s.Format)
	if !ok {
		fe.Add("format", "tournament.err.format")
		return fe
	}
	if s.Settings == nil {
		s.Settings = f.Defaults()
	}
	for k, v := range f.Check(s.Settings) {
		fe.Add(k, v)
	}
	if s.Qualifiers < 0 || s.Qualifiers > 10000 {
		fe.Add("qualifiers", "tournament.err.qualifiers")
	}
	for k, v := range s.Rules.Validate() {
		fe.Add("rules."+k, v)
	}
	return fe
}

// HandsPerRound is the number of hands of each round of the stage.
func (s *Stage) HandsPerRound() int { return s.Settings.HandsPerRound() }

// EntryKind says what an entry is.
type EntryKind string

// The kinds of entry.
const (
	EntryPlayer     EntryKind = "player"
	EntryPair       EntryKind = "pair"
	EntrySubstitute EntryKind = "substitute"
	// EntryTeam is a team of 4 to 6 registered players (the teams format); its line-up
	// names, each round, the two pairs that play.
	EntryTeam EntryKind = "team"
)

// Member is a registered player inside an entry.
type Member struct {
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
}

// Entry is a side of the tournament: one player or a pair, or a substitute who fills a
// table and is not ranked.
type Entry struct {
	ID           int64     `json:"id"`
	TournamentID int64     `json:"tournament_id"`
	Kind         EntryKind `json:"kind"`
	Members      []Member  `json:"members"`
	Name         string    `json:"name"` // "Last First", "A / B" for a pair, or the substitute's label
	Club         string    `json:"club,omitempty"`
	CheckedIn    bool      `json:"checked_in"`
	Withdrawn    bool      `json:"withdrawn"`
	// Version counts edits of a team's name and players (EditTeam): a stale one is refused.
	Version int `json:"version"`
}

// Substitute reports whether the entry is an unranked substitute.
func (e *Entry) Substitute() bool { return e.Kind == EntrySubstitute }

// PlayerID returns the player of a one-player entry, or 0.
func (e *Entry) PlayerID() int64 {
	if len(e.Members) == 1 {
		return e.Members[0].PlayerID
	}
	return 0
}

// Round is one round of a stage: its draw, its tables and the entries that do not play.
type Round struct {
	ID       int64     `json:"id"`
	StageID  int64     `json:"stage_id"`
	Number   int       `json:"number"`
	Seed     int64     `json:"seed"`
	DrawnAt  time.Time `json:"drawn_at"`
	Override string    `json:"override,omitempty"` // why it was drawn before the previous round was complete
	Locked   bool      `json:"locked,omitempty"`   // final: its sheets and seats change no more until unlocked
	Clock    Clock     `json:"clock"`
	Tables   []Table   `json:"tables"`
	Byes     []Bye     `json:"byes"`
}

// PlaceSubs puts the stored IDs of the substitutes a draw created (subs) in place of the
// negative ones the format gave them: -1 is subs[0].
func (r *Round) PlaceSubs(subs []Entry) {
	resolve := func(id int64) int64 {
		if id < 0 && int(-id) <= len(subs) {
			return subs[-id-1].ID
		}
		return id
	}
	for ti := range r.Tables {
		for si := range r.Tables[ti].Sides {
			sd := &r.Tables[ti].Sides[si]
			sd.EntryID = resolve(sd.EntryID)
			for pi := range sd.Partners {
				sd.Partners[pi] = resolve(sd.Partners[pi])
			}
		}
	}
	for i := range r.Byes {
		r.Byes[i].EntryID = resolve(r.Byes[i].EntryID)
	}
}

// Started reports whether any hand of the round has been entered, or any table has an
// outcome.
func (r *Round) Started() bool {
	for i := range r.Tables {
		if r.Tables[i].Started() {
			return true
		}
	}
	return false
}

// Table returns table n (1-based), or nil.
func (r *Round) Table(n int) *Table {
	if n < 1 || n > len(r.Tables) {
		return nil
	}
	return &r.Tables[n-1]
}

// SitOuts returns the byes the draw gave: not those awarded since to late arrivals.
func (r *Round) SitOuts() []Bye {
	var out []Bye
	for _, b := range r.Byes {
		if !b.Awarded {
			out = append(out, b)
		}
	}
	return out
}

// Awards returns the byes awarded to late arrivals for the round they missed.
func (r *Round) Awards() []Bye {
	var out []Bye
	for _, b := range r.Byes {
		if b.Awarded {
			out = append(out, b)
		}
	}
	return out
}

// People lists every entry of the round: seated (partners included), then byes.
func (r *Round) People() []int64 {
	var out []int64
	for _, t := range r.Tables {
		out = append(out, t.People()...)
	}
	for _, b := range r.Byes {
		out = append(out, b.EntryID)
	}
	return out
}

// Outcome is what decided a table other than its scores (RULES.md sections 2 and 5).
type Outcome struct {
	Kind string `json:"kind"` // "", "timeout", "forfeit", "last_action"
	Side int    `json:"side"` // the position it concerns: who ran out of time, forfeited, made the last action
}

// The outcome kinds a format may offer (Format.Outcomes).
const (
	// OutcomeTimeout: the side ran out of time (RULES.md section 2, time-out technical score).
	OutcomeTimeout = "timeout"
	// OutcomeLastAction: on an exact tie, the side made the last game action (it loses).
	OutcomeLastAction = "last_action"
	// OutcomeForfeit: the side did not turn up or withdrew (a walkover).
	OutcomeForfeit = "forfeit"
)

// Table is one table of a round: the sides sitting at it and the hands entered.
type Table struct {
	ID      int64   `json:"id"`
	Number  int     `json:"number"`
	Outcome Outcome `json:"outcome"`
	Version int     `json:"version"` // counts saves of its sheet
	// Match groups the tables of a round played as one match between two entries (teams:
	// two tables a match), numbered from 1 in the round; 0: the table is a match of its own.
	Match int         `json:"match,omitempty"`
	Sides []Side      `json:"sides"`
	Hands []HandScore `json:"hands,omitempty"`
}

// Started reports whether anything has been entered for the table.
func (t *Table) Started() bool { return len(t.Hands) > 0 || t.Outcome.Kind != "" }

// Entries lists the entry each side scores for, in position order (a side's first
// entry: partners are not listed).
func (t *Table) Entries() []int64 {
	out := make([]int64, len(t.Sides))
	for i, s := range t.Sides {
		out[i] = s.EntryID
	}
	return out
}

// People lists every entry seated at the table, in position order, each side's entry
// before its partners.
func (t *Table) People() []int64 {
	out := make([]int64, 0, len(t.Sides))
	for _, s := range t.Sides {
		out = append(out, s.Members()...)
	}
	return out
}

// Position returns the position (1-based) of the side an entry sits on, as its entry or
// a partner, or 0.
func (t *Table) Position(entryID int64) int {
	for _, s := range t.Sides {
		if s.Has(entryID) {
			return s.Position
		}
	}
	return 0
}

// Side is what sits at a table at one position (1-based) and scores as one: an entry (a
// player, a pair, a team's pair of the round), with, where the format partners entries
// for a round, its partners (individual at 4-player tables: two players a side).
type Side struct {
	Position int   `json:"position"`
	EntryID  int64 `json:"entry_id"`
	// Partners are the further entries on the side for this round, who score what the
	// side scores; none in formats whose entries play alone or as registered pairs.
	Partners []int64 `json:"partners,omitempty"`
	// Pair is, for a team, which pair of the team's line-up plays at this side (1 or 2);
	// 0 otherwise.
	Pair int `json:"pair,omitempty"`
}

// Members lists the side's entries: its entry, then its partners.
func (s Side) Members() []int64 {
	return append([]int64{s.EntryID}, s.Partners...)
}

// Has reports whether an entry sits on the side, as its entry or a partner.
func (s Side) Has(entryID int64) bool {
	return s.EntryID == entryID || slices.Contains(s.Partners, entryID)
}

// Bye is an entry that does not play a round (a sit-out, a bye) and what it scores, in
// the format's unit.
type Bye struct {
	EntryID int64  `json:"entry_id"`
	Points  Points `json:"points"`
	// Awarded marks a bye given to a late arrival for a round it missed, not by the draw.
	Awarded bool `json:"awarded,omitempty"`
}

// HandScore is one side's figures for one hand at a table, as entered, with its total.
type HandScore struct {
	Hand    int          `json:"hand"`
	Side    int          `json:"side"` // position at the table
	Figures scoring.Hand `json:"figures"`
	Score   int          `json:"score"`
}

// SidesFromEntries seats entries at a table in the order given.
func SidesFromEntries(ids []int64) []Side {
	out := make([]Side, len(ids))
	for i, id := range ids {
		out[i] = Side{Position: i + 1, EntryID: id}
	}
	return out
}

// State is a stage as a format sees it: the tournament, the stage, the entries and the
// rounds drawn so far, with everything entered.
type State struct {
	Tournament Tournament `json:"tournament"`
	Stage      Stage      `json:"stage"`
	Entries    []Entry    `json:"entries"`
	Rounds     []Round    `json:"rounds"`
	// Seeds are, for the first draw of a stage fed from another (Stage.FromStageID), the
	// entries it takes, best first; the service fills them from that stage's standings.
	Seeds []int64 `json:"seeds,omitempty"`
	// Lineups are the line-ups the stage's teams named (teams format), in round order;
	// the store fills them when it loads the stage.
	Lineups []Lineup `json:"lineups,omitempty"`
	// LineupsBefore are, for a stage of teams fed from another (a knockout of teams after
	// a teams stage), each team's latest line-up in the stages before: the store fills
	// them when it loads the stage.
	LineupsBefore map[int64]Lineup `json:"lineups_before,omitempty"`
	// Carry is, for a stage that continues another (StartContinued), each entry's final
	// standing in the stages before: the store fills it when it loads the stage.
	Carry map[int64]Carried `json:"carry,omitempty"`
}

// Lineup is a team's choice, for one round of a stage, of the two pairs that play (the
// teams format): two of the team's registered players a pair, by player ID. A team that
// names none for a round plays its last line-up.
type Lineup struct {
	StageID int64       `json:"stage_id"`
	Round   int         `json:"round"`
	EntryID int64       `json:"entry_id"`
	Pairs   [2][2]int64 `json:"pairs"`
	Version int         `json:"version"`
}

// Entry returns an entry by ID.
func (st *State) Entry(id int64) *Entry {
	// Entries are loaded in ID order: a binary search finds one in a large field (pages
	// look up every seated entry); a list in another order is searched through.
	if i, ok := slices.BinarySearchFunc(st.Entries, id, func(e Entry, id int64) int { return cmp.Compare(e.ID, id) }); ok {
		return &st.Entries[i]
	}
	for i := range st.Entries {
		if st.Entries[i].ID == id {
			return &st.Entries[i]
		}
	}
	return nil
}

// Current returns the last drawn round, or nil.
func (st *State) Current() *Round {
	if len(st.Rounds) == 0 {
		return nil
	}
	return &st.Rounds[len(st.Rounds)-1]
}

// Round returns round n (1-based), or nil.
func (st *State) Round(n int) *Round {
	if n < 1 || n > len(st.Rounds) {
		return nil
	}
	return &st.Rounds[n-1]
}

// Drawable returns the entries the next draw seats: checked in, not withdrawn.
func (st *State) Drawable() []Entry {
	var out []Entry
	for _, e := range st.Entries {
		if e.CheckedIn && !e.Withdrawn {
			out = append(out, e)
		}
	}
	return out
}

// Format returns the stage's format.
func (st *State) Format() Format {
	f, _ := FormatOf(st.Stage.Format)
	return f
}

// Settings is a format's own settings: a typed struct in the format's package.
type Settings interface {
	// Rounds is the number of rounds planned (0 when the format decides as it goes).
	Rounds() int
	// HandsPerRound is the number of hands of every round.
	HandsPerRound() int
	// Pairs reports whether the stage's entries are pairs of registered players (false:
	// one player each).
	Pairs() bool
}
