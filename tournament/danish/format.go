// Package danish is format B of RULES.md section 4: the Danish system for individuals
// (2-player tables) or pairs (pair against pair), a fixed number of rounds paired from
// the running standings, MP converted to VP with the stage's scale.
package danish

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	Sides   Sides   `json:"sides"`
	Count   int     `json:"rounds"`
	Hands   int     `json:"hands_per_round"`
	Pairing Pairing `json:"pairing"`
	// ByeVP and ByeMP are what the bye scores (no federation figure: 12 VP, 0 MP).
	ByeVP int `json:"bye_vp"`
	ByeMP int `json:"bye_mp"`
	// The time-out technical score (RULES.md section 2): the side with time left gets
	// +TimeOutMP and TimeOutWinnerVP, the side that ran out −TimeOutMP and TimeOutLoserVP.
	TimeOutMP       int `json:"timeout_mp"`
	TimeOutWinnerVP int `json:"timeout_winner_vp"`
	TimeOutLoserVP  int `json:"timeout_loser_vp"`
	// ApartClubs keeps sides of the same club apart in rounds 1 to ApartClubs (0: never).
	ApartClubs int `json:"apart_clubs_rounds"`
	// NeverMeet lists pairs of entries (IDs) that must never meet.
	NeverMeet [][2]int64 `json:"never_meet,omitempty"`
}

// TimeOut is the time-out technical score as the scoring package applies it.
func (s Settings) TimeOut() scoring.TimeOut {
	return scoring.TimeOut{MP: s.TimeOutMP, WinnerVP: s.TimeOutWinnerVP, LoserVP: s.TimeOutLoserVP}
}

// Rounds is the number of rounds.
func (s Settings) Rounds() int { return s.Count }

// HandsPerRound is the number of hands of a round.
func (s Settings) HandsPerRound() int { return s.Hands }

// Pairs reports whether a side is a pair.
func (s Settings) Pairs() bool { return s.Sides == Pairs }

// Defaults and limits.
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultByeVP  = 12
	MaxRounds     = 30
	MaxHands      = 10
	MaxVP         = 100
	MaxMP         = 10000
	MaxNeverMeet  = 200
)

// Format is the Danish system.
type Format struct{}

var _ tournament.Format = Format{}

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: pairs, 4 rounds of 3 hands, no rematches.
func (Format) Defaults() tournament.Settings {
	return Settings{Sides: Pairs, Count: DefaultRounds, Hands: DefaultHands, Pairing: NoRematch, ByeVP: DefaultByeVP,
		TimeOutMP: scoring.DefaultTimeOut.MP, TimeOutWinnerVP: scoring.DefaultTimeOut.WinnerVP, TimeOutLoserVP: scoring.DefaultTimeOut.LoserVP}
}

// Rules implements tournament.Format: the standard rules.
func (Format) Rules() scoring.Rules { return scoring.Standard }

// Decode implements tournament.Format.
func (f Format) Decode(data []byte) (tournament.Settings, error) {
	s := f.Defaults().(Settings)
	if err := tournament.DecodeSettings(data, &s); err != nil {
		return nil, fmt.Errorf("danish settings: %w", err)
	}
	return s, nil
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
	if s.Count < 1 || s.Count > MaxRounds {
		fe.Add("rounds", "danish.err.rounds")
	}
	if s.Hands < 1 || s.Hands > MaxHands {
		fe.Add("hands_per_round", "tournament.err.hands")
	}
	if !slices.Contains(pairings, s.Pairing) {
		fe.Add("pairing", "danish.err.pairing")
	}
	if s.ApartClubs < 0 || s.ApartClubs > MaxRounds {
		fe.Add("apart_clubs_rounds", "danish.err.apart_clubs")
	}
	checkNeverMeet(fe, s.NeverMeet)
	if s.ByeVP < 0 || s.ByeVP > MaxVP {
		fe.Add("bye_vp", "danish.err.vp")
	}
	if s.ByeMP < -MaxMP || s.ByeMP > MaxMP {
		fe.Add("bye_mp", "danish.err.mp")
	}
	if s.TimeOutMP < 0 || s.TimeOutMP > MaxMP {
		fe.Add("timeout_mp", "danish.err.mp")
	}
	if s.TimeOutWinnerVP < 0 || s.TimeOutWinnerVP > MaxVP {
		fe.Add("timeout_winner_vp", "danish.err.vp")
	}
	if s.TimeOutLoserVP < 0 || s.TimeOutLoserVP > MaxVP {
		fe.Add("timeout_loser_vp", "danish.err.vp")
	} else if s.TimeOutLoserVP > s.TimeOutWinnerVP {
		fe.Add("timeout_loser_vp", "danish.err.timeout_order")
	}
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
	if n.Count < drawn {
		fe.Add("rounds", "danish.err.rounds_drawn")
	}
	fixed := func(name string, same bool) {
		if !same {
			fe.Add(name, "tournament.err.fixed")
		}
	}
	fixed("sides", n.Sides == o.Sides)
	fixed("hands_per_round", n.Hands == o.Hands)
	fixed("pairing", n.Pairing == o.Pairing)
	fixed("bye_vp", n.ByeVP == o.ByeVP)
	fixed("bye_mp", n.ByeMP == o.ByeMP)
	fixed("timeout_mp", n.TimeOutMP == o.TimeOutMP)
	fixed("timeout_winner_vp", n.TimeOutWinnerVP == o.TimeOutWinnerVP)
	fixed("timeout_loser_vp", n.TimeOutLoserVP == o.TimeOutLoserVP)
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
	return map[string]string{"sides": string(s.Sides), "rounds": strconv.Itoa(s.Count), "hands_per_round": strconv.Itoa(s.Hands),
		"pairing": string(s.Pairing), "bye_vp": strconv.Itoa(s.ByeVP), "bye_mp": strconv.Itoa(s.ByeMP),
		"timeout_mp": strconv.Itoa(s.TimeOutMP), "timeout_winner_vp": strconv.Itoa(s.TimeOutWinnerVP),
		"timeout_loser_vp": strconv.Itoa(s.TimeOutLoserVP), "apart_clubs_rounds": strconv.Itoa(s.ApartClubs),
		"never_meet": tournament.FormatEntryPairs(s.NeverMeet)}
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	fe := tournament.FieldErrors{}
	num := func(k string) int {
		n, err := strconv.Atoi(strings.TrimSpace(v[k]))
		if err != nil {
			fe.Add(k, "error.not_a_number")
		}
		return n
	}
	s := Settings{Sides: Sides(v["sides"]), Count: num("rounds"), Hands: num("hands_per_round"), Pairing: Pairing(v["pairing"]),
		ByeVP: num("bye_vp"), ByeMP: num("bye_mp"),
		TimeOutMP: num("timeout_mp"), TimeOutWinnerVP: num("timeout_winner_vp"), TimeOutLoserVP: num("timeout_loser_vp")}
	if strings.TrimSpace(v["apart_clubs_rounds"]) != "" { // a form from before the setting: 0
		s.ApartClubs = num("apart_clubs_rounds")
	}
	pairs, ok := tournament.ParseEntryPairs(v["never_meet"])
	if !ok {
		fe.Add("never_meet", "danish.err.never_meet_both")
	}
	s.NeverMeet = pairs
	return s, fe
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
	switch of(ts).Hands {
	case 3:
		sc := scoring.FIBUR3
		return &sc
	case 4:
		sc := scoring.FIBUR4
		return &sc
	}
	return nil
}

// pairingChoices names the modes for the form.
func pairingChoices() []string {
	out := make([]string, len(pairings))
	for i, p := range pairings {
		out[i] = string(p)
	}
	return out
}

// checkNeverMeet checks the pairs never to meet: two different entries each, each pair
// once, at most MaxNeverMeet.
func checkNeverMeet(fe tournament.FieldErrors, pairs [][2]int64) {
	seen := map[[2]int64]bool{}
	for _, p := range pairs {
		a, b := min(p[0], p[1]), max(p[0], p[1])
		switch {
		case a <= 0:
			fe.Add("never_meet", "danish.err.never_meet_entry")
		case a == b:
			fe.Add("never_meet", "danish.err.never_meet_same")
		case seen[[2]int64{a, b}]:
			fe.Add("never_meet", "danish.err.never_meet_twice")
		}
		seen[[2]int64{a, b}] = true
	}
	if len(pairs) > MaxNeverMeet {
		fe.Add("never_meet", "danish.err.never_meet_many")
	}
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
