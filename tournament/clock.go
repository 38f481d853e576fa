package tournament

import (
	"encoding/json"
	"time"
)

// Clock is a round's clock, stored with the round so that it survives a restart and
// reads the same on every app instance: running until EndsAt, or paused with Left to go.
// The zero Clock was never started.
type Clock struct {
	// EndsAt is when time runs out, while the clock runs.
	EndsAt *time.Time `json:"ends_at,omitempty"`
	// Left is the time to go while the clock is paused.
	Left *time.Duration `json:"-"`
}

// Running reports whether the clock counts down.
func (c Clock) Running() bool { return c.EndsAt != nil }

// Set reports whether the clock was ever started.
func (c Clock) Set() bool { return c.EndsAt != nil || c.Left != nil }

// Remaining is the time left at now, never below zero.
func (c Clock) Remaining(now time.Time) time.Duration {
	var d time.Duration
	switch {
	case c.EndsAt != nil:
		d = c.EndsAt.Sub(now)
	case c.Left != nil:
		d = *c.Left
	}
	return max(d, 0)
}

// Expired reports whether a started clock has run out at now.
func (c Clock) Expired(now time.Time) bool { return c.Set() && c.Remaining(now) <= 0 }

// The clock's commands.
const (
	ClockStart  = "start"  // start with a duration, or resume a paused clock
	ClockPause  = "pause"  // stop counting, keeping the time left
	ClockAdjust = "adjust" // add (or with a negative duration take away) time
	ClockReset  = "reset"  // back to never started
)

// maxClock bounds a round's clock.
const maxClock = 6 * time.Hour

// apply runs a clock command at now: d is the duration of a start, or the change of an
// adjust.
func (c Clock) apply(op string, d time.Duration, now time.Time) (Clock, error) {
	switch op {
	case ClockStart:
		switch {
		case c.Running():
			return c, Errorf(ECONFLICT, "clock.err.running")
		case c.Left != nil:
			end := now.Add(*c.Left)
			return Clock{EndsAt: &end}, nil
		case d <= 0 || d > maxClock:
			return c, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"minutes": "clock.err.minutes"}}
		}
		end := now.Add(d)
		return Clock{EndsAt: &end}, nil
	case ClockPause:
		if !c.Running() {
			return c, Errorf(ECONFLICT, "clock.err.not_running")
		}
		left := c.Remaining(now)
		return Clock{Left: &left}, nil
	case ClockAdjust:
		if !c.Set() {
			return c, Errorf(ECONFLICT, "clock.err.not_set")
		}
		if d == 0 || d > maxClock || d < -maxClock {
			return c, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"minutes": "clock.err.adjust"}}
		}
		left := min(max(c.Remaining(now)+d, 0), maxClock)
		if c.Running() {
			end := now.Add(left)
			return Clock{EndsAt: &end}, nil
		}
		return Clock{Left: &left}, nil
	case ClockReset:
		return Clock{}, nil
	}
	return c, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"op": "clock.err.op"}}
}

// MarshalJSON writes the clock as its state, its end while running and the seconds left
// while paused (and the exact milliseconds, which UnmarshalJSON reads back).
func (c Clock) MarshalJSON() ([]byte, error) {
	out := struct {
		Running     bool       `json:"running"`
		EndsAt      *time.Time `json:"ends_at,omitempty"`
		LeftSeconds *int64     `json:"left_seconds,omitempty"`
		LeftMS      *int64     `json:"left_ms,omitempty"`
	}{Running: c.Running(), EndsAt: c.EndsAt}
	if c.Left != nil {
		s := int64(c.Left.Round(time.Second) / time.Second)
		ms := c.Left.Milliseconds()
		out.LeftSeconds, out.LeftMS = &s, &ms
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a clock as MarshalJSON writes it (a tournament document).
func (c *Clock) UnmarshalJSON(b []byte) error {
	var in struct {
		EndsAt      *time.Time `json:"ends_at"`
		LeftSeconds *int64     `json:"left_seconds"`
		LeftMS      *int64     `json:"left_ms"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*c = Clock{EndsAt: in.EndsAt}
	switch {
	case in.LeftMS != nil:
		d := time.Duration(*in.LeftMS) * time.Millisecond
		c.Left = &d
	case in.LeftSeconds != nil:
		d := time.Duration(*in.LeftSeconds) * time.Second
		c.Left = &d
	}
	return nil
}
