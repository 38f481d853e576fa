package tournament

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Points are ranking points counted in sixths, so that shared places stay exact:
// 6/3/1 are 36/18/6, two tied first get 27 (4.5), three tied get 20 (3.33…).
type Points int

// RP returns whole ranking points as Points.
func RP(n int) Points { return Points(n * 6) }

// String shows points the way a standings sheet does: "4.5", "2", "3.33".
func (p Points) String() string {
	neg := p < 0
	if neg {
		p = -p
	}
	whole, rest := int(p)/6, int(p)%6
	s := strconv.Itoa(whole)
	switch rest {
	case 1:
		s += ".17"
	case 2:
		s += ".33"
	case 3:
		s += ".5"
	case 4:
		s += ".67"
	case 5:
		s += ".83"
	}
	if neg {
		return "-" + s
	}
	return s
}

// ParsePoints reads points written as a sheet shows them ("3", "4.5", "3.33"): whole
// numbers or sixths, nothing else, so that they stay exact.
func ParsePoints(s string) (Points, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.Atoi(whole)
	if err != nil || w < 0 || w > 1000 {
		return 0, false
	}
	sixths := map[string]Points{"": 0, "0": 0, "00": 0, "17": 1, "33": 2, "5": 3, "50": 3, "67": 4, "83": 5}
	f, ok := sixths[frac]
	if !ok {
		return 0, false
	}
	return RP(w) + f, true
}

// MarshalJSON writes points as a sheet shows them: "4.5".
func (p Points) MarshalJSON() ([]byte, error) { return json.Marshal(p.String()) }

// UnmarshalJSON reads points written as a sheet shows them, as a string ("4.5") or a
// number (3, 4.5).
func (p *Points) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	v, ok := ParsePoints(s)
	if !ok || string(b) == "null" {
		return fmt.Errorf("points %s: write them as on a sheet, e.g. \"3\" or \"4.5\"", b)
	}
	*p = v
	return nil
}
