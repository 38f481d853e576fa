// Package ranking is the federation's national ranking (RULES.md 9, docs/RULES.md "The
// national ranking"): points by place from a table the federation edits, shared places
// sharing the points of the places they cover, scaled by the field and by the tier,
// summed over a window (a rolling number of months up to a date, or a calendar year),
// the best N results of each player, and the places with the season's tie-breaks. It is
// pure: no storage, no HTTP, no formats. Every figure is the federation's setting
// (Settings); Defaults is only a starting point.
//
// Points are kept in hundredths of a point (int64): each result is computed exactly and
// rounded once, half up, to the hundredth; totals are exact sums of the rounded results.
package ranking

import (
	"cmp"
	"slices"
	"strconv"
	"time"
)

// Tier is a tournament's category (FIBUR: club, regional, national).
type Tier string

// The tiers, the default first.
const (
	TierClub     Tier = "club"
	TierRegional Tier = "regional"
	TierNational Tier = "national"
)

// Tiers lists the tiers, the default first.
var Tiers = []Tier{TierClub, TierRegional, TierNational}

// Valid reports whether t is one of the tiers.
func (t Tier) Valid() bool { return slices.Contains(Tiers, t) }

// The window kinds.
const (
	// Rolling: the Months months up to the ranking's date (the day Months months
	// before it excluded, the date itself included).
	Rolling = "rolling"
	// Year: the calendar year of the ranking's date, from 1 January up to the date.
	Year = "year"
)

// Band scales the points of an evening whose field (its ranked entries) is at least
// From, up to the next band's From: points × Percent ÷ 100.
type Band struct {
	From    int `json:"from"`
	Percent int `json:"percent"`
}

// TierPercents are the tier multipliers, in percent.
type TierPercents struct {
	Club     int `json:"club"`
	Regional int `json:"regional"`
	National int `json:"national"`
}

// Of is the multiplier of a tier (an unknown tier counts as a club one).
func (p TierPercents) Of(t Tier) int {
	switch t {
	case TierRegional:
		return p.Regional
	case TierNational:
		return p.National
	}
	return p.Club
}

// Settings are the federation's rules of the ranking. They are data, edited by an
// officer and versioned; nothing here is a constant of the code.
type Settings struct {
	// Table is the points of each place (Table[0] for the first).
	Table []int `json:"table"`
	// Floor is what a place past the table's end scores.
	Floor int `json:"floor"`
	// Field scales by the evening's field, in bands ordered by From, the first from 1.
	Field []Band `json:"field"`
	// Tiers scales by the tournament's tier.
	Tiers TierPercents `json:"tiers"`
	// Window is Rolling or Year; Months is the rolling window's length.
	Window string `json:"window" enum:"rolling,year"`
	Months int    `json:"months"`
	// Best is how many results of a player count, the best ones (0: all).
	Best int `json:"best"`
}

// Defaults are the settings a new deployment starts from, for the federation to edit.
func Defaults() Settings {
	return Settings{
		Table:  []int{100, 80, 65, 55, 48, 42, 37, 33, 30, 27, 24, 21, 18, 16, 14, 12, 10, 8, 6, 5},
		Floor:  2,
		Field:  []Band{{From: 1, Percent: 50}, {From: 8, Percent: 75}, {From: 16, Percent: 100}, {From: 32, Percent: 125}, {From: 64, Percent: 150}},
		Tiers:  TierPercents{Club: 100, Regional: 150, National: 200},
		Window: Rolling, Months: 12, Best: 10,
	}
}

// Limits of the settings.
const (
	maxPlaces  = 500
	maxPoints  = 100000
	maxPercent = 10000
	maxBands   = 50
	maxField   = 100000
	maxMonths  = 60
	maxBest    = 1000
)

// Validate checks the settings, every problem at once: field name → message key.
func (s *Settings) Validate() map[string]string {
	fe := map[string]string{}
	add := func(f, k string) {
		if _, ok := fe[f]; !ok {
			fe[f] = k
		}
	}
	if len(s.Table) == 0 {
		add("table", "ranking.err.table_empty")
	} else if len(s.Table) > maxPlaces {
		add("table", "ranking.err.table_long")
	}
	for i, p := range s.Table {
		if p < 0 || p > maxPoints {
			add("table", "ranking.err.points")
		} else if i > 0 && p > s.Table[i-1] {
			add("table", "ranking.err.table_order")
		}
	}
	if s.Floor < 0 || s.Floor > maxPoints {
		add("floor", "ranking.err.points")
	} else if len(s.Table) > 0 && s.Floor > s.Table[len(s.Table)-1] {
		add("floor", "ranking.err.floor")
	}
	if len(s.Field) == 0 || len(s.Field) > maxBands {
		add("field", "ranking.err.bands")
	}
	for i, b := range s.Field {
		switch {
		case i == 0 && b.From != 1:
			add("field", "ranking.err.bands_first")
		case i > 0 && b.From <= s.Field[i-1].From:
			add("field", "ranking.err.bands_order")
		case b.From < 1 || b.From > maxField:
			add("field", "ranking.err.bands")
		case b.Percent < 0 || b.Percent > maxPercent:
			add("field", "ranking.err.percent")
		}
	}
	for f, p := range map[string]int{"tier_club": s.Tiers.Club, "tier_regional": s.Tiers.Regional, "tier_national": s.Tiers.National} {
		if p < 0 || p > maxPercent {
			add(f, "ranking.err.percent")
		}
	}
	switch s.Window {
	case Rolling:
		if s.Months < 1 || s.Months > maxMonths {
			add("months", "ranking.err.months")
		}
	case Year:
	default:
		add("window", "ranking.err.window")
	}
	if s.Best < 0 || s.Best > maxBest {
		add("best", "ranking.err.best")
	}
	return fe
}

// FieldPercent is the field multiplier of an evening of field entries: the last band
// whose From is at most field (100 when no band applies).
func (s *Settings) FieldPercent(field int) int {
	pct := 100
	for _, b := range s.Field {
		if b.From > field {
			break
		}
		pct = b.Percent
	}
	return pct
}

// placePoints is the table's points of one place (the floor past its end).
func (s *Settings) placePoints(place int) int64 {
	if place >= 1 && place <= len(s.Table) {
		return int64(s.Table[place-1])
	}
	return int64(s.Floor)
}

// Points is what a place shared by shared entries (1: not shared) is worth in an
// evening of field ranked entries and the tier, in hundredths of a point: the mean of
// the points of the places shared covers (place … place+shared−1), × the field's
// percent ÷ 100, × the tier's percent ÷ 100, rounded half up to the hundredth.
func (s *Settings) Points(place, shared, field int, tier Tier) int64 {
	if shared < 1 {
		shared = 1
	}
	var sum int64
	for q := place; q < place+shared; q++ {
		sum += s.placePoints(q)
	}
	num := sum * int64(s.FieldPercent(field)) * int64(s.Tiers.Of(tier)) * 100 // hundredths
	den := int64(shared) * 100 * 100
	return (2*num + den) / (2 * den)
}

// Span returns the first and last dates (YYYY-MM-DD, both included) of the window of
// the ranking on date asOf.
func (s *Settings) Span(asOf time.Time) (from, to string) {
	to = asOf.Format(time.DateOnly)
	if s.Window == Year {
		return strconv.Itoa(asOf.Year()) + "-01-01", to
	}
	return asOf.AddDate(0, -s.Months, 1).Format(time.DateOnly), to
}

// Evening is one final tournament as the ranking reads it.
type Evening struct {
	TournamentID int64  `json:"tournament_id"`
	ClubID       int64  `json:"club_id"`
	Date         string `json:"date"` // YYYY-MM-DD
	Tier         Tier   `json:"tier"`
	// Placings are its ranked entries (a pair is one entry), in any order; Field is
	// their number (0: len(Placings)).
	Placings []Placing `json:"placings"`
	Field    int       `json:"field"`
}

// Placing is one ranked entry of an evening: its place (shared places are equal) and
// the national IDs of its players (0 for a club player without one: not ranked).
type Placing struct {
	Place   int     `json:"place"`
	Players []int64 `json:"players"`
}

// Result is one national player's points from one final evening.
type Result struct {
	TournamentID int64  `json:"tournament_id"`
	PlayerID     int64  `json:"player_id"` // the national player
	ClubID       int64  `json:"club_id"`
	Date         string `json:"date"`
	Tier         Tier   `json:"tier"`
	Field        int    `json:"field"`
	Place        int    `json:"place"`
	Shared       int    `json:"shared"` // entries sharing the place (1: alone)
	Points       int64  `json:"points"` // hundredths of a point
	// Counted: among the player's best N in the window (set by Line).
	Counted bool `json:"counted"`
}

// Results are an evening's results: one a national player of each placing (both
// players of a pair get the pair's points), in the order of the placings. A player
// placed twice keeps the better place.
func (s *Settings) Results(ev Evening) []Result {
	field := ev.Field
	if field == 0 {
		field = len(ev.Placings)
	}
	shared := map[int]int{}
	for _, p := range ev.Placings {
		shared[p.Place]++
	}
	out := []Result{}
	at := map[int64]int{}
	for _, p := range ev.Placings {
		for _, id := range p.Players {
			if id == 0 {
				continue
			}
			r := Result{TournamentID: ev.TournamentID, PlayerID: id, ClubID: ev.ClubID, Date: ev.Date, Tier: ev.Tier,
				Field: field, Place: p.Place, Shared: shared[p.Place]}
			r.Points = s.Points(r.Place, r.Shared, r.Field, r.Tier)
			if i, ok := at[id]; ok {
				if r.Points > out[i].Points {
					out[i] = r
				}
				continue
			}
			at[id] = len(out)
			out = append(out, r)
		}
	}
	return out
}

// Reprice sets a stored result's points from its place, field and tier again (after the
// settings changed).
func (s *Settings) Reprice(r *Result) { r.Points = s.Points(r.Place, r.Shared, r.Field, r.Tier) }

// Line is one national player's line of the ranking.
type Line struct {
	PlayerID int64 `json:"player_id"`
	// Place is shared by equal lines (Tied).
	Place int  `json:"place"`
	Tied  bool `json:"tied"`
	// Points is the sum of the counted results (hundredths); Results the results in the
	// window; Counted how many count (the best N); Wins the results in the window in
	// first place (shared or not); Best the best single result (hundredths).
	Points  int64 `json:"points"`
	Results int   `json:"results"`
	Counted int   `json:"counted"`
	Wins    int   `json:"wins"`
	Best    int64 `json:"best"`
}

// Line sums one player's results in the window from … to (dates included): the best N
// by points count (between equal points, the earlier evening, then the lower tournament
// ID); it sets each result's Counted (false outside the window). ok is false when the
// player has no result in the window.
func (s *Settings) Line(player int64, rs []Result, from, to string) (l Line, ok bool) {
	l.PlayerID = player
	in := make([]int, 0, len(rs))
	for i := range rs {
		rs[i].Counted = false
		if rs[i].Date >= from && rs[i].Date <= to {
			in = append(in, i)
		}
	}
	if len(in) == 0 {
		return l, false
	}
	slices.SortFunc(in, func(a, b int) int {
		x, y := &rs[a], &rs[b]
		if c := cmp.Compare(y.Points, x.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(x.Date, y.Date); c != 0 {
			return c
		}
		return cmp.Compare(x.TournamentID, y.TournamentID)
	})
	n := len(in)
	if s.Best > 0 && s.Best < n {
		n = s.Best
	}
	l.Results, l.Counted, l.Best = len(in), n, rs[in[0]].Points
	for k, i := range in {
		if k < n {
			rs[i].Counted = true
			l.Points += rs[i].Points
		}
		if rs[i].Place == 1 {
			l.Wins++
		}
	}
	return l, true
}

// Compare orders two lines as the ranking does: more points first, then more wins,
// then the better best single result (the season's tie-breaks); 0 is ex aequo.
func Compare(a, b *Line) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
		return c
	}
	return cmp.Compare(b.Best, a.Best)
}

// Rank sorts the lines and gives their places: by Compare; lines equal on all three
// share a place (Tied) and are listed by national player ID.
func Rank(lines []Line) {
	slices.SortFunc(lines, func(a, b Line) int {
		if c := Compare(&a, &b); c != 0 {
			return c
		}
		return cmp.Compare(a.PlayerID, b.PlayerID)
	})
	for i := range lines {
		lines[i].Tied = false
		if i > 0 && Compare(&lines[i-1], &lines[i]) == 0 {
			lines[i].Place, lines[i].Tied, lines[i-1].Tied = lines[i-1].Place, true, true
		} else {
			lines[i].Place = i + 1
		}
	}
}

// Compute is the whole ranking from the final evenings on date asOf: every evening's
// results, each player's line over the window, ranked. It returns the lines and every
// result by player (Counted set).
func (s *Settings) Compute(evenings []Evening, asOf time.Time) ([]Line, map[int64][]Result) {
	byPlayer := map[int64][]Result{}
	for _, ev := range evenings {
		for _, r := range s.Results(ev) {
			byPlayer[r.PlayerID] = append(byPlayer[r.PlayerID], r)
		}
	}
	return s.Totals(byPlayer, asOf), byPlayer
}

// Totals ranks the players from their results on date asOf (Counted set in place).
func (s *Settings) Totals(byPlayer map[int64][]Result, asOf time.Time) []Line {
	from, to := s.Span(asOf)
	lines := make([]Line, 0, len(byPlayer))
	for id, rs := range byPlayer {
		if l, ok := s.Line(id, rs, from, to); ok {
			lines = append(lines, l)
		}
	}
	Rank(lines)
	return lines
}

// Hundredths writes points kept in hundredths with two decimals at most, no trailing
// zeros, and sep as the decimal separator ("1234.5", "12", "0.25").
func Hundredths(p int64, sep string) string {
	neg := p < 0
	if neg {
		p = -p
	}
	s := strconv.FormatInt(p/100, 10)
	if c := p % 100; c != 0 {
		d := strconv.FormatInt(c+100, 10)[1:]
		if d[1] == '0' {
			d = d[:1]
		}
		s += sep + d
	}
	if neg {
		s = "-" + s
	}
	return s
}
