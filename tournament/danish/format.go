// Package danish is format B of RULES.md section 4: the Danish system for individuals
// (2-player tables) or pairs (pair against pair), a fixed number of rounds paired from
// the running standings, MP converted to VP with the stage's scale.
package danish

import (
	"slices"
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "danish"

// Sides says who a side is.
type Sides string

// The kinds of side.
const (
	Individuals Sides = "individual" // one player a side, 2-player tables
	Pairs       Sides = "pairs"      // a pair a side, pair against pair
)

// Pairing is how rounds after the first are paired (announced before play).
type Pairing string

// The pairing modes (RULES.md section 4).
const (
	// Pure Danish: 1–2, 3–4… by the running standings; rematches allowed.
	Pure Pairing = "danish"
	// Modified Danish: sides that met in the previous round do not meet again, except
	// in the last round.
	Modified Pairing = "modified"
	// NoRematch: no two sides meet twice where a pairing allows it (Monrad style).
	NoRematch Pairing = "no_rematch"
	// Random: every round drawn at random, no two sides meeting twice where a pairing
	// allows it (a club evening's draw).
	Random Pairing = "random"
	// Shift: round 1 at random, then the table shift of club evenings: the side at
	// position 1 stays at its table, the side at position 2 moves up one table.
	Shift Pairing = "shift"
)

// pairings lists the modes, as the form offers them.
var pairings = []Pairing{NoRematch, Modified, Pure, Random, Shift}

// Settings of a Danish stage.
type Settings struct {
	Sides Sides `json:"sides"`
	tournament.Schedule
	Pairing Pairing `json:"pairing"`
	// What the bye scores (no federation figure: 12 VP, 0 MP).
	tournament.ByeScore
	tournament.TimeOutScore
	// ApartClubs keeps sides of the same club apart in rounds 1 to ApartClubs (0: never).
	ApartClubs int `json:"apart_clubs_rounds"`
	// NeverMeet lists pairs of entries (IDs) that must never meet.
	NeverMeet [][2]int64 `json:"never_meet,omitempty"`
}

// Pairs reports whether a side is a pair.
func (s Settings) Pairs() bool { return s.Sides == Pairs }

// Defaults (the limits are tournament.MaxRounds and the others).
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultByeVP  = 12
)

// Words are this format's words for the problems of the settings it shares (the teams
// format speaks them too).
var Words = tournament.SettingsWords{Rounds: "danish.err.rounds", RoundsDrawn: "danish.err.rounds_drawn",
	VP: "danish.err.vp", MP: "danish.err.mp", TimeOutOrder: "danish.err.timeout_order",
	NeverMeetEntry: "danish.err.never_meet_entry", NeverMeetSame: "danish.err.never_meet_same",
	NeverMeetTwice: "danish.err.never_meet_twice", NeverMeetMany: "danish.err.never_meet_many"}

// Format is the Danish system.
type Format struct{}

var _ tournament.Format = Format{}

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: pairs, 4 rounds of 3 hands, no rematches.
func (Format) Defaults() tournament.Settings {
	return Settings{Sides: Pairs, Schedule: tournament.Schedule{Count: DefaultRounds, Hands: DefaultHands}, Pairing: NoRematch,
		ByeScore: tournament.ByeScore{ByeVP: DefaultByeVP}, TimeOutScore: tournament.DefaultTimeOutScore}
}

// Rules implements tournament.Format: the standard rules.
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
	if s.Sides != Individuals && s.Sides != Pairs {
		fe.Add("sides", "danish.err.sides")
	}
	s.Schedule.Check(fe, Words)
	if !slices.Contains(pairings, s.Pairing) {
		fe.Add("pairing", "danish.err.pairing")
	}
	if s.ApartClubs < 0 || s.ApartClubs > tournament.MaxRounds {
		fe.Add("apart_clubs_rounds", "danish.err.apart_clubs")
	}
	tournament.CheckNeverMeet(fe, Words, s.NeverMeet)
	s.ByeScore.Check(fe, Words)
	s.TimeOutScore.Check(fe, Words)
	return fe
}

// CheckChange implements tournament.Format: once rounds are drawn, the number of rounds
// can still change (never below the rounds drawn); everything announced before play
// stays.
func (Format) CheckChange(oldS, newS tournament.Settings, drawn int) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	if drawn == 0 {
		return fe
	}
	o, n := of(oldS), of(newS)
	n.Schedule.CheckChange(fe, Words, o.Schedule, drawn)
	fe.Fixed("sides", n.Sides == o.Sides)
	fe.Fixed("pairing", n.Pairing == o.Pairing)
	n.ByeScore.CheckChange(fe, o.ByeScore)
	n.TimeOutScore.CheckChange(fe, o.TimeOutScore)
	// The clubs kept apart and the pairs never to meet may change between rounds: they
	// weigh on the draws to come only.
	return fe
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	return []tournament.Field{
		{Name: "sides", Kind: "choice", Choices: []string{string(Pairs), string(Individuals)}, ChoicePrefix: "sides",
			Label: "danish.sides_label"},
		{Name: "rounds", Kind: "number", Label: "danish.rounds"},
		{Name: "hands_per_round", Kind: "number", Label: "danish.hands_per_round", Help: "danish.hands_help"},
		{Name: "pairing", Kind: "choice", Choices: pairingChoices(), ChoicePrefix: "pairing",
			Label: "danish.pairing_label", Help: "danish.pairing_help"},
		{Name: "apart_clubs_rounds", Kind: "number", Label: "danish.apart_clubs_rounds", Help: "danish.apart_clubs_help"},
		{Name: "never_meet", Kind: tournament.KindEntryPairs, Label: "danish.never_meet", Help: "danish.never_meet_help"},
		{Name: "bye_vp", Kind: "number", Label: "danish.bye_vp", Help: "danish.bye_help"},
		{Name: "bye_mp", Kind: "number", Label: "danish.bye_mp"},
		{Name: "timeout_mp", Kind: "number", Label: "danish.timeout_mp", Help: "danish.timeout_help"},
		{Name: "timeout_winner_vp", Kind: "number", Label: "danish.timeout_winner_vp"},
		{Name: "timeout_loser_vp", Kind: "number", Label: "danish.timeout_loser_vp"},
	}
}

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	v := map[string]string{"sides": string(s.Sides), "pairing": string(s.Pairing),
		"apart_clubs_rounds": strconv.Itoa(s.ApartClubs), "never_meet": tournament.FormatEntryPairs(s.NeverMeet)}
	s.Schedule.Put(v)
	s.ByeScore.Put(v)
	s.TimeOutScore.Put(v)
	return v
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	s := Settings{Sides: Sides(v["sides"]), Schedule: f.Schedule(), Pairing: Pairing(v["pairing"]),
		ByeScore: f.ByeScore(), TimeOutScore: f.TimeOutScore(),
		ApartClubs: f.IntOr("apart_clubs_rounds", 0), // a form from before the setting: 0
		NeverMeet:  f.EntryPairs("never_meet", "danish.err.never_meet_both")}
	return s, f.Errors
}

// SidesPerTable implements tournament.Format: two sides, player against player or pair
// against pair.
func (Format) SidesPerTable(tournament.Settings) int { return 2 }

// MissedBye implements tournament.Format: a side that joins before round 2 may be
// awarded the bye for round 1.
func (Format) MissedBye(ts tournament.Settings) (tournament.Points, bool) {
	return tournament.RP(of(ts).ByeVP), true
}

// Outcomes implements tournament.Format: a table can get the time-out technical score,
// or be forfeited by a side that did not play.
func (Format) Outcomes(tournament.Settings) []string {
	return []string{tournament.OutcomeTimeout, tournament.OutcomeForfeit}
}

// DefaultScale is the shipped scale a stage uses when none is chosen: the FIBUR scale of
// its number of hands, or nil when none ships for it.
func (Format) DefaultScale(ts tournament.Settings) *scoring.Scale {
	return scoring.FIBURFor(of(ts).Hands)
}

// pairingChoices names the modes for the form.
func pairingChoices() []string {
	out := make([]string, len(pairings))
	for i, p := range pairings {
		out[i] = string(p)
	}
	return out
}

// CheckEntries implements tournament.EntryChecker: the pairs never to meet name entries
// of the tournament that are not substitutes.
func (Format) CheckEntries(ts tournament.Settings, entry func(id int64) *tournament.Entry) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	for _, p := range of(ts).NeverMeet {
		for _, id := range p {
			if e := entry(id); e == nil || e.Substitute() {
				fe.Add("never_meet", "danish.err.never_meet_entry")
			}
		}
	}
	return fe
}
