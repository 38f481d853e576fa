package views

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

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
	r, preset := page.CalcRules(in.Preset, in.SemiCleanOn, in.KittyNotPlayed)
	if p := in.Hand.Validate(&r); p != nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: p}
	}
	lines := in.Hand.Lines(&r)
	lang := page.LangOf(c)
	out := make([]map[string]any, len(lines))
	for i, l := range lines {
		out[i] = map[string]any{"key": l.Key, "label": page.Translate(lang, l.Key), "count": l.Count, "points": l.Points}
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
	} else if sc, err = s.Scales.Get(c.Request().Context(), id); tournament.ErrorCode(err) == tournament.ENOTFOUND {
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
