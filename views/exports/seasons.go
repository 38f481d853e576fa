package exports

import (
	"fmt"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// seasonReport is a season's standings in the reader's language: place, player, total,
// evenings played, then each evening's points, a dropped one in brackets ("(12,5)"),
// an evening not played empty; each line says whether the standings are final or
// provisional (an evening still in progress, not counted).
func seasonReport(lang page.Lang, st *tournament.SeasonStandings) *report {
	tr := func(key string, args ...any) string { return page.Translate(lang, key, args...) }
	se := &st.Season
	sub := page.ShortDateIn(lang, se.From) + " – " + page.ShortDateIn(lang, se.To) + " · " + tr("seasons.evenings_count", len(st.Evenings))
	if page.AnyDropped(st) {
		sub += " · " + tr("seasons.dropped_report", se.Settings.Best)
	}
	status := tr("seasons.final")
	if st.Provisional() {
		status = tr("seasons.status_provisional")
	}
	sub += " · " + status
	r := &report{Title: tr("seasons.standings") + " · " + se.Name, Sub: sub,
		Head: []string{"#", tr("player.name"), tr("seasons.total"), tr("seasons.evenings_short")},
		Num:  []bool{true, false, true, true}, Status: status,
		File: fmt.Sprintf("season-%d-standings", se.ID), Landscape: len(st.Evenings) > 6}
	for i, ev := range st.Evenings {
		r.Head = append(r.Head, strconv.Itoa(i+1)+" "+page.EveningLabelIn(lang, ev))
		r.Num = append(r.Num, true)
	}
	for _, l := range st.Lines {
		place := "–"
		if l.Ranked {
			place = strconv.Itoa(l.Place)
			if l.Tied {
				place += "="
			}
		}
		row := []string{place, l.Player.Name, page.ScoreIn(lang, l.Total), strconv.Itoa(l.Evenings)}
		for _, ev := range st.Evenings {
			cell := ""
			if res := page.ResultOf(l, ev.TournamentID); res != nil {
				cell = page.ScoreIn(lang, res.Points)
				if !res.Counted {
					cell = "(" + cell + ")"
				}
			}
			row = append(row, cell)
		}
		r.Rows = append(r.Rows, row)
	}
	return r
}

// SeasonStandings downloads a season's standings as CSV or PDF.
func (h *Handlers) SeasonStandings(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	st, err := h.Seasons.Standings(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return sendReport(c, seasonReport(page.LangOf(c), st), c.Param("ext"))
}
