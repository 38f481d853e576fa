package tournament

import (
	"strconv"
	"strings"
)

// Points are ranking points counted in sixths, so that shared places stay exact:
// 6/3/1 are 36/18/6, two tied first get 27 (4.5), three tied get 20 (3.33…).
type Points int

// RP returns whole ranking points as Points.
func RP(n int) Points { return Points(n * 6) }

// Ranking points of the three places at a 3-player table (RULES.md section 3).
var placePoints = [3]Points{RP(6), RP(3), RP(1)}

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

// TablePoints gives each player at a table the ranking points of the places they
// cover: tied players share them equally. scores are the players' game scores, in seat
// order; the result is in the same order. A table of fewer than 3 (never drawn, but
// safe) gives the top places.
func TablePoints(scores []int) []Points {
	out := make([]Points, len(scores))
	for i, s := range scores {
		better, equal := 0, 0
		for _, o := range scores {
			switch {
			case o > s:
				better++
			case o == s:
				equal++
			}
		}
		var sum Points
		for place := better; place < better+equal && place < len(placePoints); place++ {
			sum += placePoints[place]
		}
		out[i] = sum / Points(equal)
	}
	return out
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
