package tournament

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Player is a person in the club's registry.
type Player struct {
	ID         int64     `json:"id"`
	FirstName  string    `json:"first_name"`
	LastName   string    `json:"last_name"`
	Club       string    `json:"club"`
	CardNumber string    `json:"card_number"`
	Email      string    `json:"email"`
	Phone      string    `json:"phone"`
	Notes      string    `json:"notes"`
	Active     bool      `json:"active"`
	Version    int       `json:"version"` // counts saves: a save from an older version is refused
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// Field length limits for players.
const (
	maxNameLen  = 100
	maxCardLen  = 30
	maxEmailLen = 254
	maxPhoneLen = 30
	maxNotesLen = 2000
)

// FullName returns "Last First", the way club lists are sorted and read.
func (p *Player) FullName() string {
	return strings.TrimSpace(p.LastName + " " + p.FirstName)
}

// Label names the player with their club, as a list reads: "Rossi Maria, Circolo Roma".
func (p *Player) Label() string {
	if p.Club == "" {
		return p.FullName()
	}
	return p.FullName() + ", " + p.Club
}

// Normalize trims the fields and upper-cases the card number, leaving names as typed.
func (p *Player) Normalize() {
	p.FirstName = collapseSpaces(p.FirstName)
	p.LastName = collapseSpaces(p.LastName)
	p.Club = collapseSpaces(p.Club)
	p.CardNumber = strings.ToUpper(strings.TrimSpace(p.CardNumber))
	p.Email = strings.TrimSpace(p.Email)
	p.Phone = strings.TrimSpace(p.Phone)
	p.Notes = strings.TrimSpace(p.Notes)
}

// Validate checks a normalized player and returns every problem at once.
func (p *Player) Validate() error {
	fe := FieldErrors{}
	// Hostile text first, so its message is the one a field shows.
	for _, f := range []struct {
		name, v string
	}{{"first_name", p.FirstName}, {"last_name", p.LastName}, {"club", p.Club},
		{"card_number", p.CardNumber}, {"email", p.Email}, {"phone", p.Phone}} {
		CheckText(fe, f.name, f.v, OneLine)
	}
	CheckText(fe, "notes", p.Notes, MultiLine)
	checkName := func(field, v string) {
		switch {
		case v == "":
			fe.Add(field, "error.required")
		case utf8.RuneCountInString(v) > maxNameLen:
			fe.Add(field, "error.too_long")
		case !utf8.ValidString(v) || strings.ContainsFunc(v, badRune):
			fe.Add(field, "error.bad_characters")
		}
	}
	checkName("first_name", p.FirstName)
	checkName("last_name", p.LastName)
	if utf8.RuneCountInString(p.Club) > maxNameLen {
		fe.Add("club", "error.too_long")
	} else if strings.ContainsFunc(p.Club, badRune) || !utf8.ValidString(p.Club) {
		fe.Add("club", "error.bad_characters")
	}
	CheckCard(fe, "card_number", p.CardNumber)
	if p.Email != "" {
		if len(p.Email) > maxEmailLen {
			fe.Add("email", "error.too_long")
		} else if a, err := mail.ParseAddress(p.Email); err != nil || a.Address != p.Email || !strings.Contains(a.Address[strings.LastIndex(a.Address, "@"):], ".") {
			fe.Add("email", "player.email.format")
		}
	}
	if len(p.Phone) > maxPhoneLen {
		fe.Add("phone", "error.too_long")
	} else if strings.ContainsFunc(p.Phone, func(r rune) bool {
		return !(r >= '0' && r <= '9' || strings.ContainsRune(" +-()/.", r))
	}) {
		fe.Add("phone", "player.phone.format")
	}
	if utf8.RuneCountInString(p.Notes) > maxNotesLen {
		fe.Add("notes", "error.too_long")
	} else if !utf8.ValidString(p.Notes) {
		fe.Add("notes", "error.bad_characters")
	}
	return fe.Err()
}

// CheckCard records the problem of a normalized federation card number, if any: at
// most 30 characters, upper-case letters, digits, '-', '/' and '.' (the club registry's
// rule, and the national registry's).
func CheckCard(fe FieldErrors, field, card string) {
	if len(card) > maxCardLen {
		fe.Add(field, "error.too_long")
	} else if strings.ContainsFunc(card, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '/' || r == '.')
	}) {
		fe.Add(field, "player.card_number.format")
	}
}

// badRune is a character no name has: a control character, or the replacement
// character that stands for bytes no encoding could read.
func badRune(r rune) bool { return unicode.IsControl(r) || r == utf8.RuneError }

// collapseSpaces trims and folds runs of white space into one space. The line and
// paragraph separators U+2028 and U+2029 are kept, for CheckText to refuse (they are
// invisible, not a space anyone typed).
func collapseSpaces(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) && r != '\u2028' && r != '\u2029'
	}), " ")
}

// FoldName folds a name the way the registry recognises people: as SearchText does
// (case, accents and apostrophes ignored), with the spaces dropped too ("De Luca" and
// "deluca" are one name).
func FoldName(s string) string {
	return strings.ReplaceAll(SearchText(s), " ", "")
}

// nameKey is a player's folded last and first name.
func nameKey(p Player) string {
	return FoldName(p.LastName) + "\x00" + FoldName(p.FirstName)
}

// sameName reports whether two players have the same folded name and the same folded
// club, or no club on either side.
func sameName(a, b Player) bool {
	if nameKey(a) != nameKey(b) {
		return false
	}
	ca, cb := FoldName(a.Club), FoldName(b.Club)
	return ca == "" || cb == "" || ca == cb
}

// SamePerson reports whether two registry records look like one person, as the CSV
// import and registering on the spot check: the same card number, or else the same name
// (sameName).
func SamePerson(a, b Player) bool {
	return a.CardNumber != "" && a.CardNumber == b.CardNumber || sameName(a, b)
}

// PlayerFilter selects players for a list.
type PlayerFilter struct {
	Query           string // words matched against name, club and card number
	IncludeInactive bool
	Offset, Limit   int
}

// PlayerStore persists players. Each method is one transaction.
type PlayerStore interface {
	FindPlayer(ctx context.Context, id int64) (*Player, error)
	FindPlayers(ctx context.Context, f PlayerFilter) ([]Player, int, error)
	// CreatePlayer inserts p and sets its ID; a taken card number is an ECONFLICT.
	CreatePlayer(ctx context.Context, p *Player) error
	// CreatePlayerUnlike inserts p as CreatePlayer does unless unlike, given every
	// registered player read in the same transaction (registrations serialized), returns
	// an error, which it returns: a namesake registered at the same moment is found.
	CreatePlayerUnlike(ctx context.Context, p *Player, unlike func(all []Player) error) error
	// UpdatePlayer saves every field of p; a taken card number is an ECONFLICT. With
	// p.Version not 0 the stored player must still be at that version (ECONFLICT
	// "player.stale" otherwise); p.Version is the new version after.
	UpdatePlayer(ctx context.Context, p *Player) error
	// CreatePlayers inserts all the players or none.
	CreatePlayers(ctx context.Context, ps []Player) error
	// CardHolder returns the ID of the player holding a card number, or 0.
	CardHolder(ctx context.Context, card string) (int64, error)
	// AllPlayers returns every player, active or not, for duplicate checks and export.
	AllPlayers(ctx context.Context) ([]Player, error)
	// MergePlayers moves every entry of drop to keep, saves keep's fields and removes
	// drop, in one transaction; both must still be at the versions they carry (ECONFLICT
	// "player.stale" otherwise). Each tournament whose entries move gets the log line
	// logLine makes for the entry; when both are entered in one tournament nothing is
	// written and the error is ECONFLICT "players.merge_shared" naming it.
	MergePlayers(ctx context.Context, keep, drop *Player, logLine func(tid, entryID int64) Event) ([]int64, error)
}
