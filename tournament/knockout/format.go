// Package knockout is format C of RULES.md section 5: a bracket of two-side matches
// (individuals or pairs at a table, or teams over the two tables of a team match), sized to the next power of two with byes into round 2; the
// winner of each match goes on, the loser is out.
package knockout

import (
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/teams"
)

// Name identifies the format in stored stages and in the API.
const Name = "knockout"

// Sides says who a side is.
type Sides string

// The kinds of side.
const (
	Individual Sides = "individual" // a player a side, two at a table
	Pairs      Sides = "pairs"      // a pair a side, pair against pair
	Teams      Sides = "teams"      // a team a side, a match over two tables (RULES.md section 5)
)

// Settings of a knockout stage.
type Settings struct {
	Sides         Sides `json:"sides"`
	HandsPerMatch int   `json:"hands_per_match"`
	// TimeOutMP is the technical score of a time-out (RULES.md section 2): the side that
	// let its time run out loses by this many MP, unless the real result is worse for it.
	TimeOutMP int `json:"timeout_mp"`
}

// Rounds is 0: the number of rounds follows from the field.
func (Settings) Rounds() int { return 0 }

// HandsPerRound is the number of hands of a match.
func (s Settings) HandsPerRound() int { return s.HandsPerMatch }

// Pairs reports whether a side is a pair.
func (s Settings) Pairs() bool { return s.Sides == Pairs }

// EntryKind implements tournament.EntryKinded: the kind of entry a side is.
func (s Settings) EntryKind() tournament.EntryKind {
	switch s.Sides {
	case Teams:
		return tournament.EntryTeam
	case Pairs:
		return tournament.EntryPair
	}
	return tournament.EntryPlayer
}

// teams reports whether the sides are teams, each match two tables.
func (s Settings) teams() bool { return s.Sides == Teams }

// Defaults and limits.
const (
	DefaultHandsPerMatch = 3
	MaxTimeOutMP         = 5000 // the hands are at most tournament.MaxHands
)

// Format is the knockout format.
type Format struct{}

var (
	_ tournament.Format    = Format{}
	_ tournament.Bracketer = Format{}
	_ tournament.Matched   = Format{}
)

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format.
func (Format) Defaults() tournament.Settings {
	return Settings{Sides: Individual, HandsPerMatch: DefaultHandsPerMatch, TimeOutMP: scoring.DefaultTimeOut.MP}
}

// Rules implements tournament.Format: two sides at a table, the standard rule set.
func (Format) Rules() scoring.Rules { return scoring.Standard }

// Decode implements tournament.Format.
func (f Format) Decode(data []byte) (tournament.Settings, error) {
	return tournament.DecodeOver(data, f.Defaults().(Settings), Name)
}

// of reads a stage's settings as this format's (the defaults for another format's).
func of(s tournament.Settings) Settings {
	return tournament.SettingsOf(s, Format{}.Defaults().(Settings))
}

// Check implements tournament.Format.
func (Format) Check(ts tournament.Settings) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	s, ok := ts.(Settings)
	if !ok {
		fe.Add("settings", "tournament.err.format")
		return fe
	}
	if s.Sides != Individual && s.Sides != Pairs && s.Sides != Teams {
		fe.Add("sides", "knockout.err.sides")
	}
	tournament.CheckHands(fe, "hands_per_match", s.HandsPerMatch)
	if s.TimeOutMP < 0 || s.TimeOutMP > MaxTimeOutMP || s.TimeOutMP%5 != 0 {
		fe.Add("timeout_mp", "knockout.err.timeout_mp")
	}
	return fe
}

// CheckChange implements tournament.Format: once round 1 is drawn the sides and the
// hands of a match stay as announced; the time-out score can change (it is applied as
// results are read).
func (Format) CheckChange(oldS, newS tournament.Settings, drawn int) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	if drawn == 0 {
		return fe
	}
	o, n := of(oldS), of(newS)
	fe.Fixed("sides", n.Sides == o.Sides)
	fe.Fixed("hands_per_match", n.HandsPerMatch == o.HandsPerMatch)
	fe.Fixed("timeout_mp", n.TimeOutMP == o.TimeOutMP) // it would rewrite the MP of time-outs played
	return fe
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	return []tournament.Field{
		{Name: "sides", Kind: "choice", Choices: []string{string(Individual), string(Pairs), string(Teams)}, ChoicePrefix: "sides", Label: "knockout.sides"},
		{Name: "hands_per_match", Kind: "number", Label: "knockout.hands_per_match"},
		{Name: "timeout_mp", Kind: "number", Label: "knockout.timeout_mp", Help: "knockout.timeout_mp_help"},
	}
}

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	return map[string]string{"sides": string(s.Sides), "hands_per_match": strconv.Itoa(s.HandsPerMatch), "timeout_mp": strconv.Itoa(s.TimeOutMP)}
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	sides := Sides(v["sides"])
	if sides == "" {
		sides = Individual
	}
	return Settings{Sides: sides, HandsPerMatch: f.Int("hands_per_match"), TimeOutMP: f.Int("timeout_mp")}, f.Errors
}

// SidesPerTable implements tournament.Format: a match is two sides.
func (Format) SidesPerTable(tournament.Settings) int { return 2 }

// MissedBye implements tournament.Format: a knockout has no late arrivals.
func (Format) MissedBye(tournament.Settings) (tournament.Points, bool) { return 0, false }

// The outcome kinds of a table (tournament.Outcome.Kind).
const (
	OutcomeTimeOut    = "timeout"     // Side let its time run out
	OutcomeLastAction = "last_action" // on an exact tie, Side made the last game action and loses
	OutcomeForfeit    = "forfeit"     // Side did not turn up or withdrew: a walkover
)

// Outcomes lists the outcomes a knockout table's score sheet offers.
func (Format) Outcomes(tournament.Settings) []string {
	return []string{OutcomeTimeOut, OutcomeLastAction, OutcomeForfeit}
}

// CheckRound implements tournament.RoundChecked: a knockout of teams checks its matches'
// shape (two tables, each team's pairs once) as the teams format does; other knockouts
// need nothing beyond the generic check of tables of two.
func (Format) CheckRound(s tournament.Settings, r *tournament.Round) tournament.FieldErrors {
	if of(s).teams() {
		return teams.Format{}.CheckRound(s, r)
	}
	return nil
}

// CheckSeats implements tournament.Format: round 1 may be changed by hand (tables of
// two, nobody twice; for teams, matches of two tables as the teams format seats them);
// later rounds follow from the results.
func (Format) CheckSeats(st *tournament.State, drawn, changed *tournament.Round) tournament.FieldErrors {
	if drawn.Number > 1 {
		return tournament.FieldErrors{"seats": "knockout.seats_follow"}
	}
	if of(st.Stage.Settings).teams() {
		return teams.Format{}.CheckSeats(st, drawn, changed)
	}
	return tournament.CheckTables(changed, 2, "knockout.table_of_two")
}
