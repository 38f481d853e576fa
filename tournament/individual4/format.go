// Package individual4 is the individual tournament at 4-player tables (RULES.md section
// 7a): players enter alone, each round seats four at a table as two partnerships, round 1
// at random and later rounds by the running standings (1st+2nd against 3rd+4th, avoiding
// a repeated partner, then a repeated opponent); each player scores their partnership's
// MP, converted to VP with the stage's scale.
package individual4

import (
	"strconv"

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

// Defaults (the limits are tournament.MaxRounds and the others).
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultByeVP  = 12
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
	if s.Count < 1 || s.Count > tournament.MaxRounds {
		fe.Add("rounds", "individual4.err.rounds")
	}
	tournament.CheckHands(fe, "hands_per_round", s.Hands)
	tournament.CheckBye(fe, Name, s.ByeVP, s.ByeMP)
	tournament.CheckTimeOut(fe, Name, s.TimeOut())
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
	fe.Fixed("hands_per_round", n.Hands == o.Hands)
	fe.Fixed("bye_vp", n.ByeVP == o.ByeVP)
	fe.Fixed("bye_mp", n.ByeMP == o.ByeMP)
	tournament.FixedTimeOut(fe, o.TimeOut(), n.TimeOut())
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
	v := map[string]string{"rounds": strconv.Itoa(s.Count), "hands_per_round": strconv.Itoa(s.Hands),
		"bye_vp": strconv.Itoa(s.ByeVP), "bye_mp": strconv.Itoa(s.ByeMP)}
	tournament.TimeOutValues(v, s.TimeOut())
	return v
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	t := f.TimeOut()
	s := Settings{Count: f.Int("rounds"), Hands: f.Int("hands_per_round"), ByeVP: f.Int("bye_vp"), ByeMP: f.Int("bye_mp"),
		TimeOutMP: t.MP, TimeOutWinnerVP: t.WinnerVP, TimeOutLoserVP: t.LoserVP}
	return s, f.Errors
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
	return scoring.FIBURFor(of(ts).Hands)
}

// CarriesOn implements tournament.Carrier: a stage in this format can continue a stage
// ranked on VP then MP, its standings adding the values carried in.
func (Format) CarriesOn() {}
