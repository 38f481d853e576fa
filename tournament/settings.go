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

// CheckBye checks what a bye scores, "bye_vp" 0 to MaxVP and "bye_mp" −MaxMP to MaxMP;
// the errors are the format's words, <prefix>.err.vp and <prefix>.err.mp.
func CheckBye(fe FieldErrors, prefix string, vp, mp int) {
	if vp < 0 || vp > MaxVP {
		fe.Add("bye_vp", prefix+".err.vp")
	}
	if mp < -MaxMP || mp > MaxMP {
		fe.Add("bye_mp", prefix+".err.mp")
	}
}

// CheckTimeOut checks the time-out technical score (RULES.md section 2), "timeout_mp" 0
// to MaxMP, "timeout_winner_vp" and "timeout_loser_vp" 0 to MaxVP, the loser's no more
// than the winner's; the errors are the format's words, <prefix>.err.mp, .err.vp and
// .err.timeout_order.
func CheckTimeOut(fe FieldErrors, prefix string, t scoring.TimeOut) {
	if t.MP < 0 || t.MP > MaxMP {
		fe.Add("timeout_mp", prefix+".err.mp")
	}
	if t.WinnerVP < 0 || t.WinnerVP > MaxVP {
		fe.Add("timeout_winner_vp", prefix+".err.vp")
	}
	if t.LoserVP < 0 || t.LoserVP > MaxVP {
		fe.Add("timeout_loser_vp", prefix+".err.vp")
	} else if t.LoserVP > t.WinnerVP {
		fe.Add("timeout_loser_vp", prefix+".err.timeout_order")
	}
}

// FixedTimeOut records "tournament.err.fixed" on each figure of the time-out technical
// score that changed.
func FixedTimeOut(fe FieldErrors, old, new scoring.TimeOut) {
	fe.Fixed("timeout_mp", new.MP == old.MP)
	fe.Fixed("timeout_winner_vp", new.WinnerVP == old.WinnerVP)
	fe.Fixed("timeout_loser_vp", new.LoserVP == old.LoserVP)
}

// TimeOutValues writes the time-out technical score into a settings form's values.
func TimeOutValues(v map[string]string, t scoring.TimeOut) {
	v["timeout_mp"] = strconv.Itoa(t.MP)
	v["timeout_winner_vp"] = strconv.Itoa(t.WinnerVP)
	v["timeout_loser_vp"] = strconv.Itoa(t.LoserVP)
}

// TimeOut reads the time-out technical score of a settings form.
func (f *SettingsForm) TimeOut() scoring.TimeOut {
	return scoring.TimeOut{MP: f.Int("timeout_mp"), WinnerVP: f.Int("timeout_winner_vp"), LoserVP: f.Int("timeout_loser_vp")}
}

// CheckNeverMeet checks "never_meet", the pairs of entries never to meet: two different
// entries each, each pair once, at most MaxNeverMeet; the errors are the format's words,
// <prefix>.err.never_meet_entry, _same, _twice and _many.
func CheckNeverMeet(fe FieldErrors, prefix string, pairs [][2]int64) {
	const field = "never_meet"
	seen := map[[2]int64]bool{}
	for _, p := range pairs {
		a, b := min(p[0], p[1]), max(p[0], p[1])
		switch {
		case a <= 0:
			fe.Add(field, prefix+".err.never_meet_entry")
		case a == b:
			fe.Add(field, prefix+".err.never_meet_same")
		case seen[[2]int64{a, b}]:
			fe.Add(field, prefix+".err.never_meet_twice")
		}
		seen[[2]int64{a, b}] = true
	}
	if len(pairs) > MaxNeverMeet {
		fe.Add(field, prefix+".err.never_meet_many")
	}
}
