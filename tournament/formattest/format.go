// Package formattest is a small 2-sided format for tests of the generic code (services,
// store, pages, API): two sides per table, entries that are single players or pairs,
// every table outcome. It is not registered by main and plays no rule of RULES.md.
package formattest

import (
	"fmt"
	"slices"
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "test2"

// Settings of a test stage.
type Settings struct {
	Games int    `json:"games"`
	Hands int    `json:"hands"`
	Sides string `json:"sides"` // "individual" or "pairs"
}

// Rounds is the number of rounds.
func (s Settings) Rounds() int { return s.Games }

// HandsPerRound is the number of hands of a round.
func (s Settings) HandsPerRound() int { return s.Hands }

// Pairs reports whether the entries are pairs.
func (s Settings) Pairs() bool { return s.Sides == "pairs" }

// Format is the test format: pairs (or players) at 2-sided tables, seated in entry order.
type Format struct{}

var _ tournament.Format = Format{}

func of(s tournament.Settings) Settings {
	if v, ok := s.(Settings); ok {
		return v
	}
	return Format{}.Defaults().(Settings)
}

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format: pairs, 3 rounds of 2 hands.
func (Format) Defaults() tournament.Settings { return Settings{Games: 3, Hands: 2, Sides: "pairs"} }

// Rules implements tournament.Format.
func (Format) Rules() scoring.Rules { return scoring.ThreePlayer }

// Decode implements tournament.Format.
func (f Format) Decode(data []byte) (tournament.Settings, error) {
	return tournament.DecodeOver(data, f.Defaults().(Settings), "test")
}

// Check implements tournament.Format.
func (Format) Check(ts tournament.Settings) tournament.FieldErrors {
	s, fe := of(ts), tournament.FieldErrors{}
	if s.Games < 1 {
		fe.Add("games", "tournament.err.games")
	}
	if s.Hands < 1 {
		fe.Add("hands", "tournament.err.hands")
	}
	if s.Sides != "individual" && s.Sides != "pairs" {
		fe.Add("sides", "error.invalid")
	}
	return fe
}

// CheckChange implements tournament.Format: nothing is fixed.
func (Format) CheckChange(_, _ tournament.Settings, _ int) tournament.FieldErrors {
	return tournament.FieldErrors{}
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	return []tournament.Field{
		{Name: "games", Kind: "number", Label: "tournament.games"},
		{Name: "hands", Kind: "number", Label: "tournament.hands_per_game"},
	}
}

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	return map[string]string{"games": strconv.Itoa(s.Games), "hands": strconv.Itoa(s.Hands), "sides": s.Sides}
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	s := Settings{Games: f.Int("games"), Hands: f.Int("hands"), Sides: v["sides"]}
	if s.Sides == "" {
		s.Sides = "pairs"
	}
	return s, f.Errors
}

// SidesPerTable implements tournament.Format.
func (Format) SidesPerTable(tournament.Settings) int { return 2 }

// Outcomes implements tournament.Format: every kind.
func (Format) Outcomes(tournament.Settings) []string {
	return []string{tournament.OutcomeTimeout, tournament.OutcomeLastAction, tournament.OutcomeForfeit}
}

// MissedBye implements tournament.Format: a late side may get 1 point.
func (Format) MissedBye(tournament.Settings) (tournament.Points, bool) { return tournament.RP(1), true }

// Draw implements tournament.Format: the drawable entries in entry order, two to a table,
// the last one out when they are odd (1 point).
func (Format) Draw(st *tournament.State, _ int64) (*tournament.Round, []tournament.Entry, error) {
	es := st.Drawable()
	if len(es) < 2 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "draw.too_few", 2)
	}
	r := &tournament.Round{}
	for i := 0; i+1 < len(es); i += 2 {
		r.Tables = append(r.Tables, tournament.Table{Number: i/2 + 1, Sides: tournament.SidesFromEntries([]int64{es[i].ID, es[i+1].ID})})
	}
	if len(es)%2 == 1 {
		r.Byes = []tournament.Bye{{EntryID: es[len(es)-1].ID, Points: tournament.RP(1)}}
	}
	return r, nil, nil
}

// Result implements tournament.Format: the higher total wins 2 points, a tie 1 each, and
// each side's MP is its difference; a table with an outcome is complete without hands and
// the side it names scores 0.
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	hands := of(st.Stage.Settings).Hands
	r := tournament.TableResult{Number: t.Number, Entries: t.Entries(), Scores: make([]int, len(t.Sides)),
		Entered: len(t.Hands), Expected: len(t.Sides) * hands}
	for _, h := range t.Hands {
		if h.Side >= 1 && h.Side <= len(r.Scores) {
			r.Scores[h.Side-1] += h.Score
		}
	}
	if o := t.Outcome; o.Kind != "" && o.Side >= 1 && o.Side <= len(t.Sides) {
		r.Complete = true
		r.Points = make([]tournament.Points, len(t.Sides))
		for i := range r.Points {
			if i != o.Side-1 {
				r.Points[i] = tournament.RP(2)
			}
		}
		return r
	}
	r.Complete = len(t.Sides) > 0 && r.Entered == r.Expected
	if r.Complete && len(t.Sides) == 2 {
		r.MP = []int{r.Scores[0] - r.Scores[1], r.Scores[1] - r.Scores[0]}
	}
	if r.Complete {
		r.Points = make([]tournament.Points, len(t.Sides))
		for i := range r.Points {
			for j := range r.Points {
				switch {
				case i == j:
				case r.Scores[i] > r.Scores[j]:
					r.Points[i] += tournament.RP(2)
				case r.Scores[i] == r.Scores[j]:
					r.Points[i] += tournament.RP(1)
				}
			}
		}
	}
	return r
}

// Standings implements tournament.Format: points, then score.
func (f Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	cols := []tournament.Column{{Name: "points", Label: "standings.points", Kind: "points"}, {Name: "game_points", Label: "standings.game_points", Kind: "number"}}
	at := map[int64]*tournament.Standing{}
	var out []tournament.Standing
	for _, e := range st.Entries {
		if !e.Substitute() {
			out = append(out, tournament.Standing{Entry: e, Values: []int{0, 0}})
		}
	}
	for i := range out {
		at[out[i].Entry.ID] = &out[i]
	}
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		for ti, res := range st.Results(r) {
			for si, id := range res.Entries {
				s := at[id]
				if s == nil {
					continue
				}
				line := tournament.RoundLine{Round: r.Number, Table: r.Tables[ti].Number, Score: res.Scores[si], Done: res.Complete}
				if res.Complete {
					line.Points = res.Points[si]
					s.Values[0] += int(line.Points)
					s.Values[1] += line.Score
					s.Played++
				}
				s.Rounds = append(s.Rounds, line)
			}
		}
		for _, b := range r.Byes {
			if s := at[b.EntryID]; s != nil {
				s.Values[0] += int(b.Points)
				s.Byes++
				s.Rounds = append(s.Rounds, tournament.RoundLine{Round: r.Number, Points: b.Points, Bye: true, Done: true})
			}
		}
	}
	tournament.Rank(out, st.Stage.Qualifiers)
	return cols, out
}

// Next implements tournament.Format.
func (Format) Next(st *tournament.State) tournament.Step {
	cur := st.Current()
	switch {
	case len(st.Entries) == 0:
		return tournament.Step{Key: "next.add_players"}
	case cur == nil:
		return tournament.Step{Key: "next.draw_first", CanDraw: true}
	case !st.Complete(cur):
		return tournament.Step{Key: "next.enter_scores", CanDraw: len(st.Rounds) < of(st.Stage.Settings).Games}
	case len(st.Rounds) < of(st.Stage.Settings).Games:
		return tournament.Step{Key: "next.draw_next", Args: []any{len(st.Rounds) + 1}, CanDraw: true}
	}
	return tournament.Step{Key: "next.finished", Finished: true}
}

// CheckSeats implements tournament.Format: tables of two sides, nobody twice.
func (Format) CheckSeats(_ *tournament.State, _, changed *tournament.Round) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	var seen []int64
	for ti, tb := range changed.Tables {
		if len(tb.Sides) != 2 {
			fe.Add(fmt.Sprintf("table.%d", ti+1), "seats.same_shape")
		}
		for si, sd := range tb.Sides {
			if slices.Contains(seen, sd.EntryID) {
				fe.Add(fmt.Sprintf("seat.%d.%d", ti+1, si+1), "seats.twice")
			}
			seen = append(seen, sd.EntryID)
		}
	}
	return fe
}
