package tournament

import "strings"

// ClubKey is the club a side plays for when a draw keeps clubs apart (RULES.md 4.1):
// its entry's club, folded (case, accents and spaces aside); a pair whose members named
// two different clubs (stored as "A / B") plays for none, nor does a substitute. "" is
// none.
func ClubKey(e *Entry) string {
	if e == nil || e.Substitute() {
		return ""
	}
	club, other, two := strings.Cut(e.Club, " / ")
	if two && FoldName(club) != FoldName(other) {
		return ""
	}
	return FoldName(club)
}
