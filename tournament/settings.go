package tournament

import (
	"fmt"
	"strconv"
	"strings"

	"burraco/scoring"
)

// Limits of the settings the formats share: "tournament.err.hands" words MaxHands for
// every format; the formats scored in MP and VP (Danish, Mitchell, individual4, teams)
// share the others.
const (
	MaxRounds    = 30    // rounds of a stage
	MaxHands     = 10    // hands of a round
	MaxVP        = 100   // VP of a bye or of a time-out
	MaxMP        = 10000 // MP of a time-out, and of a bye either way
	MaxNeverMeet = 200   // pairs of entries never to meet
)

// DecodeOver reads a format's JSON settings over its defaults (DecodeSettings); what
// names the settings in the error.
func DecodeOver[T Settings](data []byte, defaults T, what string) (Settings, error) {
	s := defaults
	if err := DecodeSettings(data, &s); err != nil {
		return nil, fmt.Errorf("%s settings: %w", what, err)
	}
	return s, nil
}

// StageScale is the stage's copy of its scale, or the default the format's settings
// call for.
func StageScale(st *State, f Scaled) *scoring.Scale {
	if st.Stage.Scale != nil {
		return st.Stage.Scale
	}
	return f.DefaultScale(st.Stage.Settings)
}

// SettingsForm reads the values of a settings form (Format.ParseForm); Errors collects
// the fields it could not read.
type SettingsForm struct {
	values map[string]string
	Errors FieldErrors
}

// ReadSettingsForm starts reading a settings form's values.
func ReadSettingsForm(v map[string]string) *SettingsForm {
	return &SettingsForm{values: v, Errors: FieldErrors{}}
}

// Int reads a whole number; blank or anything else is "error.not_a_number" (and 0).
func (f *SettingsForm) Int(field string) int {
	n, err := strconv.Atoi(strings.TrimSpace(f.values[field]))
	if err != nil {
		f.Errors.Add(field, "error.not_a_number")
	}
	return n
}

// IntOr reads a whole number as Int does, or blank for a blank field (a form from
// before the setting).
func (f *SettingsForm) IntOr(field string, blank int) int {
	if strings.TrimSpace(f.values[field]) == "" {
		return blank
	}
	return f.Int(field)
}

// EntryPairs reads a KindEntryPairs field (ParseEntryPairs); key is the error when a
// pair lacks a side or a side is not an ID.
func (f *SettingsForm) EntryPairs(field, key string) [][2]int64 {
	pairs, ok := ParseEntryPairs(f.values[field])
	if !ok {
		f.Errors.Add(field, key)
	}
	return pairs
}

// Fixed records "tournament.err.fixed" on a field announced before play that changed.
func (f FieldErrors) Fixed(field string, same bool) {
	if !same {
		f.Add(field, "tournament.err.fixed")
	}
}

// CheckHands checks a number of hands: 1 to MaxHands ("tournament.err.hands").
func CheckHands(fe FieldErrors, field string, hands int) {
	if hands < 1 || hands > MaxHands {
		fe.Add(field, "tournament.err.hands")
	}
}

// SettingsWords are a format's message keys for the problems of the settings it shares
// with others: its own words, each named in full ("danish.err.rounds"), as the
// catalogue's tests find them.
type SettingsWords struct {
	Rounds, RoundsDrawn string // rounds out of range; fewer than drawn
	VP, MP              string // a VP or an MP figure out of range
	TimeOutOrder        string // a time-out's loser given more VP than its winner
	// The pairs never to meet: not an entry, twice the same entry, a pair twice, too many.
	NeverMeetEntry, NeverMeetSame, NeverMeetTwice, NeverMeetMany string
}

// Schedule is how many rounds a stage plays, of how many hands: the settings "rounds"
// and "hands_per_round" of the formats scored in MP and VP.
type Schedule struct {
	Count int `json:"rounds"`
	Hands int `json:"hands_per_round"`
}

// Rounds is the number of rounds.
func (s Schedule) Rounds() int { return s.Count }

// HandsPerRound is the number of hands of a round.
func (s Schedule) HandsPerRound() int { return s.Hands }

// Check checks 1 to MaxRounds rounds (w.Rounds) of 1 to MaxHands hands.
func (s Schedule) Check(fe FieldErrors, w SettingsWords) {
	if s.Count < 1 || s.Count > MaxRounds {
		fe.Add("rounds", w.Rounds)
	}
	CheckHands(fe, "hands_per_round", s.Hands)
}

// CheckChange checks a change once rounds are drawn: no fewer rounds than drawn
// (w.RoundsDrawn), the hands as announced.
func (s Schedule) CheckChange(fe FieldErrors, w SettingsWords, old Schedule, drawn int) {
	if s.Count < drawn {
		fe.Add("rounds", w.RoundsDrawn)
	}
	fe.Fixed("hands_per_round", s.Hands == old.Hands)
}

// Put writes the schedule into a settings form's values.
func (s Schedule) Put(v map[string]string) {
	v["rounds"], v["hands_per_round"] = strconv.Itoa(s.Count), strconv.Itoa(s.Hands)
}

// ByeScore is what a bye scores in a format scored in MP and VP: the settings "bye_vp"
// and "bye_mp".
type ByeScore struct {
	ByeVP int `json:"bye_vp"`
	ByeMP int `json:"bye_mp"`
}

// Check checks 0 to MaxVP (w.VP) and −MaxMP to MaxMP (w.MP).
func (b ByeScore) Check(fe FieldErrors, w SettingsWords) {
	if b.ByeVP < 0 || b.ByeVP > MaxVP {
		fe.Add("bye_vp", w.VP)
	}
	if b.ByeMP < -MaxMP || b.ByeMP > MaxMP {
		fe.Add("bye_mp", w.MP)
	}
}

// CheckChange checks that the bye's score stays as announced.
func (b ByeScore) CheckChange(fe FieldErrors, old ByeScore) {
	fe.Fixed("bye_vp", b.ByeVP == old.ByeVP)
	fe.Fixed("bye_mp", b.ByeMP == old.ByeMP)
}

// Put writes the bye's score into a settings form's values.
func (b ByeScore) Put(v map[string]string) {
	v["bye_vp"], v["bye_mp"] = strconv.Itoa(b.ByeVP), strconv.Itoa(b.ByeMP)
}

// TimeOutScore is the time-out technical score of a format scored in MP and VP
// (RULES.md section 2): the side with time left gets +TimeOutMP and TimeOutWinnerVP,
// the side that ran out −TimeOutMP and TimeOutLoserVP.
type TimeOutScore struct {
	TimeOutMP       int `json:"timeout_mp"`
	TimeOutWinnerVP int `json:"timeout_winner_vp"`
	TimeOutLoserVP  int `json:"timeout_loser_vp"`
}

// DefaultTimeOutScore is the shipped time-out technical score (scoring.DefaultTimeOut).
var DefaultTimeOutScore = TimeOutScore{TimeOutMP: scoring.DefaultTimeOut.MP,
	TimeOutWinnerVP: scoring.DefaultTimeOut.WinnerVP, TimeOutLoserVP: scoring.DefaultTimeOut.LoserVP}

// TimeOut is the time-out technical score as the scoring package applies it.
func (t TimeOutScore) TimeOut() scoring.TimeOut {
	return scoring.TimeOut{MP: t.TimeOutMP, WinnerVP: t.TimeOutWinnerVP, LoserVP: t.TimeOutLoserVP}
}

// Check checks the MP, 0 to MaxMP (w.MP), each VP, 0 to MaxVP (w.VP), and the loser's
// VP no more than the winner's (w.TimeOutOrder).
func (t TimeOutScore) Check(fe FieldErrors, w SettingsWords) {
	if t.TimeOutMP < 0 || t.TimeOutMP > MaxMP {
		fe.Add("timeout_mp", w.MP)
	}
	if t.TimeOutWinnerVP < 0 || t.TimeOutWinnerVP > MaxVP {
		fe.Add("timeout_winner_vp", w.VP)
	}
	if t.TimeOutLoserVP < 0 || t.TimeOutLoserVP > MaxVP {
		fe.Add("timeout_loser_vp", w.VP)
	} else if t.TimeOutLoserVP > t.TimeOutWinnerVP {
		fe.Add("timeout_loser_vp", w.TimeOutOrder)
	}
}

// CheckChange checks that each figure of the time-out technical score stays as
// announced.
func (t TimeOutScore) CheckChange(fe FieldErrors, old TimeOutScore) {
	fe.Fixed("timeout_mp", t.TimeOutMP == old.TimeOutMP)
	fe.Fixed("timeout_winner_vp", t.TimeOutWinnerVP == old.TimeOutWinnerVP)
	fe.Fixed("timeout_loser_vp", t.TimeOutLoserVP == old.TimeOutLoserVP)
}

// Put writes the time-out technical score into a settings form's values.
func (t TimeOutScore) Put(v map[string]string) {
	v["timeout_mp"] = strconv.Itoa(t.TimeOutMP)
	v["timeout_winner_vp"] = strconv.Itoa(t.TimeOutWinnerVP)
	v["timeout_loser_vp"] = strconv.Itoa(t.TimeOutLoserVP)
}

// Schedule reads "rounds" and "hands_per_round".
func (f *SettingsForm) Schedule() Schedule {
	return Schedule{Count: f.Int("rounds"), Hands: f.Int("hands_per_round")}
}

// ByeScore reads "bye_vp" and "bye_mp".
func (f *SettingsForm) ByeScore() ByeScore {
	return ByeScore{ByeVP: f.Int("bye_vp"), ByeMP: f.Int("bye_mp")}
}

// TimeOutScore reads the time-out technical score.
func (f *SettingsForm) TimeOutScore() TimeOutScore {
	return TimeOutScore{TimeOutMP: f.Int("timeout_mp"), TimeOutWinnerVP: f.Int("timeout_winner_vp"),
		TimeOutLoserVP: f.Int("timeout_loser_vp")}
}

// CheckNeverMeet checks "never_meet", the pairs of entries never to meet: two different
// entries each, each pair once, at most MaxNeverMeet.
func CheckNeverMeet(fe FieldErrors, w SettingsWords, pairs [][2]int64) {
	const field = "never_meet"
	seen := map[[2]int64]bool{}
	for _, p := range pairs {
		a, b := min(p[0], p[1]), max(p[0], p[1])
		switch {
		case a <= 0:
			fe.Add(field, w.NeverMeetEntry)
		case a == b:
			fe.Add(field, w.NeverMeetSame)
		case seen[[2]int64{a, b}]:
			fe.Add(field, w.NeverMeetTwice)
		}
		seen[[2]int64{a, b}] = true
	}
	if len(pairs) > MaxNeverMeet {
		fe.Add(field, w.NeverMeetMany)
	}
}
