package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// CalcHand scores one hand: {"preset": "three_player", "semi_clean_on": false,
// "kitty_not_played": false, "hand": {...}}. The hand is required: null or left out is
// refused rather than scored as an empty hand.
func (h *Handlers) CalcHand(c echo.Context) error {
	var in dto.CalcHandInput
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
	out := make([]dto.CalcLine, len(lines))
	for i, l := range lines {
		out[i] = dto.CalcLine{Key: l.Key, Label: page.Translate(lang, l.Key), Count: l.Count, Points: l.Points}
	}
	return c.JSON(http.StatusOK, dto.CalcHand{Preset: preset, Rules: r, Total: in.Hand.Score(&r), Lines: out})
}

// CalcVP converts an MP difference: ?scale_id=1&diff=600. Every problem is a field
// error, both at once when both parameters are wrong: a scale_id that is missing,
// unreadable or names no scale, and a diff that is missing or unreadable.
func (h *Handlers) CalcVP(c echo.Context) error {
	fe := tournament.FieldErrors{}
	var sc *tournament.Scale
	if raw := strings.TrimSpace(c.QueryParam("scale_id")); raw == "" {
		fe.Add("scale_id", "error.required")
	} else if id, err := strconv.ParseInt(raw, 10, 64); err != nil {
		fe.Add("scale_id", "error.not_a_number")
	} else if id <= 0 {
		fe.Add("scale_id", "calc.scale_unknown")
	} else if sc, err = h.Scales.Get(c.Request().Context(), id); tournament.ErrorCode(err) == tournament.ENOTFOUND {
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
	return c.JSON(http.StatusOK, dto.CalcVP{Scale: sc.Name, Diff: d, Winner: w, Loser: l})
}
