package page

import "burraco/tournament"

// BracketWinner is the entry that won the final, or 0.
func BracketWinner(b tournament.Bracket) int64 {
	if len(b.Rounds) == 0 {
		return 0
	}
	last := b.Rounds[len(b.Rounds)-1]
	if len(last.Matches) != 1 || last.Matches[0].Winner == 0 {
		return 0
	}
	return last.Matches[0].Sides[last.Matches[0].Winner-1].EntryID
}
