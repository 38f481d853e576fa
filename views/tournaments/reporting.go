package tournaments

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/views/page"
)

// reportingForm is the form of a tournament's table reporting settings.
func reportingForm(rs tournament.ReportSettings) *page.Form {
	f := page.NewForm()
	f.Values["pin"], f.Values["version"] = rs.PIN, page.Itoa(rs.Version)
	if rs.Reporting {
		f.Values["reporting"] = "on"
	}
	if rs.AutoAccept {
		f.Values["auto_accept"] = "on"
	}
	if f.Values["pin"] == "" {
		f.Values["pin"] = tournament.PINRandom
	}
	return f
}

// SetReporting saves a tournament's table reporting settings.
func (h *Handlers) SetReporting(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	f := page.FormFrom(c, "reporting", "auto_accept", "pin", "version")
	rs := tournament.ReportSettings{Reporting: f.Values["reporting"] != "", AutoAccept: f.Values["auto_accept"] != "", PIN: f.Values["pin"]}
	rs.Version, _ = strconv.Atoi(f.Values["version"])
	saved, err := h.Tournaments.SetReportSettings(c.Request().Context(), ev.Tournament.ID, rs, page.DirectorOf(c).Username)
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		if now, lerr := h.Tournaments.ReportSettings(c.Request().Context(), ev.Tournament.ID); lerr == nil && f.Error == "report.settings_stale" {
			f.Values["version"] = page.Itoa(now.Version)
		}
		return h.settingsPageWith(c, page.StatusOf(tournament.ErrorCode(err)), &ev.Tournament, ev.Format(), tournamentForm(&ev.Tournament, &ev.Stage), ev.Entries, f)
	}
	key := "reporting.saved_off"
	if saved.Reporting {
		key = "reporting.saved_on"
	}
	page.SetFlash(c, key)
	return page.Redirect(c, page.IDPath("/tournaments/", ev.Tournament.ID, "/edit"))
}

// settingsPageWith renders the settings form of a format, with the VP scales to choose
// from when the format scores with one, the seasons a new tournament may join, the
// entries (for the pairs never to meet) and a tournament's table reporting form (rep nil:
// read as stored).
func (h *Handlers) settingsPageWith(c echo.Context, status int, tr *tournament.Tournament, fm tournament.Format, f *page.Form, entries []tournament.Entry, rep *page.Form) error {
	// The form speaks the format it sets, a new tournament's too (teams: its pairing's
	// modes pair teams).
	page.UseFormat(c, fm.Name())
	var scales []tournament.Scale
	if _, scaled := fm.(tournament.Scaled); scaled {
		var err error
		if scales, err = h.Scales.List(c.Request().Context()); err != nil {
			return err
		}
	}
	var seasons []season.Season
	if tr == nil && h.Seasons != nil {
		var err error
		if seasons, err = h.Seasons.List(c.Request().Context()); err != nil {
			return err
		}
	}
	if tr != nil && rep == nil {
		rs, err := h.Tournaments.ReportSettings(c.Request().Context(), tr.ID)
		if err != nil {
			return err
		}
		rep = reportingForm(rs)
	}
	return page.Render(c, status, tournamentFormPage(tr, fm, f, scales, seasons, entries, rep))
}

// settingsPage renders the settings form of a format (settingsPageWith), the reporting
// form as stored.
func (h *Handlers) settingsPage(c echo.Context, status int, tr *tournament.Tournament, fm tournament.Format, f *page.Form, entries []tournament.Entry) error {
	return h.settingsPageWith(c, status, tr, fm, f, entries, nil)
}
