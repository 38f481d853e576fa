package tournament

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"burraco/scoring"
)

// FormatThreePlayer is the individual format at 3-player tables (RULES.md section 3).
const FormatThreePlayer = "individual3"

// SitOutPolicy is how an evening handles a number of players that is not a multiple of 3.
type SitOutPolicy string

// The sit-out policies.
const (
	// SitOutRotate: the extra one or two players sit out each game, in turn, and score
	// the tournament's bye points.
	SitOutRotate SitOutPolicy = "rotate"
	// SitOutSubstitutes: the director adds one or two substitutes (club volunteers) who
	// fill the tables and are not ranked.
	SitOutSubstitutes SitOutPolicy = "substitutes"
)

// Tournament is an evening (or a stage) of the 3-player format.
type Tournament struct {
	ID           int64         `json:"id"`
	Name         string        `json:"name"`
	Date         string        `json:"date"` // YYYY-MM-DD
	Venue        string        `json:"venue"`
	Format       string        `json:"format"`
	Games        int           `json:"games"`
	HandsPerGame int           `json:"hands_per_game"`
	Rules        scoring.Rules `json:"rules"`
	Qualifiers   int           `json:"qualifiers"`
	Notes        string        `json:"notes"`
	SitOut       SitOutPolicy  `json:"sit_out"`
	ByePoints    Points        `json:"bye_points"` // sixths; see Points
	ScaleID      *int64        `json:"scale_id,omitempty"`
	CreatedAt    time.Time     `json:"created_at"`
	UpdatedAt    time.Time     `json:"updated_at"`
}

// Defaults of a new 3-player evening (seed 000: 2 games of 3 hands).
const (
	DefaultGames        = 2
	DefaultHandsPerGame = 3
	MaxGames            = 20
	MaxHandsPerGame     = 10
)

// DefaultByePoints is what a sit-out scores by default: the second place's 3 points.
var DefaultByePoints = RP(3)

// Normalize trims the text fields and fills the format's defaults.
func (t *Tournament) Normalize() {
	t.Name, t.Venue = collapseSpaces(t.Name), collapseSpaces(t.Venue)
	t.Date, t.Notes = strings.TrimSpace(t.Date), strings.TrimSpace(t.Notes)
	if t.Format == "" {
		t.Format = FormatThreePlayer
	}
	if t.SitOut == "" {
		t.SitOut = SitOutRotate
	}
}

// Validate checks a normalized tournament, every problem at once.
func (t *Tournament) Validate() error {
	fe := FieldErrors{}
	if t.Name == "" {
		fe.Add("name", "error.required")
	} else if utf8.RuneCountInString(t.Name) > maxNameLen {
		fe.Add("name", "error.too_long")
	}
	if _, err := time.Parse("2006-01-02", t.Date); err != nil {
		fe.Add("date", "tournament.err.date")
	}
	if utf8.RuneCountInString(t.Venue) > maxNameLen {
		fe.Add("venue", "error.too_long")
	}
	if t.Format != FormatThreePlayer {
		fe.Add("format", "tournament.err.format")
	}
	if t.Games < 1 || t.Games > MaxGames {
		fe.Add("games", "tournament.err.games")
	}
	if t.HandsPerGame < 1 || t.HandsPerGame > MaxHandsPerGame {
		fe.Add("hands_per_game", "tournament.err.hands")
	}
	if t.Qualifiers < 0 || t.Qualifiers > 10000 {
		fe.Add("qualifiers", "tournament.err.qualifiers")
	}
	if t.SitOut != SitOutRotate && t.SitOut != SitOutSubstitutes {
		fe.Add("sit_out", "tournament.err.sit_out")
	}
	if t.ByePoints < 0 || t.ByePoints > RP(6) {
		fe.Add("bye_points", "tournament.err.bye_points")
	}
	if utf8.RuneCountInString(t.Notes) > maxNotesLen {
		fe.Add("notes", "error.too_long")
	}
	for k, v := range t.Rules.Validate() {
		fe.Add("rules."+k, v)
	}
	return fe.Err()
}

// Entry is a player (or a substitute) taking part in a tournament.
type Entry struct {
	ID           int64  `json:"id"`
	TournamentID int64  `json:"tournament_id"`
	PlayerID     int64  `json:"player_id,omitempty"` // 0 for a substitute
	Substitute   bool   `json:"substitute"`
	Name         string `json:"name"` // "Last First", or the substitute's label
	Club         string `json:"club,omitempty"`
	CheckedIn    bool   `json:"checked_in"`
	Withdrawn    bool   `json:"withdrawn"`
}

// HandScore is one player's figures for one hand of a game, as entered, with its total.
type HandScore struct {
	Table   int          `json:"table"`
	Hand    int          `json:"hand"`
	EntryID int64        `json:"entry_id"`
	Figures scoring.Hand `json:"figures"`
	Score   int          `json:"score"`
}

// Game is one game of an evening: its draw and the hands entered so far.
type Game struct {
	ID       int64       `json:"id"`
	Number   int         `json:"number"`
	Seed     int64       `json:"seed"`
	Seating  Seating     `json:"seating"`
	DrawnAt  time.Time   `json:"drawn_at"`
	Override string      `json:"override,omitempty"` // why it was drawn before the previous game was complete
	Hands    []HandScore `json:"hands,omitempty"`
}

// Started reports whether any hand of the game has been entered.
func (g *Game) Started() bool { return len(g.Hands) > 0 }

// TableResult is a table's game scores and ranking points, in seat order.
type TableResult struct {
	Number   int      `json:"number"`
	Seats    []int64  `json:"seats"`
	Scores   []int    `json:"scores"`
	BestHand []int    `json:"best_hand"`
	Points   []Points `json:"points"`  // nil until the table is complete
	Entered  int      `json:"entered"` // hands entered (of seats × hands per game)
	Complete bool     `json:"complete"`
}

// Results computes every table's scores; a table has ranking points once all its hands
// are entered.
func (g *Game) Results(handsPerGame int) []TableResult {
	byTable := map[int]map[int64][]int{}
	for _, h := range g.Hands {
		if byTable[h.Table] == nil {
			byTable[h.Table] = map[int64][]int{}
		}
		byTable[h.Table][h.EntryID] = append(byTable[h.Table][h.EntryID], h.Score)
	}
	out := make([]TableResult, len(g.Seating.Tables))
	for i, seats := range g.Seating.Tables {
		r := TableResult{Number: i + 1, Seats: seats, Scores: make([]int, len(seats)), BestHand: make([]int, len(seats))}
		for j, id := range seats {
			scores := byTable[i+1][id]
			r.Entered += len(scores)
			for k, s := range scores {
				r.Scores[j] += s
				if k == 0 || s > r.BestHand[j] {
					r.BestHand[j] = s
				}
			}
		}
		r.Complete = r.Entered == len(seats)*handsPerGame && len(seats) > 0
		if r.Complete {
			r.Points = TablePoints(r.Scores)
		}
		out[i] = r
	}
	return out
}

// Complete reports whether every table of the game has all its hands.
func (g *Game) Complete(handsPerGame int) bool {
	for _, r := range g.Results(handsPerGame) {
		if !r.Complete {
			return false
		}
	}
	return true
}

// Order returns each table's players by place, for the rotation into the next game.
func (g *Game) Order(handsPerGame int) [][]int64 {
	res := g.Results(handsPerGame)
	order := make([][]int64, len(res))
	for i, r := range res {
		score, best := map[int64]int{}, map[int64]int{}
		for j, id := range r.Seats {
			score[id], best[id] = r.Scores[j], r.BestHand[j]
		}
		order[i] = TableOrder(r.Seats, score, best)
	}
	return order
}

// Evening is a tournament with its entries and games: all the standings come from it.
type Evening struct {
	Tournament Tournament `json:"tournament"`
	Entries    []Entry    `json:"entries"`
	Games      []Game     `json:"games"`
}

// Entry returns an entry by ID.
func (ev *Evening) Entry(id int64) *Entry {
	for i := range ev.Entries {
		if ev.Entries[i].ID == id {
			return &ev.Entries[i]
		}
	}
	return nil
}

// Current returns the last drawn game, or nil.
func (ev *Evening) Current() *Game {
	if len(ev.Games) == 0 {
		return nil
	}
	return &ev.Games[len(ev.Games)-1]
}

// SitOutCounts counts how many games each entry has sat out.
func (ev *Evening) SitOutCounts() map[int64]int {
	n := map[int64]int{}
	for _, g := range ev.Games {
		for _, id := range g.Seating.SitOuts {
			n[id]++
		}
	}
	return n
}

// GameLine is one entry's line for one game in the standings.
type GameLine struct {
	Game   int    `json:"game"`
	Table  int    `json:"table,omitempty"`
	Score  int    `json:"score"`
	Points Points `json:"points"`
	SatOut bool   `json:"sat_out,omitempty"`
	Done   bool   `json:"done"`
}

// Standing is one entry's line in the evening standings.
type Standing struct {
	Entry      Entry      `json:"entry"`
	Place      int        `json:"place"`
	Tied       bool       `json:"tied"` // ex aequo: shares its place
	Points     Points     `json:"points"`
	GamePoints int        `json:"game_points"`
	Best       int        `json:"best_game"`
	Played     int        `json:"played"`
	SatOut     int        `json:"sat_out"`
	Qualifies  bool       `json:"qualifies"`
	AtCut      bool       `json:"at_cut"` // tied across the qualification line: the director decides
	Games      []GameLine `json:"games"`
}

// Standings ranks the evening (RULES.md section 3): ranking points, then total game
// points, then the best single game; still tied is ex aequo, a shared place. Only
// complete tables count; a sit-out scores the bye points. Substitutes are not ranked.
// The first Qualifiers players who have not withdrawn qualify.
func Standings(ev *Evening) []Standing {
	idx := map[int64]int{}
	var out []Standing
	for _, e := range ev.Entries {
		if e.Substitute {
			continue
		}
		idx[e.ID] = len(out)
		out = append(out, Standing{Entry: e, Games: make([]GameLine, len(ev.Games))})
	}
	t := ev.Tournament
	for gi := range ev.Games {
		g := &ev.Games[gi]
		for i := range out {
			out[i].Games[gi].Game = g.Number
		}
		for _, r := range g.Results(t.HandsPerGame) {
			for j, id := range r.Seats {
				i, ok := idx[id]
				if !ok {
					continue
				}
				s := &out[i]
				s.Games[gi] = GameLine{Game: g.Number, Table: r.Number, Score: r.Scores[j], Done: r.Complete}
				if !r.Complete {
					continue
				}
				s.Games[gi].Points = r.Points[j]
				s.Points += r.Points[j]
				s.GamePoints += r.Scores[j]
				if s.Played == 0 || r.Scores[j] > s.Best {
					s.Best = r.Scores[j]
				}
				s.Played++
			}
		}
		if t.SitOut == SitOutRotate {
			for _, id := range g.Seating.SitOuts {
				if i, ok := idx[id]; ok {
					s := &out[i]
					s.Games[gi] = GameLine{Game: g.Number, Points: t.ByePoints, SatOut: true, Done: true}
					s.Points += t.ByePoints
					s.SatOut++
				}
			}
		}
	}
	better := func(a, b *Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.GamePoints, a.GamePoints); c != 0 {
			return c
		}
		return cmp.Compare(b.Best, a.Best)
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if c := better(&a, &b); c != 0 {
			return c
		}
		return cmp.Compare(strings.ToLower(a.Entry.Name), strings.ToLower(b.Entry.Name))
	})
	for i := range out {
		if i > 0 && better(&out[i-1], &out[i]) == 0 {
			out[i].Place, out[i].Tied, out[i-1].Tied = out[i-1].Place, true, true
		} else {
			out[i].Place = i + 1
		}
	}
	markQualifiers(out, t.Qualifiers)
	return out
}

// markQualifiers marks the first q players who have not withdrawn; a tie that straddles
// the line is marked AtCut instead, for the director to decide.
func markQualifiers(out []Standing, q int) {
	if q <= 0 {
		return
	}
	var eligible []*Standing
	for i := range out {
		if !out[i].Entry.Withdrawn {
			eligible = append(eligible, &out[i])
		}
	}
	for i := 0; i < len(eligible); {
		j := i + 1 // the group of i: eligible players tied with it
		for j < len(eligible) && eligible[j].Place == eligible[i].Place {
			j++
		}
		switch {
		case j <= q:
			for _, s := range eligible[i:j] {
				s.Qualifies = true
			}
		case i < q:
			for _, s := range eligible[i:j] {
				s.AtCut = true
			}
		}
		i = j
	}
}
