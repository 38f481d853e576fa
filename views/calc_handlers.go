package views

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
)

// calc is the state of the public score calculator.
type calc struct {
	Form     *form
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

// calcRules builds the rule set of the calculator: a preset with the two variants.
func calcRules(preset string, semi, kitty bool) (scoring.Rules, string) {
	r, ok := scoring.PresetRules(preset)
	if !ok {
		preset = "standard"
		r = scoring.Standard
	}
	r.SemiCleanOn, r.KittyNotPlayed = semi, kitty
	return r, preset
}

func (s *Server) calculator(c echo.Context) error {
	f := formFrom(c, calcFields...)
	q := c.QueryParams()
	if len(q) == 0 { // a fresh page: the common case is a player who opened and took the kitty
		f.Values["kitty_taken"], f.Values["opened"] = "on", "on"
	}
	k := calc{Form: f}
	k.Rules, k.Preset = calcRules(f.Values["preset"], f.Values["semi_clean_on"] != "", f.Values["kitty_not_played"] != "")
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
	if k.Scales, err = s.scales.List(c.Request().Context()); err != nil {
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
	return render(c, http.StatusOK, calcPage(k))
}

// apiCalcHand scores one hand: {"preset": "three_player", "semi_clean_on": false,
// "kitty_not_played": false, "hand": {...}}. The hand is required: null or left out is
// refused rather than scored as an empty hand.
func (s *Server) apiCalcHand(c echo.Context) error {
	var in struct {
		Preset         string        `json:"preset"`
		SemiCleanOn    bool          `json:"semi_clean_on"`
		KittyNotPlayed bool          `json:"kitty_not_played"`
		Hand           *scoring.Hand `json:"hand"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Hand == nil {
		return tournament.FieldErrors{"hand": "error.required"}.Err()
	}
	r, preset := calcRules(in.Preset, in.SemiCleanOn, in.KittyNotPlayed)
	if p := in.Hand.Validate(&r); p != nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: p}
	}
	lines := in.Hand.Lines(&r)
	lang := langOf(c)
	out := make([]map[string]any, len(lines))
	for i, l := range lines {
		out[i] = map[string]any{"key": l.Key, "label": Translate(lang, l.Key), "count": l.Count, "points": l.Points}
	}
	return c.JSON(http.StatusOK, map[string]any{"preset": preset, "rules": r, "total": in.Hand.Score(&r), "lines": out})
}

// apiCalcVP converts an MP difference: ?scale_id=1&diff=600. Every problem is a field
// error, both at once when both parameters are wrong: a scale_id that is missing,
// unreadable or names no scale, and a diff that is missing or unreadable.
func (s *Server) apiCalcVP(c echo.Context) error {
	fe := tournament.FieldErrors{}
	var sc *tournament.Scale
	if raw := strings.TrimSpace(c.QueryParam("scale_id")); raw == "" {
		fe.Add("scale_id", "error.required")
	} else if id, err := strconv.ParseInt(raw, 10, 64); err != nil {
		fe.Add("scale_id", "error.not_a_number")
	} else if id <= 0 {
		fe.Add("scale_id", "calc.scale_unknown")
	} else if sc, err = s.scales.Get(c.Request().Context(), id); tournament.ErrorCode(err) == tournament.ENOTFOUND {
		fe.Add("scale_id", "calc.scale_unknown")
	} else if err != nil {
		return err
	}
	var d int
	if raw := strings.TrimSpace(c.QueryParam("diff")); raw == "" {
		fe.Add("diff", "error.required")
	} else if n, err := strconv.Atoi(raw); err != nil {
		fe.Add("diff", "error.not_a_number")
	} else {
		d = n
	}
	if err := fe.Err(); err != nil {
		return err
	}
	w, l := sc.Rules().VP(d)
	return c.JSON(http.StatusOK, map[string]any{"scale": sc.Name, "diff": d, "winner": w, "loser": l})
}

// calcSlots lists the error slots a live update of the calculator replaces.
func calcSlots() string {
	var ids []string
	for _, f := range []string{"closed", "opened", "clean", "dirty", "semi_clean", "table", "in_hand", "kitty_left", "diff"} {
		ids = append(ids, "#slot-"+f)
	}
	return strings.Join(ids, ",")
}
