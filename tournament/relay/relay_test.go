package relay

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestCodeHashIgnoresLayout(t *testing.T) {
	code, hash, err := NewCode()
	assert.NoError(t, err)
	assert.Regexp(t, `^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$`, code)
	assert.Equal(t, hash, HashCode(code))
	assert.Equal(t, hash, HashCode(" "+code[:4]+code[5:9]+" "+code[10:]))
	other, _, _ := NewCode()
	assert.NotEqual(t, hash, HashCode(other))
}

func TestCheckAddress(t *testing.T) {
	for _, ok := range []string{"https://hub.example.org", "http://127.0.0.1:8080/", "https://hub.example.org/fed"} {
		_, err := CheckAddress(ok)
		assert.NoError(t, err, ok)
	}
	for _, bad := range []string{"", "hub.example.org", "ftp://hub", "https://", "https://u:p@hub", "https://hub?x=1"} {
		_, err := CheckAddress(bad)
		assert.Error(t, err, bad)
	}
}

// The wait after each failed try doubles from MinBackoff up to MaxBackoff, within ±50 %.
func TestBackoffDoublesWithJitter(t *testing.T) {
	l := &Laptop{MinBackoff: time.Second, MaxBackoff: time.Minute}
	for n, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 7: time.Minute, 30: time.Minute} {
		seen := map[time.Duration]bool{}
		for range 200 {
			d := l.backoff(n)
			assert.GreaterOrEqual(t, d, want/2, "try %d", n)
			assert.Less(t, d, want*3/2, "try %d", n)
			seen[d] = true
		}
		assert.Greater(t, len(seen), 100, "jitter on try %d", n)
	}
}
