package scoring

import (
	"strconv"
	"strings"
)

// FormNames are the names of the entry forms, as forms and the API send them.
var FormNames = map[Form]string{Components: "components", BaseCards: "base_cards", TotalOnly: "total", GameTotal: "game"}

// ParseForm reads a form name; an empty one is Components.
func ParseForm(s string) (Form, bool) {
	if s == "" {
		return Components, true
	}
	for f, n := range FormNames {
		if n == s {
			return f, true
		}
	}
	return 0, false
}

// ParseHand reads a hand from text fields, as a score-entry form sends them (get returns
// "" for a missing field). Numbers may carry spaces, a leading + or - (or the typographic
// minus), and an empty number is 0; flags are on for "on", "true", "1", "yes" or "sì".
// Every field that cannot be read is reported.
func ParseHand(get func(field string) string) (Hand, Problems) {
	p := Problems{}
	var h Hand
	form, ok := ParseForm(strings.TrimSpace(get("form")))
	if !ok {
		p.Add("form", "hand.form")
	}
	h.Form = form
	num := func(field string) int {
		v, ok := parseInt(get(field))
		if !ok {
			p.Add(field, "hand.not_a_number")
		}
		return v
	}
	switch form {
	case Components:
		h.Clean, h.Dirty, h.SemiClean = num("clean"), num("dirty"), num("semi_clean")
		h.Table, h.InHand, h.KittyLeft = num("table"), num("in_hand"), num("kitty_left")
		h.Closed, h.KittyTaken, h.Opened = flag(get("closed")), flag(get("kitty_taken")), flag(get("opened"))
	case BaseCards:
		h.Base, h.Cards = num("base"), num("cards")
	case TotalOnly, GameTotal:
		h.Total = num("total")
	}
	return h, p.OrNil()
}

// parseInt reads a whole number of at most 7 digits, so that no sum can overflow.
func parseInt(s string) (int, bool) {
	s = strings.Join(strings.Fields(s), "")
	s = strings.Replace(s, "−", "-", 1)
	if s == "" {
		return 0, true
	}
	digits := strings.TrimLeft(s, "+-")
	if len(digits) == 0 || len(digits) > 7 || len(s)-len(digits) > 1 {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	return v, true
}

func flag(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "on", "true", "1", "yes", "sì", "si":
		return true
	}
	return false
}
