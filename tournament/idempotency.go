package tournament

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Idempotency keys make a create or an import sent twice (a resubmitted form, a script
// retrying after a timeout) happen once: the request carries a key of the client's
// choosing (the API's Idempotency-Key header, a form's hidden field), and the command's
// transaction records it with what it created; the same key again answers from that.

// MaxIdempotencyKeyLen bounds an idempotency key, in bytes.
const MaxIdempotencyKeyLen = 255

// IdempotencyKeyTTL is how long a key is remembered: older ones are pruned.
const IdempotencyKeyTTL = 24 * time.Hour

type idempotencyKey struct{}

type keyOf struct{ scope, key string }

// CheckIdempotencyKey validates a client's key: 1 to 255 printable ASCII characters.
func CheckIdempotencyKey(key string) error {
	if key == "" || len(key) > MaxIdempotencyKeyLen {
		return Errorf(EINVALID, "error.idempotency_key")
	}
	for i := 0; i < len(key); i++ {
		if key[i] < 0x20 || key[i] > 0x7e {
			return Errorf(EINVALID, "error.idempotency_key")
		}
	}
	return nil
}

// WithIdempotencyKey returns ctx carrying the request's idempotency key, scoped (the
// director who sent it): the creates and imports run with ctx happen once per key.
func WithIdempotencyKey(ctx context.Context, scope, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey{}, keyOf{scope, key})
}

// Claim is a command's hold on the request's idempotency key, which the store records
// in the command's transaction (see ClaimOf).
type Claim struct {
	Scope, Key string
	Command    string // the command's name ("create player")
	Hash       string // of the command's request
	// Result says what the command created (an ID, a JSON answer), read by the store
	// just before it commits (a store's create sets the new row's ID by then); never "".
	Result func() string
	// Stored is the result recorded by the first request with the key, set by the store
	// (or by the lookup) when the key is found with the same command and request.
	Stored string
	done   bool
}

type claimKey struct{}

// ClaimOf returns the claim the store must record in this transaction, or nil. A claim
// is recorded once: a command's later transactions do not see it.
func ClaimOf(ctx context.Context) *Claim {
	c, _ := ctx.Value(claimKey{}).(*Claim)
	if c == nil || c.done || c.Result == nil {
		return nil
	}
	return c
}

// withoutClaim returns ctx without the command's claim: for a write beside the command
// (a throttle's count) that must not take its key.
func withoutClaim(ctx context.Context) context.Context {
	return context.WithValue(ctx, claimKey{}, (*Claim)(nil))
}

// Done marks the claim recorded (its transaction committed).
func (c *Claim) Done() { c.done = true }

// Check compares a key found in the store with the claim: the same command and
// request replay it (Stored is set and the answer is ErrReplayed); another is an
// ECONFLICT.
func (c *Claim) Check(command, hash, result string) error {
	if command != c.Command || hash != c.Hash {
		return Errorf(ECONFLICT, "error.idempotency_reused")
	}
	c.Stored = result
	return ErrReplayed
}

// ErrReplayed is the store's answer to a command whose idempotency key it already
// recorded with the same request: nothing was written, and the command answers from
// Claim.Stored.
var ErrReplayed = errors.New("request already carried out with this idempotency key")

// KeyStore is a store's side of idempotency keys, asked for with a type assertion: a
// store without it runs every command as it comes.
type KeyStore interface {
	// FindKey reads a recorded key (found false: none).
	FindKey(ctx context.Context, scope, key string) (command, hash, result string, found bool, err error)
}

// claim returns the command's claim on ctx's key, with ctx carrying it for the store, or
// (ctx, nil) when the request has no key or the store keeps none. A key already recorded
// with the same command and request comes back with Stored set: the command answers
// from it without running; with another, the error is an ECONFLICT.
func claim(ctx context.Context, store any, command string, request any) (context.Context, *Claim, error) {
	k, ok := ctx.Value(idempotencyKey{}).(keyOf)
	ks, keeps := store.(KeyStore)
	if !ok || !keeps {
		return ctx, nil, nil
	}
	raw, err := json.Marshal(request)
	if err != nil {
		return ctx, nil, err
	}
	sum := sha256.Sum256(append([]byte(command+"\x00"), raw...))
	c := &Claim{Scope: k.scope, Key: k.key, Command: command, Hash: hex.EncodeToString(sum[:])}
	cmd, hash, result, found, err := ks.FindKey(ctx, k.scope, k.key)
	if err != nil {
		return ctx, nil, err
	}
	if found {
		if err := c.Check(cmd, hash, result); !errors.Is(err, ErrReplayed) {
			return ctx, nil, err
		}
	}
	return context.WithValue(ctx, claimKey{}, c), c, nil
}

// recheck reads c's key again, for a command about to refuse what the same request sent
// concurrently with the same key may just have done (a duplicate of the player it
// registered): ErrReplayed (c.Stored set) when the key is now recorded for the same
// request, nil when it is not recorded (nil-safe; nil without a key).
func (c *Claim) recheck(ctx context.Context, store any) error {
	ks, ok := store.(KeyStore)
	if c == nil || !ok {
		return nil
	}
	cmd, hash, result, found, err := ks.FindKey(ctx, c.Scope, c.Key)
	if err != nil || !found {
		return err
	}
	return c.Check(cmd, hash, result)
}

// replayed reports whether the command is answered from the key's stored result:
// found before it ran, or by its transaction (err is ErrReplayed).
func (c *Claim) replayed(err error) bool {
	return c != nil && (c.Stored != "" && err == nil || errors.Is(err, ErrReplayed))
}

// pending reports whether the command has to run (no result stored for its key).
func (c *Claim) pending() bool { return c == nil || c.Stored == "" }

// setResult sets what the store records for the claim (nil-safe).
func (c *Claim) setResult(f func() string) {
	if c != nil {
		c.Result = f
	}
}

// idResult is a Result that records an ID.
func idResult(id *int64) func() string {
	return func() string { return strconv.FormatInt(*id, 10) }
}

// once runs a create or an import under ctx's idempotency key (see claim): run carries
// the command out with the claim's ctx, setting what the store records (c.setResult; c
// is nil without a key); a key recorded with the same request skips run, and replay
// answers from what was recorded, as the first request was answered.
func once(ctx context.Context, store any, command string, request any,
	run func(ctx context.Context, c *Claim) error, replay func(stored string) error) error {
	ctx, c, err := claim(ctx, store, command, request)
	if err != nil {
		return err
	}
	if c.pending() {
		err = run(ctx, c)
	}
	if c.replayed(err) {
		if err := replay(c.Stored); err != nil {
			if ErrorCode(err) == ENOTFOUND {
				// What the key created is gone (deleted, merged): not the request's path.
				return Errorf(ECONFLICT, "error.idempotency_gone")
			}
			return err
		}
		return nil
	}
	return err
}

// parseID reads a stored result that is an ID.
func parseID(stored string) (int64, error) {
	id, err := strconv.ParseInt(stored, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("idempotency key's result %q: %w", stored, err)
	}
	return id, nil
}

// digest is the SHA-256 of a request's bytes (a file), in hex: what a claim's request
// carries of an upload.
func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// jsonResult is a Result that records v as JSON (an import's answer).
func jsonResult(v any) func() string {
	return func() string {
		b, err := json.Marshal(v)
		if err != nil {
			return "{}"
		}
		return string(b)
	}
}
