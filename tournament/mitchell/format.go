// Package mitchell is the Mitchell movement for pairs (RULES.md section 7): North-South
// pairs stay at their tables, East-West pairs move up a fixed number of tables each
// round (with a skip when the move would bring them back), an odd field leaves a phantom
// table where the pair that reaches it sits out; each table is a match, MP converted to
// VP with the stage's scale, one ranking of all pairs.
package mitchell

import (
	"fmt"
	"strconv"
	"strings"

	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "mitchell"

// Settings of a Mitchell stage.
type Settings struct {
	Count int `json:"rounds"`
	Hands int `json:"hands_per_round"`
	// Move is how many tables the East-West line goes up after each round.
	Move int `json:"move"`
	// ApartClubsRounds asks round 1's draw to seat the lines so that no two pairs of the
	// same club meet in the first that many rounds, where the lines allow (0: off).
	ApartClubsRounds int `json:"apart_clubs_rounds"`
	// ByeVP and ByeMP are what the pair that sits out (phantom table) scores.
	ByeVP int `json:"bye_vp"`
	ByeMP int `json:"bye_mp"`
	// The time-out technical score (RULES.md section 2).
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

// Pairs reports that a side is always a pair.
func (Settings) Pairs() bool { return true }

// Defaults and limits.
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultMove   = 1
	DefaultByeVP  = 12
	MaxRounds     = 30
	MaxHands      = 10
	MaxMove       = 29
	MaxVP         = 100
	MaxMP         = 10000
)

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
	return Settings{Count: DefaultRounds, Hands: DefaultHands, Move: DefaultMove, ByeVP: DefaultByeVP,
		TimeOutMP: scoring.DefaultTimeOut.MP, TimeOutWinnerVP: scoring.DefaultTimeOut.WinnerVP, TimeOutLoserVP: scoring.DefaultTimeOut.LoserVP}
}

// Rules implements tournament.Format: the standard rules.
func (Format) Rules() scoring.Rules { return scoring.Standard }

// Decode implements tournament.Format.
func (f Format) Decode(data []byte) (tournament.Settings, error) {
	s := f.Defaults().(Settings)
	if err := tournament.DecodeSettings(data, &s); err != nil {
		return nil, fmt.Errorf("mitchell settings: %w", err)
	}
	return s, nil
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
	if s.Count < 1 || s.Count > MaxRounds {
		fe.Add("rounds", "mitchell.err.rounds")
	}
	if s.Hands < 1 || s.Hands > MaxHands {
		fe.Add("hands_per_round", "tournament.err.hands")
	}
	if s.Move < 1 || s.Move > MaxMove {
		fe.Add("move", "mitchell.err.move")
	}
	if s.ApartClubsRounds < 0 || s.ApartClubsRounds > MaxRounds {
		fe.Add("apart_clubs_rounds", "mitchell.err.apart")
	}
	if s.ByeVP < 0 || s.ByeVP > MaxVP {
		fe.Add("bye_vp", "mitchell.err.vp")
	}
	if s.ByeMP < -MaxMP || s.ByeMP > MaxMP {
		fe.Add("bye_mp", "mitchell.err.mp")
	}
	if s.TimeOutMP < 0 || s.TimeOutMP > MaxMP {
		fe.Add("timeout_mp", "mitchell.err.mp")
	}
	if s.TimeOutWinnerVP < 0 || s.TimeOutWinnerVP > MaxVP {
		fe.Add("timeout_winner_vp", "mitchell.err.vp")
	}
	if s.TimeOutLoserVP < 0 || s.TimeOutLoserVP > MaxVP {
		fe.Add("timeout_loser_vp", "mitchell.err.vp")
	} else if s.TimeOutLoserVP > s.TimeOutWinnerVP {
		fe.Add("timeout_loser_vp", "mitchell.err.timeout_order")
	}
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
	if n.Count < drawn {
		fe.Add("rounds", "mitchell.err.rounds_drawn")
	}
	fixed := func(name string, same bool) {
		if !same {
			fe.Add(name, "tournament.err.fixed")
		}
	}
	fixed("hands_per_round", n.Hands == o.Hands)
	fixed("move", n.Move == o.Move)
	fixed("apart_clubs_rounds", n.ApartClubsRounds == o.ApartClubsRounds)
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
	return map[string]string{"rounds": strconv.Itoa(s.Count), "hands_per_round": strconv.Itoa(s.Hands),
		"move": strconv.Itoa(s.Move), "apart_clubs_rounds": strconv.Itoa(s.ApartClubsRounds),
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
	s := Settings{Count: num("rounds"), Hands: num("hands_per_round"), Move: num("move"),
		ApartClubsRounds: num("apart_clubs_rounds"), ByeVP: num("bye_vp"), ByeMP: num("bye_mp"),
		TimeOutMP: num("timeout_mp"), TimeOutWinnerVP: num("timeout_winner_vp"), TimeOutLoserVP: num("timeout_loser_vp")}
	return s, fe
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
