// Package individual4 is the individual tournament at 4-player tables (RULES.md section
// 7a): players enter alone, each round seats four at a table as two partnerships, round 1
// at random and later rounds by the running standings (1st+2nd against 3rd+4th, avoiding
// a repeated partner, then a repeated opponent); each player scores their partnership's
// MP, converted to VP with the stage's scale.
package individual4

import (
	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "individual4"

// Settings of an individual stage at 4-player tables.
type Settings struct {
	tournament.Schedule
	// What a player who sits out a round scores.
	tournament.ByeScore
	// The time-out technical score: a partnership is a side.
	tournament.TimeOutScore
}

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

// words are this format's words for the problems of the settings it shares.
var words = tournament.SettingsWords{Rounds: "individual4.err.rounds", RoundsDrawn: "individual4.err.rounds_drawn",
	VP: "individual4.err.vp", MP: "individual4.err.mp", TimeOutOrder: "individual4.err.timeout_order"}

// Format is the individual tournament at 4-player tables.
type Format struct{}

var _ tournament.Format = Format{}

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: 4 rounds of 3 hands, 12 VP for a bye.
func (Format) Defaults() tournament.Settings {
	return Settings{Schedule: tournament.Schedule{Count: DefaultRounds, Hands: DefaultHands},
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
	s.Schedule.Check(fe, words)
	s.ByeScore.Check(fe, words)
	s.TimeOutScore.Check(fe, words)
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
	n.Schedule.CheckChange(fe, words, o.Schedule, drawn)
	n.ByeScore.CheckChange(fe, o.ByeScore)
	n.TimeOutScore.CheckChange(fe, o.TimeOutScore)
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
	v := map[string]string{}
	s.Schedule.Put(v)
	s.ByeScore.Put(v)
	s.TimeOutScore.Put(v)
	return v
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	s := Settings{Schedule: f.Schedule(), ByeScore: f.ByeScore(), TimeOutScore: f.TimeOutScore()}
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
