// Package table is a table's own page for its players (/t/{code}, no login): they
// report the table's result from their phones and confirm the report of another side;
// the director accepts it from the round's page.
package table

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/lag"
	"burraco/views/page"
)

// Handlers serve the table pages.
type Handlers struct {
	*page.App
	polls polls
}

// codePath is the address of a table's page, with a suffix.
func codePath(code, suffix string) string { return "/t/" + code + suffix }

// Enter is the form to type a table's code; with ?code= it opens that table's page.
func (h *Handlers) Enter(c echo.Context) error {
	f := page.NewForm()
	if raw, ok := c.QueryParams()["code"]; ok {
		code := tournament.NormalizeCode(strings.Join(raw, ""))
		if code != "" {
			return c.Redirect(http.StatusSeeOther, codePath(code, ""))
		}
		f.Values["code"] = strings.Join(raw, "")
		f.Errors["code"] = "table.err.code_empty"
		return page.Render(c, http.StatusUnprocessableEntity, enterPage(f))
	}
	return page.Render(c, http.StatusOK, enterPage(f))
}

// table reads the table of a code as the public may see it: its players named as the
// national registry's visibility says (page.App.PublicTable).
func (h *Handlers) table(ctx context.Context, code, client string) (*tournament.TableView, error) {
	tv, err := h.Tournaments.TableByCode(ctx, code, client)
	if err != nil {
		return nil, err
	}
	return h.PublicTable(ctx, tv)
}

// load reads the table of the code in the address; a code refused (wrong, expired,
// throttled) shows the code form again with the reason next to the field.
func (h *Handlers) load(c echo.Context) (*tableView, error) {
	// A table's page (and a form sent back with the PIN typed) is not kept by a shared
	// phone's browser or a proxy, as its JSON twin is not.
	c.Response().Header().Set("Cache-Control", "no-store")
	code := tournament.NormalizeCode(c.Param("code"))
	tv, err := h.table(c.Request().Context(), code, c.RealIP())
	if err != nil {
		return nil, err
	}
	page.UseFormat(c, tv.Stage.Format)
	v := newView(c, tv)
	rs, err := h.Tournaments.ReportSettings(c.Request().Context(), tv.Tournament.ID)
	if err != nil {
		return nil, err
	}
	v.PINCard = rs.PIN == tournament.PINCard
	return v, nil
}

// refused renders the code form with why a code was refused, or returns the error
// when it is not about the code.
func refused(c echo.Context, err error) error {
	e, ok := tournament.AsError(err)
	if !ok || (e.Code != tournament.ENOTFOUND && e.Code != tournament.ETHROTTLED) {
		return err
	}
	f := page.NewForm()
	f.Values["code"] = c.Param("code")
	f.Errors["code"] = e.Key
	if e.Code == tournament.ETHROTTLED {
		page.SetRetryAfter(c, e)
	}
	return page.Render(c, page.StatusOf(e.Code), enterPage(f))
}

// Show is a table's page: its state, and the form that fits it (report, confirm).
func (h *Handlers) Show(c echo.Context) error {
	v, err := h.load(c)
	if err != nil {
		return refused(c, err)
	}
	v.fromReport()
	v.compute(v.sheet())
	return page.Render(c, http.StatusOK, tablePage(v))
}

// State answers 204 while the table's state is the one the page shows (?since=), else
// asks htmx to reload the page: a phone left open follows the table.
// A room of phones polls every few seconds: a code found before is answered from the
// round's states this instance keeps for the tournament's revision (polls).
func (h *Handlers) State(c echo.Context) error {
	since := c.QueryParam("since")
	app := appReader{revision: h.Revision, roundStates: h.Tournaments.RoundStates}
	// The round's states may lag behind the latest commit (a streaming replica may answer
	// them: tournament/lag): a phone that sees an older state reloads its page, which
	// reads the primary. A code is looked up on the primary (load): one the replica has
	// not replayed yet would count against the phone as a wrong one.
	if key, ok := h.polls.key(lag.Allow(c.Request().Context()), app, tournament.NormalizeCode(c.Param("code"))); ok {
		c.Response().Header().Set("Cache-Control", "no-store")
		if key == since {
			return c.NoContent(http.StatusNoContent)
		}
		c.Response().Header().Set("HX-Refresh", "true")
		return c.NoContent(http.StatusOK)
	}
	v, err := h.load(c)
	if err != nil {
		c.Response().Header().Set("HX-Refresh", "true")
		return c.NoContent(http.StatusOK)
	}
	h.polls.found(v.TV.Code, v.TV.Tournament.ID, v.TV.Round.Number)
	key := v.stateKey()
	if since == key {
		return c.NoContent(http.StatusNoContent)
	}
	c.Response().Header().Set("HX-Refresh", "true")
	return c.NoContent(http.StatusOK)
}

// Preview computes the totals and what they give from what is being typed, sending
// nothing.
func (h *Handlers) Preview(c echo.Context) error {
	v, err := h.load(c)
	if err != nil {
		return refused(c, err)
	}
	v.readPosted(c)
	v.compute(v.sheet())
	return page.Render(c, http.StatusOK, tablePage(v))
}

// Report sends the table's result as the player at the seat chosen, with its PIN.
func (h *Handlers) Report(c echo.Context) error {
	v, err := h.load(c)
	if err != nil {
		return refused(c, err)
	}
	v.readPosted(c)
	v.Mode = modeReport
	if c.FormValue("switch") != "" {
		v.compute(v.sheet())
		return page.Render(c, http.StatusOK, tablePage(v))
	}
	sh, problems := v.sheet()
	seat, pin := v.seatPIN()
	ctx, key, err := sheetKey(c, v.TV.Code)
	if err == nil && len(problems) == 0 && len(v.Values.Errors) == 0 {
		_, err = h.Tournaments.Report(ctx, v.TV.Code, seat, pin, sh, c.RealIP())
		if err == nil {
			page.SetFlash(c, "table.reported", page.Itoa(v.TV.Table.Number))
			return page.Redirect(c, sentPath(v.TV.Code, key))
		}
	}
	return h.again(c, v, sh, problems, err)
}

// Confirm confirms the report waiting as the player at the seat chosen; with other
// figures typed ("other"), it disputes it with them.
func (h *Handlers) Confirm(c echo.Context) error {
	v, err := h.load(c)
	if err != nil {
		return refused(c, err)
	}
	v.readPosted(c)
	v.Mode = modeConfirm
	other := c.FormValue("other") != ""
	if other || c.FormValue("switch") != "" {
		v.Mode = modeDispute
	}
	if c.FormValue("switch") != "" {
		v.compute(v.sheet())
		return page.Render(c, http.StatusOK, tablePage(v))
	}
	sh, problems := v.sheet()
	if !other {
		sh, problems = tournament.ReportSheet{}, map[string]string{} // a confirmation sends no figures
	}
	seat, pin := v.seatPIN()
	ctx, key, err := sheetKey(c, v.TV.Code)
	if err == nil && len(problems) == 0 && len(v.Values.Errors) == 0 {
		var mine *tournament.ReportSheet
		if other {
			mine = &sh
		}
		var r *tournament.Report
		r, err = h.Tournaments.Confirm(ctx, v.TV.Code, seat, pin, mine, c.RealIP())
		if err == nil {
			msg := "table.confirmed_seat"
			switch {
			case other:
				msg = "table.disputed_sent"
			case r.State == tournament.ReportConfirmed:
				msg = "table.confirmed_all"
			case r.State == tournament.ReportAccepted:
				msg = "table.accepted_now"
			}
			page.SetFlash(c, msg, page.Itoa(v.TV.Table.Number))
			return page.Redirect(c, sentPath(v.TV.Code, key))
		}
	}
	return h.again(c, v, sh, problems, err)
}

// sheetKey is the request's context with the sheet's idempotency key (the form's hidden
// field, kept on the phone with an unsent sheet): the same sheet sent again is stored
// once. A key that is not 1 to 255 printable ASCII characters is refused.
func sheetKey(c echo.Context, code string) (context.Context, string, error) {
	ctx := c.Request().Context()
	key := c.FormValue(page.IdempotencyField)
	if key == "" {
		return ctx, "", nil
	}
	if err := tournament.CheckIdempotencyKey(key); err != nil {
		return ctx, "", err
	}
	return tournament.WithTableKey(ctx, code, key), key, nil
}

// sentPath is the table's page after a sheet sent with key: the phone forgets the
// sheet it kept under that key.
func sentPath(code, key string) string {
	if key == "" {
		return codePath(code, "")
	}
	return codePath(code, "?sent="+url.QueryEscape(key))
}

// again shows the page once more after a refusal: what was typed, the problems next to
// their fields, and the state as it is now.
func (h *Handlers) again(c echo.Context, v *tableView, sh tournament.ReportSheet, problems map[string]string, err error) error {
	status := http.StatusUnprocessableEntity
	if err != nil {
		e, ok := tournament.AsError(err)
		if !ok || e.Code == tournament.EINTERNAL {
			return err
		}
		if e.Code == tournament.ENOTFOUND {
			return refused(c, err)
		}
		status = page.StatusOf(e.Code)
		if e.Code == tournament.ETHROTTLED {
			page.SetRetryAfter(c, e)
			// A seat blocked just now: the page names it, as it will from now on.
			if now, lerr := h.table(c.Request().Context(), v.TV.Code, c.RealIP()); lerr == nil {
				v.TV.Blocked = now.Blocked
			}
		}
		for k, key := range e.Fields {
			if _, _, _, cell := parseCell(k); cell {
				problems[k] = key
				continue
			}
			v.Values.Errors[k] = key
		}
		if len(e.Fields) == 0 || e.Key != "error.invalid" {
			v.Values.Error, v.Values.Args = e.Key, e.Args
		}
		if e.Code == tournament.ECONFLICT {
			// The table moved on meanwhile (a report came first, the director entered
			// it): show it as it is now, keeping what was typed.
			if now, lerr := h.table(c.Request().Context(), v.TV.Code, c.RealIP()); lerr == nil {
				v.TV = now
			}
		}
	}
	if v.Mode == modeConfirm {
		v.fromReport() // the sheet to dispute with, as the report has it
		sh, _ = v.sheet()
	}
	v.compute(sh, problems)
	if v.Values.Error == "" {
		v.Values.Error = "error.invalid"
	}
	return page.Render(c, status, tablePage(v))
}

// seatPIN reads the seat and PIN posted, noting what cannot be read.
func (v *tableView) seatPIN() (int, string) {
	seat, err := strconv.Atoi(strings.TrimSpace(v.Values.Values["seat"]))
	if err != nil || seat < 1 || seat > len(v.TV.Table.Sides) {
		v.Values.Errors["seat"] = "table.err.seat"
	}
	pin := strings.TrimSpace(v.Values.Values["pin"])
	if pin == "" {
		v.Values.Errors["pin"] = "table.err.pin_empty"
	}
	return seat, pin
}

// ServeFast answers a phone's poll of its table's state (GET /t/{code}/state) as State
// does, before echo's routing and middleware, when it can without reading anything (a
// code found before, its round's states kept at the revision known: polls.kept); it
// reports false otherwise, and the poll goes the ordinary way (State).
func (h *Handlers) ServeFast(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/t/")
	code, state := strings.CutSuffix(rest, "/state")
	if !ok || !state || code == "" || strings.Contains(code, "/") {
		return false
	}
	key, ok := h.polls.kept(tournament.NormalizeCode(code), h.KnownRevision)
	if !ok {
		return false
	}
	hdr := w.Header()
	for k, v := range page.SecureHeaders {
		hdr[k] = v
	}
	hdr["Cache-Control"] = noStore
	if r.URL.Query().Get("since") == key {
		w.WriteHeader(http.StatusNoContent)
		return true
	}
	hdr["Hx-Refresh"] = hxTrue
	w.WriteHeader(http.StatusOK)
	return true
}

var (
	noStore = []string{"no-store"}
	hxTrue  = []string{"true"}
)
