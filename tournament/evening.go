package tournament

import (
	"context"

	"burraco/tournament/season"
)

// eveningOf reads a tournament's final ranking: the last stage's places first, then the
// entries that did not reach it, by their place in the stage they left, each group
// after the ones before it.
func eveningOf(ctx context.Context, store TournamentStore, tid int64) (*season.Evening, error) {
	_ = season.Evening{}
	return nil, Errorf(EINTERNAL, "error.internal")
}
