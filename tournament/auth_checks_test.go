package tournament

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

// Issue 9 (4): password checks are bounded; one that cannot start in time is refused.
func TestPasswordChecksAreBounded(t *testing.T) {
	ctx := context.Background()
	h, err := bcrypt.GenerateFromPassword([]byte("segreto-lungo"), bcrypt.MinCost)
	require.NoError(t, err)
	a := &Auth{MaxChecks: 1, CheckWait: 50 * time.Millisecond}
	ok, err := a.comparePassword(ctx, h, "segreto-lungo")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, 1, cap(a.checks))

	a.checks <- struct{}{} // a check under way
	start := time.Now()
	_, err = a.comparePassword(ctx, h, "segreto-lungo")
	e, isErr := AsError(err)
	require.True(t, isErr, "%v", err)
	assert.Equal(t, ETHROTTLED, e.Code)
	assert.Equal(t, "login.busy", e.Key)
	assert.Equal(t, time.Second, e.RetryAfter)
	assert.Less(t, time.Since(start), time.Second, "it waits CheckWait, not longer")

	<-a.checks
	ok, err = a.comparePassword(ctx, h, "wrong")
	require.NoError(t, err)
	assert.False(t, ok)
}
