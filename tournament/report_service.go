package tournament

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"math/big"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"
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

// addrKey is the throttle's key of a client address: an IPv6 address by its /64, the
// network a single host usually gets, whose 2^64 addresses it may use in turn.
func addrKey(client string) string {
	if a, err := netip.ParseAddr(client); err == nil && a.Is6() && !a.Is4In6() {
		client = netip.PrefixFrom(a, 64).Masked().String()
	}
	return "report-addr:" + client
}

// seatKey is the throttle's key of a seat: a table's code and a side's position.
func seatKey(code string, seat int) string { return fmt.Sprintf("report-seat:%s/%d", code, seat) }

// findCode finds a table code as typed. A right code is found whatever its client sent
// before; a wrong one is refused (wrongCode).
func (s *Tournaments) findCode(ctx context.Context, rs ReportStore, code, client string) (*TableCode, error) {
	code = NormalizeCode(code)
	if len(code) != CodeLength {
		return nil, s.wrongCode(ctx, rs, client)
	}
	tc, err := rs.FindCode(ctx, code)
	if ErrorCode(err) == ENOTFOUND {
		return nil, s.wrongCode(ctx, rs, client)
	}
	return tc, err
}

// wrongCode records a wrong (or expired) code against the client's address and refuses
// it: ENOTFOUND "report.code" within the address's free tries (ReportFreeCodes in
// ReportWindow), and past them while the address has not waited CodeDelay since its last
// wrong code, ETHROTTLED "report.slow" with the wait before the next one is answered.
// Codes sent at once are each recorded before any is counted.
func (s *Tournaments) wrongCode(ctx context.Context, rs ReportStore, client string) error {
	now := s.now().UTC()
	key := addrKey(client)
	// An address already waiting is refused from a read, recording nothing: a flood of
	// wrong codes was a write each (thousands of rows a minute from one client, each
	// counted again by the next), though none of them could be answered.
	if wait, err := s.codeWait(ctx, rs, key, now); err != nil || wait > 0 {
		if err != nil {
			return err
		}
		return &Error{Code: ETHROTTLED, Key: "report.slow", Args: []any{int(wait / time.Second)}, RetryAfter: wait}
	}
	if _, err := rs.Fail(ctx, []string{key}, now); err != nil {
		return err
	}
	n, err := rs.Failures(ctx, []string{key}, now.Add(-ReportWindow))
	if err != nil {
		return err
	}
	if n[key] <= ReportFreeCodes { // this one included
		return Errorf(ENOTFOUND, "report.code")
	}
	k := n[key] - ReportFreeCodes
	recent, err := rs.Failures(ctx, []string{key}, now.Add(-CodeDelay(k)+time.Microsecond))
	if err != nil {
		return err
	}
	if recent[key] <= 1 {
		return Errorf(ENOTFOUND, "report.code") // it waited since the last one: answered
	}
	wait := CodeDelay(k + 1)
	return &Error{Code: ETHROTTLED, Key: "report.slow", Args: []any{int(wait / time.Second)}, RetryAfter: wait}
}

// codeWait is how long the address key must still wait before its next wrong code is
// answered (0: it would be answered), from the wrong codes recorded: past the free ones,
// the k-th waits CodeDelay(k) after the one before it.
func (s *Tournaments) codeWait(ctx context.Context, rs ReportStore, key string, now time.Time) (time.Duration, error) {
	n, err := rs.Failures(ctx, []string{key}, now.Add(-ReportWindow))
	if err != nil {
		return 0, err
	}
	k := n[key] + 1 - ReportFreeCodes // this one's, were it recorded
	if k < 1 {
		return 0, nil
	}
	recent, err := rs.Failures(ctx, []string{key}, now.Add(-CodeDelay(k)+time.Microsecond))
	if err != nil || recent[key] == 0 {
		return 0, err
	}
	return CodeDelay(k), nil
}

// seatTry is a PIN's try on a seat under way: recorded as a failure of the seat before
// the PIN is checked, so that PINs sent at once cannot all pass before any is counted;
// forgotten unless the PIN turns out wrong.
type seatTry struct {
	rs    ReportStore
	key   string
	id    int64 // the failure recorded (0: none, the seat is not at the table)
	tries int   // the seat's wrong PINs, this one included
}

// trySeat records a try on a seat, refusing a seat blocked (ETHROTTLED "report.blocked").
func (s *Tournaments) trySeat(ctx context.Context, rs ReportStore, tc *TableCode, seat int) (*seatTry, error) {
	st := &seatTry{rs: rs, key: seatKey(tc.Code, seat)}
	if seat < 1 || seat > len(tc.PINs) {
		return st, nil // refused as a seat not at the table, counting nothing
	}
	now := s.now().UTC()
	ids, err := rs.Fail(ctx, []string{st.key}, now)
	if err != nil {
		return nil, err
	}
	st.id = ids[0]
	n, err := rs.Failures(ctx, []string{st.key}, now.Add(-ReportSeatWindow))
	if err != nil {
		return nil, err
	}
	st.tries = n[st.key]
	if st.tries > ReportPINTries {
		return nil, st.settle(ctx, blocked(seat))
	}
	return st, nil
}

// blocked is the refusal of a blocked seat.
func blocked(seat int) error {
	return &Error{Code: ETHROTTLED, Key: "report.blocked", Args: []any{seat}, Fields: FieldErrors{"seat": "report.err.blocked"}}
}

// settle forgets the try unless its PIN was wrong, and then says how many tries the
// seat has left (EUNAUTHORIZED "report.pin", Args: the tries left), or that it is now
// blocked (ETHROTTLED "report.blocked_now").
func (st *seatTry) settle(ctx context.Context, err error) error {
	if st == nil || st.id == 0 {
		return err
	}
	if e, _ := AsError(err); e != nil && e.Key == "report.pin" {
		if left := ReportPINTries - st.tries; left > 0 {
			return &Error{Code: EUNAUTHORIZED, Key: "report.pin", Args: []any{left}, Fields: e.Fields}
		}
		return &Error{Code: ETHROTTLED, Key: "report.blocked_now", Fields: FieldErrors{"pin": "report.err.blocked"}}
	}
	if ferr := st.rs.Forget(context.WithoutCancel(ctx), []int64{st.id}); ferr != nil {
		return ferr
	}
	return err
}

// TableByCode returns what table code's page shows: refused alike (ENOTFOUND
// "report.code") for a code never drawn and one expired (its round locked, the next round
// with scores, a later stage started). A wrong code counts against the client's address
// (wrongCode); a right one always opens its table.
func (s *Tournaments) TableByCode(ctx context.Context, code, client string) (*TableView, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, err
	}
	tc, err := s.findCode(ctx, rs, code, client)
	if err != nil {
		return nil, err
	}
	v, err := s.tableByCode(ctx, rs, tc)
	if e, _ := AsError(err); e != nil && e.Key == "report.code" {
		return nil, s.wrongCode(ctx, rs, client) // expired
	}
	if err != nil {
		return nil, err
	}
	b, err := s.blockedOf(ctx, rs, []TableCode{*tc})
	if err != nil {
		return nil, err
	}
	v.Blocked = b[tc.Code]
	return v, nil
}

// blockedOf returns the seats blocked by wrong PINs of each table code, in one read.
func (s *Tournaments) blockedOf(ctx context.Context, rs ReportStore, codes []TableCode) (map[string][]int, error) {
	var keys []string
	for _, c := range codes {
		for p := 1; p <= len(c.PINs); p++ {
			keys = append(keys, seatKey(c.Code, p))
		}
	}
	n, err := rs.Failures(ctx, keys, s.now().UTC().Add(-ReportSeatWindow))
	if err != nil {
		return nil, err
	}
	out := map[string][]int{}
	for _, c := range codes {
		for p := 1; p <= len(c.PINs); p++ {
			if n[seatKey(c.Code, p)] >= ReportPINTries {
				out[c.Code] = append(out[c.Code], p)
			}
		}
	}
	return out, nil
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
// number of a member of the side.
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
	// The members of every entry on the side: its entry's and its partners'.
	var members []Member
	for _, e := range es {
		if tb.Sides[seat-1].Has(e.ID) {
			members = append(members, e.Members...)
		}
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

// reportCommand runs a report or a confirmation from a seat: the code found (a wrong
// one counted against the client's address), the seat not blocked and the try recorded
// against it (a wrong PIN kept, anything else forgotten), on the code's tournament.
func (s *Tournaments) reportCommand(ctx context.Context, code string, seat int, client string, fn func(tx Tx, tc *TableCode, rs ReportSettings) error) (*TableCode, ReportSettings, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, ReportSettings{}, err
	}
	// The throttle's writes are not the command: they never take its idempotency key.
	tctx := withoutClaim(ctx)
	tc, err := s.findCode(tctx, rs, code, client)
	if err != nil {
		return nil, ReportSettings{}, err
	}
	try, err := s.trySeat(tctx, rs, tc, seat)
	if err != nil {
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
	if err = try.settle(tctx, err); err != nil {
		if e, _ := AsError(err); e != nil && e.Key == "report.code" {
			return nil, set, s.wrongCode(tctx, rs, client) // expired
		}
		return nil, set, err
	}
	return tc, set, nil
}

// reportRequest is what an idempotency key of a report or a confirmation stands for
// (never the PIN).
type reportRequest struct {
	Code  string       `json:"code"`
	Seat  int          `json:"seat"`
	Sheet *ReportSheet `json:"sheet,omitempty"`
}

// WithTableKey returns ctx carrying a phone's idempotency key for a report or a
// confirmation on a table's code: the same sheet sent again with it (an answer lost, a
// connection back) is answered as the first was, and stored once.
func WithTableKey(ctx context.Context, code, key string) context.Context {
	return WithIdempotencyKey(ctx, "table:"+NormalizeCode(code), key)
}

// reportResult is what an idempotency key of a report or a confirmation records: the
// ID of the report it answered with (set by the command before it commits).
func reportResult(out **Report) func() string {
	return func() string {
		if *out == nil {
			return "0"
		}
		return strconv.FormatInt((*out).ID, 10)
	}
}

// replayReport reads the report an idempotency key recorded, by the code's tournament.
func (s *Tournaments) replayReport(ctx context.Context, code, stored string) (*Report, error) {
	id, err := parseID(stored)
	if err != nil {
		return nil, err
	}
	rs, err := s.reportStore()
	if err != nil {
		return nil, err
	}
	tc, err := rs.FindCode(ctx, NormalizeCode(code))
	if err != nil {
		return nil, err
	}
	return s.findReport(ctx, tc.TournamentID, id)
}

// Report sends a table's result as the player at seat (a side's position) proving it
// with the seat's PIN. It is validated as the director's sheet is (same field keys);
// refused when a live report exists (ECONFLICT "report.exists"), the table has scores or
// is locked ("report.closed"), or the PIN is wrong (EUNAUTHORIZED "report.pin" with the tries left,
// counted against the seat; ETHROTTLED "report.blocked" once the seat is blocked). With
// an idempotency key on ctx (WithTableKey), the same report sent again is stored once.
func (s *Tournaments) Report(ctx context.Context, code string, seat int, pin string, sh ReportSheet, client string) (*Report, error) {
	var out *Report
	err := once(ctx, s.Store, "report", reportRequest{NormalizeCode(code), seat, &sh}, func(ctx context.Context, c *Claim) error {
		c.setResult(reportResult(&out))
		_, _, err := s.reportCommand(ctx, code, seat, client, func(tx Tx, tc *TableCode, set ReportSettings) error {
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
		return err
	}, func(stored string) error {
		var err error
		out, err = s.replayReport(ctx, code, stored)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Confirm confirms the table's live report as the player at seat, of another side than
// the reporter's. With no sheet, or one with the same figures, the seat confirms it (and
// once every other side has, it is confirmed, and accepted with AutoAccept); with other
// figures the report is disputed and the confirmer's version kept beside it — also when
// the seat had confirmed it before (a changed confirmation is never dropped). With an
// idempotency key on ctx (WithTableKey), the same confirmation sent again counts once.
func (s *Tournaments) Confirm(ctx context.Context, code string, seat int, pin string, sh *ReportSheet, client string) (*Report, error) {
	var out *Report
	var tc *TableCode
	var set ReportSettings
	replayed := false
	err := once(ctx, s.Store, "confirm", reportRequest{NormalizeCode(code), seat, sh}, func(ctx context.Context, c *Claim) error {
		c.setResult(reportResult(&out))
		var err error
		tc, set, err = s.reportCommand(ctx, code, seat, client, func(tx Tx, tc *TableCode, set ReportSettings) error {
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
			already := slices.Contains(r.Confirmed, seat)
			switch {
			case r.State == ReportDisputed:
				return Errorf(ECONFLICT, "report.disputed", tc.Table)
			case r.Seat == seat:
				return &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"seat": "report.err.own_side"}}
			case already && sh == nil:
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
					r.Confirmed = slices.DeleteFunc(r.Confirmed, func(p int) bool { return p == seat })
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
				if already {
					out = &r // the same figures again: nothing changes
					return nil
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
		return err
	}, func(stored string) error {
		replayed = true
		var err error
		out, err = s.replayReport(ctx, code, stored)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !replayed && out.State == ReportConfirmed && set.AutoAccept {
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
	blocked, err := s.blockedOf(ctx, rs, codes)
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
		if tc.Code != "" {
			line.Blocked = blocked[tc.Code]
		}
		q.Lines = append(q.Lines, line)
		q.Counts[line.State]++
	}
	return q, nil
}

// BlockedSeats counts the seats of round n's tables (0: the current round) blocked by
// wrong PINs: the round page follows them, as a block moves no revision.
func (s *Tournaments) BlockedSeats(ctx context.Context, tid int64, n int) (int, error) {
	rs, err := s.reportStore()
	if err != nil {
		return 0, err
	}
	set, err := rs.ReportSettings(ctx, tid)
	if err != nil || !set.Reporting {
		return 0, err
	}
	st, r, err := s.currentRound(ctx, tid, n)
	if err != nil || r == nil {
		return 0, err
	}
	codes, _, err := rs.RoundReports(ctx, tid, st.Stage.ID, r.Number)
	if err != nil {
		return 0, err
	}
	b, err := s.blockedOf(ctx, rs, codes)
	count := 0
	for _, seats := range b {
		count += len(seats)
	}
	return count, err
}

// Unblock lifts the block that wrong PINs put on a seat of round n's table (0: the
// current round), logged: the seat has its ReportPINTries again.
func (s *Tournaments) Unblock(ctx context.Context, tid int64, n, table, seat int, director string) error {
	rs, err := s.reportStore()
	if err != nil {
		return err
	}
	st, r, err := s.currentRound(ctx, tid, n)
	if err != nil {
		return err
	} else if r == nil {
		return Errorf(ENOTFOUND, "error.not_found")
	}
	codes, _, err := rs.RoundReports(ctx, tid, st.Stage.ID, r.Number)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(codes, func(c TableCode) bool { return c.Table == table })
	if i < 0 {
		return Errorf(ENOTFOUND, "error.not_found")
	}
	tc := codes[i]
	if seat < 1 || seat > len(tc.PINs) {
		return &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"seat": "report.err.seat"}}
	}
	err = s.Store.Update(ctx, tid, func(tx Tx) error {
		ev := s.event(tid, director, "report_unblocked", r.Number, table, tc.Code, seat)
		ev.StageID, ev.Round, ev.Table = tc.StageID, r.Number, table
		return tx.Log(ev)
	})
	if err != nil {
		return err
	}
	return rs.ClearFailures(ctx, seatKey(tc.Code, seat))
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
