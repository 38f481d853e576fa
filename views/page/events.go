package page

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/words"
)

// EventText puts a log line in words in a language, in the wording of the tournament's
// format (a game or a round): the message of its kind with its arguments, what else it did, then each change "what before → after". Lines from
// before the log was structured keep their English text.
func EventText(lang Lang, format string, e *tournament.Event) string {
	if len(e.Args) == 0 && len(e.Also) == 0 && len(e.Changes) == 0 && e.Detail != "" {
		return e.Detail
	}
	args := anys(e.Args)
	if (e.Kind == "stage" || e.Kind == "create") && len(args) > 1 {
		args[1] = FormatName(lang, e.Args[1])
	}
	if e.Kind == "missed_bye" && len(args) > 2 { // "1, 3": the rounds it counts
		args[2] = words.CountOf(len(strings.Split(e.Args[2], ",")), e.Args[2])
	}
	parts := []string{TranslateFor(lang, format, "event."+e.Kind, args...)}
	for _, l := range e.Also {
		parts = append(parts, TranslateFor(lang, format, l.Key, anys(l.Args)...))
	}
	text := strings.Join(parts, "; ")
	if len(e.Changes) > 0 {
		cs := make([]string, len(e.Changes))
		for i, c := range e.Changes {
			cs[i] = ChangeText(lang, format, c)
		}
		text += ": " + strings.Join(cs, ", ")
	}
	return text
}

// ChangeText puts one change in words, in the wording of the tournament's format:
// "hand 3 Rossi Mario 100 → 390", "hand 1 Rossi Mario 600 (base 400, cards 200) → 600
// (base 300, cards 300)", "game total Rossi Mario – → 1300", "Rossi Mario: hand 1 600 →
// game total 1300".
func ChangeText(lang Lang, format string, c tournament.Change) string {
	if c.BeforeHand != nil || c.AfterHand != nil {
		return handChangeText(lang, format, c)
	}
	val := func(v string) string {
		switch {
		case v == "":
			return "–"
		case c.Words:
			return Translate(lang, v)
		}
		return v
	}
	return TranslateFor(lang, format, c.What, anys(c.Of)...) + " " + val(c.Before) + " → " + val(c.After)
}

// HandChangeText puts a change of one side's hand score in words: its total, with the
// figures when the sheet gave more than a total, and where it stands (a hand or the game
// total) when a hand's total was replaced by a game total or back.
func handChangeText(lang Lang, format string, c tournament.Change) string {
	tr := func(key string, args ...any) string { return TranslateFor(lang, format, key, args...) }
	game := func(h *scoring.Hand) bool { return h != nil && h.Form == scoring.GameTotal }
	hand, name := "", ""
	if len(c.Of) == 2 {
		hand, name = c.Of[0], c.Of[1]
	}
	val := func(score string, h *scoring.Hand, at bool) string {
		if h == nil {
			return "–"
		}
		text := score + figuresText(lang, h)
		if at && game(h) {
			return tr("change.at_game_total") + " " + text
		} else if at {
			return tr("change.at_hand", hand) + " " + text
		}
		return text
	}
	bg, ag := game(c.BeforeHand), game(c.AfterHand)
	switch {
	case (bg || c.BeforeHand == nil) && (ag || c.AfterHand == nil):
		return tr("change.game_total", name) + " " + val(c.Before, c.BeforeHand, false) + " → " + val(c.After, c.AfterHand, false)
	case bg || ag:
		return name + ": " + val(c.Before, c.BeforeHand, true) + " → " + val(c.After, c.AfterHand, true)
	}
	return tr("change.hand", hand, name) + " " + val(c.Before, c.BeforeHand, false) + " → " + val(c.After, c.AfterHand, false)
}

// FiguresText is what a hand's figures say beyond its total, " (base 300, cards 200)",
// "" for a total alone.
func figuresText(lang Lang, h *scoring.Hand) string {
	var parts []string
	num := func(key string, v int) {
		if v != 0 {
			parts = append(parts, Translate(lang, key)+" "+Itoa(v))
		}
	}
	flag := func(key string, v bool) {
		if v {
			parts = append(parts, Translate(lang, key))
		}
	}
	switch h.Form {
	case scoring.BaseCards:
		parts = append(parts, Translate(lang, "hand.field.base")+" "+Itoa(h.Base), Translate(lang, "hand.field.cards")+" "+Itoa(h.Cards))
	case scoring.Components:
		flag("hand.field.closed", h.Closed)
		flag("hand.field.kitty_taken", h.KittyTaken)
		num("hand.field.clean", h.Clean)
		num("hand.field.dirty", h.Dirty)
		num("hand.field.semi_clean", h.SemiClean)
		num("hand.field.table", h.Table)
		num("hand.field.in_hand", h.InHand)
		num("hand.field.kitty_left", h.KittyLeft)
	default:
		return ""
	}
	return " (" + strings.ToLower(strings.Join(parts, ", ")) + ")"
}

// FormatName is a format's name as it reads inside a sentence: "Knockout" in English,
// "eliminazione diretta" in Italian (whose names are capitalised as titles).
func FormatName(lang Lang, code string) string {
	name := Translate(lang, "tournament.format_name."+code)
	if lang == IT {
		if r, size := utf8.DecodeRuneInString(name); size > 0 {
			name = string(unicode.ToLower(r)) + name[size:]
		}
	}
	return name
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// EventLine is EventText in the language of the
func EventLine(ctx context.Context, e tournament.Event) string {
	p := Of(ctx)
	return EventText(p.Lang, p.Format, &e)
}
