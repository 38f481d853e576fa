package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
)

// The settings helpers as the formats use them: each case names who relies on it.
func TestSettingsChecks(t *testing.T) {
	to := func(mp, w, l int) TimeOutScore {
		return TimeOutScore{TimeOutMP: mp, TimeOutWinnerVP: w, TimeOutLoserVP: l}
	}
	sched := func(rounds, hands int) Schedule { return Schedule{Count: rounds, Hands: hands} }
	w := func(format string) SettingsWords { // the words as a format names them
		e := format + ".err."
		return SettingsWords{Rounds: e + "rounds", RoundsDrawn: e + "rounds_drawn", VP: e + "vp", MP: e + "mp",
			TimeOutOrder: e + "timeout_order", NeverMeetEntry: e + "never_meet_entry", NeverMeetSame: e + "never_meet_same",
			NeverMeetTwice: e + "never_meet_twice", NeverMeetMany: e + "never_meet_many"}
	}
	cases := []struct {
		name  string
		check func(FieldErrors)
		want  FieldErrors
	}{
		{"hands 1 to 10 (every format)", func(fe FieldErrors) {
			CheckHands(fe, "a", 1)
			CheckHands(fe, "b", MaxHands)
			CheckHands(fe, "c", 0)
			CheckHands(fe, "d", MaxHands+1)
		}, FieldErrors{"c": "tournament.err.hands", "d": "tournament.err.hands"}},
		{"1 to 30 rounds of 1 to 10 hands (Danish, individual4, Mitchell, teams)", func(fe FieldErrors) {
			sched(1, 1).Check(fe, w("mitchell"))
			sched(MaxRounds, MaxHands).Check(fe, w("mitchell"))
		}, FieldErrors{}},
		{"no rounds, too many hands, in the format's words", func(fe FieldErrors) { sched(0, MaxHands+1).Check(fe, w("individual4")) },
			FieldErrors{"rounds": "individual4.err.rounds", "hands_per_round": "tournament.err.hands"}},
		{"too many rounds, no hands", func(fe FieldErrors) { sched(MaxRounds+1, 0).Check(fe, w("danish")) },
			FieldErrors{"rounds": "danish.err.rounds", "hands_per_round": "tournament.err.hands"}},
		{"more rounds once drawn, or as many", func(fe FieldErrors) {
			sched(6, 3).CheckChange(fe, w("danish"), sched(4, 3), 4)
			sched(4, 3).CheckChange(fe, w("danish"), sched(6, 3), 4)
		}, FieldErrors{}},
		{"fewer rounds than drawn, other hands", func(fe FieldErrors) { sched(3, 4).CheckChange(fe, w("mitchell"), sched(4, 3), 4) },
			FieldErrors{"rounds": "mitchell.err.rounds_drawn", "hands_per_round": "tournament.err.fixed"}},
		{"a bye at its limits (Danish, individual4, Mitchell, teams)", func(fe FieldErrors) {
			ByeScore{MaxVP, -MaxMP}.Check(fe, w("mitchell"))
			ByeScore{0, MaxMP}.Check(fe, w("mitchell"))
		}, FieldErrors{}},
		{"a bye past its limits, in the format's words", func(fe FieldErrors) { ByeScore{MaxVP + 1, -MaxMP - 1}.Check(fe, w("individual4")) },
			FieldErrors{"bye_vp": "individual4.err.vp", "bye_mp": "individual4.err.mp"}},
		{"a bye below 0 VP", func(fe FieldErrors) { ByeScore{-1, MaxMP + 1}.Check(fe, w("danish")) },
			FieldErrors{"bye_vp": "danish.err.vp", "bye_mp": "danish.err.mp"}},
		{"a bye's score stays", func(fe FieldErrors) { ByeScore{12, 0}.CheckChange(fe, ByeScore{12, 0}) }, FieldErrors{}},
		{"a bye's VP and MP changed", func(fe FieldErrors) { ByeScore{10, 5}.CheckChange(fe, ByeScore{12, 0}) },
			FieldErrors{"bye_vp": "tournament.err.fixed", "bye_mp": "tournament.err.fixed"}},
		{"the shipped time-out (Danish, individual4, Mitchell)", func(fe FieldErrors) { DefaultTimeOutScore.Check(fe, w("danish")) },
			FieldErrors{}},
		{"a time-out's loser may get the winner's VP", func(fe FieldErrors) { to(0, 10, 10).Check(fe, w("danish")) },
			FieldErrors{}},
		{"a time-out past its limits", func(fe FieldErrors) { to(MaxMP+1, MaxVP+1, -1).Check(fe, w("mitchell")) },
			FieldErrors{"timeout_mp": "mitchell.err.mp", "timeout_winner_vp": "mitchell.err.vp", "timeout_loser_vp": "mitchell.err.vp"}},
		{"a time-out below 0 MP", func(fe FieldErrors) { to(-1, 0, 0).Check(fe, w("danish")) },
			FieldErrors{"timeout_mp": "danish.err.mp"}},
		{"a time-out's loser above the winner", func(fe FieldErrors) { to(355, 5, 6).Check(fe, w("individual4")) },
			FieldErrors{"timeout_loser_vp": "individual4.err.timeout_order"}},
		{"a loser past the limit is that, not the order", func(fe FieldErrors) { to(355, 14, MaxVP+1).Check(fe, w("danish")) },
			FieldErrors{"timeout_loser_vp": "danish.err.vp"}},
		{"pairs never to meet (Danish, teams in Danish words)", func(fe FieldErrors) {
			CheckNeverMeet(fe, w("danish"), [][2]int64{{1, 2}, {3, 4}})
		}, FieldErrors{}},
		{"a pair of an entry that is none", func(fe FieldErrors) { CheckNeverMeet(fe, w("danish"), [][2]int64{{0, 2}}) },
			FieldErrors{"never_meet": "danish.err.never_meet_entry"}},
		{"a pair of one entry", func(fe FieldErrors) { CheckNeverMeet(fe, w("danish"), [][2]int64{{2, 2}}) },
			FieldErrors{"never_meet": "danish.err.never_meet_same"}},
		{"a pair twice, either way round", func(fe FieldErrors) { CheckNeverMeet(fe, w("danish"), [][2]int64{{2, 3}, {3, 2}}) },
			FieldErrors{"never_meet": "danish.err.never_meet_twice"}},
		{"too many pairs", func(fe FieldErrors) {
			pairs := make([][2]int64, MaxNeverMeet+1)
			for i := range pairs {
				pairs[i] = [2]int64{int64(i + 1), int64(i + 1000)}
			}
			CheckNeverMeet(fe, w("danish"), pairs[:MaxNeverMeet])
			assert.Empty(t, fe, "MaxNeverMeet pairs are allowed")
			CheckNeverMeet(fe, w("danish"), pairs)
		}, FieldErrors{"never_meet": "danish.err.never_meet_many"}},
		{"what was announced stays (every format's CheckChange)", func(fe FieldErrors) {
			fe.Fixed("same", true)
			fe.Fixed("changed", false)
		}, FieldErrors{"changed": "tournament.err.fixed"}},
		{"each figure of the time-out stays", func(fe FieldErrors) { to(355, 15, 5).CheckChange(fe, to(355, 14, 6)) },
			FieldErrors{"timeout_winner_vp": "tournament.err.fixed", "timeout_loser_vp": "tournament.err.fixed"}},
		{"the time-out's MP stays", func(fe FieldErrors) { to(300, 14, 6).CheckChange(fe, to(355, 14, 6)) },
			FieldErrors{"timeout_mp": "tournament.err.fixed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fe := FieldErrors{}
			c.check(fe)
			assert.Equal(t, c.want, fe)
		})
	}
}

func TestSettingsForm(t *testing.T) {
	f := ReadSettingsForm(map[string]string{"rounds": " 6 ", "hands": "x", "bye_mp": "-20", "blank": "",
		"apart": "", "bye_vp": "15", "never_meet": "1-2, 3-4", "bad_pairs": "1-2 3-", "timeout_mp": "355",
		"timeout_winner_vp": "14", "timeout_loser_vp": "6"})
	assert.Equal(t, 6, f.Int("rounds"), "spaces around a number")
	assert.Equal(t, -20, f.Int("bye_mp"))
	assert.Equal(t, 0, f.Int("hands"))
	assert.Equal(t, 0, f.Int("blank"), "a blank number is not one (Mitchell's apart_clubs_rounds)")
	assert.Equal(t, 0, f.Int("missing"))
	assert.Equal(t, 0, f.IntOr("apart", 0), "a form from before the setting (Danish's apart_clubs_rounds)")
	assert.Equal(t, 20, f.IntOr("absent", 20), "the 3-player bye VP of a form from before the setting")
	assert.Equal(t, 15, f.IntOr("bye_vp", 20))
	assert.Equal(t, 0, f.IntOr("hands", 3), "not a number is an error even with a default")
	assert.Equal(t, [][2]int64{{1, 2}, {3, 4}}, f.EntryPairs("never_meet", "danish.err.never_meet_both"))
	assert.Equal(t, [][2]int64{{1, 2}}, f.EntryPairs("bad_pairs", "danish.err.never_meet_both"), "the pairs read are kept")
	assert.Equal(t, TimeOutScore{355, 14, 6}, f.TimeOutScore())
	assert.Equal(t, scoring.TimeOut{MP: 355, WinnerVP: 14, LoserVP: 6}, f.TimeOutScore().TimeOut(), "as the scoring package applies it")
	assert.Equal(t, ByeScore{15, -20}, f.ByeScore())
	assert.Equal(t, FieldErrors{"hands": "error.not_a_number", "blank": "error.not_a_number", "missing": "error.not_a_number",
		"bad_pairs": "danish.err.never_meet_both"}, f.Errors)

	blank := ReadSettingsForm(map[string]string{})
	blank.Schedule()
	blank.ByeScore()
	blank.TimeOutScore()
	assert.Equal(t, FieldErrors{"rounds": "error.not_a_number", "hands_per_round": "error.not_a_number",
		"bye_vp": "error.not_a_number", "bye_mp": "error.not_a_number", "timeout_mp": "error.not_a_number",
		"timeout_winner_vp": "error.not_a_number", "timeout_loser_vp": "error.not_a_number"}, blank.Errors)

	v := map[string]string{"move": "2"}
	Schedule{Count: 4, Hands: 3}.Put(v)
	ByeScore{ByeVP: 12, ByeMP: -5}.Put(v)
	TimeOutScore{355, 14, 6}.Put(v)
	assert.Equal(t, map[string]string{"move": "2", "rounds": "4", "hands_per_round": "3", "bye_vp": "12", "bye_mp": "-5",
		"timeout_mp": "355", "timeout_winner_vp": "14", "timeout_loser_vp": "6"}, v)
	back := ReadSettingsForm(v)
	assert.Equal(t, Schedule{Count: 4, Hands: 3}, back.Schedule(), "what is written reads back")
	assert.Equal(t, ByeScore{ByeVP: 12, ByeMP: -5}, back.ByeScore())
	assert.Equal(t, TimeOutScore{355, 14, 6}, back.TimeOutScore())
	assert.Empty(t, back.Errors)
}

// settingsT is a format's settings for DecodeOver.
type settingsT struct {
	Count int `json:"rounds"`
	Hands int `json:"hands"`
}

func (s settingsT) Rounds() int        { return s.Count }
func (s settingsT) HandsPerRound() int { return s.Hands }
func (settingsT) Pairs() bool          { return false }

func TestDecodeOver(t *testing.T) {
	def := settingsT{Count: 4, Hands: 3}
	for _, c := range []struct {
		in   string
		want settingsT
		err  string
	}{
		{``, def, ""},
		{`null`, def, ""},
		{`{"hands":4}`, settingsT{Count: 4, Hands: 4}, ""},
		{`{"other":1}`, settingsT{}, `test settings: json: unknown field "other"`},
		{`{"hands":null}`, settingsT{}, `test settings: "hands" cannot be null`},
	} {
		s, err := DecodeOver([]byte(c.in), def, "test")
		if c.err != "" {
			require.EqualError(t, err, c.err, c.in)
			assert.Nil(t, s, "no settings with an error")
			continue
		}
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, s, c.in)
	}
}

func TestStageScale(t *testing.T) {
	own := scoring.FIBUR4
	st := &State{Stage: Stage{Settings: settingsT{Hands: 3}}}
	assert.Equal(t, scoring.FIBUR3.Name, StageScale(st, fiburScaled{}).Name, "the default of the settings")
	st.Stage.Scale = &own
	assert.Same(t, &own, StageScale(st, fiburScaled{}), "the stage's copy")
	assert.Nil(t, scoring.FIBURFor(5), "no FIBUR scale for 5 hands")
	assert.Equal(t, scoring.FIBUR4.Bands, scoring.FIBURFor(4).Bands)
}

// fiburScaled defaults to the FIBUR scale of the settings' hands.
type fiburScaled struct{}

func (fiburScaled) DefaultScale(s Settings) *scoring.Scale {
	return scoring.FIBURFor(s.HandsPerRound())
}
