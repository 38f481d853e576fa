// Package mitchell is the Mitchell movement for pairs (RULES.md section 7): North-South
// pairs stay at their tables, East-West pairs move up a fixed number of tables each
// round (with a skip when the move would bring them back), an odd field leaves a phantom
// table where the pair that reaches it sits out; each table is a match, MP converted to
// VP with the stage's scale, one ranking of all pairs.
package mitchell

import (
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "mitchell"

// Settings of a Mitchell stage.
type Settings struct {
	tournament.Schedule
	// Move is how many tables the East-West line goes up after each round.
	Move int `json:"move"`
	// ApartClubsRounds asks round 1's draw to seat the lines so that no two pairs of the
	// same club meet in the first that many rounds, where the lines allow (0: off).
	ApartClubsRounds int `json:"apart_clubs_rounds"`
	// What the pair that sits out (phantom table) scores.
	tournament.ByeScore
	tournament.TimeOutScore
}

// Pairs reports that a side is always a pair.
func (Settings) Pairs() bool { return true }

// Defaults and limits (the others are tournament.MaxRounds and its siblings).
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultMove   = 1
	DefaultByeVP  = 12
	MaxMove       = 29
)

// words are this format's words for the problems of the settings it shares.
var words = tournament.SettingsWords{Rounds: "mitchell.err.rounds", RoundsDrawn: "mitchell.err.rounds_drawn",
	VP: "mitchell.err.vp", MP: "mitchell.err.mp", TimeOutOrder: "mitchell.err.timeout_order"}

// Format is the Mitchell movement.
type Format struct{}

var (
	_ tournament.Format = Format{}
	_ tournament.Scaled = Format{}
	_ tournament.Moving = Format{}
)

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: 4 rounds of 3 hands, East-West moving one table.
func (Format) Defaults() tournament.Settings {
	return Settings{Schedule: tournament.Schedule{Count: DefaultRounds, Hands: DefaultHands}, Move: DefaultMove,
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

// Check implements tournament.Format. Whether the rounds fit the movement depends on the
// tables: the draw of round 1 and CheckState check it.
func (Format) Check(ts tournament.Settings) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	s, ok := ts.(Settings)
	if !ok {
		fe.Add("settings", "tournament.err.format")
		return fe
	}
	s.Schedule.Check(fe, words)
	if s.Move < 1 || s.Move > MaxMove {
		fe.Add("move", "mitchell.err.move")
	}
	if s.ApartClubsRounds < 0 || s.ApartClubsRounds > tournament.MaxRounds {
		fe.Add("apart_clubs_rounds", "mitchell.err.apart")
	}
	s.ByeScore.Check(fe, words)
	s.TimeOutScore.Check(fe, words)
	return fe
}

// CheckState implements tournament.StateChecked: once round 1 has seated the lines, the
// rounds may not exceed what the movement allows without a repeat.
func (f Format) CheckState(st *tournament.State, ts tournament.Settings) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	if len(st.Rounds) == 0 {
		return fe
	}
	ln := linesOf(&st.Rounds[0])
	if of(ts).Count > ln.movement(of(ts).Move).MaxRounds() {
		fe.Add("rounds", "mitchell.err.rounds_movement")
	}
	return fe
}

// CheckChange implements tournament.Format: once rounds are drawn, the number of rounds
// can still change (never below the rounds drawn, never past the movement: CheckState);
// everything announced before play stays.
func (Format) CheckChange(oldS, newS tournament.Settings, drawn int) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	if drawn == 0 {
		return fe
	}
	o, n := of(oldS), of(newS)
	n.Schedule.CheckChange(fe, words, o.Schedule, drawn)
	fe.Fixed("move", n.Move == o.Move)
	fe.Fixed("apart_clubs_rounds", n.ApartClubsRounds == o.ApartClubsRounds)
	n.ByeScore.CheckChange(fe, o.ByeScore)
	n.TimeOutScore.CheckChange(fe, o.TimeOutScore)
	return fe
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	return []tournament.Field{
		{Name: "rounds", Kind: "number", Label: "mitchell.rounds", Help: "mitchell.rounds_help"},
		{Name: "hands_per_round", Kind: "number", Label: "mitchell.hands_per_round", Help: "mitchell.hands_help"},
		{Name: "move", Kind: "number", Label: "mitchell.move", Help: "mitchell.move_help"},
		{Name: "apart_clubs_rounds", Kind: "number", Label: "mitchell.apart_clubs_rounds", Help: "mitchell.apart_help"},
		{Name: "bye_vp", Kind: "number", Label: "mitchell.bye_vp", Help: "mitchell.bye_help"},
		{Name: "bye_mp", Kind: "number", Label: "mitchell.bye_mp"},
		{Name: "timeout_mp", Kind: "number", Label: "mitchell.timeout_mp", Help: "mitchell.timeout_help"},
		{Name: "timeout_winner_vp", Kind: "number", Label: "mitchell.timeout_winner_vp"},
		{Name: "timeout_loser_vp", Kind: "number", Label: "mitchell.timeout_loser_vp"},
	}
}

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	v := map[string]string{"move": strconv.Itoa(s.Move), "apart_clubs_rounds": strconv.Itoa(s.ApartClubsRounds)}
	s.Schedule.Put(v)
	s.ByeScore.Put(v)
	s.TimeOutScore.Put(v)
	return v
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	s := Settings{Schedule: f.Schedule(), Move: f.Int("move"), ApartClubsRounds: f.Int("apart_clubs_rounds"),
		ByeScore: f.ByeScore(), TimeOutScore: f.TimeOutScore()}
	return s, f.Errors
}

// SidesPerTable implements tournament.Format: pair against pair, North-South at
// position 1, East-West at position 2.
func (Format) SidesPerTable(tournament.Settings) int { return 2 }

// MissedBye implements tournament.Format: a pair that joins late may be awarded the bye
// for a round missed.
func (Format) MissedBye(ts tournament.Settings) (tournament.Points, bool) {
	return tournament.RP(of(ts).ByeVP), true
}

// Outcomes implements tournament.Format: a table can get the time-out technical score,
// or be forfeited by a pair that did not play.
func (Format) Outcomes(tournament.Settings) []string {
	return []string{tournament.OutcomeTimeout, tournament.OutcomeForfeit}
}

// DefaultScale implements tournament.Scaled: the FIBUR scale of the stage's hands, or
// nil when none ships for it.
func (Format) DefaultScale(ts tournament.Settings) *scoring.Scale {
	return scoring.FIBURFor(of(ts).Hands)
}
