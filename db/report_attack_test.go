package db_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// TestReportGuessBurstThrottled: guesses sent all at once must not outrun the throttle.
// The count used to be read before the guess and written after, so a burst of 40 wrong
// PINs (or codes) in flight together were all checked: 40 PINs tried against a limit of 5.
func TestReportGuessBurstThrottled(t *testing.T) {
	f := newEvening(t, 6, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	sh := threeTotals(f.state(t).Stage.HandsPerRound(), 300, 100, -100)
	const burst = 40
	burstOf := func(try func(i int) error) map[string]int {
		var mu sync.Mutex
		got := map[string]int{}
		var wg sync.WaitGroup
		for i := range burst {
			wg.Go(func() {
				k := errKey(try(i))
				mu.Lock()
				got[k]++
				mu.Unlock()
			})
		}
		wg.Wait()
		return got
	}
	pins := burstOf(func(i int) error {
		pin := fmt.Sprintf("%04d", i)
		if pin == tc.PINs[1] {
			pin = "9999"
		}
		_, err := f.svc.Report(context.Background(), tc.Code, 2, pin, sh, fmt.Sprintf("10.9.%d.1", i))
		return err
	})
	assert.LessOrEqual(t, pins["report.pin"]+pins["report.blocked_now"], tournament.ReportPINTries, "PINs checked in one burst: %v", pins)
	assert.Equal(t, burst, pins["report.pin"]+pins["report.blocked_now"]+pins["report.blocked"], "%v", pins)

	codes := burstOf(func(i int) error {
		_, err := f.svc.TableByCode(context.Background(), fmt.Sprintf("ZZZZ%02d", i), "10.8.0.1")
		return err
	})
	assert.LessOrEqual(t, codes["report.code"], tournament.ReportFreeCodes, "codes answered in one burst: %v", codes)
	assert.Equal(t, burst, codes["report.code"]+codes["report.slow"], "%v", codes)
}

// TestReportGuessesFromOneIPv6Network: a host given an IPv6 /64 (the usual) can use any
// of its 2^64 addresses; the throttle counts the network, so rotating addresses in it
// gains nothing.
func TestReportGuessesFromOneIPv6Network(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	for i := range tournament.ReportFreeCodes {
		_, err := f.svc.TableByCode(f.ctx, "ZZZZZZ", fmt.Sprintf("2001:db8:1:2::%x", i+1))
		assert.Equal(t, "report.code", errKey(err))
	}
	_, err := f.svc.TableByCode(f.ctx, "ZZZZZY", "2001:db8:1:2:ffff::1")
	assert.Equal(t, "report.slow", errKey(err), "the same /64")
	_, err = f.svc.TableByCode(f.ctx, "ZZZZZY", "2001:db8:1:3::1")
	assert.Equal(t, "report.code", errKey(err), "another /64")
	_, err = f.svc.TableByCode(f.ctx, "ZZZZZY", "10.0.0.1")
	assert.Equal(t, "report.code", errKey(err), "an IPv4 address is its own")
	_, err = f.svc.TableByCode(f.ctx, tc.Code, "2001:db8:1:2:ffff::1")
	assert.NoError(t, err, "a right code opens from the slowed network")
}

// TestConfirmationReplayed: a confirmation sent again (a phone retrying, or replayed by
// someone who saw it) changes nothing and logs nothing; once the report is accepted, a
// confirmation or a report on the table is refused (the table has scores).
func TestConfirmationReplayed(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	sh := threeTotals(f.state(t).Stage.HandsPerRound(), 300, 100, -100)
	_, err := f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], sh, "10.0.0.1")
	require.NoError(t, err)
	first, err := f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], nil, "10.0.0.2")
	require.NoError(t, err)
	rev := f.state(t).Tournament.Revision
	for range 3 {
		again, err := f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], nil, "10.0.0.2")
		require.NoError(t, err)
		assert.Equal(t, []int{2}, again.Confirmed)
		assert.Equal(t, first.Version, again.Version, "nothing written")
	}
	same := sh
	again, err := f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], &same, "10.0.0.2")
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportReported, again.State, "the same figures again change nothing")
	assert.Equal(t, rev, f.state(t).Tournament.Revision, "nothing logged")

	r, err := f.svc.Confirm(f.ctx, tc.Code, 3, tc.PINs[2], nil, "10.0.0.3")
	require.NoError(t, err)
	require.Equal(t, tournament.ReportConfirmed, r.State)
	_, err = f.svc.Accept(f.ctx, f.tid, r.ID, r.Version, "anna")
	require.NoError(t, err)
	_, err = f.svc.Confirm(f.ctx, tc.Code, 3, tc.PINs[2], nil, "10.0.0.3")
	assert.Equal(t, "report.closed", errKey(err), "after acceptance")
	_, err = f.svc.Report(f.ctx, tc.Code, 2, tc.PINs[1], sh, "10.0.0.2")
	assert.Equal(t, "report.closed", errKey(err))
}

// TestChangedConfirmationDisputes (issue 33): a seat that confirmed, then confirms again
// with other figures, disputes the report (both versions kept, logged), never silently
// dropped; with auto-accept, the last seat's confirmation then accepts nothing.
func TestChangedConfirmationDisputes(t *testing.T) {
	for _, auto := range []bool{false, true} {
		t.Run(fmt.Sprintf("auto=%v", auto), func(t *testing.T) {
			f := newEvening(t, 3, nil)
			tc := f.reporting(t, auto, tournament.PINRandom)[0]
			hands := f.state(t).Stage.HandsPerRound()
			sh := threeTotals(hands, 300, 100, -100)
			rep, err := f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], sh, "10.0.0.1")
			require.NoError(t, err)
			_, err = f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], nil, "10.0.0.2")
			require.NoError(t, err)
			other := threeTotals(hands, 100, 300, -100)
			counter, err := f.svc.Confirm(f.ctx, tc.Code, 2, tc.PINs[1], &other, "10.0.0.2")
			require.NoError(t, err)
			assert.Equal(t, tournament.ReportDisputed, counter.State, "the changed confirmation disputes")
			assert.Equal(t, rep.ID, counter.Answers)
			assert.Equal(t, "report_disputed", f.latest(t).Kind)

			_, err = f.svc.Confirm(f.ctx, tc.Code, 3, tc.PINs[2], nil, "10.0.0.3")
			assert.Equal(t, "report.disputed", errKey(err), "no confirmation over a dispute")
			q, err := f.svc.Reports(f.ctx, f.tid, 1)
			require.NoError(t, err)
			l := q.Lines[0]
			assert.Equal(t, tournament.TableDisputed, l.State, "nothing accepted")
			require.NotNil(t, l.Report)
			require.NotNil(t, l.Counter)
			assert.Equal(t, sh.Hands, l.Report.Sheet.Hands, "the report's version kept")
			assert.Equal(t, other.Hands, l.Counter.Sheet.Hands, "and the confirmer's")
			assert.NotContains(t, l.Report.Confirmed, 2, "seat 2 no longer confirms it")
			assert.False(t, f.state(t).Rounds[0].Tables[0].Started(), "the sheet is empty")
		})
	}
}

// TestThrottledCodesWriteNothing: once an address waits, its further wrong codes are
// refused from a read and recorded nowhere (a flood of wrong codes was one insert
// each: 14,000 rows in half a minute from one client, each counted again by the next);
// the wait is still told, and a right code still opens its table.
func TestThrottledCodesWriteNothing(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	const client = "10.7.0.1"
	for i := range tournament.ReportFreeCodes {
		_, err := f.svc.TableByCode(f.ctx, fmt.Sprintf("ZZZZ%02d", i), client)
		require.Equal(t, "report.code", errKey(err))
	}
	for i := range 50 {
		_, err := f.svc.TableByCode(f.ctx, fmt.Sprintf("ZZZY%02d", i), client)
		e, _ := tournament.AsError(err)
		require.NotNil(t, e)
		require.Equal(t, "report.slow", e.Key)
		assert.Positive(t, e.RetryAfter)
	}
	n, err := f.db.Failures(f.ctx, []string{"report-addr:" + client}, time.Time{})
	require.NoError(t, err)
	assert.Equal(t, tournament.ReportFreeCodes, n["report-addr:"+client], "the refused ones recorded nothing")
	_, err = f.svc.TableByCode(f.ctx, tc.Code, client)
	require.NoError(t, err, "a right code opens its table")
}
