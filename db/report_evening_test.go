package db_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// TestReportEveningBehindOneAddress (issue 33): a 20-table evening whose every phone
// reaches the server through one address (the club's router), while a client behind it
// sends 1,000 wrong codes and 100 wrong PINs between the honest phones' requests. Every
// honest phone still opens its table and reports (and the other sides confirm); the
// guesser opens no table and passes no PIN. The guesser sits at table 20 and aims its
// PINs at that table's seats: they are blocked (the round's queue shows them) until the
// director lifts them, and then table 20 reports too. The clock is the service's, moved
// a second a request: nothing sleeps.
func TestReportEveningBehindOneAddress(t *testing.T) {
	f := newEvening(t, 60, nil)
	now := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { now = now.Add(time.Second); return now }
	codes := f.reporting(t, false, tournament.PINRandom)
	require.Len(t, codes, 20)
	hands := f.state(t).Stage.HandsPerRound()
	const room = "192.0.2.10" // every phone, honest or not
	drawn := map[string]bool{}
	for _, c := range codes {
		drawn[c.Code] = true
	}
	rng := rand.New(rand.NewPCG(33, 3))
	wrongCode := func() string {
		for {
			var b strings.Builder
			for range tournament.CodeLength {
				b.WriteByte(tournament.CodeAlphabet[rng.IntN(len(tournament.CodeAlphabet))])
			}
			if !drawn[b.String()] {
				return b.String()
			}
		}
	}
	own := codes[19] // the guesser's table: its code is on the card in front of it
	codeAnswers, pinAnswers := map[string]int{}, map[string]int{}
	pins := 0
	guess := func(nCodes, nPINs int) {
		for range nCodes {
			_, err := f.svc.TableByCode(f.ctx, wrongCode(), room)
			codeAnswers[errKey(err)]++
		}
		for range nPINs {
			seat := 1 + pins%3
			pin := fmt.Sprintf("%04d", rng.IntN(10000))
			for pin == own.PINs[seat-1] {
				pin = fmt.Sprintf("%04d", rng.IntN(10000))
			}
			pins++
			_, err := f.svc.Report(f.ctx, own.Code, seat, pin, threeTotals(hands, 300, 100, -100), room)
			pinAnswers[errKey(err)]++
		}
	}
	honest := func(tc tournament.TableCode) error {
		v, err := f.svc.TableByCode(f.ctx, tc.Code, room)
		require.NoError(t, err, "table %d opens from the room's address", tc.Table)
		require.Equal(t, tc.Table, v.Table.Number)
		if _, err := f.svc.Report(f.ctx, tc.Code, 1, tc.PINs[0], threeTotals(hands, 300, 100, -100), room); err != nil {
			return err
		}
		for seat := 2; seat <= 3; seat++ {
			if _, err := f.svc.Confirm(f.ctx, tc.Code, seat, tc.PINs[seat-1], nil, room); err != nil {
				return err
			}
		}
		return nil
	}
	for _, tc := range codes[:19] {
		guess(50, 5)
		require.NoError(t, honest(tc), "table %d reports", tc.Table)
	}
	guess(1000-19*50, 100-19*5)

	assert.Equal(t, 1000, codeAnswers["report.code"]+codeAnswers["report.slow"], "every wrong code refused: %v", codeAnswers)
	assert.LessOrEqual(t, codeAnswers["report.code"], 60, "most of them only slowed down: %v", codeAnswers)
	assert.Equal(t, 100, pinAnswers["report.pin"]+pinAnswers["report.blocked_now"]+pinAnswers["report.blocked"], "every wrong PIN refused: %v", pinAnswers)
	assert.Equal(t, 3*tournament.ReportPINTries, pinAnswers["report.pin"]+pinAnswers["report.blocked_now"], "5 PINs checked per seat, no more: %v", pinAnswers)

	q, err := f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, 19, q.Counts[tournament.TableConfirmed], "the honest tables all reported and confirmed")
	assert.Equal(t, []int{1, 2, 3}, q.Lines[19].Blocked, "the guesser's table's seats are blocked, and shown")
	assert.Error(t, honest(own), "a blocked seat takes no report")
	for seat := 1; seat <= 3; seat++ {
		require.NoError(t, f.svc.Unblock(f.ctx, f.tid, 1, own.Table, seat, "anna"))
	}
	require.NoError(t, honest(own), "lifted by the director, table 20 reports")
	q, err = f.svc.Reports(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, 20, q.Counts[tournament.TableConfirmed])
}
