// Package relay carries a club laptop's results to the hub (issue 39, on the
// foundation of tournament/sync): linking a laptop to its club with a one-time code, the
// laptop's outbox (each final tournament's revision sealed once and kept as the exact
// bytes sent) and the sender that posts them until the hub answers.
//
// The outbox is filled by a worker (Sealer), not inside the write transaction that makes
// a tournament final: whether a tournament is final depends on its format (State.Final;
// a knockout asks its format's Next), known only once the whole stage is loaded, and the
// writes that can make it final are many (a sheet saved, a report accepted, an undo, a
// round locked, a stage started, an import). The queue stays durable all the same: the
// Sealer compares each tournament's stored revision with the newest one queued, so a
// tournament that became final while the app was stopped is queued when it starts again,
// and a correction (a newer revision, still final) is queued as a new row.
package relay

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"strings"
	"time"

	tsync "burraco/tournament/sync"
)

// The states of a revision in the laptop's outbox.
const (
	// Waiting: queued, not yet reached the hub (never tried, or the hub unreachable).
	Waiting = "waiting"
	// Sent: posted at least once, no answer yet (the sender tries again).
	Sent = "sent"
	// Accepted: the hub took it (tsync.Accepted).
	Accepted = "accepted"
	// Refused: the hub refused it, for Reason.
	Refused = "refused"
)

// CodeTTL is how long a link code may be used after it is made.
const CodeTTL = 15 * time.Minute

// SignatureHeader is the HTTP header the detached signature travels in.
const SignatureHeader = "Burraco-Signature"

// ResultsPath and LinkPath are the hub's endpoints a laptop calls.
const (
	ResultsPath = "/api/v1/sync/results"
	LinkPath    = "/api/v1/sync/link"
)

// Entry is one revision of one tournament in the laptop's outbox: the body and
// signature exactly as sealed (sent again byte for byte), its state and the hub's answer.
type Entry struct {
	ID         int64
	Tournament int64
	UID        string
	Revision   int64
	Body       []byte
	Signature  string
	State      string
	// Reason, Args and Fields are a refusal's (the hub's message key and its arguments).
	Reason     string
	Args       []string
	Fields     map[string]string
	Attempts   int
	QueuedAt   time.Time
	NextAt     time.Time
	AnsweredAt *time.Time
}

// Link is the laptop's link to its hub: the hub's address and the club's slug there.
type Link struct {
	Address     string
	Club        string
	Label       string
	LinkedAt    time.Time
	LastContact *time.Time
}

// NewCode returns a fresh link code (12 letters and digits in three groups, 60 random
// bits) and its hash, which is what the hub stores.
func NewCode() (code, hash string, err error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", err
	}
	s := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])[:12]
	code = s[:4] + "-" + s[4:8] + "-" + s[8:]
	return code, HashCode(code), nil
}

// HashCode is the stored form of a link code: the SHA-256 of the code as typed, with
// spaces and hyphens left out and in upper case.
func HashCode(code string) string {
	c := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(code)))
	sum := sha256.Sum256([]byte(c))
	return hex.EncodeToString(sum[:])
}

// HubStore is what the hub's linking needs of its database.
type HubStore interface {
	// AddLinkCode stores a link code's hash for the club, usable until expires.
	AddLinkCode(ctx context.Context, club int64, hash string, expires time.Time) error
	// RedeemLinkCode uses a code once: when its hash is stored, unused and not expired,
	// it is marked used and the public key linked to its club (AddClubKey), in one
	// transaction; the club's slug is returned. ENOTFOUND "sync.code_invalid" otherwise.
	RedeemLinkCode(ctx context.Context, hash string, pub []byte, label string, now time.Time) (*tsync.Key, string, error)
}

// LaptopStore is what the laptop's link, outbox and sender need of its database.
type LaptopStore interface {
	// LaptopKey is the laptop's key pair (made once).
	LaptopKey(ctx context.Context) (tsync.KeyPair, error)
	// HubLink returns the laptop's link, nil when it has none.
	HubLink(ctx context.Context) (*Link, error)
	// SetHubLink stores the laptop's link, replacing any earlier one.
	SetHubLink(ctx context.Context, l *Link) error
	// TouchHubLink notes the hub's last contact.
	TouchHubLink(ctx context.Context, at time.Time) error
	// Unqueued lists the tournaments whose revision is newer than the newest queued, with
	// that revision.
	Unqueued(ctx context.Context) (map[int64]int64, error)
	// Enqueue stores a sealed revision once (a second one of the same tournament and
	// revision writes nothing).
	Enqueue(ctx context.Context, e *Entry) error
	// Due lists the entries waiting for an answer whose next try is at or before now,
	// oldest first.
	Due(ctx context.Context, now time.Time, limit int) ([]Entry, error)
	// Attempt marks an entry sent once more, next tried at next (no answer yet).
	Attempt(ctx context.Context, id int64, next time.Time) error
	// Answer stores the hub's answer to an entry: Accepted or Refused with its reason.
	Answer(ctx context.Context, id int64, state, reason string, args []string, fields map[string]string, at time.Time) error
	// Outbox lists the newest entry of each tournament, by tournament.
	Outbox(ctx context.Context) (map[int64]Entry, error)
}
