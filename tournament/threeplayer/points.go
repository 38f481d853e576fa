package threeplayer

import "burraco/tournament"

// Ranking points of the three places at a 3-player table (RULES.md section 3).
var placePoints = [3]tournament.Points{tournament.RP(6), tournament.RP(3), tournament.RP(1)}

// TablePoints gives each player at a table the ranking points of the places they
// cover: tied players share them equally. scores are the players' game scores, in seat
// order; the result is in the same order. A table of fewer than 3 (never drawn, but
// safe) gives the top places.
func TablePoints(scores []int) []tournament.Points {
	out := make([]tournament.Points, len(scores))
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
		var sum tournament.Points
		for place := better; place < better+equal && place < len(placePoints); place++ {
			sum += placePoints[place]
		}
		out[i] = sum / tournament.Points(equal)
	}
	return out
}
