// Package threeplayer is format A of RULES.md section 3: individuals at 3-player tables,
// 6/3/1 ranking points per table, rotation between games. Its rounds are called games.
package threeplayer

import (
	"fmt"
	"slices"
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
)

// Name identifies the format in stored stages and in the API.
const Name = "individual3"

// SitOutPolicy is how an evening handles a number of players that is not a multiple of 3.
type SitOutPolicy string

// The sit-out policies.
const (
	// SitOutRotate: the extra one or two players sit out each game, in turn, and score
	// the bye points.
	SitOutRotate SitOutPolicy = "rotate"
	// SitOutSubstitutes: one or two substitutes (club volunteers) fill the tables and are
	// not ranked.
	SitOutSubstitutes SitOutPolicy = "substitutes"
)

// SitOutScore is the game score a sit-out counts for the tie-break on game points.
type SitOutScore string

// The sit-out scores (RULES.md section 3).
const (
	// SitOutScoreSecond: the average game score of that game's second-placed players,
	// rounded to the nearest multiple of 5.
	SitOutScoreSecond SitOutScore = "second"
	// SitOutScoreZero: 0.
	SitOutScoreZero SitOutScore = "zero"
)

// Settings of a 3-player stage.
type Settings struct {
	Games        int               `json:"games"`
	HandsPerGame int               `json:"hands_per_game"`
	SitOut       SitOutPolicy      `json:"sit_out"`
	ByePoints    tournament.Points `json:"bye_points"`
	// SitOutScore is what a sit-out counts as game points for the tie-break.
	SitOutScore SitOutScore `json:"sit_out_score"`
	// Scoring is how a table is scored: 6/3/1 ranking points, or VP (each pair of
	// players at a table a match on the stage's scale).
	Scoring Scoring `json:"scoring"`
	// ByeVP is what a sit-out scores in VP scoring (whole VP).
	ByeVP int `json:"bye_vp"`
}

// Rounds is the number of games.
func (s Settings) Rounds() int { return s.Games }

// HandsPerRound is the number of hands of a game.
func (s Settings) HandsPerRound() int { return s.HandsPerGame }

// Pairs reports false: every entry is one player.
func (Settings) Pairs() bool { return false }

// Defaults of a new evening (seed 000: 2 games of 3 hands) and limits.
const (
	DefaultGames        = 2
	DefaultHandsPerGame = 3
	MaxGames            = 20 // the hands are at most tournament.MaxHands
)

// DefaultByePoints is what a sit-out scores by default: the second place's 3 points.
var DefaultByePoints = tournament.RP(3)

// Format is the 3-player format.
type Format struct{}

var _ tournament.Format = Format{}

// Name implements tournament.Format.
func (Format) Name() string { return Name }

// Defaults implements tournament.Format.
func (Format) Defaults() tournament.Settings {
	return Settings{Games: DefaultGames, HandsPerGame: DefaultHandsPerGame, SitOut: SitOutRotate, ByePoints: DefaultByePoints,
		SitOutScore: SitOutScoreSecond, Scoring: ScoringRP, ByeVP: DefaultByeVP}
}

// Rules implements tournament.Format: a player who never opened counts their hand twice.
func (Format) Rules() scoring.Rules { return scoring.ThreePlayer }

// Decode implements tournament.Format.
func (f Format) Decode(data []byte) (tournament.Settings, error) {
	return tournament.DecodeOver(data, f.Defaults().(Settings), "3-player")
}

// of reads a stage's settings as this format's (the defaults for another format's).
func of(s tournament.Settings) Settings {
	return tournament.SettingsOf(s, Format{}.Defaults().(Settings))
}

// Check implements tournament.Format.
func (Format) Check(ts tournament.Settings) tournament.FieldErrors {
	s, ok := ts.(Settings)
	fe := tournament.FieldErrors{}
	if !ok {
		fe.Add("settings", "tournament.err.format")
		return fe
	}
	if s.Games < 1 || s.Games > MaxGames {
		fe.Add("games", "tournament.err.games")
	}
	tournament.CheckHands(fe, "hands_per_game", s.HandsPerGame)
	if s.SitOut != SitOutRotate && s.SitOut != SitOutSubstitutes {
		fe.Add("sit_out", "tournament.err.sit_out")
	}
	if s.ByePoints < 0 || s.ByePoints > tournament.RP(6) {
		fe.Add("bye_points", "tournament.err.bye_points")
	}
	if s.SitOutScore != SitOutScoreSecond && s.SitOutScore != SitOutScoreZero {
		fe.Add("sit_out_score", "tournament.err.sit_out_score")
	}
	if s.Scoring != ScoringRP && s.Scoring != ScoringVP && s.Scoring != "" { // "": 6/3/1, as before the setting
		fe.Add("scoring", "individual3.err.scoring")
	}
	if s.ByeVP < 0 || s.ByeVP > MaxByeVP {
		fe.Add("bye_vp", "individual3.err.bye_vp")
	}
	return fe
}

// CheckChange implements tournament.Format: once games are drawn, the number of games
// can still change but never below the games drawn; the hands per game and the way
// sit-outs are handled stay as announced. Bye points and the sit-out score can change:
// a bye keeps the points it was drawn with, and the tie-break is recomputed.
func (Format) CheckChange(oldS, newS tournament.Settings, drawn int) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	if drawn == 0 {
		return fe
	}
	o, n := of(oldS), of(newS)
	if n.Games < drawn {
		fe.Add("games", "tournament.err.games_drawn")
	}
	fe.Fixed("hands_per_game", n.HandsPerGame == o.HandsPerGame)
	fe.Fixed("sit_out", n.SitOut == o.SitOut)
	fe.Fixed("scoring", n.Scoring == o.Scoring)
	return fe
}

// Fields implements tournament.Format.
func (Format) Fields() []tournament.Field {
	return []tournament.Field{
		{Name: "games", Kind: "number", Label: "tournament.games"},
		{Name: "hands_per_game", Kind: "number", Label: "tournament.hands_per_game"},
		{Name: "sit_out", Kind: "choice", Choices: []string{string(SitOutRotate), string(SitOutSubstitutes)}, ChoicePrefix: "sitout",
			Label: "tournament.sit_out", Help: "tournament.sit_out_help"},
		{Name: "bye_points", Kind: "points", Label: "tournament.bye_points"},
		{Name: "sit_out_score", Kind: "choice", Choices: []string{string(SitOutScoreSecond), string(SitOutScoreZero)}, ChoicePrefix: "sitout_score",
			Label: "tournament.sit_out_score", Help: "tournament.sit_out_score_help"},
		{Name: "scoring", Kind: "choice", Choices: []string{string(ScoringRP), string(ScoringVP)}, ChoicePrefix: "table_scoring",
			Label: "individual3.scoring_label", Help: "individual3.scoring_help"},
		{Name: "bye_vp", Kind: "number", Label: "individual3.bye_vp", Help: "individual3.bye_vp_help", When: vpOnly},
	}
}

// vpOnly is the choice the VP settings apply under: tables scored in VP.
var vpOnly = [2]string{"scoring", string(ScoringVP)}

// ScaleWhen implements tournament.ScaleWhen: the VP scale applies to tables scored in
// VP only.
func (Format) ScaleWhen() [2]string { return vpOnly }

// FormValues implements tournament.Format.
func (Format) FormValues(ts tournament.Settings) map[string]string {
	s := of(ts)
	return map[string]string{"games": strconv.Itoa(s.Games), "hands_per_game": strconv.Itoa(s.HandsPerGame),
		"sit_out": string(s.SitOut), "bye_points": s.ByePoints.String(), "sit_out_score": string(s.SitOutScore),
		"scoring": string(s.Scoring), "bye_vp": strconv.Itoa(s.ByeVP)}
}

// ParseForm implements tournament.Format.
func (Format) ParseForm(v map[string]string) (tournament.Settings, tournament.FieldErrors) {
	f := tournament.ReadSettingsForm(v)
	s := Settings{Games: f.Int("games"), HandsPerGame: f.Int("hands_per_game"), SitOut: SitOutPolicy(v["sit_out"]),
		SitOutScore: SitOutScore(v["sit_out_score"])}
	if s.SitOutScore == "" {
		s.SitOutScore = SitOutScoreSecond
	}
	s.Scoring, s.ByeVP = Scoring(v["scoring"]), f.IntOr("bye_vp", DefaultByeVP)
	if s.Scoring == "" { // a form from before the setting
		s.Scoring = ScoringRP
	}
	bye, ok := tournament.ParsePoints(v["bye_points"])
	if !ok {
		f.Errors.Add("bye_points", "tournament.err.bye_points")
	}
	s.ByePoints = bye
	return s, f.Errors
}

// Outcomes implements tournament.Format: a table is decided by its scores alone.
func (Format) Outcomes(tournament.Settings) []string { return nil }

// MissedBye implements tournament.Format: a late arrival may be awarded the bye points
// for the games missed (RULES.md section 3).
func (Format) MissedBye(ts tournament.Settings) (tournament.Points, bool) {
	return of(ts).byePoints(), true
}

// SidesPerTable implements tournament.Format.
func (Format) SidesPerTable(tournament.Settings) int { return 3 }

// Draw implements tournament.Format: game 1 at random, later games by rotation from the
// previous game's results; with rotating sit-outs the extra players sit out in turn and
// score the bye points, with substitutes the missing seats are filled by substitutes
// (new ones are created as needed).
func (Format) Draw(st *tournament.State, seed int64) (*tournament.Round, []tournament.Entry, error) {
	s := of(st.Stage.Settings)
	var players, activeSubs []int64
	for _, e := range st.Drawable() {
		if e.Substitute() {
			activeSubs = append(activeSubs, e.ID)
		} else {
			players = append(players, e.ID)
		}
	}
	if len(players) < 3 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "draw.too_few")
	}
	if s.Scoring == ScoringVP && len(st.Rounds) == 0 && st.Stage.ScaleID == nil && (Format{}).DefaultScale(s) == nil {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "individual3.draw.no_scale", s.HandsPerGame)
	}
	var subs []tournament.Entry
	if s.SitOut == SitOutSubstitutes {
		need := (3 - len(players)%3) % 3
		known := 0
		for _, e := range st.Entries {
			if e.Substitute() {
				known++
			}
		}
		for i := range need {
			if i < len(activeSubs) {
				players = append(players, activeSubs[i])
				continue
			}
			known++
			subs = append(subs, tournament.Entry{TournamentID: st.Tournament.ID, Kind: tournament.EntrySubstitute, CheckedIn: true,
				Name: fmt.Sprintf("Sostituto %d", known)})
			players = append(players, -int64(len(subs)))
		}
	}
	var order [][]int64
	if prev := st.Current(); prev != nil {
		order = Order(st, prev)
	}
	seating := NextSeating(players, order, sitOutCounts(st), seed, s.SitOut == SitOutRotate)
	spreadSubstitutes(seating.Tables, func(id int64) bool {
		if id < 0 {
			return true
		}
		e := st.Entry(id)
		return e != nil && e.Substitute()
	})
	r := &tournament.Round{Number: len(st.Rounds) + 1, Seed: seed}
	for i, ids := range seating.Tables {
		r.Tables = append(r.Tables, tournament.Table{Number: i + 1, Sides: tournament.SidesFromEntries(ids)})
	}
	for _, id := range seating.SitOuts {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: id, Points: s.byePoints()})
	}
	return r, subs, nil
}

// sitOutCounts counts how many games each entry has sat out.
func sitOutCounts(st *tournament.State) map[int64]int {
	n := map[int64]int{}
	for _, r := range st.Rounds {
		for _, b := range r.Byes {
			n[b.EntryID]++
		}
	}
	return n
}

// tableScores adds up a table's hands: each position's game score, best single hand and
// the number of hand scores entered. A game total (scoring.GameTotal) counts for all the
// game's hands; it gives no single hand, so at a table with one the best hand does not
// separate anybody (all 0) and ties fall to the stated seat order.
func tableScores(t *tournament.Table, hands int) (scores, best []int, entered int) {
	scores, best = make([]int, len(t.Sides)), make([]int, len(t.Sides))
	seen := make([]bool, len(t.Sides))
	gameTotals := false
	for _, h := range t.Hands {
		p := h.Side - 1
		if p < 0 || p >= len(t.Sides) {
			continue
		}
		entered++
		if h.Figures.Form == scoring.GameTotal {
			entered += hands - 1
			gameTotals = true
		}
		scores[p] += h.Score
		if !seen[p] || h.Score > best[p] {
			best[p], seen[p] = h.Score, true
		}
	}
	if gameTotals {
		best = make([]int, len(t.Sides))
	}
	return scores, best, entered
}

// Result implements tournament.Format: a table has ranking points once every hand of
// every player is entered.
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	scores, _, entered := tableScores(t, of(st.Stage.Settings).HandsPerGame)
	r := tournament.TableResult{Number: t.Number, Entries: t.Entries(), Scores: scores, Entered: entered,
		Expected: len(t.Sides) * of(st.Stage.Settings).HandsPerGame}
	r.Complete = r.Entered == r.Expected && len(t.Sides) > 0
	switch {
	case !r.Complete:
	case of(st.Stage.Settings).Scoring == ScoringVP:
		sc := scale(st)
		if sc == nil {
			r.Complete = false
			break
		}
		r.Points, r.MP = TableVP(sc, scores)
	default:
		r.Points = TablePoints(scores)
	}
	return r
}

// Order returns each table's players by place, for the rotation into the next game.
func Order(st *tournament.State, r *tournament.Round) [][]int64 {
	order := make([][]int64, len(r.Tables))
	for i := range r.Tables {
		t := &r.Tables[i]
		scores, best, _ := tableScores(t, of(st.Stage.Settings).HandsPerGame)
		score, bestHand := map[int64]int{}, map[int64]int{}
		for j, sd := range t.Sides {
			score[sd.EntryID], bestHand[sd.EntryID] = scores[j], best[j]
		}
		order[i] = TableOrder(t.Entries(), score, bestHand)
	}
	return order
}

// CheckSeats implements tournament.Format: tables of three, nobody twice.
func (Format) CheckSeats(st *tournament.State, drawn, changed *tournament.Round) tournament.FieldErrors {
	return tournament.CheckTables(changed, 3, "seats.table_of_three")
}

// Next implements tournament.Format.
func (Format) Next(st *tournament.State) tournament.Step {
	s := of(st.Stage.Settings)
	drawable := 0
	for _, e := range st.Drawable() {
		if !e.Substitute() {
			drawable++
		}
	}
	cur := st.Current()
	var step tournament.Step
	switch {
	case len(st.Entries) == 0:
		step.Key = "next.add_players"
	case cur == nil && drawable < 3:
		step.Key = "next.check_in"
	case cur == nil && s.Scoring == ScoringVP && st.Stage.ScaleID == nil && Format{}.DefaultScale(s) == nil:
		step = tournament.Step{Key: "individual3.next.choose_scale", Args: []any{s.HandsPerGame}}
	case cur == nil:
		step = tournament.Step{Key: "next.draw_first", CanDraw: true}
	case !st.Complete(cur):
		step = tournament.Step{Key: "next.enter_scores", CanDraw: len(st.Rounds) < s.Games}
	case len(st.Rounds) < s.Games:
		step = tournament.Step{Key: "next.draw_next", Args: []any{len(st.Rounds) + 1}, CanDraw: true}
	default:
		step = tournament.Step{Key: "next.finished", Finished: true}
	}
	if n := drawable % 3; n != 0 && !step.Finished {
		step.Note = "sitout.explain." + string(s.SitOut)
		step.NoteArgs = []any{drawable, n, s.ByePoints.String(), (3 - n) % 3}
		if s.Scoring == ScoringVP && s.SitOut == SitOutRotate {
			step.Note, step.NoteArgs[2] = "individual3.sitout.explain_vp", strconv.Itoa(s.ByeVP)
		}
	}
	return step
}

// spreadSubstitutes keeps two substitutes from sitting at one table while another table
// has none: a player would otherwise play a whole game against two volunteers. The later
// substitute swaps seats with the player in the same seat of the first table without one.
func spreadSubstitutes(tables [][]int64, isSub func(int64) bool) {
	count := func(tb []int64) int {
		n := 0
		for _, id := range tb {
			if isSub(id) {
				n++
			}
		}
		return n
	}
	for i := range tables {
		for count(tables[i]) > 1 {
			j := slices.IndexFunc(tables, func(tb []int64) bool { return count(tb) == 0 })
			if j < 0 {
				return
			}
			k := len(tables[i]) - 1
			for !isSub(tables[i][k]) {
				k--
			}
			if k >= len(tables[j]) {
				return
			}
			tables[i][k], tables[j][k] = tables[j][k], tables[i][k]
		}
	}
}
