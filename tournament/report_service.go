package tournament

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"math/big"
	"net/netip"
	"slices"
	"strings"
	"unicode"
)

// reportStore returns the store's reporting side (EINTERNAL when it has none).
func (s *Tournaments) reportStore() (ReportStore, error) {
	rs, ok := s.Store.(ReportStore)
	if !ok {
		return nil, Errorf(EINTERNAL, "error.internal")
	}
	return rs, nil
}

// reportTx returns a command's reporting side (EINTERNAL when it has none).
func reportTx(tx Tx) (ReportTx, error) {
	rt, ok := tx.(ReportTx)
	if !ok {
		return nil, Errorf(EINTERNAL, "error.internal")
	}
	return rt, nil
}

// randomString draws n characters of an alphabet with crypto/rand.
func randomString(alphabet string, n int) string {
	var b strings.Builder
	max := big.NewInt(int64(len(alphabet)))
	for range n {
		i, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(fmt.Sprintf("crypto/rand: %v", err)) // never on a supported system
		}
		b.WriteByte(alphabet[i.Int64()])
	}
	return b.String()
}

// NormalizeCode reads a table code as typed: spaces and dashes dropped, upper case.
func NormalizeCode(code string) string {
	return strings.ToUpper(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return r
	}, code))
}

// codesFor draws the codes and PINs of a round's tables, each code unused: the codes of
// every table are checked against the stored ones in one read, and those taken (rare:
// about 10^9 codes) drawn again.
func codesFor(rt ReportTx, tid, stageID int64, r *Round) ([]TableCode, error) {
	out := make([]TableCode, 0, len(r.Tables))
	for _, tb := range r.Tables {
		c := TableCode{TournamentID: tid, StageID: stageID, Round: r.Number, Table: tb.Number}
		for range tb.Sides {
			c.PINs = append(c.PINs, randomString("0123456789", PINDigits))
		}
		out = append(out, c)
	}
	redraw := make([]int, len(out))
	for i := range redraw {
		redraw[i] = i
	}
	for len(redraw) > 0 {
		fresh := make([]string, 0, len(redraw))
		for _, i := range redraw {
			for {
				out[i].Code = randomString(CodeAlphabet, CodeLength)
				if !slices.ContainsFunc(out, func(o TableCode) bool { return o.Table != out[i].Table && o.Code == out[i].Code }) {
					break
				}
			}
			fresh = append(fresh, out[i].Code)
		}
		taken, err := rt.CodesTaken(fresh)
		if err != nil {
			return nil, err
		}
		next := redraw[:0]
		for _, i := range redraw {
			if slices.Contains(taken, out[i].Code) {
				next = append(next, i)
			}
		}
		redraw = next
	}
	return out, nil
}

// drawCodes gives the tables of a round just drawn their codes, when reporting is on
// (the draw's hook).
func (s *Tournaments) drawCodes(tx Tx, tid, stageID int64, r *Round) error {
	rt, ok := tx.(ReportTx)
	if !ok {
		return nil
	}
	rs, err := rt.ReportSettings()
	if err != nil || !rs.Reporting {
		return err
	}
	codes, err := codesFor(rt, tid, stageID, r)
	if err != nil {
		return err
	}
	return rt.AddCodes(stageID, r.Number, codes)
}

// dropCodes removes the codes of a round taken back (the undo of a draw's hook).
func dropCodes(tx Tx, stageID int64, n int) error {
	if rt, ok := tx.(ReportTx); ok {
		return rt.DeleteCodes(stageID, n)
	}
	return nil
}

// acceptKey carries, on a SaveSheet's context, the report being accepted.
type acceptKey struct{}

type accepting struct {
	ID      int64
	Version int
}

// sheetSaved closes a table's reports when its sheet is saved (SaveSheet's hook): the
// one accepted, the others superseded, the director always wins.
func (s *Tournaments) sheetSaved(ctx context.Context, tx Tx, stageID int64, n, t int, ev *Event) error {
	rt, ok := tx.(ReportTx)
	if !ok {
		return nil
	}
	tour, err := tx.Tournament()
	if err != nil {
		return err
	}
	by := tour.Revision + 1 // the line ev will be
	a, _ := ctx.Value(acceptKey{}).(accepting)
	if a.ID != 0 {
		reps, err := rt.TableReports(stageID, n, t)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(reps, func(r Report) bool { return r.ID == a.ID })
		if i < 0 || !reps[i].Live() || (a.Version != 0 && reps[i].Version != a.Version) {
			return Errorf(ECONFLICT, "report.stale", t)
		}
		ev.Also = append(ev.Also, Line{Key: "event.also.report_accepted", Args: []string{reps[i].Code, fmt.Sprint(reps[i].Seat)}})
	}
	return rt.CloseReports(stageID, n, t, a.ID, by)
}

// sheetUndone puts back the reports line e closed (the undo of a sheet's hook).
func sheetUndone(tx Tx, e *Event) error {
	if rt, ok := tx.(ReportTx); ok && e.Table > 0 {
		return rt.ReopenReports(e.StageID, e.Round, e.Table, e.ID)
	}
	return nil
}

// throttled refuses a client address or a code with too many recent failures; own: the
// attempt under way was recorded as one (and is not to count against itself).
func (s *Tournaments) throttled(ctx context.Context, rs ReportStore, keys []string, own bool) error {
	now := s.now().UTC()
	n, err := rs.Failures(ctx, keys, now.Add(-ReportWindow))
	if err != nil {
		return err
	}
	for _, k := range keys {
		limit := ReportPerAddress
		if strings.HasPrefix(k, "report-code:") {
			limit = ReportPerCode
		}
		if own {
			limit++
		}
		if n[k] >= limit {
			return &Error{Code: ETHROTTLED, Key: "report.throttled", RetryAfter: ReportWindow}
		}
	}
	return nil
}

// addrKey is the throttle's key of a client address: an IPv6 address by its /64, the
// network a single host usually gets, whose 2^64 addresses it may use in turn.
func addrKey(client string) string {
	if a, err := netip.ParseAddr(client); err == nil && a.Is6() && !a.Is4In6() {
		client = netip.PrefixFrom(a, 64).Masked().String()
	}
	return "report-addr:" + client
}
func codeKey(code string) string { return "report-code:" + code }

// attempt is a guess under way. A PIN's (strict) is recorded as a failure of its
// address and its code before anything is checked, so that PINs sent at once cannot all
// pass the throttle before any is counted; what turns out not to be a failure is
// forgotten. A read of a table (its page, polled every few seconds) records nothing
// unless its code is wrong, then counts again before answering.
type attempt struct {
	rs     ReportStore
	strict bool
	addr   int64 // the failure recorded under the client's address
	code   int64 // and under the code
}

// settle forgets the parts of an attempt that did not fail: a wrong PIN keeps both,
// a wrong or expired code the address's only, anything else neither.
func (a *attempt) settle(ctx context.Context, err error) error {
	if !a.strict {
		return err
	}
	var forget []int64
	switch e, _ := AsError(err); {
	case e != nil && e.Key == "report.pin":
	case e != nil && e.Key == "report.code":
		forget = []int64{a.code}
	default:
		forget = []int64{a.addr, a.code}
	}
	if ferr := a.rs.Forget(context.WithoutCancel(ctx), forget); ferr != nil {
		return ferr
	}
	return err
}

// openCode records an attempt on a code (see attempt) and finds the code, refusing it
// when the address or the code is throttled ("report.throttled", the attempt then
// forgotten) or unknown ("report.code"): the caller settles the attempt.
func (s *Tournaments) openCode(ctx context.Context, code, client string, strict bool) (*attempt, *TableCode, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, nil, err
	}
	code = NormalizeCode(code)
	keys := []string{addrKey(client), codeKey(code)}
	a := &attempt{rs: rs, strict: strict}
	if strict {
		ids, err := rs.Fail(ctx, keys, s.now().UTC())
		if err != nil {
			return nil, nil, err
		}
		a.addr, a.code = ids[0], ids[1]
	}
	if err := s.throttled(ctx, rs, keys, strict); err != nil {
		return nil, nil, a.settle(ctx, err)
	}
	tc, err := rs.FindCode(ctx, code)
	if ErrorCode(err) == ENOTFOUND || len(code) != CodeLength {
		return a, nil, a.wrongCode(ctx, s, client)
	}
	return a, tc, err
}

// wrongCode is the refusal of a wrong or expired code: a read records it against the
// address now and counts again, so that wrong codes sent at once are answered 429 past
// the limit (a strict attempt recorded it already).
func (a *attempt) wrongCode(ctx context.Context, s *Tournaments, client string) error {
	if !a.strict {
		keys := []string{addrKey(client)}
		if _, err := a.rs.Fail(ctx, keys, s.now().UTC()); err != nil {
			return err
		}
		if err := s.throttled(ctx, a.rs, keys, true); err != nil {
			return err
		}
	}
	return Errorf(ENOTFOUND, "report.code")
}

// TableByCode returns what table code's page shows: refused alike (ENOTFOUND
// "report.code") for a code never drawn and one expired (its round locked, the next round
// with scores, a later stage started). A wrong code counts against the client's address.
func (s *Tournaments) TableByCode(ctx context.Context, code, client string) (*TableView, error) {
	a, tc, err := s.openCode(ctx, code, client, false)
	if err != nil {
		return nil, err
	}
	v, err := s.tableByCode(ctx, a.rs, tc)
	if e, _ := AsError(err); e != nil && e.Key == "report.code" {
		return nil, a.wrongCode(ctx, s, client) // expired
	}
	return v, err
}

// tableByCode reads the table of a code found.
func (s *Tournaments) tableByCode(ctx context.Context, rs ReportStore, tc *TableCode) (*TableView, error) {
	set, err := rs.ReportSettings(ctx, tc.TournamentID)
	if err != nil {
		return nil, err
	}
	ts, err := s.Store.LoadTable(ctx, tc.TournamentID, tc.Round, tc.Table)
	if err == nil && set.Reporting && ts.Stage.ID == tc.StageID && !ts.Round.Locked {
		var next *Round
		_, next, err = s.Store.LoadRound(ctx, tc.TournamentID, tc.Round+1)
		if ErrorCode(err) == ENOTFOUND {
			next, err = nil, nil
		}
		if err == nil && (next == nil || !next.Started()) {
			_, reps, err := rs.RoundReports(ctx, tc.TournamentID, tc.StageID, tc.Round)
			if err != nil {
				return nil, err
			}
			v := &TableView{TableState: *ts, Code: tc.Code}
			v.Tournament.Notes = "" // the page shows the event, not the director's notes
			if f, ok := FormatOf(ts.Stage.Format); ok {
				v.Outcomes = f.Outcomes(ts.Stage.Settings)
			}
			line := queueLine(tc, &ts.Table, reps)
			v.State, v.Report, v.Counter, v.Waiting = line.State, line.Report, line.Counter, line.Waiting
			return v, nil
		}
	}
	if err != nil && ErrorCode(err) != ENOTFOUND {
		return nil, err
	}
	return nil, Errorf(ENOTFOUND, "report.code")
}

// queueLine is a table's state from its reports (oldest first) and its scores.
func queueLine(tc *TableCode, tb *Table, reps []Report) QueueLine {
	line := QueueLine{Table: tc.Table, Code: tc.Code, State: TableNotReported}
	for i := range reps {
		r := &reps[i]
		if r.Table != tc.Table {
			continue
		}
		switch {
		case r.Live() && r.Answers == 0:
			line.Report = r
		case r.Live():
			line.Counter = r
		case r.State == ReportAccepted:
			line.Report, line.Counter = r, nil
		}
	}
	switch {
	case line.Report != nil && line.Report.State == ReportAccepted && tb.Started():
		line.State = TableAccepted
	case tb.Started():
		line.State, line.Report, line.Counter = TableEntered, nil, nil
	case line.Report != nil && line.Report.State != ReportAccepted:
		line.State = line.Report.State
		if line.State == ReportReported {
			line.Waiting = waiting(line.Report, len(tb.Sides))
		}
	default:
		line.Report, line.Counter = nil, nil
	}
	return line
}

// waiting lists the seats whose confirmation a report still needs: one of each side
// but the reporter's.
func waiting(r *Report, sides int) []int {
	var out []int
	for p := 1; p <= sides; p++ {
		if p != r.Seat && !slices.Contains(r.Confirmed, p) {
			out = append(out, p)
		}
	}
	return out
}

// atTable is what a report or a confirmation decides on, read in its transaction.
type atTable struct {
	rt    ReportTx
	stage *Stage
	round *Round
	table *Table
	reps  []Report
}

// tableFor reads the table of a code in a command, refusing a code expired
// ("report.code"), a seat not at the table, a wrong PIN ("report.pin").
func (s *Tournaments) tableFor(ctx context.Context, tx Tx, tc *TableCode, seat int, pin string, pinSource string) (*atTable, error) {
	rt, err := reportTx(tx)
	if err != nil {
		return nil, err
	}
	stage, err := tx.Stage()
	if err != nil {
		return nil, err
	}
	if stage.ID != tc.StageID {
		return nil, Errorf(ENOTFOUND, "report.code")
	}
	round, tb, err := tx.Table(stage.ID, tc.Round, tc.Table)
	if ErrorCode(err) == ENOTFOUND {
		return nil, Errorf(ENOTFOUND, "report.code")
	} else if err != nil {
		return nil, err
	}
	if _, started, err := tx.RoundState(stage.ID, tc.Round+1); err != nil {
		return nil, err
	} else if started || round.Locked {
		return nil, Errorf(ENOTFOUND, "report.code")
	}
	if seat < 1 || seat > len(tb.Sides) {
		return nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"seat": "report.err.seat"}}
	}
	ok, err := s.pinMatches(ctx, tx, tc, tb, seat, pin, pinSource)
	if err != nil {
		return nil, err
	} else if !ok {
		return nil, &Error{Code: EUNAUTHORIZED, Key: "report.pin", Fields: FieldErrors{"pin": "report.err.pin"}}
	}
	if err := tx.Scores(tb); err != nil {
		return nil, err
	}
	reps, err := rt.TableReports(stage.ID, tc.Round, tc.Table)
	if err != nil {
		return nil, err
	}
	return &atTable{rt: rt, stage: stage, round: round, table: tb, reps: reps}, nil
}

// pinMatches checks a seat's PIN: the one drawn for it, or the last digits of a card
// number of a member of the side (of a team: a player of the pair seated there).
func (s *Tournaments) pinMatches(ctx context.Context, tx Tx, tc *TableCode, tb *Table, seat int, pin, source string) (bool, error) {
	pin = strings.TrimSpace(pin)
	if len(pin) != PINDigits {
		return false, nil
	}
	if source != PINCard {
		return seat <= len(tc.PINs) && subtle.ConstantTimeCompare([]byte(tc.PINs[seat-1]), []byte(pin)) == 1, nil
	}
	es, err := tx.TableEntries(tb)
	if err != nil {
		return false, err
	}
	if seat > len(tb.Sides) || s.Players == nil {
		return false, nil
	}
	// The members of every entry on the side: its entry's and its partners'; of a team,
	// only the pair of its line-up seated at this side.
	side := tb.Sides[seat-1]
	var members []Member
	for _, e := range es {
		if !side.Has(e.ID) {
			continue
		}
		if e.Kind == EntryTeam && side.Pair > 0 {
			st, err := tx.State()
			if err != nil {
				return false, err
			}
			pair := st.LineupOf(e.ID, tc.Round).Pairs[side.Pair-1]
			for _, m := range e.Members {
				if m.PlayerID == pair[0] || m.PlayerID == pair[1] {
					members = append(members, m)
				}
			}
			continue
		}
		members = append(members, e.Members...)
	}
	for _, m := range members {
		p, err := s.Players.FindPlayer(ctx, m.PlayerID)
		if ErrorCode(err) == ENOTFOUND {
			continue
		} else if err != nil {
			return false, err
		}
		if c := p.CardNumber; len(c) >= PINDigits && subtle.ConstantTimeCompare([]byte(c[len(c)-PINDigits:]), []byte(pin)) == 1 {
			return true, nil
		}
	}
	return false, nil
}

// checkReport validates a reported sheet as SaveSheet does a director's, with the same
// field keys, and returns its hand scores.
func checkReport(stage *Stage, sides int, sh ReportSheet) ([]HandScore, error) {
	hands, fe, err := CheckSheet(stage, sides, Sheet{Hands: sh.Hands})
	if err != nil {
		return nil, err
	}
	if sh.Outcome != nil {
		for k, v := range checkOutcome(stage, sides, *sh.Outcome) {
			fe.Add(k, v)
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if len(hands) == 0 && (sh.Outcome == nil || sh.Outcome.Kind != OutcomeForfeit) {
		return nil, Errorf(EINVALID, "sheet.empty")
	}
	return hands, nil
}

// sameReport reports whether two sheets give the same figures and outcome.
func sameReport(a, b []HandScore, oa, ob *Outcome) bool {
	var x, y Outcome
	if oa != nil {
		x = *oa
	}
	if ob != nil {
		y = *ob
	}
	return x == y && slices.Equal(scoreKeys(a), scoreKeys(b))
}

// reportEvent is a log line about a table's report: who is the table's code and seat.
func (s *Tournaments) reportEvent(tc *TableCode, seat int, kind string, args ...any) Event {
	ev := s.event(tc.TournamentID, fmt.Sprintf("%s/%d", tc.Code, seat), kind, append([]any{tc.Round, tc.Table, tc.Code, seat}, args...)...)
	ev.StageID, ev.Round, ev.Table = tc.StageID, tc.Round, tc.Table
	return ev
}

// reportCommand runs a report or a confirmation: throttled, on the code's tournament,
// a wrong PIN counted against the address and the code.
func (s *Tournaments) reportCommand(ctx context.Context, code, client string, fn func(tx Tx, tc *TableCode, rs ReportSettings) error) (*TableCode, ReportSettings, error) {
	a, tc, err := s.openCode(ctx, code, client, true)
	if err != nil {
		if a != nil {
			err = a.settle(ctx, err)
		}
		return nil, ReportSettings{}, err
	}
	var set ReportSettings
	err = s.Store.Update(ctx, tc.TournamentID, func(tx Tx) error {
		rt, err := reportTx(tx)
		if err != nil {
			return err
		}
		if set, err = rt.ReportSettings(); err != nil {
			return err
		}
		if !set.Reporting {
			return Errorf(ENOTFOUND, "report.code")
		}
		return fn(tx, tc, set)
	})
	if err = a.settle(ctx, err); err != nil {
		return nil, set, err
	}
	return tc, set, nil
}

// Report sends a table's result as the player at seat (a side's position) proving it
// with the seat's PIN. It is validated as the director's sheet is (same field keys);
// refused when a live report exists (ECONFLICT "report.exists"), the table has scores or
// is locked ("report.closed"), or the PIN is wrong (EUNAUTHORIZED "report.pin", counted).
func (s *Tournaments) Report(ctx context.Context, code string, seat int, pin string, sh ReportSheet, client string) (*Report, error) {
	var out *Report
	_, _, err := s.reportCommand(ctx, code, client, func(tx Tx, tc *TableCode, set ReportSettings) error {
		at, err := s.tableFor(ctx, tx, tc, seat, pin, set.PIN)
		if err != nil {
			return err
		}
		if at.table.Started() {
			return Errorf(ECONFLICT, "report.closed", tc.Table)
		}
		if slices.ContainsFunc(at.reps, func(r Report) bool { return r.Live() }) {
			return Errorf(ECONFLICT, "report.exists", tc.Table)
		}
		if _, err := checkReport(at.stage, len(at.table.Sides), sh); err != nil {
			return err
		}
		now := s.now().UTC()
		out = &Report{TournamentID: tc.TournamentID, StageID: tc.StageID, Round: tc.Round, Table: tc.Table, Code: tc.Code,
			Seat: seat, State: ReportReported, Sheet: sh, CreatedAt: now, UpdatedAt: now}
		if err := at.rt.AddReport(out); err != nil {
			return err
		}
		return tx.Log(s.reportEvent(tc, seat, "report"))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Confirm confirms the table's live report as the player at seat, of another side than
// the reporter's. With no sheet, or one with the same figures, the seat confirms it (and
// once every other side has, it is confirmed, and accepted with AutoAccept); with other
// figures the report is disputed and the confirmer's version kept beside it.
func (s *Tournaments) Confirm(ctx context.Context, code string, seat int, pin string, sh *ReportSheet, client string) (*Report, error) {
	var out *Report
	tc, set, err := s.reportCommand(ctx, code, client, func(tx Tx, tc *TableCode, set ReportSettings) error {
		out = nil
		at, err := s.tableFor(ctx, tx, tc, seat, pin, set.PIN)
		if err != nil {
			return err
		}
		if at.table.Started() {
			return Errorf(ECONFLICT, "report.closed", tc.Table)
		}
		i := slices.IndexFunc(at.reps, func(r Report) bool { return r.Live() && r.Answers == 0 })
		if i < 0 {
			return Errorf(ECONFLICT, "report.none", tc.Table)
		}
		r := at.reps[i]
		switch {
		case r.State == ReportDisputed:
			return Errorf(ECONFLICT, "report.disputed", tc.Table)
		case r.Seat == seat:
			return &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"seat": "report.err.own_side"}}
		case slices.Contains(r.Confirmed, seat):
			out = &r // confirmed already: nothing changes
			return nil
		}
		now := s.now().UTC()
		if sh != nil {
			theirs, err := checkReport(at.stage, len(at.table.Sides), *sh)
			if err != nil {
				return err
			}
			ours, err := checkReport(at.stage, len(at.table.Sides), r.Sheet)
			if err != nil {
				return err
			}
			if !sameReport(ours, theirs, r.Sheet.Outcome, sh.Outcome) {
				r.State, r.UpdatedAt = ReportDisputed, now
				if err := at.rt.SaveReport(&r); err != nil {
					return err
				}
				counter := &Report{TournamentID: tc.TournamentID, StageID: tc.StageID, Round: tc.Round, Table: tc.Table, Code: tc.Code,
					Seat: seat, Answers: r.ID, State: ReportDisputed, Sheet: *sh, CreatedAt: now, UpdatedAt: now}
				if err := at.rt.AddReport(counter); err != nil {
					return err
				}
				out = counter
				return tx.Log(s.reportEvent(tc, seat, "report_disputed"))
			}
		}
		r.Confirmed = append(r.Confirmed, seat)
		slices.Sort(r.Confirmed)
		if len(waiting(&r, len(at.table.Sides))) == 0 {
			r.State = ReportConfirmed
		}
		r.UpdatedAt = now
		if err := at.rt.SaveReport(&r); err != nil {
			return err
		}
		out = &r
		return tx.Log(s.reportEvent(tc, seat, "report_confirmed"))
	})
	if err != nil {
		return nil, err
	}
	if out.State == ReportConfirmed && set.AutoAccept {
		// A refusal (a correction asking the director to re-seat) leaves it in the queue.
		if _, err := s.Accept(ctx, tc.TournamentID, out.ID, out.Version, "auto"); err == nil {
			out.State = ReportAccepted
		} else if _, ok := AsError(err); !ok {
			return nil, err
		}
	}
	return out, nil
}

// currentRound returns the stage and round n of a tournament's current stage (0: its
// last round).
func (s *Tournaments) currentRound(ctx context.Context, tid int64, n int) (*State, *Round, error) {
	if n == 0 {
		st, err := s.Store.Load(ctx, tid)
		if err != nil {
			return nil, nil, err
		}
		if n = len(st.Rounds); n == 0 {
			return st, nil, nil
		}
	}
	return s.Store.LoadRound(ctx, tid, n)
}

// Reports returns round n's queue (0: the current round of the current stage).
func (s *Tournaments) Reports(ctx context.Context, tid int64, n int) (*Queue, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, err
	}
	set, err := rs.ReportSettings(ctx, tid)
	if err != nil {
		return nil, err
	}
	st, r, err := s.currentRound(ctx, tid, n)
	if err != nil {
		return nil, err
	}
	q := &Queue{Settings: set, Counts: map[string]int{}, Lines: []QueueLine{}}
	if r == nil {
		return q, nil
	}
	q.Round = r.Number
	codes, reps, err := rs.RoundReports(ctx, tid, st.Stage.ID, r.Number)
	if err != nil {
		return nil, err
	}
	for i := range r.Tables {
		tb := &r.Tables[i]
		tc := &TableCode{Table: tb.Number}
		if j := slices.IndexFunc(codes, func(c TableCode) bool { return c.Table == tb.Number }); j >= 0 {
			tc = &codes[j]
		}
		line := queueLine(tc, tb, reps)
		q.Lines = append(q.Lines, line)
		q.Counts[line.State]++
	}
	return q, nil
}

// findReport reads a report of a tournament's current stage, by ID, outside a command.
func (s *Tournaments) findReport(ctx context.Context, tid, id int64) (*Report, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, err
	}
	st, err := s.Store.Load(ctx, tid)
	if err != nil {
		return nil, err
	}
	for n := len(st.Rounds); n >= 1; n-- {
		_, reps, err := rs.RoundReports(ctx, tid, st.Stage.ID, n)
		if err != nil {
			return nil, err
		}
		for i := range reps {
			if reps[i].ID == id {
				return &reps[i], nil
			}
		}
	}
	return nil, Errorf(ENOTFOUND, "error.not_found")
}

// Accept puts a report (at its version) in the table's sheet through SaveSheet, in one
// transaction, logged as the director's with the report's code and seat; its undo is
// the sheet's undo, which sends the report back to the queue.
func (s *Tournaments) Accept(ctx context.Context, tid, reportID int64, version int, director string) (*SheetOutcome, error) {
	r, err := s.findReport(ctx, tid, reportID)
	if err != nil {
		return nil, err
	}
	if !r.Live() || (version != 0 && version != r.Version) {
		return nil, Errorf(ECONFLICT, "report.stale", r.Table)
	}
	ctx = context.WithValue(ctx, acceptKey{}, accepting{ID: r.ID, Version: r.Version})
	return s.SaveSheet(ctx, tid, r.Round, r.Table, Sheet{Hands: r.Sheet.Hands, Outcome: r.Sheet.Outcome}, director)
}

// AcceptConfirmed accepts every confirmed report of round n, and returns the tables
// accepted (a table whose save is refused stays in the queue).
func (s *Tournaments) AcceptConfirmed(ctx context.Context, tid int64, n int, director string) ([]int, error) {
	q, err := s.Reports(ctx, tid, n)
	if err != nil {
		return nil, err
	}
	accepted := []int{}
	for _, l := range q.Lines {
		if l.State != TableConfirmed {
			continue
		}
		if _, err := s.Accept(ctx, tid, l.Report.ID, l.Report.Version, director); err == nil {
			accepted = append(accepted, l.Table)
		} else if _, ok := AsError(err); !ok {
			return accepted, err
		}
	}
	return accepted, nil
}

// Reject refuses a live report (at its version), and its counter-report: the table
// takes reports again.
func (s *Tournaments) Reject(ctx context.Context, tid, reportID int64, version int, director string) error {
	r, err := s.findReport(ctx, tid, reportID)
	if err != nil {
		return err
	}
	return s.Store.Update(ctx, tid, func(tx Tx) error {
		rt, err := reportTx(tx)
		if err != nil {
			return err
		}
		reps, err := rt.TableReports(r.StageID, r.Round, r.Table)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(reps, func(x Report) bool { return x.ID == reportID })
		if i < 0 || !reps[i].Live() || (version != 0 && reps[i].Version != version) {
			return Errorf(ECONFLICT, "report.stale", r.Table)
		}
		for _, x := range reps {
			if x.Live() {
				x.State, x.UpdatedAt = ReportRejected, s.now().UTC()
				if err := rt.SaveReport(&x); err != nil {
					return err
				}
			}
		}
		ev := s.event(tid, director, "report_rejected", r.Round, r.Table, r.Code, reps[i].Seat)
		ev.StageID, ev.Round, ev.Table = r.StageID, r.Round, r.Table
		return tx.Log(ev)
	})
}

// ReportSettings returns a tournament's reporting settings.
func (s *Tournaments) ReportSettings(ctx context.Context, tid int64) (ReportSettings, error) {
	rs, err := s.reportStore()
	if err != nil {
		return ReportSettings{}, err
	}
	return rs.ReportSettings(ctx, tid)
}

// SetReportSettings changes a tournament's reporting settings (at rs.Version), logged;
// turned on, the current round's tables get their codes.
func (s *Tournaments) SetReportSettings(ctx context.Context, tid int64, in ReportSettings, director string) (ReportSettings, error) {
	if in.PIN == "" {
		in.PIN = PINRandom
	}
	if in.PIN != PINRandom && in.PIN != PINCard {
		return ReportSettings{}, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"pin": "report.err.pin_source"}}
	}
	var out ReportSettings
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		rt, err := reportTx(tx)
		if err != nil {
			return err
		}
		old, err := rt.ReportSettings()
		if err != nil {
			return err
		}
		if in.Version != 0 && in.Version != old.Version {
			return Errorf(ECONFLICT, "report.settings_stale")
		}
		out = in
		out.Version = old.Version
		if err := rt.SaveReportSettings(&out); err != nil {
			return err
		}
		ev := s.event(tid, director, "report_settings")
		for _, c := range []struct {
			what   string
			before string
			after  string
		}{
			{"change.reporting", yesNo(old.Reporting), yesNo(out.Reporting)},
			{"change.auto_accept", yesNo(old.AutoAccept), yesNo(out.AutoAccept)},
			{"change.pin_source", pinSourceKey(old.PIN), pinSourceKey(out.PIN)},
		} {
			if c.before != c.after {
				ev.Changes = append(ev.Changes, Change{What: c.what, Before: c.before, After: c.after, Words: true})
			}
		}
		if out.Reporting && !old.Reporting {
			st, err := tx.State()
			if err != nil {
				return err
			}
			if cur := st.Current(); cur != nil && !cur.Locked {
				codes, err := codesFor(rt, tid, st.Stage.ID, cur)
				if err != nil {
					return err
				}
				if err := rt.AddCodes(st.Stage.ID, cur.Number, codes); err != nil {
					return err
				}
			}
		}
		return tx.Log(ev)
	})
	return out, err
}

// TableCodes returns the codes of round n's tables with their PINs, for the director's
// printed table cards and sheets (nil when reporting is off).
func (s *Tournaments) TableCodes(ctx context.Context, tid int64, n int) ([]TableCode, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, err
	}
	set, err := rs.ReportSettings(ctx, tid)
	if err != nil || !set.Reporting {
		return nil, err
	}
	st, r, err := s.currentRound(ctx, tid, n)
	if err != nil || r == nil {
		return nil, err
	}
	codes, _, err := rs.RoundReports(ctx, tid, st.Stage.ID, r.Number)
	if set.PIN == PINCard {
		for i := range codes {
			codes[i].PINs = nil // the players' own cards
		}
	}
	return codes, err
}

// PreviewReport is what a report would give (the table's result under its format) and
// its problems, for the live totals of the table's page.
func PreviewReport(v *TableView, sh ReportSheet) (TableResult, FieldErrors, error) {
	hands, fe, err := CheckSheet(&v.Stage, len(v.Table.Sides), Sheet{Hands: sh.Hands})
	if err != nil {
		return TableResult{}, nil, err
	}
	tb := v.Table
	tb.Hands = hands
	if sh.Outcome != nil {
		for k, m := range checkOutcome(&v.Stage, len(tb.Sides), *sh.Outcome) {
			fe.Add(k, m)
		}
		tb.Outcome = *sh.Outcome
	}
	f, ok := FormatOf(v.Stage.Format)
	if !ok {
		return TableResult{}, fe, Errorf(EINTERNAL, "error.internal")
	}
	return f.Result(&State{Stage: v.Stage}, &tb), fe, nil
}

// pinSourceKey is the message key naming a PIN source.
func pinSourceKey(source string) string {
	if source == PINCard {
		return "report.pin_source.card"
	}
	return "report.pin_source.pin"
}
