package tournament

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestClockApply(t *testing.T) {
	now := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { t := now.Add(d); return &t }
	dur := func(d time.Duration) *time.Duration { return &d }
	running := Clock{EndsAt: at(30 * time.Minute)}
	paused := Clock{Left: dur(10 * time.Minute)}
	tests := []struct {
		name     string
		c        Clock
		op       string
		d        time.Duration
		want     Clock
		errField string
		errCode  string
	}{
		{"start", Clock{}, ClockStart, time.Hour, Clock{EndsAt: at(time.Hour)}, "", ""},
		{"start needs a duration", Clock{}, ClockStart, 0, Clock{}, "minutes", EINVALID},
		{"start bounded", Clock{}, ClockStart, 7 * time.Hour, Clock{}, "minutes", EINVALID},
		{"start while running", running, ClockStart, time.Hour, running, "", ECONFLICT},
		{"resume keeps what was left", paused, ClockStart, time.Hour, Clock{EndsAt: at(10 * time.Minute)}, "", ""},
		{"pause", running, ClockPause, 0, Clock{Left: dur(30 * time.Minute)}, "", ""},
		{"pause a paused clock", paused, ClockPause, 0, paused, "", ECONFLICT},
		{"adjust running", running, ClockAdjust, 5 * time.Minute, Clock{EndsAt: at(35 * time.Minute)}, "", ""},
		{"adjust paused, never below zero", paused, ClockAdjust, -20 * time.Minute, Clock{Left: dur(0)}, "", ""},
		{"adjust needs a started clock", Clock{}, ClockAdjust, time.Minute, Clock{}, "", ECONFLICT},
		{"adjust by nothing", running, ClockAdjust, 0, running, "minutes", EINVALID},
		{"reset", running, ClockReset, 0, Clock{}, "", ""},
		{"unknown", running, "stop", 0, running, "op", EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.c.apply(tt.op, tt.d, now)
			if tt.errCode != "" {
				assert.Equal(t, tt.errCode, ErrorCode(err))
				if tt.errField != "" {
					e, _ := AsError(err)
					assert.Contains(t, e.Fields, tt.errField)
				}
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestClockRemainingAndExpired(t *testing.T) {
	now := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	end := now.Add(-time.Second)
	assert.Equal(t, time.Duration(0), Clock{EndsAt: &end}.Remaining(now))
	assert.True(t, Clock{EndsAt: &end}.Expired(now))
	assert.False(t, Clock{}.Expired(now), "a clock never started never runs out")
}
