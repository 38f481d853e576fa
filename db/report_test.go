package db_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// Table reporting (issue 21) on the SQL store, through the service: SQLite and
// PostgreSQL (dbtest.RunBoth).

// reporting turns a tournament's reporting on (with AutoAccept and the PIN source
// given) and draws round 1; it returns round 1's codes.
func (f *fixture) reporting(t *testing.T, auto bool, pin string) []tournament.TableCode {
	t.Helper()
	_, err := f.svc.SetReportSettings(f.ctx, f.tid, tournament.ReportSettings{Reporting: true, AutoAccept: auto, PIN: pin}, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	codes, err := f.svc.TableCodes(f.ctx, f.tid, 1)
	require.NoError(t, err)
	return codes
}

// threeTotals is a 3-player sheet of the stage's hands: the seats score a, b, c each hand.
func threeTotals(hands, a, b, c int) tournament.ReportSheet {
	var sh tournament.ReportSheet
	for range hands {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(a), total(b), total(c)})
	}
	return sh
}

func errKey(err error) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Key
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// TestReportConfirmAcceptAndUndo: a 3-player table reported by seat 1 is confirmed by
// seats 2 and 3 (each with their PIN), accepted by the director into the sheet (logged
// with the table's code and seat), and the acceptance undone sends it back to the queue.
func TestReportConfirmAcceptAndUndo(t *testing.T) {
	f := newEvening(t, 9, nil)
	codes := f.reporting(t, false, tournament.PINRandom)
	require.Len(t, codes, 3)
	for _, c := range codes {
		assert.Len(t, c.Code, tournament.CodeLength)
		assert.Len(t, c.PINs, 3, "a PIN per seat")
	}
	tc := codes[0]
	hands := f.state(t).Stage.HandsPerRound()

	v, err := f.svc.TableByCode(f.ctx, tc.Code, "10.0.0.1")
	require.NoError(t, err)
	assert.Equal(t, 1, v.Table.Number)
	assert.Len(t, v.Entries, 3, "who sits where")
	assert.Equal(t, tournament.TableNotReported, v.State)

	sh := threeTotals(hands, 300, 100, -100)
	r, err := f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], sh, "10.0.0.1")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportReported, r.State)

	_, err = f.svc.Report(f.ctx, tc.Code, 2, tc.PINs[1], sh, "10.0.0.2")
	assert.Equal(t, "report.exists", errKey(err), "one live report per table")
	_, err = f.svc.Confirm(f.ctx, tc.Code, 1, tc.PINs[0], nil, "10.0.0.1")
	assert.Equal(t, "report.err.own_side", fieldKey(err, "seat"), "the reporter's own side cannot confirm")

	r, err = f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], nil, "10.0.0.2")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportReported, r.State, "seat 3 has still to confirm")
	q, err := f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, []int{3}, q.Lines[0].Waiting)

	same := threeTotals(hands, 300, 100, -100)
	r, err = f.svc.Confirm(f.ctx, tc.Code, 3, tc.PINs[2], &same, "10.0.0.3")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportConfirmed, r.State, "the same figures confirm")

	q, err = f.svc.Reports(f.ctx, f.tid, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{tournament.TableConfirmed: 1, tournament.TableNotReported: 2}, q.Counts)

	_, err = f.svc.Accept(f.ctx, f.tid, r.ID, r.Version+1, "anna")
	assert.Equal(t, "report.stale", errKey(err))
	out, err := f.svc.Accept(f.ctx, f.tid, r.ID, r.Version, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int{300 * hands, 100 * hands, -100 * hands}, out.Result.Scores)

	q, err = f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, tournament.TableAccepted, q.Lines[0].State)
	_, err = f.svc.Report(f.ctx, tc.Code, 2, tc.PINs[1], sh, "10.0.0.2")
	assert.Equal(t, "report.closed", errKey(err), "a table with scores takes no more reports")

	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	kinds := map[string]tournament.Event{}
	for _, e := range evs {
		if _, ok := kinds[e.Kind]; !ok {
			kinds[e.Kind] = e
		}
	}
	assert.Equal(t, tc.Code+"/1", kinds["report"].Director, "who: the table's code and seat")
	assert.Equal(t, tc.Code+"/3", kinds["report_confirmed"].Director)
	acc := kinds["scores"]
	assert.Equal(t, "anna", acc.Director)
	require.Len(t, acc.Also, 1)
	assert.Equal(t, tournament.Line{Key: "event.also.report_accepted", Args: []string{tc.Code, "1"}}, acc.Also[0])

	_, err = f.svc.Undo(f.ctx, f.tid, acc.ID, "anna")
	require.NoError(t, err)
	assert.Empty(t, f.state(t).Rounds[0].Tables[0].Hands, "the undo empties the sheet")
	q, err = f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	require.Equal(t, tournament.TableConfirmed, q.Lines[0].State, "and the report is back in the queue")
	accepted, err := f.svc.AcceptConfirmed(f.ctx, f.tid, 1, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int{1}, accepted)
}

func fieldKey(err error, field string) string {
	if e, ok := tournament.AsError(err); ok {
		return e.Fields[field]
	}
	return ""
}

// TestReportValidatedLikeTheSheet: a report is checked as the director's sheet is, with
// the same field keys; a wrong seat is refused by field.
func TestReportValidatedLikeTheSheet(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	hands := f.state(t).Stage.HandsPerRound()
	bad := threeTotals(hands, 300, 100, -100)
	bad.Hands[0][1] = total(103)
	_, repErr := f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], bad, "10.0.0.1")
	_, dirErr := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: bad.Hands}, "anna")
	require.Error(t, dirErr)
	re, _ := tournament.AsError(repErr)
	de, _ := tournament.AsError(dirErr)
	require.NotNil(t, re)
	assert.Equal(t, de.Fields, re.Fields, "the same messages next to the same fields")
	assert.NotEmpty(t, re.Fields)

	_, err := f.svc.Report(f.ctx, tc.Code, 4, tc.PINs[0], threeTotals(hands, 300, 100, -100), "10.0.0.1")
	assert.Equal(t, "report.err.seat", fieldKey(err, "seat"))
	_, err = f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], tournament.ReportSheet{}, "10.0.0.1")
	assert.Equal(t, "sheet.empty", errKey(err))
}

// TestReportCodeOnlyOpensItsTableWhileOpen: a code opens only its own table of its own
// round, of its own tournament; once the next round has scores, or its round is locked,
// it answers as a code never drawn.
func TestReportCodeOnlyOpensItsTableWhileOpen(t *testing.T) {
	f := newEvening(t, 6, nil)
	codes := f.reporting(t, false, tournament.PINRandom)
	other := newEveningIn(t, f.db, 6, nil)
	otherCodes := other.reporting(t, false, tournament.PINRandom)
	for _, c := range otherCodes {
		for _, mine := range codes {
			assert.NotEqual(t, mine.Code, c.Code, "codes are unique across tournaments")
		}
	}
	v, err := f.svc.TableByCode(f.ctx, otherCodes[1].Code, "10.0.0.9")
	require.NoError(t, err)
	assert.Equal(t, other.tid, v.Tournament.ID, "a code opens its own tournament's table")
	assert.Equal(t, 2, v.Table.Number)

	_, err = f.svc.TableByCode(f.ctx, "ZZZZZZ", "10.0.0.9")
	assert.Equal(t, "report.code", errKey(err))
	_, err = other.svc.SetReportSettings(other.ctx, other.tid, tournament.ReportSettings{Reporting: false}, "anna")
	require.NoError(t, err)
	_, err = f.svc.TableByCode(f.ctx, otherCodes[1].Code, "10.0.0.9")
	assert.Equal(t, "report.code", errKey(err), "reporting turned off: the codes open nothing")

	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 8}, "anna")
	require.NoError(t, err)
	r2, err := f.svc.TableCodes(f.ctx, f.tid, 2)
	require.NoError(t, err)
	require.Len(t, r2, 2)
	assert.NotEqual(t, codes[0].Code, r2[0].Code, "new codes every round")
	_, err = f.svc.TableByCode(f.ctx, codes[0].Code, "10.0.0.9")
	require.NoError(t, err, "round 1's code stays open while round 2 has no score (a correction)")

	hands := f.state(t).Stage.HandsPerRound()
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 1, tournament.Sheet{Hands: threeTotals(hands, 300, 100, -100).Hands}, "anna")
	require.NoError(t, err)
	_, err = f.svc.TableByCode(f.ctx, codes[0].Code, "10.0.0.9")
	assert.Equal(t, "report.code", errKey(err), "expired: the next round has scores")
	_, err = f.svc.Report(f.ctx, codes[1].Code, 1, codes[1].PINs[0], threeTotals(hands, 300, 100, -100), "10.0.0.9")
	assert.Equal(t, "report.code", errKey(err))

	require.NoError(t, f.svc.Lock(f.ctx, f.tid, 2, true, "anna"))
	_, err = f.svc.TableByCode(f.ctx, r2[1].Code, "10.0.0.8")
	assert.Equal(t, "report.code", errKey(err), "expired: its round is locked")
}

// TestReportGuessingThrottled: wrong PINs are counted per seat (the code and the
// side), wrong codes per address, in the database. A seat takes ReportPINTries wrong
// PINs, each answer saying how many are left, then is blocked (even its right PIN) until
// the director lifts it, while the table's other seats are served; an address past its
// free wrong codes is slowed down (growing delays), yet a right code always opens.
func TestReportGuessingThrottled(t *testing.T) {
	f := newEvening(t, 6, nil)
	now := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	codes := f.reporting(t, false, tournament.PINRandom)
	tc := codes[0]
	hands := f.state(t).Stage.HandsPerRound()
	sh := threeTotals(hands, 300, 100, -100)
	wrong := "0000"
	if tc.PINs[0] == wrong {
		wrong = "1111"
	}
	for i := range tournament.ReportPINTries - 1 {
		_, err := f.svc.Report(f.ctx, tc.Code, 1, wrong, sh, "10.0.1.1")
		e, _ := tournament.AsError(err)
		require.NotNil(t, e, "attempt %d", i+1)
		assert.Equal(t, "report.pin", e.Key, "attempt %d", i+1)
		assert.Equal(t, []any{tournament.ReportPINTries - 1 - i}, e.Args, "tries left after attempt %d", i+1)
	}
	_, err := f.svc.Report(f.ctx, tc.Code, 1, wrong, sh, "10.0.1.1")
	assert.Equal(t, "report.blocked_now", errKey(err), "the last try blocks the seat")
	_, err = f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], sh, "10.0.2.1")
	assert.Equal(t, "report.blocked", errKey(err), "the seat is held, from any address, even its right PIN")
	_, err = f.svc.TableByCode(f.ctx, tc.Code, "10.0.1.1")
	require.NoError(t, err, "the code still opens the table")
	q, err := f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, q.Lines[0].Blocked, "the director sees the blocked seat")
	now = now.Add(time.Hour)
	_, err = f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], sh, "10.0.2.1")
	assert.Equal(t, "report.blocked", errKey(err), "an hour later still: no guesser waits it out")

	// The other seats of the table are served: the one who mistyped reports from seat 2.
	_, err = f.svc.Report(f.ctx, tc.Code, 2, tc.PINs[1], sh, "10.0.1.1")
	require.NoError(t, err)

	require.NoError(t, f.svc.Unblock(f.ctx, f.tid, 1, tc.Table, 1, "anna"))
	assert.Equal(t, "report_unblocked", f.latest(t).Kind, "the lift is logged")
	q, err = f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Empty(t, q.Lines[0].Blocked, "lifted")
	_, err = f.svc.Confirm(f.ctx, tc.Code, 1, tc.PINs[0], nil, "10.0.2.1")
	require.NoError(t, err, "the seat's right PIN works again")

	// Wrong codes from one address: free ones answered, then slowed down.
	for i := range tournament.ReportFreeCodes {
		_, err := f.svc.TableByCode(f.ctx, "ABCDEF", "10.0.3.1")
		require.Equal(t, "report.code", errKey(err), "wrong code %d", i+1)
	}
	_, err = f.svc.TableByCode(f.ctx, "ABCDEG", "10.0.3.1")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, "report.slow", e.Key)
	assert.Equal(t, tournament.CodeDelay(1), e.RetryAfter, "the first wait")
	_, err = f.svc.TableByCode(f.ctx, codes[1].Code, "10.0.3.1")
	require.NoError(t, err, "a right code always opens its table, from the guessing address too")
	now = now.Add(tournament.CodeDelay(2))
	_, err = f.svc.TableByCode(f.ctx, "ABCDEH", "10.0.3.1")
	assert.Equal(t, "report.code", errKey(err), "a wrong code sent after the wait is answered")
	_, err = f.svc.TableByCode(f.ctx, "ABCDEJ", "10.0.3.1")
	e, _ = tournament.AsError(err)
	require.NotNil(t, e)
	assert.Equal(t, tournament.CodeDelay(2), e.RetryAfter, "and the next wait is longer")
	now = now.Add(tournament.ReportWindow + time.Second)
	_, err = f.svc.TableByCode(f.ctx, "ABCDEK", "10.0.3.1")
	require.Equal(t, "report.code", errKey(err), "the window slides")
}

// TestTwoReportsAtOnce: two phones report one table at the same moment: one wins, the
// other is told a report exists.
func TestTwoReportsAtOnce(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	hands := f.state(t).Stage.HandsPerRound()
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = f.svc.Report(context.Background(), tc.Code, i+1, tc.PINs[i], threeTotals(hands, 300, 100, -100), "10.0.0.1")
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		} else {
			assert.Equal(t, "report.exists", errKey(err))
		}
	}
	assert.Equal(t, 1, won)
}

// TestDirectorAlwaysWins: a director's sheet supersedes a live report, and a table the
// director entered takes no report; undoing the director's entry brings the report back.
func TestDirectorAlwaysWins(t *testing.T) {
	f := newEvening(t, 6, nil)
	codes := f.reporting(t, false, tournament.PINRandom)
	hands := f.state(t).Stage.HandsPerRound()
	sh := threeTotals(hands, 300, 100, -100)

	_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 2, tournament.Sheet{Hands: sh.Hands}, "anna")
	require.NoError(t, err)
	_, err = f.svc.Report(f.ctx, codes[1].Code, 1, codes[1].PINs[0], sh, "10.0.0.1")
	assert.Equal(t, "report.closed", errKey(err), "a late report after the director's entry")

	r, err := f.svc.Report(f.ctx, codes[0].Code, 1, codes[0].PINs[0], threeTotals(hands, 200, 100, 0), "10.0.0.1")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: sh.Hands}, "anna")
	require.NoError(t, err)
	q, err := f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{tournament.TableEntered: 2}, q.Counts)
	_, err = f.svc.Accept(f.ctx, f.tid, r.ID, 0, "anna")
	assert.Equal(t, "report.stale", errKey(err), "a superseded report cannot be accepted")
	_, err = f.svc.Confirm(f.ctx, codes[0].Code, 2, codes[0].PINs[1], nil, "10.0.0.2")
	assert.Equal(t, "report.closed", errKey(err))

	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	_, err = f.svc.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	q, err = f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, tournament.TableReported, q.Lines[0].State, "the report superseded comes back with the undo")
}

// TestDisputeKeepsBothVersions: a confirmer with other figures disputes the report;
// both versions are in the queue, and the director accepts one of them.
func TestDisputeKeepsBothVersions(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, true, tournament.PINRandom)[0]
	hands := f.state(t).Stage.HandsPerRound()
	mine, theirs := threeTotals(hands, 300, 100, -100), threeTotals(hands, 100, 300, -100)
	_, err := f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], mine, "10.0.0.1")
	require.NoError(t, err)
	counter, err := f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], &theirs, "10.0.0.2")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportDisputed, counter.State)
	_, err = f.svc.Confirm(f.ctx, tc.Code, 3, tc.PINs[2], nil, "10.0.0.3")
	assert.Equal(t, "report.disputed", errKey(err))

	q, err := f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	l := q.Lines[0]
	require.Equal(t, tournament.TableDisputed, l.State)
	require.NotNil(t, l.Report)
	require.NotNil(t, l.Counter)
	assert.Equal(t, mine, l.Report.Sheet)
	assert.Equal(t, theirs, l.Counter.Sheet)
	assert.Equal(t, l.Report.ID, l.Counter.Answers)

	out, err := f.svc.Accept(f.ctx, f.tid, l.Counter.ID, l.Counter.Version, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int{100 * hands, 300 * hands, -100 * hands}, out.Result.Scores, "the version the director chose")
	q, err = f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, tournament.TableAccepted, q.Lines[0].State)
}

// TestAutoAcceptAndCardPINs: with AutoAccept a confirmed report goes into the sheet at
// once; with card PINs, a seat proves itself with the last 4 digits of its card.
func TestAutoAcceptAndCardPINs(t *testing.T) {
	f := newEvening(t, 3, nil)
	st := f.state(t)
	for i, e := range st.Entries {
		p, err := f.db.FindPlayer(f.ctx, e.Members[0].PlayerID)
		require.NoError(t, err)
		p.CardNumber = "FIBUR00" + string(rune('1'+i)) + "234"
		require.NoError(t, f.db.UpdatePlayer(f.ctx, p))
	}
	codes := f.reporting(t, true, tournament.PINCard)
	assert.Nil(t, codes[0].PINs, "no PIN to print: the players' cards")
	st = f.state(t)
	es := st.Rounds[0].Tables[0].Entries()
	pin := func(seat int) string {
		card := map[int64]string{}
		for i, e := range st.Entries {
			card[e.ID] = "FIBUR00" + string(rune('1'+i)) + "234"
		}
		c := card[es[seat-1]]
		return c[len(c)-4:]
	}
	hands := st.Stage.HandsPerRound()
	sh := threeTotals(hands, 300, 100, -100)
	_, err := f.svc.Report(f.ctx, codes[0].Code, 1, pin(2), sh, "10.0.0.1")
	assert.Equal(t, "report.pin", errKey(err), "another seat's card")
	_, err = f.svc.Report(f.ctx, codes[0].Code, 1, pin(1), sh, "10.0.0.1")
	require.NoError(t, err)
	_, err = f.svc.Confirm(f.ctx, codes[0].Code, 2, pin(2), nil, "10.0.0.2")
	require.NoError(t, err)
	r, err := f.svc.Confirm(f.ctx, codes[0].Code, 3, pin(3), nil, "10.0.0.3")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportAccepted, r.State)
	assert.NotEmpty(t, f.state(t).Rounds[0].Tables[0].Hands, "accepted into the sheet")
}

// TestReportDanishOutcomesAndKnockout: a Danish table reported as a forfeit (no hands)
// or a time-out, and a knockout match, each confirmed and accepted.
func TestReportDanishOutcomesAndKnockout(t *testing.T) {
	f := newDanish(t, 4)
	f.enteredPairs(t, 4)
	codes := f.fixture.reporting(t, false, tournament.PINRandom)
	require.Len(t, codes, 2)
	assert.Len(t, codes[0].PINs, 2, "a PIN per side (pair)")
	v, err := f.svc.TableByCode(f.ctx, codes[0].Code, "10.0.0.1")
	require.NoError(t, err)
	assert.Equal(t, []string{tournament.OutcomeTimeout, tournament.OutcomeForfeit}, v.Outcomes)

	forfeit := tournament.ReportSheet{Outcome: &tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: 2}}
	r, err := f.svc.Report(f.ctx, codes[0].Code, 1, codes[0].PINs[0], forfeit, "10.0.0.1")
	require.NoError(t, err)
	r, err = f.svc.Confirm(f.ctx, codes[0].Code, 2, codes[0].PINs[1], nil, "10.0.0.2")
	require.NoError(t, err)
	require.Equal(t, tournament.ReportConfirmed, r.State)
	_, err = f.svc.Accept(f.ctx, f.tid, r.ID, r.Version, "anna")
	require.NoError(t, err)

	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
	timeout := tournament.ReportSheet{Hands: [][]*scoring.Hand{{gt(900), gt(700)}},
		Outcome: &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 1}}
	_, err = f.svc.Report(f.ctx, codes[1].Code, 2, codes[1].PINs[1], timeout, "10.0.0.3")
	require.NoError(t, err)
	other := timeout
	other.Outcome = &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 2}
	r, err = f.svc.Confirm(f.ctx, codes[1].Code, 1, codes[1].PINs[0], &other, "10.0.0.4")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportDisputed, r.State, "another outcome is other figures")
	_, err = f.svc.Accept(f.ctx, f.tid, r.Answers, 0, "anna")
	require.NoError(t, err)
	st := f.state(t)
	assert.Equal(t, tournament.OutcomeTimeout, st.Rounds[0].Tables[1].Outcome.Kind)
	assert.Equal(t, 1, st.Rounds[0].Tables[1].Outcome.Side, "the reporter's version, accepted")
	assert.True(t, st.Complete(&st.Rounds[0]))

	k := newKnockout(t, 4)
	kc := k.reporting(t, false, tournament.PINRandom)
	require.Len(t, kc, 2)
	match := tournament.ReportSheet{Hands: [][]*scoring.Hand{{total(500), total(100)}, {total(0), total(0)}, {total(0), total(0)}}}
	_, err = k.svc.Report(k.ctx, kc[0].Code, 2, kc[0].PINs[1], match, "10.0.0.5")
	require.NoError(t, err)
	r, err = k.svc.Confirm(k.ctx, kc[0].Code, 1, kc[0].PINs[0], &match, "10.0.0.6")
	require.NoError(t, err)
	_, err = k.svc.Accept(k.ctx, k.tid, r.ID, 0, "anna")
	require.NoError(t, err)
	res, err := k.svc.RoundResults(k.ctx, k.tid, 1)
	require.NoError(t, err)
	assert.True(t, res[0].Complete)
}

// TestReportHostileText: what a phone sends as a code, a PIN or figures is data: a code
// with quotes or markup is simply not found, and the tables are all still there.
func TestReportHostileText(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	for _, code := range []string{"'; DROP TABLE reports;--", "<script>alert(1)</script>", "%' OR 1=1 --", ""} {
		_, err := f.svc.TableByCode(f.ctx, code, "10.0.9.9")
		assert.Equal(t, "report.code", errKey(err), code)
	}
	hands := f.state(t).Stage.HandsPerRound()
	_, err := f.svc.Report(f.ctx, tc.Code, 1, "' OR '1'='1", threeTotals(hands, 300, 100, -100), "10.0.9.8")
	assert.Equal(t, "report.pin", errKey(err))
	_, err = f.svc.TableByCode(f.ctx, " "+tc.Code[:3]+"-"+tc.Code[3:]+" ", "10.0.9.7")
	require.NoError(t, err, "a code typed with a space or a dash, still the table's")
}

// TestUndoDrawDropsCodes: a round drawn again gets new codes; the old ones are gone.
func TestUndoDrawDropsCodes(t *testing.T) {
	f := newEvening(t, 3, nil)
	old := f.reporting(t, false, tournament.PINRandom)[0]
	require.NoError(t, f.svc.UndoDraw(f.ctx, f.tid, 1, "anna"))
	_, err := f.svc.TableByCode(f.ctx, old.Code, "10.0.0.1")
	assert.Equal(t, "report.code", errKey(err))
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	codes, err := f.svc.TableCodes(f.ctx, f.tid, 1)
	require.NoError(t, err)
	require.Len(t, codes, 1)
	assert.NotEqual(t, old.Code, codes[0].Code)
}
