package scoring

import (
	"encoding/json"
	"fmt"
)

// Open is the To of a scale's last band: it has no upper bound.
const Open = -1

// Band gives the winner's and the loser's VP for |MP difference| from From to To.
type Band struct {
	From   int `json:"from"`
	To     int `json:"to"` // Open on the last band
	Winner int `json:"winner"`
	Loser  int `json:"loser"`
}

// bandJSON writes an open upper bound as null.
type bandJSON struct {
	From   int  `json:"from"`
	To     *int `json:"to"`
	Winner int  `json:"winner"`
	Loser  int  `json:"loser"`
}

// MarshalJSON writes an open To as null.
func (b Band) MarshalJSON() ([]byte, error) {
	j := bandJSON{From: b.From, Winner: b.Winner, Loser: b.Loser}
	if b.To != Open {
		j.To = &b.To
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a null or missing To as Open.
func (b *Band) UnmarshalJSON(data []byte) error {
	var j bandJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*b = Band{From: j.From, To: Open, Winner: j.Winner, Loser: j.Loser}
	if j.To != nil {
		b.To = *j.To
	}
	return nil
}

// Scale converts a match's MP difference into VP (RULES.md section 2).
type Scale struct {
	Name  string `json:"name"`
	Bands []Band `json:"bands"`
}

// MaxVP bounds the VP a band may give, to catch typing mistakes.
const MaxVP = 1000

// Validate checks a scale: the first band starts at 0, bands are ordered and contiguous
// (the next starts within 5 of where the previous ends, as every score is a multiple of
// 5), only the last is open, the winner's VP never decrease and the loser's never
// increase as the difference grows, and the winner never gets fewer VP than the loser.
// The problems come back per band, keyed "bands.N.field", plus "name" and "bands".
func (s *Scale) Validate() Problems {
	p := Problems{}
	if s.Name == "" {
		p.Add("name", "error.required")
	} else if len([]rune(s.Name)) > 100 {
		p.Add("name", "error.too_long")
	}
	if len(s.Bands) == 0 {
		p.Add("bands", "scale.no_bands")
		return p
	}
	if len(s.Bands) > 200 {
		p.Add("bands", "scale.too_many_bands")
		return p
	}
	last := len(s.Bands) - 1
	for i, b := range s.Bands {
		f := func(name string) string { return fmt.Sprintf("bands.%d.%s", i, name) }
		switch {
		case i == 0 && b.From != 0:
			p.Add(f("from"), "scale.first_from_zero")
		case i > 0 && s.Bands[i-1].To != Open && (b.From <= s.Bands[i-1].To || b.From > s.Bands[i-1].To+5):
			p.Add(f("from"), "scale.not_contiguous")
		}
		switch {
		case i < last && b.To == Open:
			p.Add(f("to"), "scale.open_not_last")
		case i == last && b.To != Open:
			p.Add(f("to"), "scale.last_open")
		case b.To != Open && b.To < b.From:
			p.Add(f("to"), "scale.to_before_from")
		}
		switch {
		case b.Winner < 0 || b.Winner > MaxVP:
			p.Add(f("winner"), "scale.vp_range")
		case b.Loser < 0 || b.Loser > MaxVP:
			p.Add(f("loser"), "scale.vp_range")
		case b.Winner < b.Loser:
			p.Add(f("winner"), "scale.winner_below_loser")
		case i > 0 && b.Winner < s.Bands[i-1].Winner:
			p.Add(f("winner"), "scale.winner_decreases")
		case i > 0 && b.Loser > s.Bands[i-1].Loser:
			p.Add(f("loser"), "scale.loser_increases")
		}
	}
	return p.OrNil()
}

// VP returns the winner's and the loser's VP for an MP difference (its sign ignored).
// A difference between two bands takes the band whose lower bound it has passed. The
// scale must be valid. It allocates nothing.
func (s *Scale) VP(diff int) (winner, loser int) {
	if diff < 0 {
		diff = -diff
	}
	i := len(s.Bands) - 1
	for j := 1; j < len(s.Bands); j++ {
		if diff < s.Bands[j].From {
			i = j - 1
			break
		}
	}
	return s.Bands[i].Winner, s.Bands[i].Loser
}

// Result is a match between sides A and B in MP and VP.
type Result struct {
	MPA int `json:"mp_a"`
	MPB int `json:"mp_b"`
	VPA int `json:"vp_a"`
	VPB int `json:"vp_b"`
}

// Match converts the two sides' totals over a round into MP (the signed difference)
// and VP.
func (s *Scale) Match(totalA, totalB int) Result {
	d := totalA - totalB
	w, l := s.VP(d)
	if d >= 0 {
		return Result{MPA: d, MPB: -d, VPA: w, VPB: l}
	}
	return Result{MPA: d, MPB: -d, VPA: l, VPB: w}
}

// TimeOut is the technical score of a side that let its time run out (seed 004).
type TimeOut struct {
	MP       int `json:"mp"`        // MP the other side gets (and the late side loses)
	WinnerVP int `json:"winner_vp"` // VP of the side with time left
	LoserVP  int `json:"loser_vp"`  // VP of the side that ran out
}

// DefaultTimeOut is −355 MP / 6 VP against +355 MP / 14 VP.
var DefaultTimeOut = TimeOut{MP: 355, WinnerVP: 14, LoserVP: 6}

// TimedOut scores a match in which side A (aLate) or side B let its time run out, the
// real totals standing at totalA and totalB. The late side loses with the technical
// score, unless the real difference favours the other side by more than the technical
// MP: then the real result stands, being better for it.
func (s *Scale) TimedOut(totalA, totalB int, aLate bool, t TimeOut) Result {
	real := s.Match(totalA, totalB)
	onTime := real.MPB // the margin of the side with time left
	if !aLate {
		onTime = real.MPA
	}
	if onTime > t.MP {
		return real
	}
	if aLate {
		return Result{MPA: -t.MP, MPB: t.MP, VPA: t.LoserVP, VPB: t.WinnerVP}
	}
	return Result{MPA: t.MP, MPB: -t.MP, VPA: t.WinnerVP, VPB: t.LoserVP}
}

// FIBUR3 is the federation's 20–0 scale for 3-hand rounds.
var FIBUR3 = Scale{Name: "FIBUR 3 smazzate (20-0)", Bands: []Band{
	{0, 50, 10, 10}, {55, 150, 11, 9}, {155, 250, 12, 8}, {255, 350, 13, 7}, {355, 500, 14, 6},
	{505, 650, 15, 5}, {655, 800, 16, 4}, {805, 1000, 17, 3}, {1005, 1250, 18, 2},
	{1255, 1500, 19, 1}, {1505, Open, 20, 0},
}}

// FIBUR4 is the federation's 20–0 scale for 4-hand rounds.
var FIBUR4 = Scale{Name: "FIBUR 4 smazzate (20-0)", Bands: []Band{
	{0, 100, 10, 10}, {105, 300, 11, 9}, {305, 500, 12, 8}, {505, 700, 13, 7}, {705, 900, 14, 6},
	{905, 1100, 15, 5}, {1105, 1300, 16, 4}, {1305, 1500, 17, 3}, {1505, 1700, 18, 2},
	{1705, 2000, 19, 1}, {2005, Open, 20, 0},
}}

// FIBURFor is a copy of the federation's scale for rounds of that many hands (FIBUR3,
// FIBUR4), or nil when none ships for it.
func FIBURFor(hands int) *Scale {
	switch hands {
	case 3:
		sc := FIBUR3
		return &sc
	case 4:
		sc := FIBUR4
		return &sc
	}
	return nil
}

// Teams3 is the default team scale for 3-hand rounds: a team match is two tables, so its
// MP (the sum of both tables' differences) run twice as far as a table's. No federation
// team scale is published with the rules this app follows: the bands are FIBUR3's upper
// bounds doubled, each band starting 5 after the previous one ends (RULES.md, "Teams").
var Teams3 = Scale{Name: "Squadre 3 smazzate (20-0)", Bands: []Band{
	{0, 100, 10, 10}, {105, 300, 11, 9}, {305, 500, 12, 8}, {505, 700, 13, 7}, {705, 1000, 14, 6},
	{1005, 1300, 15, 5}, {1305, 1600, 16, 4}, {1605, 2000, 17, 3}, {2005, 2500, 18, 2},
	{2505, 3000, 19, 1}, {3005, Open, 20, 0},
}}

// Teams4 is the default team scale for 4-hand rounds: FIBUR4's upper bounds doubled, as
// Teams3 does for FIBUR3.
var Teams4 = Scale{Name: "Squadre 4 smazzate (20-0)", Bands: []Band{
	{0, 200, 10, 10}, {205, 600, 11, 9}, {605, 1000, 12, 8}, {1005, 1400, 13, 7}, {1405, 1800, 14, 6},
	{1805, 2200, 15, 5}, {2205, 2600, 16, 4}, {2605, 3000, 17, 3}, {3005, 3400, 18, 2},
	{3405, 4000, 19, 1}, {4005, Open, 20, 0},
}}
