package calc

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// Handlers serve the score calculator.
type Handlers struct{ *page.App }

// calc is the state of the public score calculator.
type calc struct {
	Form     *page.Form
	Rules    scoring.Rules
	Preset   string
	Hand     scoring.Hand
	Lines    []scoring.Line
	Total    int
	Valid    bool
	Scales   []tournament.Scale
	ScaleID  int64
	Diff     int
	HasDiff  bool
	VPWinner int
	VPLoser  int
}

var calcFields = []string{"preset", "semi_clean_on", "kitty_not_played", "clean", "dirty", "semi_clean", "closed",
	"kitty_taken", "opened", "table", "in_hand", "kitty_left", "scale", "diff"}

// Calculator is the public score calculator: a hand's points and an MP difference in VP.
func (h *Handlers) Calculator(c echo.Context) error {
	f := page.FormFrom(c, calcFields...)
	q := c.QueryParams()
	if len(q) == 0 { // a fresh page: the common case is a player who opened and took the kitty
		f.Values["kitty_taken"], f.Values["opened"] = "on", "on"
	}
	k := calc{Form: f}
	k.Rules, k.Preset = page.CalcRules(f.Values["preset"], f.Values["semi_clean_on"] != "", f.Values["kitty_not_played"] != "")
	hand, p := scoring.ParseHand(func(name string) string { return f.Values[name] })
	k.Hand = hand
	if p == nil {
		p = hand.Validate(&k.Rules)
	}
	for field, key := range p {
		f.Errors[field] = key
	}
	if k.Valid = p == nil; k.Valid {
		k.Lines, k.Total = hand.Lines(&k.Rules), hand.Score(&k.Rules)
	}
	var err error
	if k.Scales, err = h.Scales.List(c.Request().Context()); err != nil {
		return err
	}
	k.ScaleID, _ = strconv.ParseInt(f.Values["scale"], 10, 64)
	if raw := strings.TrimSpace(f.Values["diff"]); raw != "" {
		d, err := strconv.Atoi(raw)
		if err != nil {
			f.Errors["diff"] = "error.not_a_number"
		} else {
			k.Diff, k.HasDiff = d, true
		}
	}
	for _, sc := range k.Scales {
		if sc.ID == k.ScaleID || k.ScaleID == 0 {
			k.ScaleID = sc.ID
			if k.HasDiff {
				k.VPWinner, k.VPLoser = sc.Rules().VP(k.Diff)
			}
			break
		}
	}
	return page.Render(c, http.StatusOK, calcPage(k))
}

// calcSlots lists the error slots a live update of the calculator replaces.
func calcSlots() string {
	var ids []string
	for _, f := range []string{"closed", "opened", "clean", "dirty", "semi_clean", "table", "in_hand", "kitty_left", "diff"} {
		ids = append(ids, "#slot-"+f)
	}
	return strings.Join(ids, ",")
}
