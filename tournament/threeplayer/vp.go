package threeplayer

import (
	"burraco/scoring"
	"burraco/tournament"
)

// Scoring is how a 3-player table is scored.
type Scoring string

// The ways of scoring a table (RULES.md section 3.11).
const (
	// ScoringRP: 6, 3 and 1 ranking points by place at the table (seed 000).
	ScoringRP Scoring = "631"
	// ScoringVP: each pair of players at the table is a match, its MP difference
	// converted to VP with the stage's scale; a player scores the sum of their two.
	ScoringVP Scoring = "vp"
)

// DefaultByeVP is what a sit-out scores in VP scoring: two level matches, 10 + 10, the
// middle of a table (as the 3 ranking points of a second place are in 6/3/1).
const DefaultByeVP = 20

// MaxByeVP is the most a sit-out can score in VP: two matches won 20–0.
const MaxByeVP = 40

// byePoints is what a sit-out scores, in the unit the table is scored in.
func (s Settings) byePoints() tournament.Points {
	if s.Scoring == ScoringVP {
		return tournament.RP(s.ByeVP)
	}
	return s.ByePoints
}

var _ tournament.Scaled = Format{}

// DefaultScale implements tournament.Scaled: in VP scoring, the FIBUR scale of the
// hands of a game (3 or 4), else none (the director chooses one); nil in 6/3/1 scoring,
// which uses no scale.
func (Format) DefaultScale(ts tournament.Settings) *scoring.Scale {
	s := of(ts)
	if s.Scoring != ScoringVP {
		return nil
	}
	return scoring.FIBURFor(s.HandsPerGame)
}

// scale is the stage's copy of its scale, or the default of its settings.
func scale(st *tournament.State) *scoring.Scale {
	return tournament.StageScale(st, Format{})
}

// TableVP scores a table in VP: every two players a match (their game scores' signed
// difference, converted with the scale), each player's VP and MP the sums of their
// matches. scores are in seat order, and so are the results.
func TableVP(sc *scoring.Scale, scores []int) (vp []tournament.Points, mp []int) {
	vp, mp = make([]tournament.Points, len(scores)), make([]int, len(scores))
	for i := range scores {
		for j := i + 1; j < len(scores); j++ {
			m := sc.Match(scores[i], scores[j])
			vp[i] += tournament.RP(m.VPA)
			vp[j] += tournament.RP(m.VPB)
			mp[i] += m.MPA
			mp[j] += m.MPB
		}
	}
	return vp, mp
}

// The values a 3-player standing in VP ranks on, in order.
const (
	ValVP = iota // victory points, in sixths (tournament.Points)
	ValMP        // the sum of the signed MP differences
)

var columnsVP = []tournament.Column{
	{Name: "vp", Label: "standings.vp", Kind: "points"},
	{Name: "mp", Label: "standings.mp", Kind: "number"},
}

// standingsVP ranks a stage scored in VP: VP, then MP, then ex aequo. Complete tables
// count, and a sit-out once its game is complete (the bye VP and 0 MP); an award to a
// late arrival counts its VP. Substitutes and no-shows are not ranked.
func (f Format) standingsVP(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	drawn := map[int64]bool{}
	for _, r := range st.Rounds {
		for _, id := range r.People() {
			drawn[id] = true
		}
	}
	idx := map[int64]int{}
	var out []tournament.Standing
	for _, e := range st.Entries {
		if e.Substitute() || !drawn[e.ID] {
			continue
		}
		idx[e.ID] = len(out)
		out = append(out, tournament.Standing{Entry: e, Values: make([]int, 2), Rounds: make([]tournament.RoundLine, len(st.Rounds))})
	}
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		for i := range out {
			out[i].Rounds[ri].Round = r.Number
		}
		for ti := range r.Tables {
			res := f.Result(st, &r.Tables[ti])
			for j, id := range res.Entries {
				i, ok := idx[id]
				if !ok {
					continue
				}
				line := tournament.RoundLine{Round: r.Number, Table: res.Number, Score: res.Scores[j], Done: res.Complete}
				if res.Complete {
					line.Points = res.Points[j]
					out[i].Values[ValVP] += int(res.Points[j])
					out[i].Values[ValMP] += res.MP[j]
					out[i].Played++
				}
				out[i].Rounds[ri] = line
			}
		}
		done := len(r.Byes) > 0 && st.Complete(r)
		for _, b := range r.Byes {
			i, ok := idx[b.EntryID]
			if !ok {
				continue
			}
			out[i].Rounds[ri] = tournament.RoundLine{Round: r.Number, Points: b.Points, Bye: true, Awarded: b.Awarded, Done: done}
			if done {
				out[i].Values[ValVP] += int(b.Points)
				out[i].Byes++
			}
		}
	}
	tournament.Rank(out, st.Stage.Qualifiers)
	return columnsVP, out
}
