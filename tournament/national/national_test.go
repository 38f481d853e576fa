package national

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestShown(t *testing.T) {
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	erased := now.Add(-time.Hour)
	for _, tc := range []struct {
		name       string
		birth      string
		visibility Visibility
		erased     bool
		want       string
	}{
		{"adult by default", "1970-03-04", ByAge, false, "Rossi Maria"},
		{"age unknown reads as an adult", "", ByAge, false, "Rossi Maria"},
		{"18 today: an adult", "2008-11-29", ByAge, false, "Rossi Maria"},
		{"18 tomorrow: a minor, hidden", "2008-11-30", ByAge, false, HiddenMark},
		{"17: hidden", "2009-06-01", ByAge, false, HiddenMark},
		{"a minor asked for the full name", "2009-06-01", Full, false, "Rossi Maria"},
		{"a minor asked for initials", "2009-06-01", Initials, false, "M. R."},
		{"an adult asked for initials", "1970-03-04", Initials, false, "M. R."},
		{"an adult asked to be hidden", "1970-03-04", Hidden, false, HiddenMark},
		{"erased: the neutral label", "", Hidden, true, "Giocatore 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Player{ID: 7, FirstName: "Maria", LastName: "Rossi", BirthDate: tc.birth, Visibility: tc.visibility}
			if tc.erased {
				p.FirstName, p.LastName, p.ErasedAt = "7", ErasedLabel, &erased
			}
			assert.Equal(t, tc.want, Shown(p, now))
		})
	}
}

func TestMinorAtTheEdge(t *testing.T) {
	// Born on 29 February: of age on 1 March of a common year, on 29 February of a leap one.
	assert.True(t, Minor("2008-02-29", time.Date(2026, 2, 28, 23, 59, 0, 0, time.UTC)))
	assert.False(t, Minor("2008-02-29", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)))
	assert.False(t, Minor("2010-02-29", time.Date(2028, 2, 28, 12, 0, 0, 0, time.UTC))) // no such date: not read as a minor's
	assert.False(t, Minor("2008-11-29", time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)))
	assert.True(t, Minor("2008-11-29", time.Date(2026, 11, 28, 23, 59, 59, 0, time.UTC)))
}

func TestInitial(t *testing.T) {
	assert.Equal(t, "M. D. L.", Initial("Maria", "De Luca"))
	assert.Equal(t, "É. Z.", Initial("élodie", "Zola"))
}

func TestValidate(t *testing.T) {
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	p := Player{CardNumber: " fib/123 ", FirstName: " Maria ", LastName: "Rossi", BirthDate: "2009-01-02", Visibility: "initials"}
	p.Normalize()
	assert.NoError(t, p.Validate(now))
	assert.Equal(t, "FIB/123", p.CardNumber)
	for _, bad := range []Player{
		{CardNumber: "", FirstName: "M", LastName: "R"},
		{CardNumber: "a b", FirstName: "M", LastName: "R"},
		{CardNumber: "X1", FirstName: "M\u202e", LastName: "R"},
		{CardNumber: "X1", FirstName: "M", LastName: "R", BirthDate: "2030-01-01"},
		{CardNumber: "X1", FirstName: "M", LastName: "R", BirthDate: "02/01/2009"},
		{CardNumber: "X1", FirstName: "M", LastName: "R", Visibility: "secret"},
	} {
		bad.Normalize()
		assert.Error(t, bad.Validate(now), "%+v", bad)
	}
}
