// Package individual4 is the individual tournament at 4-player tables (RULES.md section
// 7a): players enter alone, each round seats four at a table as two partnerships, round 1
// at random and later rounds by the running standings (1st+2nd against 3rd+4th, avoiding
// a repeated partner, then a repeated opponent); each player scores their partnership's
// MP, converted to VP with the stage's scale.
package individual4

import (
	"fmt"
	"strconv"
	"strings"

	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "individual4"

// Settings of an individual stage at 4-player tables.
type Settings struct {
	Count int `json:"rounds"`
	Hands int `json:"hands_per_round"`
	// ByeVP and ByeMP are what a player who sits out a round scores.
	ByeVP int `json:"bye_vp"`
	ByeMP int `json:"bye_mp"`
	// The time-out technical score (RULES.md section 2): the partnership with time left
	// gets +TimeOutMP and TimeOutWinnerVP, the one that ran out −TimeOutMP and
	// TimeOutLoserVP.
	TimeOutMP       int `json:"timeout_mp"`
	TimeOutWinnerVP int `json:"timeout_winner_vp"`
	TimeOutLoserVP  int `json:"timeout_loser_vp"`
}

// TimeOut is the time-out technical score as the scoring package applies it.
func (s Settings) TimeOut() scoring.TimeOut {
	return scoring.TimeOut{MP: s.TimeOutMP, WinnerVP: s.TimeOutWinnerVP, LoserVP: s.TimeOutLoserVP}
}

// Rounds is the number of rounds.
func (s Settings) Rounds() int { return s.Count }

// HandsPerRound is the number of hands of a round.
func (s Settings) HandsPerRound() int { return s.Hands }

// Pairs reports that entries are single players: partnerships are formed each round.
func (Settings) Pairs() bool { return false }

// Defaults and limits.
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultByeVP  = 12
	MaxRounds     = 30
	MaxHands      = 10
	MaxVP         = 100
	MaxMP         = 10000
	// TableSize is how many players sit at a table: two partnerships of two.
	TableSize = 4
)

// Format is the individual tournament at 4-player tables.
type Format struct{}

var _ tournament.Format = Format{}

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: 4 rounds of 3 hands, 12 VP for a bye.
func (Format) Defaults() tournament.Settings {
	return Settings{Count: DefaultRounds, Hands: DefaultHands, ByeVP: DefaultByeVP,
		TimeOutMP: scoring.DefaultTimeOut.MP, TimeOutWinnerVP: scoring.DefaultTimeOut.WinnerVP, TimeOutLoserVP: scoring.DefaultTimeOut.LoserVP}
}

// Rules implements tournament.Format: the standard rules.
func (Format) Rules() scoring.Rules { return scoring.Standard }

// Decode implements tournament.Format.
func (f Format) Decode(data []byte) (tournament.Settings, error) {
	s := f.Defaults().(Settings)
	if err := tournament.DecodeSettings(data, &s); err != nil {
		return nil, fmt.Errorf("individual4 settings: %w", err)
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
	if s.Count < 1 || s.Count > MaxRounds {
		fe.Add("rounds", "individual4.err.rounds")
	}
	if s.Hands < 1 || s.Hands > MaxHands {
		fe.Add("hands_per_round", "tournament.err.hands")
	}
	if s.ByeVP < 0 || s.ByeVP > MaxVP {
		fe.Add("bye_vp", "individual4.err.vp")
	}
	if s.ByeMP < -MaxMP || s.ByeMP > MaxMP {
		fe.Add("bye_mp", "individual4.err.mp")
	}
	if s.TimeOutMP < 0 || s.TimeOutMP > MaxMP {
		fe.Add("timeout_mp", "individual4.err.mp")
	}
	if s.TimeOutWinnerVP < 0 || s.TimeOutWinnerVP > MaxVP {
		fe.Add("timeout_winner_vp", "individual4.err.vp")
	}
	if s.TimeOutLoserVP < 0 || s.TimeOutLoserVP > MaxVP {
		fe.Add("timeout_loser_vp", "individual4.err.vp")
	} else if s.TimeOutLoserVP > s.TimeOutWinnerVP {
		fe.Add("timeout_loser_vp", "individual4.err.timeout_order")
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
		fe.Add("rounds", "individual4.err.rounds_drawn")
	}
	fixed := func(name string, same bool) {
		if !same {
			fe.Add(name, "tournament.err.fixed")
		}
	}
	fixed("hands_per_round", n.Hands == o.Hands)
	fixed("bye_vp", n.ByeVP == o.ByeVP)
	fixed("bye_mp", n.ByeMP == o.ByeMP)
	fixed("timeout_mp", n.TimeOutMP == o.TimeOutMP)
	fixed("timeout_winner_vp", n.TimeOutWinnerVP == o.TimeOutWinnerVP)
	fixed("timeout_loser_vp", n.TimeOutLoserVP == o.TimeOutLoserVP)
	return fe
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	return []tournament.Field{
		{Name: "rounds", Kind: "number", Label: "individual4.rounds"},
		{Name: "hands_per_round", Kind: "number", Label: "individual4.hands_per_round", Help: "individual4.hands_help"},
		{Name: "bye_vp", Kind: "number", Label: "individual4.bye_vp", Help: "individual4.bye_help"},
		{Name: "bye_mp", Kind: "number", Label: "individual4.bye_mp"},
		{Name: "timeout_mp", Kind: "number", Label: "individual4.timeout_mp", Help: "individual4.timeout_help"},
		{Name: "timeout_winner_vp", Kind: "number", Label: "individual4.timeout_winner_vp"},
		{Name: "timeout_loser_vp", Kind: "number", Label: "individual4.timeout_loser_vp"},
	}
}

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	return map[string]string{"rounds": strconv.Itoa(s.Count), "hands_per_round": strconv.Itoa(s.Hands),
		"bye_vp": strconv.Itoa(s.ByeVP), "bye_mp": strconv.Itoa(s.ByeMP),
		"timeout_mp": strconv.Itoa(s.TimeOutMP), "timeout_winner_vp": strconv.Itoa(s.TimeOutWinnerVP),
		"timeout_loser_vp": strconv.Itoa(s.TimeOutLoserVP)}
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
	s := Settings{Count: num("rounds"), Hands: num("hands_per_round"), ByeVP: num("bye_vp"), ByeMP: num("bye_mp"),
		TimeOutMP: num("timeout_mp"), TimeOutWinnerVP: num("timeout_winner_vp"), TimeOutLoserVP: num("timeout_loser_vp")}
	return s, fe
}

// SidesPerTable implements tournament.Format: two sides, each a partnership of two
// players.
func (Format) SidesPerTable(tournament.Settings) int { return 2 }

// MissedBye implements tournament.Format: a player who joins late may be awarded the
// bye for the rounds missed.
func (Format) MissedBye(ts tournament.Settings) (tournament.Points, bool) {
	return tournament.RP(of(ts).ByeVP), true
}

// Outcomes implements tournament.Format: a table can get the time-out technical score,
// or be forfeited by a partnership that did not play.
func (Format) Outcomes(tournament.Settings) []string {
	return []string{tournament.OutcomeTimeout, tournament.OutcomeForfeit}
}

// DefaultScale implements tournament.Scaled: the FIBUR scale of the round's number of
// hands, or nil when none ships for it.
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

// CarriesOn implements tournament.Carrier: a stage in this format can continue a stage
// ranked on VP then MP, its standings adding the values carried in.
func (Format) CarriesOn() {}
