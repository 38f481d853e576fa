package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Form says which figures a paper score sheet gives for a side's hand.
type Form uint8

// The forms a hand can be entered in.
const (
	Components Form = iota // burraco counts, closing, kitty and card points
	BaseCards              // a base figure (burracos, closing, kitty) and a cards figure
	TotalOnly              // the total alone
	// GameTotal is a side's total for the whole game, when the paper sheet has nothing
	// else: it stands for all the hands of the game, stored as hand 1 (see
	// tournament.CheckSheet), so no single hand of that side is known.
	GameTotal
)

// Deck limits: two decks of 108 cards hold 1,080 card points. A burraco is at least 7
// cards, so a side can have at most 15; there are 12 wild cards (4 jokers, 8 deuces).
const (
	DeckPoints   = 1080
	MaxBurracos  = 15
	MaxWild      = 12
	KittyCards   = 11
	maxKittyPts  = 11 * 30 // the most 11 cards can be worth, all jokers
	maxBasePos   = 100 + MaxBurracos*200
	maxAbsTotals = 100000
)

// Hand is one side's figures for one hand, in one of the forms.
type Hand struct {
	Form Form `json:"form"`

	// Components.
	Clean      int  `json:"clean"`
	Dirty      int  `json:"dirty"`
	SemiClean  int  `json:"semi_clean"`
	Closed     bool `json:"closed"`
	KittyTaken bool `json:"kitty_taken"`
	Opened     bool `json:"opened"`
	Table      int  `json:"table"`      // card points melded on the table
	InHand     int  `json:"in_hand"`    // card points left in hand
	KittyLeft  int  `json:"kitty_left"` // card points of a kitty taken but never played
	Base       int  `json:"base"`       // BaseCards form
	Cards      int  `json:"cards"`      // BaseCards form
	Total      int  `json:"total"`      // TotalOnly and GameTotal forms
}

// HandFieldError says why a hand could not be read from JSON, naming the field.
type HandFieldError struct {
	Field   string // the field's JSON name
	Problem string // what is wrong, in English (it ends up in the API's bad-JSON message)
}

func (e *HandFieldError) Error() string { return fmt.Sprintf("hand field %q %s", e.Field, e.Problem) }

// UnmarshalJSON reads a hand as strictly as the API reads its bodies, which
// json.Decoder.DisallowUnknownFields cannot do through a custom unmarshaler: a field that
// is not one of the hand's JSON names (matched exactly), a null field, and a value of the
// wrong type (a count that is not a whole number, a flag that is not true or false) are
// refused with a *HandFieldError, where plain decoding would skip the first and read a
// null as 0 or false. A field left out keeps its value, as with plain decoding; on an
// error the hand is left unchanged.
//
// A hand that is null as a whole is left alone, as encoding/json expects of an
// unmarshaler. A null *Hand, such as a seat with nothing entered in [][]*Hand, never gets
// here: encoding/json sets the pointer to nil without calling this method.
func (h *Hand) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	// Fast path, for the usual hand: with no null and only plain ASCII, encoding/json's
	// strict decoding means the same; anything it refuses goes the slow way below, which
	// says precisely what is wrong.
	if !bytes.Contains(data, []byte("null")) && plainASCII(data) {
		type plain Hand
		v := plain(*h)
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if dec.Decode(&v) == nil && !dec.More() {
			*h = Hand(v)
			return nil
		}
	}
	v := *h
	err := eachMember(data, func(name string, value json.RawMessage) error {
		dst, want, zero := v.field(name)
		switch {
		case dst == nil:
			return &HandFieldError{name, "is unknown"}
		case isNull(value):
			return &HandFieldError{name, "cannot be null (leave it out for " + zero + ")"}
		case json.Unmarshal(value, dst) != nil:
			return &HandFieldError{name, "must be " + want + ", not " + describeJSON(value)}
		}
		return nil
	})
	if err == errNotObject {
		return fmt.Errorf("a hand must be a JSON object, not %s", describeJSON(data))
	} else if err != nil {
		return err
	}
	*h = v
	return nil
}

// field returns a pointer to the hand's field with that JSON name, what its value must
// be and its zero value, in words; dst is nil for an unknown name.
func (h *Hand) field(name string) (dst any, want, zero string) {
	const count, flag = "a whole number", "true or false"
	switch name {
	case "form":
		return &h.Form, "0 (components), 1 (base and cards), 2 (total) or 3 (game total)", "0"
	case "clean":
		return &h.Clean, count, "0"
	case "dirty":
		return &h.Dirty, count, "0"
	case "semi_clean":
		return &h.SemiClean, count, "0"
	case "closed":
		return &h.Closed, flag, "false"
	case "kitty_taken":
		return &h.KittyTaken, flag, "false"
	case "opened":
		return &h.Opened, flag, "false"
	case "table":
		return &h.Table, count, "0"
	case "in_hand":
		return &h.InHand, count, "0"
	case "kitty_left":
		return &h.KittyLeft, count, "0"
	case "base":
		return &h.Base, count, "0"
	case "cards":
		return &h.Cards, count, "0"
	case "total":
		return &h.Total, count, "0"
	}
	return nil, "", ""
}

// describeJSON names the kind of a JSON value for a message: a number or a flag as
// written (shortened), anything else by its kind.
func describeJSON(value []byte) string {
	value = bytes.TrimSpace(value)
	if len(value) == 0 {
		return "nothing"
	}
	switch value[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	if len(value) > 24 {
		return string(value[:24]) + "…"
	}
	return string(value)
}

// Line is one item of a hand's total, for showing how it adds up.
type Line struct {
	Key    string `json:"key"`    // message key of the item
	Count  int    `json:"count"`  // how many (burracos), or 0
	Points int    `json:"points"` // what it adds (negative to take off)
}

// Score returns the hand's total under the rules. It allocates nothing.
func (h *Hand) Score(r *Rules) int {
	switch h.Form {
	case BaseCards:
		return h.Base + h.Cards
	case TotalOnly, GameTotal:
		return h.Total
	}
	return h.base(r) + h.cards(r)
}

// base is the part of a components hand that does not come from card points.
func (h *Hand) base(r *Rules) int {
	b := h.Clean*r.Clean + h.Dirty*r.Dirty
	if r.SemiCleanOn {
		b += h.SemiClean * r.SemiClean
	}
	if h.Closed {
		b += r.Closing
	}
	if !h.KittyTaken {
		b -= r.KittyPenalty
	}
	return b
}

// cards is the card-point part of a components hand.
func (h *Hand) cards(r *Rules) int {
	inHand := h.InHand
	if r.NeverOpenedDoubles && !h.Opened {
		inHand *= 2
	}
	c := h.Table - inHand
	if r.KittyNotPlayed && h.KittyTaken {
		c -= h.KittyLeft
	}
	return c
}

// Split returns a hand's base and cards figures, as a paper sheet writes them: for a
// components hand computed from its parts, for a base + cards hand as entered. A hand
// entered as its total alone has no split: ok is false.
func (h *Hand) Split(r *Rules) (base, cards int, ok bool) {
	switch h.Form {
	case Components:
		return h.base(r), h.cards(r), true
	case BaseCards:
		return h.Base, h.Cards, true
	}
	return 0, 0, false
}

// Lines explains a components hand's total item by item (empty items left out); for
// the other forms it gives the figures the sheet had.
func (h *Hand) Lines(r *Rules) []Line {
	var ls []Line
	add := func(key string, count, pts int) {
		if pts != 0 {
			ls = append(ls, Line{key, count, pts})
		}
	}
	switch h.Form {
	case BaseCards:
		add("hand.base", 0, h.Base)
		add("hand.cards", 0, h.Cards)
		return ls
	case TotalOnly, GameTotal:
		add("hand.total", 0, h.Total)
		return ls
	}
	if h.Closed {
		add("hand.closing", 0, r.Closing)
	}
	add("hand.clean", h.Clean, h.Clean*r.Clean)
	if r.SemiCleanOn {
		add("hand.semi_clean", h.SemiClean, h.SemiClean*r.SemiClean)
	}
	add("hand.dirty", h.Dirty, h.Dirty*r.Dirty)
	if !h.KittyTaken {
		add("hand.kitty_not_taken", 0, -r.KittyPenalty)
	}
	add("hand.table", 0, h.Table)
	if r.NeverOpenedDoubles && !h.Opened {
		add("hand.in_hand_doubled", 0, -2*h.InHand)
	} else {
		add("hand.in_hand", 0, -h.InHand)
	}
	if r.KittyNotPlayed && h.KittyTaken {
		add("hand.kitty_not_played", 0, -h.KittyLeft)
	}
	return ls
}

// Validate checks one side's hand and returns every problem, each tied to its field.
func (h *Hand) Validate(r *Rules) Problems {
	p := Problems{}
	switch h.Form {
	case BaseCards:
		if h.Base%5 != 0 {
			p.Add("base", "hand.multiple_of_5")
		} else if h.Base < -r.KittyPenalty || h.Base > maxBasePos+r.Closing {
			p.Add("base", "hand.out_of_range")
		} else if g := r.baseStep(); g > 0 && h.Base%g != 0 {
			p.Add("base", "hand.base_step")
		}
		if h.Cards%5 != 0 {
			p.Add("cards", "hand.multiple_of_5")
		} else if h.Cards > DeckPoints || h.Cards < -2*DeckPoints-maxKittyPts {
			p.Add("cards", "hand.out_of_range")
		}
		return p.OrNil()
	case TotalOnly:
		if lo, hi := TotalRange(r); h.Total%5 != 0 {
			p.Add("total", "hand.multiple_of_5")
		} else if h.Total > hi || h.Total < lo {
			p.Add("total", "hand.out_of_range")
		}
		return p.OrNil()
	case GameTotal:
		// Bounds of a whole game depend on its number of hands: only the far-off limit
		// that keeps sums safe is checked here.
		if h.Total%5 != 0 {
			p.Add("total", "hand.multiple_of_5")
		} else if h.Total > maxAbsTotals || h.Total < -maxAbsTotals {
			p.Add("total", "hand.out_of_range")
		}
		return p.OrNil()
	case Components:
	default:
		p.Add("form", "hand.form")
		return p
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"clean", h.Clean}, {"dirty", h.Dirty}, {"semi_clean", h.SemiClean}} {
		if c.v < 0 {
			p.Add(c.name, "hand.negative")
		} else if c.v > MaxBurracos {
			p.Add(c.name, "hand.too_many_burracos")
		}
	}
	if h.SemiClean > 0 && !r.SemiCleanOn {
		p.Add("semi_clean", "hand.semi_clean_off")
	}
	if _, bad := p["clean"]; !bad && h.Clean+h.Dirty+h.SemiClean > MaxBurracos {
		p.Add("clean", "hand.too_many_burracos")
	}
	if h.Dirty+h.SemiClean > MaxWild {
		p.Add("dirty", "hand.too_many_dirty")
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"table", h.Table}, {"in_hand", h.InHand}, {"kitty_left", h.KittyLeft}} {
		switch {
		case c.v < 0:
			p.Add(c.name, "hand.negative")
		case c.v%5 != 0:
			p.Add(c.name, "hand.multiple_of_5")
		case c.v > DeckPoints:
			p.Add(c.name, "hand.over_deck")
		}
	}
	if len(p) == 0 && h.Table+h.InHand+h.KittyLeft > DeckPoints {
		p.Add("table", "hand.over_deck")
	}
	// A burraco is at least 7 cards on the table, worth at least 5 points each.
	if h.Table < 35*(h.Clean+h.Dirty+h.SemiClean) {
		p.Add("table", "hand.table_too_low")
	}
	if h.KittyLeft > 0 {
		if !r.KittyNotPlayed {
			p.Add("kitty_left", "hand.kitty_left_off")
		} else if !h.KittyTaken {
			p.Add("kitty_left", "hand.kitty_left_not_taken")
		} else if h.KittyLeft > maxKittyPts || h.KittyLeft < 5*KittyCards {
			p.Add("kitty_left", "hand.out_of_range")
		}
	}
	if h.Closed {
		if !h.KittyTaken {
			p.Add("closed", "hand.closer_kitty")
		} else if h.Clean+h.Dirty+h.SemiClean == 0 {
			p.Add("closed", "hand.closer_burraco")
		} else if h.InHand != 0 {
			p.Add("in_hand", "hand.closer_cards")
		}
	}
	if r.NeverOpenedDoubles && !h.Opened && (h.Table != 0 || h.Clean+h.Dirty+h.SemiClean > 0 || h.Closed) {
		p.Add("opened", "hand.not_opened_melds")
	} else if r.NeverOpenedDoubles && !h.Opened && h.KittyTaken {
		// The kitty is taken once the hand is played out, which takes melding.
		p.Add("opened", "hand.kitty_not_opened")
	}
	return p.OrNil()
}

// TotalRange is the lowest and the highest total one side can score in one hand.
func TotalRange(r *Rules) (lo, hi int) {
	return -r.KittyPenalty - 2*DeckPoints - maxKittyPts, maxBasePos + r.Closing + DeckPoints
}

// ValidateDeal checks the sides of one hand together: at most one closes. The problem is
// reported on the "closed" field of each side after the first closer.
func ValidateDeal(hands []Hand) map[int]Problems {
	var out map[int]Problems
	closer := -1
	for i := range hands {
		if hands[i].Form != Components || !hands[i].Closed {
			continue
		}
		if closer < 0 {
			closer = i
			continue
		}
		if out == nil {
			out = map[int]Problems{}
		}
		out[i] = Problems{"closed": "hand.two_closers"}
	}
	return out
}

// plainASCII reports whether b holds nothing encoding/json could match a field name
// with loosely: no capital letter, no escape, no byte beyond ASCII (a hand's values are
// numbers and flags, so these could only be in a name).
func plainASCII(b []byte) bool {
	for _, c := range b {
		if c >= 'A' && c <= 'Z' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}
