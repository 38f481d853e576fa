package tournament

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// SearchText folds text the way player searches compare it: lower case, accents and
// other marks stripped ("Niccolò" → "niccolo"), apostrophes dropped ("D'Alessandro" →
// "dalessandro"), runs of white space collapsed. The store keeps each player's folded
// name, club and card number in a column of its own and folds the query the same way, so
// the search is plain LIKE on any SQL database.
func SearchText(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r), isApostrophe(r):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteString(strings.ToLower(string(r)))
	}
	return b.String()
}

func isApostrophe(r rune) bool {
	switch r {
	case '\'', '\u2019', '\u2018', '\u02bc', '`', '\u00b4':
		return true
	}
	return false
}

// PlayerSearchText is what a player is found by: name, club and card number, folded.
func PlayerSearchText(p *Player) string {
	return SearchText(p.FirstName + " " + p.LastName + " " + p.Club + " " + p.CardNumber)
}
