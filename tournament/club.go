package tournament

import (
	"slices"
	"strings"
)

// ClubKeys are the clubs a side plays for when a draw keeps clubs apart (RULES.md 4.1
// and 7.4): its entry's club, folded (case, accents and spaces aside); a pair whose
// members named two clubs (stored as "Roma / Milano") plays for both. None for a
// substitute or a side without a club.
func ClubKeys(e *Entry) []string {
	if e == nil || e.Substitute() {
		return nil
	}
	var out []string
	for c := range strings.SplitSeq(e.Club, " / ") {
		if f := FoldName(c); f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
