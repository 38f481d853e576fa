package scoring

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The worked examples of RULES.md section 1.
func TestRulesExamples(t *testing.T) {
	tests := []struct {
		name string
		h    Hand
		want int
	}{
		{"closed, 1 clean + 1 dirty, 420 on the table", Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Dirty: 1, Table: 420}, 820},
		{"kitty not taken, 80 on the table", Hand{Opened: true, Table: 80}, -20},
		{"kitty not taken, 30 on the table, 90 in hand", Hand{Opened: true, Table: 30, InHand: 90}, -160},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range []Rules{Standard, ThreePlayer} {
				assert.Nil(t, tt.h.Validate(&r))
				assert.Equal(t, tt.want, tt.h.Score(&r))
			}
		})
	}
}

func TestScoreRules(t *testing.T) {
	semi := Standard
	semi.SemiCleanOn = true
	kitty := Standard
	kitty.KittyNotPlayed = true
	tests := []struct {
		name  string
		r     Rules
		h     Hand
		want  int
		lines []Line
	}{
		{"semi-clean on", semi, Hand{KittyTaken: true, Opened: true, SemiClean: 1, Clean: 1, Table: 300, InHand: 20}, 150 + 200 + 300 - 20,
			[]Line{{"hand.clean", 1, 200}, {"hand.semi_clean", 1, 150}, {"hand.table", 0, 300}, {"hand.in_hand", 0, -20}}},
		{"3-player: never opened doubles the hand", ThreePlayer, Hand{KittyTaken: false, Opened: false, InHand: 85}, -100 - 170,
			[]Line{{"hand.kitty_not_taken", 0, -100}, {"hand.in_hand_doubled", 0, -170}}},
		{"standard: never opened does not double", Standard, Hand{Opened: false, InHand: 85}, -100 - 85,
			[]Line{{"hand.kitty_not_taken", 0, -100}, {"hand.in_hand", 0, -85}}},
		{"kitty taken but not played", kitty, Hand{KittyTaken: true, Opened: true, Table: 200, KittyLeft: 120}, 80,
			[]Line{{"hand.table", 0, 200}, {"hand.kitty_not_played", 0, -120}}},
		{"base + cards", Standard, Hand{Form: BaseCards, Base: 300, Cards: -45}, 255,
			[]Line{{"hand.base", 0, 300}, {"hand.cards", 0, -45}}},
		{"total alone", Standard, Hand{Form: TotalOnly, Total: -160}, -160, []Line{{"hand.total", 0, -160}}},
		{"closing bonus configurable", Rules{Closing: 150, Clean: 200, Dirty: 100, KittyPenalty: 100}, Hand{Closed: true, KittyTaken: true, Opened: true, Dirty: 1, Table: 100}, 350,
			[]Line{{"hand.closing", 0, 150}, {"hand.dirty", 1, 100}, {"hand.table", 0, 100}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Nil(t, tt.h.Validate(&tt.r))
			assert.Equal(t, tt.want, tt.h.Score(&tt.r))
			assert.Equal(t, tt.lines, tt.h.Lines(&tt.r))
			sum := 0
			for _, l := range tt.h.Lines(&tt.r) {
				sum += l.Points
			}
			assert.Equal(t, tt.want, sum, "the lines add up to the total")
		})
	}
}

func TestValidateHand(t *testing.T) {
	semi := Standard
	semi.SemiCleanOn = true
	kitty := Standard
	kitty.KittyNotPlayed = true
	ok := Hand{KittyTaken: true, Opened: true, Clean: 1, Table: 300}
	tests := []struct {
		name string
		r    Rules
		edit func(h *Hand)
		want Problems
	}{
		{"negative count", Standard, func(h *Hand) { h.Dirty = -1 }, Problems{"dirty": "hand.negative"}},
		{"too many burracos in one count", Standard, func(h *Hand) { h.Clean = 16; h.Table = 1000 }, Problems{"clean": "hand.too_many_burracos"}},
		{"too many burracos together", Standard, func(h *Hand) { h.Clean, h.Dirty = 9, 7; h.Table = 1000 }, Problems{"clean": "hand.too_many_burracos"}},
		{"too many dirty for the wild cards", Standard, func(h *Hand) { h.Clean, h.Dirty = 0, 13; h.Table = 1000 }, Problems{"dirty": "hand.too_many_dirty"}},
		{"semi-clean while off", Standard, func(h *Hand) { h.SemiClean = 1 }, Problems{"semi_clean": "hand.semi_clean_off"}},
		{"semi-clean while on", semi, func(h *Hand) { h.SemiClean = 1 }, nil},
		{"table not a multiple of 5", Standard, func(h *Hand) { h.Table = 302 }, Problems{"table": "hand.multiple_of_5"}},
		{"hand over the decks", Standard, func(h *Hand) { h.InHand = 1085 }, Problems{"in_hand": "hand.over_deck"}},
		{"table and hand over the decks", Standard, func(h *Hand) { h.Table, h.InHand = 800, 300 }, Problems{"table": "hand.over_deck"}},
		{"negative card points", Standard, func(h *Hand) { h.InHand = -5 }, Problems{"in_hand": "hand.negative"}},
		{"burracos need cards on the table", Standard, func(h *Hand) { h.Clean, h.Table = 2, 60 }, Problems{"table": "hand.table_too_low"}},
		{"closer without the kitty", Standard, func(h *Hand) { h.Closed, h.KittyTaken = true, false }, Problems{"closed": "hand.closer_kitty"}},
		{"closer without a burraco", Standard, func(h *Hand) { h.Closed, h.Clean = true, 0 }, Problems{"closed": "hand.closer_burraco"}},
		{"closer with cards in hand", Standard, func(h *Hand) { h.Closed, h.InHand = true, 15 }, Problems{"in_hand": "hand.closer_cards"}},
		{"never opened but melded", ThreePlayer, func(h *Hand) { h.Opened = false }, Problems{"opened": "hand.not_opened_melds"}},
		{"kitty left while the variant is off", Standard, func(h *Hand) { h.KittyLeft = 100 }, Problems{"kitty_left": "hand.kitty_left_off"}},
		{"kitty left without taking it", kitty, func(h *Hand) { h.KittyTaken, h.KittyLeft = false, 100 }, Problems{"kitty_left": "hand.kitty_left_not_taken"}},
		{"kitty left below 11 cards", kitty, func(h *Hand) { h.KittyLeft = 50 }, Problems{"kitty_left": "hand.out_of_range"}},
		{"every problem at once", Standard, func(h *Hand) { h.Dirty, h.Table, h.InHand = -1, 7, 3 },
			Problems{"dirty": "hand.negative", "table": "hand.multiple_of_5", "in_hand": "hand.multiple_of_5"}},
		{"base not a multiple of 5", Standard, func(h *Hand) { *h = Hand{Form: BaseCards, Base: 101} }, Problems{"base": "hand.multiple_of_5"}},
		{"base out of range", Standard, func(h *Hand) { *h = Hand{Form: BaseCards, Base: -200} }, Problems{"base": "hand.out_of_range"}},
		{"cards out of range", Standard, func(h *Hand) { *h = Hand{Form: BaseCards, Cards: 1085} }, Problems{"cards": "hand.out_of_range"}},
		{"total not a multiple of 5", Standard, func(h *Hand) { *h = Hand{Form: TotalOnly, Total: 12} }, Problems{"total": "hand.multiple_of_5"}},
		{"total out of range", Standard, func(h *Hand) { *h = Hand{Form: TotalOnly, Total: 99995} }, Problems{"total": "hand.out_of_range"}},
		{"unknown form", Standard, func(h *Hand) { h.Form = 9 }, Problems{"form": "hand.form"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := ok
			tt.edit(&h)
			assert.Equal(t, tt.want, h.Validate(&tt.r))
		})
	}
}

func TestValidateDeal(t *testing.T) {
	closer := Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Table: 300}
	other := Hand{KittyTaken: true, Opened: true, Table: 100}
	assert.Nil(t, ValidateDeal([]Hand{closer, other, other}))
	assert.Nil(t, ValidateDeal([]Hand{other, other}), "nobody closing is fine (stock out, time-out)")
	assert.Equal(t, map[int]Problems{2: {"closed": "hand.two_closers"}}, ValidateDeal([]Hand{closer, other, closer}))
}

func TestParseHand(t *testing.T) {
	vals := map[string]string{"clean": " 1 ", "dirty": "", "closed": "on", "kitty_taken": "true", "opened": "sì", "table": "+420", "in_hand": "0"}
	h, p := ParseHand(func(k string) string { return vals[k] })
	assert.Nil(t, p)
	assert.Equal(t, Hand{Clean: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420}, h)
	assert.Equal(t, 820, func() int { h.Dirty = 1; return h.Score(&Standard) }())

	vals = map[string]string{"form": "base_cards", "base": "−100", "cards": "1 080"}
	h, p = ParseHand(func(k string) string { return vals[k] })
	assert.Nil(t, p)
	assert.Equal(t, Hand{Form: BaseCards, Base: -100, Cards: 1080}, h)

	vals = map[string]string{"form": "total", "total": "12.5"}
	_, p = ParseHand(func(k string) string { return vals[k] })
	assert.Equal(t, Problems{"total": "hand.not_a_number"}, p)

	vals = map[string]string{"clean": "x", "table": "--5", "in_hand": "99999999"}
	_, p = ParseHand(func(k string) string { return vals[k] })
	assert.Equal(t, Problems{"clean": "hand.not_a_number", "table": "hand.not_a_number", "in_hand": "hand.not_a_number"}, p)

	_, p = ParseHand(func(k string) string { return map[string]string{"form": "abacus"}[k] })
	assert.Equal(t, Problems{"form": "hand.form"}, p)
}

func FuzzHand(f *testing.F) {
	f.Add("", "1", "1", "0", "on", "on", "on", "420", "0", "0", "0", "0", "0")
	f.Add("base_cards", "", "", "", "", "", "", "", "", "", "-100", "35", "")
	f.Add("total", "", "", "", "", "", "", "", "", "", "", "", "−160")
	f.Fuzz(func(t *testing.T, form, clean, dirty, semi, closed, kitty, opened, table, inHand, kittyLeft, base, cards, total string) {
		vals := map[string]string{"form": form, "clean": clean, "dirty": dirty, "semi_clean": semi, "closed": closed,
			"kitty_taken": kitty, "opened": opened, "table": table, "in_hand": inHand, "kitty_left": kittyLeft,
			"base": base, "cards": cards, "total": total}
		h, p := ParseHand(func(k string) string { return vals[k] })
		for _, r := range []Rules{Standard, ThreePlayer, {SemiCleanOn: true, SemiClean: 150, KittyNotPlayed: true, Closing: 100, Clean: 200, Dirty: 100, KittyPenalty: 100}} {
			total := h.Score(&r)
			problems := h.Validate(&r)
			if p != nil || h.Form != Components {
				continue
			}
			// The total of components equals base + cards.
			bc := Hand{Form: BaseCards, Base: h.base(&r), Cards: h.cards(&r)}
			if bc.Score(&r) != total {
				t.Fatalf("components %d != base+cards %d", total, bc.Score(&r))
			}
			sum := 0
			for _, l := range h.Lines(&r) {
				sum += l.Points
			}
			if sum != total {
				t.Fatalf("lines add to %d, total %d", sum, total)
			}
			// A valid hand is a multiple of 5 and its base + cards form is valid too.
			if problems == nil {
				if total%5 != 0 {
					t.Fatalf("valid hand total %d not a multiple of 5", total)
				}
				if bp := bc.Validate(&r); bp != nil {
					t.Fatalf("valid hand %+v gives invalid base+cards %+v: %v", h, bc, bp)
				}
				if tp := (&Hand{Form: TotalOnly, Total: total}).Validate(&r); tp != nil {
					t.Fatalf("valid hand %+v gives invalid total %d: %v", h, total, tp)
				}
			}
		}
	})
}

var sink int

func BenchmarkScore(b *testing.B) {
	h := Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Dirty: 1, Table: 420}
	r := ThreePlayer
	b.ReportAllocs()
	for b.Loop() {
		sink += h.Score(&r)
	}
}

func BenchmarkValidate(b *testing.B) {
	h := Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Dirty: 1, Table: 420}
	r := ThreePlayer
	b.ReportAllocs()
	for b.Loop() {
		if h.Validate(&r) != nil {
			b.Fatal("invalid")
		}
	}
}

func TestValidateRules(t *testing.T) {
	assert.Nil(t, Standard.Validate())
	assert.Nil(t, ThreePlayer.Validate())
	bad := Standard
	bad.Closing, bad.KittyPenalty = 102, -100
	assert.Equal(t, Problems{"closing": "rules.value", "kitty_penalty": "rules.value"}, bad.Validate())
}

func TestImpossibleHandsFoundByTesters(t *testing.T) {
	// The kitty is taken once the hand is played out, which takes melding: "kitty taken,
	// never opened" is a slip that would silently drop the -100 (3-player rules).
	r := ThreePlayer
	h := Hand{Form: Components, KittyTaken: true, Opened: false, InHand: 60}
	assert.Equal(t, Problems{"opened": "hand.kitty_not_opened"}, h.Validate(&r))
	h.KittyTaken = false
	assert.Nil(t, h.Validate(&r), "neither: kitty not taken, hand doubled")
	assert.Equal(t, -220, h.Score(&r))

	// A base is closing, burracos and the kitty penalty only: a multiple of 100 with the
	// standard values, of 50 when semi-clean burracos count 150.
	for _, tc := range []struct {
		base int
		semi bool
		ok   bool
	}{{300, false, true}, {-100, false, true}, {150, false, false}, {50, false, false}, {150, true, true}, {25, true, false}} {
		r := Standard
		r.SemiCleanOn = tc.semi
		h := Hand{Form: BaseCards, Base: tc.base, Cards: 100}
		if tc.ok {
			assert.Nil(t, h.Validate(&r), "base %d semi %t", tc.base, tc.semi)
		} else {
			assert.Equal(t, Problems{"base": "hand.base_step"}, h.Validate(&r), "base %d semi %t", tc.base, tc.semi)
		}
	}
}

// Field names of a hand match exactly, also on the fast path (encoding/json matches
// names ignoring case, Unicode folding and escapes included).
func TestHandJSONNamesExact(t *testing.T) {
	for _, in := range []string{`{"form":2,"Total":100}`, `{"form":2,"\u0054otal":100}`, "{\"form\":0,\"\u212aitty_taken\":true}"} {
		var h Hand
		assert.Error(t, json.Unmarshal([]byte(in), &h), in)
	}
}
