package api

import (
	"context"
	"net/http"
	"reflect"
	"strconv"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// Table reporting (issue 21): the table's page by its code, public (the code and the
// seats' PINs are the proof), and the director's queue, behind the token.

func init() {
	operations = append(operations,
		op{method: "GET", path: "/t/:code", id: "tableByCode", summary: "A table by its code: who sits where, its state and report", tag: "reports", public: true,
			answers: []answerSpec{ok[dto.TableByCode](200)}},
		op{method: "POST", path: "/t/:code/report", id: "reportTable", idempotent: true, summary: "Report a table's result from a seat, with its PIN", tag: "reports", public: true,
			body: body[dto.ReportInput](), answers: []answerSpec{ok[dto.ReportBody](201)}},
		op{method: "POST", path: "/t/:code/confirm", id: "confirmReport", idempotent: true, summary: "Confirm the table's report from another side, or dispute it with other figures", tag: "reports", public: true,
			body: body[dto.ConfirmInput](), answers: []answerSpec{ok[dto.ReportBody](200)}},
		op{method: "GET", path: "/tournaments/:id/reporting", id: "getReporting", summary: "A tournament's table reporting settings", tag: "reports",
			answers: []answerSpec{tagged[tournament.ReportSettings](200)}},
		op{method: "PUT", path: "/tournaments/:id/reporting", id: "setReporting", summary: "Turn table reporting on or off, auto-acceptance, the PIN source", tag: "reports", ifMatch: true,
			body: body[dto.ReportSettingsInput](), answers: []answerSpec{tagged[tournament.ReportSettings](200)}},
		op{method: "GET", path: "/tournaments/:id/rounds/:n/codes", id: "tableCodes", summary: "A round's table codes with the seats' PINs, for the table cards", tag: "reports",
			answers: []answerSpec{ok[dto.TableCodes](200)}},
		op{method: "GET", path: "/tournaments/:id/rounds/:n/reports", id: "reportQueue", summary: "A round's reports: every table's state, with counts", tag: "reports",
			answers: []answerSpec{ok[dto.ReportQueue](200)}},
		op{method: "POST", path: "/tournaments/:id/rounds/:n/reports/accept", id: "acceptConfirmed", summary: "Accept every confirmed report of a round", tag: "reports",
			answers: []answerSpec{ok[dto.AcceptedTables](200)}},
		op{method: "POST", path: "/tournaments/:id/rounds/:n/reports/unblock", id: "unblockSeat", summary: "Lift the block that wrong PINs put on a table's seat", tag: "reports",
			body: body[dto.UnblockInput](), answers: []answerSpec{none()}},
		op{method: "POST", path: "/tournaments/:id/reports/:rid/accept", id: "acceptReport", summary: "Accept one report (either version of a dispute) into the sheet", tag: "reports",
			body: body[dto.ReportDecision](), bodyOptional: true, answers: []answerSpec{ok[dto.ReportAccepted](200)}, conflict: []reflect.Type{body[dto.ReseatChoice]()}},
		op{method: "POST", path: "/tournaments/:id/reports/:rid/reject", id: "rejectReport", summary: "Reject a report (and the other version of a dispute)", tag: "reports",
			body: body[dto.ReportDecision](), bodyOptional: true, answers: []answerSpec{none()}},
	)
}

// reportBody is a report as the API shows it.
func reportBody(r *tournament.Report) *dto.ReportBody {
	if r == nil {
		return nil
	}
	b := &dto.ReportBody{ID: r.ID, Round: r.Round, Table: r.Table, Seat: r.Seat, Answers: r.Answers, State: r.State,
		Hands: r.Sheet.Hands, Outcome: r.Sheet.Outcome, Confirmed: r.Confirmed, Version: r.Version}
	if b.Hands == nil {
		b.Hands = [][]*scoring.Hand{}
	}
	if b.Confirmed == nil {
		b.Confirmed = []int{}
	}
	return b
}

// TableByCodeOf is the table's page as the API shows it.
func TableByCodeOf(v *tournament.TableView) dto.TableByCode {
	out := dto.TableByCode{Code: v.Code, Tournament: v.Tournament.Name, Date: v.Tournament.Date, Format: v.Stage.Format,
		Stage: v.Stage.Seq, Round: v.Round.Number, Table: v.Table.Number, HandsPerRound: v.Stage.HandsPerRound(),
		Seats: []dto.TableSeat{}, Outcomes: v.Outcomes, State: v.State, Waiting: v.Waiting, Blocked: v.Blocked,
		Report: reportBody(v.Report), Counter: reportBody(v.Counter), Revision: v.Tournament.Revision}
	ev := page.TableEvening(&v.TableState)
	for _, s := range v.Table.Sides {
		sn := page.SideNamesOf(ev, v.Round.Number, s)
		seat := dto.TableSeat{Position: s.Position, Names: sn.Players, Team: sn.Team}
		if seat.Names == nil {
			seat.Names = []string{}
		}
		out.Seats = append(out.Seats, seat)
	}
	if out.Outcomes == nil {
		out.Outcomes = []string{}
	}
	if out.Waiting == nil {
		out.Waiting = []int{}
	}
	if out.Blocked == nil {
		out.Blocked = []int{}
	}
	return out
}

// TableByCode answers a table by its code: GET /t/{code}.
func (h *Handlers) TableByCode(c echo.Context) error {
	v, err := h.Tournaments.TableByCode(c.Request().Context(), c.Param("code"), c.RealIP())
	if err == nil {
		v, err = h.PublicTable(c.Request().Context(), v) // anyone with the code: names as public pages give them
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, TableByCodeOf(v))
}

// ReportTable sends a table's result: POST /t/{code}/report {"seat": 1, "pin": "1234",
// "hands": [[…]], "outcome": {…}}.
func (h *Handlers) ReportTable(c echo.Context) error {
	var in dto.ReportInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ctx, err := tableKey(c)
	if err != nil {
		return err
	}
	r, err := h.Tournaments.Report(ctx, c.Param("code"), in.Seat, in.PIN,
		tournament.ReportSheet{Hands: in.Hands, Outcome: in.Outcome}, c.RealIP())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, reportBody(r))
}

// tableKey is the request's context with its Idempotency-Key header, if any, for a
// report or a confirmation on the path's code: a phone sending again what it sent is
// answered as the first time, stored once.
func tableKey(c echo.Context) (context.Context, error) {
	ctx := c.Request().Context()
	vs := c.Request().Header.Values(page.IdempotencyHeader)
	if len(vs) == 0 {
		return ctx, nil
	}
	key := vs[0]
	if len(key) >= 2 && key[0] == '"' && key[len(key)-1] == '"' {
		key = key[1 : len(key)-1]
	}
	if err := tournament.CheckIdempotencyKey(key); len(vs) > 1 || err != nil {
		return nil, tournament.Errorf(tournament.EINVALID, "error.idempotency_key")
	}
	return tournament.WithTableKey(ctx, c.Param("code"), key), nil
}

// ConfirmReport confirms the table's report from another seat: POST /t/{code}/confirm
// {"seat": 2, "pin": "5678"}, with "hands" (and "outcome") when the figures differ.
func (h *Handlers) ConfirmReport(c echo.Context) error {
	var in dto.ConfirmInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var sh *tournament.ReportSheet
	if in.Hands != nil || in.Outcome != nil {
		sh = &tournament.ReportSheet{Hands: in.Hands, Outcome: in.Outcome}
	}
	ctx, err := tableKey(c)
	if err != nil {
		return err
	}
	r, err := h.Tournaments.Confirm(ctx, c.Param("code"), in.Seat, in.PIN, sh, c.RealIP())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, reportBody(r))
}

// GetReporting answers a tournament's reporting settings, with its version as ETag once
// they have been saved.
func (h *Handlers) GetReporting(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if _, err := h.Tournaments.Revision(c.Request().Context(), id); err != nil {
		return err // not found
	}
	rs, err := h.Tournaments.ReportSettings(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if rs.Version > 0 { // never saved: nothing to match, a write needs no If-Match
		c.Response().Header().Set("ETag", etag(rs.Version))
	}
	return c.JSON(http.StatusOK, rs)
}

// SetReporting changes a tournament's reporting settings (If-Match: their version).
func (h *Handlers) SetReporting(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in dto.ReportSettingsInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	rs, err := h.Tournaments.SetReportSettings(c.Request().Context(), id,
		tournament.ReportSettings{Reporting: in.Reporting, AutoAccept: in.AutoAccept, PIN: in.PIN, Version: version}, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(rs.Version))
	return c.JSON(http.StatusOK, rs)
}

// roundParams reads the tournament and the round of the path.
func roundParams(c echo.Context) (int64, int, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return 0, 0, err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, n, nil
}

// TableCodes answers a round's codes with the seats' PINs.
func (h *Handlers) TableCodes(c echo.Context) error {
	id, n, err := roundParams(c)
	if err != nil {
		return err
	}
	codes, err := h.Tournaments.TableCodes(c.Request().Context(), id, n)
	if err != nil {
		return err
	}
	out := dto.TableCodes{Round: n, Tables: []dto.TableCodeBody{}}
	for _, tc := range codes {
		pins := tc.PINs
		if pins == nil {
			pins = []string{}
		}
		out.Tables = append(out.Tables, dto.TableCodeBody{Table: tc.Table, Code: tc.Code, PINs: pins})
	}
	return c.JSON(http.StatusOK, out)
}

// ReportQueue answers a round's reports, every table's state with counts.
func (h *Handlers) ReportQueue(c echo.Context) error {
	id, n, err := roundParams(c)
	if err != nil {
		return err
	}
	q, err := h.Tournaments.Reports(c.Request().Context(), id, n)
	if err != nil {
		return err
	}
	out := dto.ReportQueue{Round: q.Round, Settings: q.Settings, Counts: q.Counts, Tables: []dto.QueueTable{}}
	for _, l := range q.Lines {
		w := l.Waiting
		if w == nil {
			w = []int{}
		}
		b := l.Blocked
		if b == nil {
			b = []int{}
		}
		out.Tables = append(out.Tables, dto.QueueTable{Table: l.Table, Code: l.Code, State: l.State, Waiting: w, Blocked: b,
			Report: reportBody(l.Report), Counter: reportBody(l.Counter)})
	}
	return c.JSON(http.StatusOK, out)
}

// Unblock lifts the block wrong PINs put on a table's seat.
func (h *Handlers) Unblock(c echo.Context) error {
	id, n, err := roundParams(c)
	if err != nil {
		return err
	}
	var in dto.UnblockInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.Tournaments.Unblock(c.Request().Context(), id, n, in.Table, in.Seat, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// AcceptConfirmed accepts every confirmed report of a round.
func (h *Handlers) AcceptConfirmed(c echo.Context) error {
	id, n, err := roundParams(c)
	if err != nil {
		return err
	}
	tables, err := h.Tournaments.AcceptConfirmed(c.Request().Context(), id, n, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.AcceptedTables{Tables: tables})
}

// decision reads a report's ID from the path and its version from the optional body.
func decision(c echo.Context) (int64, int64, int, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return 0, 0, 0, err
	}
	rid, err := strconv.ParseInt(c.Param("rid"), 10, 64)
	if err != nil || rid < 1 {
		return 0, 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	var in dto.ReportDecision
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil {
			return 0, 0, 0, err
		}
	}
	return id, rid, in.Version, nil
}

// AcceptReport accepts one report into its table's sheet.
func (h *Handlers) AcceptReport(c echo.Context) error {
	id, rid, version, err := decision(c)
	if err != nil {
		return err
	}
	out, err := h.Tournaments.Accept(c.Request().Context(), id, rid, version, page.DirectorOf(c).Username)
	if e, ok := tournament.AsError(err); ok && e.Key == "sheet.reseat_choice" {
		return c.JSON(http.StatusConflict, dto.ReseatChoice{Error: errorBody(c, h.WordingOf(c), e), Moves: out.Moves})
	} else if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.ReportAccepted{Outcome: out})
}

// RejectReport refuses a report.
func (h *Handlers) RejectReport(c echo.Context) error {
	id, rid, version, err := decision(c)
	if err != nil {
		return err
	}
	if err := h.Tournaments.Reject(c.Request().Context(), id, rid, version, page.DirectorOf(c).Username); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
