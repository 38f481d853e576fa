package relay

import (
	"context"
	"strings"
	"time"

	"burraco/tournament"
	tsync "burraco/tournament/sync"
)

// Linking is the hub's side of linking laptops to clubs.
type Linking struct {
	Store HubStore
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

func (h *Linking) now() time.Time {
	if h.Now != nil {
		return h.Now().UTC()
	}
	return time.Now().UTC()
}

// MakeCode makes a one-time link code for a club (a director of the club asks): the
// code is shown once, only its hash is stored, and it expires after CodeTTL.
func (h *Linking) MakeCode(ctx context.Context, club int64) (code string, expires time.Time, err error) {
	code, hash, err := NewCode()
	if err != nil {
		return "", time.Time{}, err
	}
	expires = h.now().Add(CodeTTL).Truncate(time.Second)
	if err := h.Store.AddLinkCode(ctx, club, hash, expires); err != nil {
		return "", time.Time{}, err
	}
	return code, expires, nil
}

// Redeem takes a laptop's link request: the code used once links the public key to
// the code's club. A code unknown, used or expired is ENOTFOUND "sync.code_invalid"; a
// public key malformed is EINVALID on "public"; a key already linked ECONFLICT.
func (h *Linking) Redeem(ctx context.Context, r LinkRequest) (*LinkAnswer, error) {
	pub, err := tsync.ParsePublic(r.Public)
	if err != nil {
		return nil, invalid("public", "results.err.public_key")
	}
	if strings.TrimSpace(r.Code) == "" {
		return nil, invalid("code", "error.required")
	}
	key, club, err := h.Store.RedeemLinkCode(ctx, HashCode(r.Code), pub, r.Label, h.now())
	if err != nil {
		return nil, err
	}
	return &LinkAnswer{Club: club, KeyID: tsync.KeyID(key.Public)}, nil
}

// errCodeInvalid is the refusal of a code unknown, used or expired.
var errCodeInvalid = tournament.Errorf(tournament.ENOTFOUND, "sync.code_invalid")

// ErrCodeInvalid returns the refusal of a link code that cannot be used.
func ErrCodeInvalid() error { return errCodeInvalid }
