package rounds

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// roundLive is what the round page shows and refreshes as reports arrive: the queue of
// the tables' reports (when reporting is on) and the tables with their results.
type roundLive struct {
	Ev  *tournament.State
	G   *tournament.Round
	Q   *tournament.Queue // nil: reporting off
	Rev int64
	Err *page.Form // a refused queue action, shown above the queue
}

// live reads the queue and the revision of a round's page.
func (h *Handlers) live(c echo.Context, ev *tournament.State, g *tournament.Round) (*roundLive, error) {
	ctx := c.Request().Context()
	rl := &roundLive{Ev: ev, G: g}
	q, err := h.Tournaments.Reports(ctx, ev.Tournament.ID, g.Number)
	if err != nil {
		return nil, err
	}
	if q.Settings.Reporting || len(q.Lines) > 0 && anyReport(q) {
		rl.Q = q
	}
	if rl.Rev, _, err = h.Tournaments.PublicRevision(ctx, ev.Tournament.ID); err != nil {
		return nil, err
	}
	return rl, nil
}

// since is what the live part shows: the tournament's revision and, as a seat blocked
// by wrong PINs moves no revision, how many seats are blocked ("rev.blocked").
func (rl *roundLive) since() string {
	blocked := 0
	if rl.Q != nil {
		for _, l := range rl.Q.Lines {
			blocked += len(l.Blocked)
		}
	}
	return page.Itoa64(rl.Rev) + "." + page.Itoa(blocked)
}

// anyReport tells whether a queue holds a report (reporting turned off since).
func anyReport(q *tournament.Queue) bool {
	for _, l := range q.Lines {
		if l.Report != nil {
			return true
		}
	}
	return false
}

// Show is a round's page: its tables and their results, and the tables' reports.
func (h *Handlers) Show(c echo.Context) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	return h.RenderKept(c, id, 0, func(s tournament.Snapshot) (templ.Component, error) {
		ev := s.State().Clone() // the page's own, as Load gives it
		g := ev.Round(n)
		if g == nil {
			return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		rl, err := h.live(c, ev, g)
		if err != nil {
			return nil, err
		}
		rl.Rev = s.Stamp().Revision // the revision the page shows: its poll asks past it
		return gamePage(rl), nil
	})
}

// Live answers the round page's live part when the tournament's revision is past the
// one shown, or a seat was blocked or lifted (?since=rev.blocked), else 204: the page
// polls it while reporting is on.
func (h *Handlers) Live(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	rev, _, err := h.Tournaments.PublicRevision(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if revPart, blockedPart, ok := strings.Cut(c.QueryParam("since"), "."); ok && revPart == page.Itoa64(rev) {
		n, _ := strconv.Atoi(c.Param("n"))
		blocked, err := h.Tournaments.BlockedSeats(c.Request().Context(), id, n)
		if err != nil {
			return err
		}
		if blockedPart == page.Itoa(blocked) {
			return c.NoContent(http.StatusNoContent)
		}
	}
	ev, g, err := h.EveningRound(c)
	if err != nil {
		return err
	}
	rl, err := h.live(c, ev, g)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, liveRound(rl))
}

// reportParams reads a report's ID from the address and its version from the form.
func reportParams(c echo.Context) (int64, int, error) {
	rid, err := strconv.ParseInt(c.Param("rid"), 10, 64)
	if err != nil || rid <= 0 {
		return 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	version, _ := strconv.Atoi(c.FormValue("version"))
	return rid, version, nil
}

// back is the round page, where every queue action returns.
func back(c echo.Context) string {
	tid, _ := page.IDParam(c)
	n, _ := strconv.Atoi(c.Param("n"))
	return page.RoundPath(tid, n, "")
}

// refusal shows the round page again, as it is now, with why a queue action was
// refused above the queue (a report changed meanwhile, a stale version), or returns
// the error when it is not the director's to read.
func (h *Handlers) refusal(c echo.Context, err error) error {
	f := page.NewForm()
	if !f.Fail(err) {
		return err
	}
	ev, g, lerr := h.EveningRound(c)
	if lerr != nil {
		return lerr
	}
	rl, lerr := h.live(c, ev, g)
	if lerr != nil {
		return lerr
	}
	rl.Err = f
	return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), gamePage(rl))
}

// Accept puts a report in its table's sheet.
func (h *Handlers) Accept(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	rid, version, err := reportParams(c)
	if err != nil {
		return err
	}
	if _, err := h.Tournaments.Accept(c.Request().Context(), tid, rid, version, page.DirectorOf(c).Username); err != nil {
		return h.refusal(c, err)
	}
	page.SetFlash(c, "queue.accepted", c.FormValue("table"))
	return page.Redirect(c, back(c))
}

// AcceptAll accepts every confirmed report of the round.
func (h *Handlers) AcceptAll(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	done, err := h.Tournaments.AcceptConfirmed(c.Request().Context(), tid, n, page.DirectorOf(c).Username)
	if err != nil {
		return h.refusal(c, err)
	}
	page.SetFlash(c, "queue.accepted_all", page.Itoa(len(done)))
	return page.Redirect(c, back(c))
}

// Reject refuses a report (and its counter-report): the table takes reports again.
func (h *Handlers) Reject(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	rid, version, err := reportParams(c)
	if err != nil {
		return err
	}
	if err := h.Tournaments.Reject(c.Request().Context(), tid, rid, version, page.DirectorOf(c).Username); err != nil {
		return h.refusal(c, err)
	}
	page.SetFlash(c, "queue.rejected", c.FormValue("table"))
	return page.Redirect(c, back(c))
}

// Unblock lifts the block wrong PINs put on a table's seat (form: table, seat).
func (h *Handlers) Unblock(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	table, _ := strconv.Atoi(c.FormValue("table"))
	seat, _ := strconv.Atoi(c.FormValue("seat"))
	if err := h.Tournaments.Unblock(c.Request().Context(), tid, n, table, seat, page.DirectorOf(c).Username); err != nil {
		return h.refusal(c, err)
	}
	page.SetFlash(c, "queue.unblocked", page.Itoa(table), page.Itoa(seat))
	return page.Redirect(c, back(c))
}

// anyBlocked tells whether a queue has a blocked seat.
func anyBlocked(q *tournament.Queue) bool {
	for _, l := range q.Lines {
		if len(l.Blocked) > 0 {
			return true
		}
	}
	return false
}

// queueStates are the states of a table in the queue, in the order of the counts.
var queueStates = []string{tournament.TableNotReported, tournament.TableReported, tournament.TableConfirmed,
	tournament.TableDisputed, tournament.TableAccepted, tournament.TableEntered}

// needsDirector tells whether a table's line waits for the director.
func needsDirector(l tournament.QueueLine) bool {
	return l.Report != nil && (l.State == tournament.TableReported || l.State == tournament.TableConfirmed || l.State == tournament.TableDisputed)
}

// heads name a table's sides for a report's figures.
func heads(ev *tournament.State, n int, tb *tournament.Table) []string {
	out := make([]string, len(tb.Sides))
	for i, sd := range tb.Sides {
		out[i] = page.SideLabel(ev, n, sd)
	}
	return out
}

// sideName names the side at a position of a table ("?" for none).
func sideName(ev *tournament.State, n int, tb *tournament.Table, pos int) string {
	for _, sd := range tb.Sides {
		if sd.Position == pos {
			return page.SideLabel(ev, n, sd)
		}
	}
	return "?"
}

// sidesList writes side positions as "1, 3".
func sidesList(ps []int) string {
	out := ""
	for i, p := range ps {
		if i > 0 {
			out += ", "
		}
		out += page.Itoa(p)
	}
	return out
}
