package page

import (
	"context"

	"burraco/tournament/clubs"

	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
)

// Relay is the results' way to the hub (issue 39): the hub's intake and linking, the
// laptop's link and outbox. Nil fields: that side is not served.
type Relay struct {
	// Hub takes results documents (POST /api/v1/sync/results).
	Hub *tsync.Hub
	// Linking makes link codes and links laptops' keys (the hub's side).
	Linking *relay.Linking
	// Laptop links this laptop to a hub and sends its outbox (the laptop's side).
	Laptop *relay.Laptop
	// Store reads the keys, the link and the outbox the pages show.
	Store RelayStore
}

// RelayStore is what the pages of the relay read and change directly.
type RelayStore interface {
	ListClubKeys(ctx context.Context, club int64) ([]tsync.Key, error)
	RevokeClubKey(ctx context.Context, club, key int64) error
	HubLink(ctx context.Context) (*relay.Link, error)
	Outbox(ctx context.Context) (map[int64]relay.Entry, error)
	LaptopKey(ctx context.Context) (tsync.KeyPair, error)
}

// CurrentClubID is the club a request works for: its scope's current club, the laptop's one
// club without a scope.
func CurrentClubID(ctx context.Context) int64 {
	if s, ok := clubs.ScopeOf(ctx); ok && len(s.Clubs) > 0 {
		return s.Clubs[0]
	}
	return clubs.Default
}

// ReasonWords is a refusal of the hub in the director's language: the reason's words
// with its arguments, and each field's problem.
func ReasonWords(lang Lang, reason string, args []string) string {
	a := make([]any, len(args))
	for i, s := range args {
		a[i] = s
	}
	return Translate(lang, reason, a...)
}

// OutboxStates is each tournament's newest revision queued for the hub, by tournament,
// and whether the app sends results at all (false: no column to show).
func (a *App) OutboxStates(ctx context.Context) (map[int64]relay.Entry, bool, error) {
	if a.Relay == nil || a.Relay.Laptop == nil || a.Relay.Store == nil {
		return nil, false, nil
	}
	m, err := a.Relay.Store.Outbox(ctx)
	return m, true, err
}
