package tournament

import (
	"context"
	"time"
)

// EUNAVAILABLE is the code of a change refused because it came too late to be saved.
const EUNAVAILABLE = "unavailable"

type commitDeadlineKey struct{}

// WithCommitDeadline returns ctx marked so that a write transaction run with it does not
// commit after t (see CheckCommitDeadline). Reads and what follows a commit are not
// bound by it.
func WithCommitDeadline(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, commitDeadlineKey{}, t)
}

// CheckCommitDeadline is called by the store just before it commits: past ctx's commit
// deadline it answers EUNAVAILABLE, and the store rolls back instead.
func CheckCommitDeadline(ctx context.Context) error {
	if t, ok := ctx.Value(commitDeadlineKey{}).(time.Time); ok && time.Now().After(t) {
		return Errorf(EUNAVAILABLE, "error.too_late")
	}
	return nil
}
