// Package teams is the teams format (RULES.md, "Teams"): teams of 4 to 6 players, each
// round two teams meeting at two tables (their pair 1 against the other's pair 2, and
// the reverse), the match's MP converted to VP with a team scale, teams paired Danish
// style by VP then MP.
package teams

import (
	"slices"
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/danish"
)

// Name identifies the format in stored stages and in the API.
const Name = "teams"

// pairings are the modes of the pairs format that apply to teams (the table shift moves
// single tables, not matches: it does not).
// words are the keys of the settings' errors: the Danish system's for the schedule and
// the bye, the teams' own for the teams never to meet.
var words = tournament.SettingsWords{Rounds: danish.Words.Rounds, RoundsDrawn: danish.Words.RoundsDrawn,
	VP: danish.Words.VP, MP: danish.Words.MP,
	NeverMeetEntry: "teams.err.never_meet_entry", NeverMeetSame: "teams.err.never_meet_same",
	NeverMeetTwice: "teams.err.never_meet_twice", NeverMeetMany: "teams.err.never_meet_many"}

var pairings = []danish.Pairing{danish.NoRematch, danish.Modified, danish.Pure, danish.Random}

// Settings of a teams stage.
type Settings struct {
	// The hands of a round are played at each table.
	tournament.Schedule
	Pairing danish.Pairing `json:"pairing"`
	// What the bye team scores (no federation figure: 12 VP, 0 MP).
	tournament.ByeScore
	// ApartClubs keeps teams of the same club apart in rounds 1 to ApartClubs (0: never).
	ApartClubs int `json:"apart_clubs_rounds"`
	// NeverMeet lists pairs of teams (entry IDs) that must never meet.
	NeverMeet [][2]int64 `json:"never_meet,omitempty"`
}

// Pairs reports false: the entries are teams (EntryKind says so).
func (Settings) Pairs() bool { return false }

// EntryKind implements tournament.EntryKinded: a teams stage takes team entries only.
func (Settings) EntryKind() tournament.EntryKind { return tournament.EntryTeam }

// Defaults (the limits are tournament.MaxRounds and the others).
const (
	DefaultRounds = 4
	DefaultHands  = 3
	DefaultByeVP  = 12
)

// Format is the teams format.
type Format struct{}

var (
	_ tournament.Format       = Format{}
	_ tournament.Scaled       = Format{}
	_ tournament.Matched      = Format{}
	_ tournament.EntryChecker = Format{}
)

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: 4 rounds of 3 hands, no rematches.
func (Format) Defaults() tournament.Settings {
	return Settings{Schedule: tournament.Schedule{Count: DefaultRounds, Hands: DefaultHands}, Pairing: danish.NoRematch,
		ByeScore: tournament.ByeScore{ByeVP: DefaultByeVP}}
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
	if !slices.Contains(pairings, s.Pairing) {
		fe.Add("pairing", "danish.err.pairing")
	}
	if s.ApartClubs < 0 || s.ApartClubs > tournament.MaxRounds {
		fe.Add("apart_clubs_rounds", "danish.err.apart_clubs")
	}
	tournament.CheckNeverMeet(fe, words, s.NeverMeet)
	s.ByeScore.Check(fe, words)
	return fe
}

// CheckEntries implements tournament.EntryChecker: the pairs never to meet name team
// entries of the tournament.
func (Format) CheckEntries(ts tournament.Settings, entry func(id int64) *tournament.Entry) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	for _, p := range of(ts).NeverMeet {
		for _, id := range p {
			// A document's check knows the entry by its ID alone (no kind).
			if e := entry(id); e == nil || e.Substitute() || (e.Kind != "" && e.Kind != tournament.EntryTeam) {
				fe.Add("never_meet", "teams.err.never_meet_entry")
			}
		}
	}
	return fe
}

// CheckChange implements tournament.Format: once rounds are drawn, the number of rounds
// can still change (never below the rounds drawn), the clubs kept apart and the teams
// never to meet too; everything else announced before play stays.
func (Format) CheckChange(oldS, newS tournament.Settings, drawn int) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	if drawn == 0 {
		return fe
	}
	o, n := of(oldS), of(newS)
	n.Schedule.CheckChange(fe, words, o.Schedule, drawn)
	fe.Fixed("pairing", n.Pairing == o.Pairing)
	n.ByeScore.CheckChange(fe, o.ByeScore)
	return fe
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	choices := make([]string, len(pairings))
	for i, p := range pairings {
		choices[i] = string(p)
	}
	return []tournament.Field{
		{Name: "rounds", Kind: "number", Label: "teams.rounds"},
		{Name: "hands_per_round", Kind: "number", Label: "teams.hands_per_round", Help: "teams.hands_help"},
		{Name: "pairing", Kind: "choice", Choices: choices, ChoicePrefix: "pairing",
			Label: "teams.pairing_label", Help: "teams.pairing_help"},
		{Name: "apart_clubs_rounds", Kind: "number", Label: "teams.apart_clubs_rounds", Help: "teams.apart_clubs_help"},
		{Name: "never_meet", Kind: tournament.KindEntryPairs, Label: "teams.never_meet", Help: "teams.never_meet_help"},
		{Name: "bye_vp", Kind: "number", Label: "teams.bye_vp", Help: "teams.bye_help"},
		{Name: "bye_mp", Kind: "number", Label: "teams.bye_mp"},
	}
}

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	v := map[string]string{"pairing": string(s.Pairing),
		"apart_clubs_rounds": strconv.Itoa(s.ApartClubs), "never_meet": tournament.FormatEntryPairs(s.NeverMeet)}
	s.Schedule.Put(v)
	s.ByeScore.Put(v)
	return v
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	s := Settings{Schedule: f.Schedule(), Pairing: danish.Pairing(v["pairing"]), ByeScore: f.ByeScore(),
		ApartClubs: f.Int("apart_clubs_rounds"),
		NeverMeet:  f.EntryPairs("never_meet", "teams.err.never_meet_both")}
	return s, f.Errors
}

// SidesPerTable implements tournament.Format: two sides, a pair of one team against a
// pair of the other.
func (Format) SidesPerTable(tournament.Settings) int { return 2 }

// Outcomes implements tournament.Format: none (a team match is scored from its hands).
func (Format) Outcomes(tournament.Settings) []string { return nil }

// MissedBye implements tournament.Format: a team that joins late may be awarded the bye
// for a round it missed.
func (Format) MissedBye(ts tournament.Settings) (tournament.Points, bool) {
	return tournament.RP(of(ts).ByeVP), true
}

// DefaultScale implements tournament.Scaled: the shipped team scale of the stage's
// number of hands (scoring.Teams3, Teams4), or nil when none ships for it.
func (Format) DefaultScale(ts tournament.Settings) *scoring.Scale {
	switch of(ts).Hands {
	case 3:
		sc := scoring.Teams3
		return &sc
	case 4:
		sc := scoring.Teams4
		return &sc
	}
	return nil
}

// scale is the stage's copy of its team scale, or the shipped one its hands call for.
func scale(st *tournament.State) *scoring.Scale {
	return tournament.StageScale(st, Format{})
}
