package clubs

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/tournament"
)

func TestClubValidate(t *testing.T) {
	for _, tc := range []struct {
		slug, name, region string
		bad                []string
	}{
		{"roma-eur", "Burraco Roma EUR", "Lazio", nil},
		{" Roma-EUR ", "Burraco  Roma", "", nil},
		{"r", "Roma", "", []string{"slug"}},
		{"-roma", "Roma", "", []string{"slug"}},
		{"roma-", "Roma", "", []string{"slug"}},
		{"roma eur", "Roma", "", []string{"slug"}},
		{"", "", "", []string{"slug", "name"}},
		{"roma", "Roma\u202e", "", []string{"name"}},
	} {
		c := Club{Slug: tc.slug, Name: tc.name, Region: tc.region}
		c.Normalize()
		err := c.Validate()
		var te *tournament.Error
		if tc.bad == nil {
			assert.NoError(t, err, tc.slug)
			continue
		}
		if assert.True(t, errors.As(err, &te), tc.slug) {
			for _, f := range tc.bad {
				assert.Contains(t, te.Fields, f, tc.slug)
			}
			assert.Len(t, te.Fields, len(tc.bad), tc.slug)
		}
	}
}

func TestScope(t *testing.T) {
	_, ok := ScopeOf(context.Background())
	assert.False(t, ok)
	dir := Scope{Clubs: []int64{2}}
	assert.True(t, dir.CanRead(2))
	assert.True(t, dir.CanWrite(2))
	assert.False(t, dir.CanRead(3))
	officer := Scope{ReadAll: true}
	assert.True(t, officer.CanRead(3))
	assert.False(t, officer.CanWrite(3))
	assert.True(t, Scope{System: true}.CanWrite(3))
	assert.False(t, Scope{}.CanRead(Default))
	s, ok := ScopeOf(WithScope(context.Background(), dir))
	assert.True(t, ok)
	assert.Equal(t, dir, s)
}
