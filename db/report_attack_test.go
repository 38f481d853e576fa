package db_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

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
	assert.LessOrEqual(t, pins["report.pin"], tournament.ReportPerCode, "PINs checked in one burst: %v", pins)
	assert.Equal(t, burst, pins["report.pin"]+pins["report.throttled"], "%v", pins)

	codes := burstOf(func(i int) error {
		_, err := f.svc.TableByCode(context.Background(), fmt.Sprintf("ZZZZ%02d", i), "10.8.0.1")
		return err
	})
	assert.LessOrEqual(t, codes["report.code"], tournament.ReportPerAddress, "codes tried in one burst: %v", codes)
}

// TestReportGuessesFromOneIPv6Network: a host given an IPv6 /64 (the usual) can use any
// of its 2^64 addresses; the throttle counts the network, so rotating addresses in it
// gains nothing.
func TestReportGuessesFromOneIPv6Network(t *testing.T) {
	f := newEvening(t, 3, nil)
	tc := f.reporting(t, false, tournament.PINRandom)[0]
	for i := range tournament.ReportPerAddress {
		_, err := f.svc.TableByCode(f.ctx, "ZZZZZZ", fmt.Sprintf("2001:db8:1:2::%x", i+1))
		assert.Equal(t, "report.code", errKey(err))
	}
	_, err := f.svc.TableByCode(f.ctx, tc.Code, "2001:db8:1:2:ffff::1")
	assert.Equal(t, tournament.ETHROTTLED, tournament.ErrorCode(err), "the same /64")
	_, err = f.svc.TableByCode(f.ctx, tc.Code, "2001:db8:1:3::1")
	assert.NoError(t, err, "another /64")
	_, err = f.svc.TableByCode(f.ctx, tc.Code, "10.0.0.1")
	assert.NoError(t, err, "an IPv4 address is its own")
}
