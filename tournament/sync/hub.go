package sync

import (
	"context"
	"fmt"
	"time"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// The outcomes of a revision the hub recorded.
const (
	// Accepted: the revision passed every check; the newest accepted one is the hub's copy.
	Accepted = "accepted"
	// Refused: signed by the club but breaking the import's rules (ReasonRules); recorded
	// so a repeat answers the same. Refusals before the signature holds (or that cannot be
	// placed) are never recorded: nothing is written for them.
	Refused = "refused"
)

// Receipt is the hub's record of one revision of one tournament of one club: the body
// and signature as received, when, and the outcome. (Club, Tournament, Revision) is
// unique: the hub records a revision once.
type Receipt struct {
	ID         int64
	Club       int64
	Tournament string
	Revision   int64
	// Digest is the SHA-256 of the document's bytes (Envelope.Digest).
	Digest    string
	Body      []byte
	Signature string
	// Key is the ID of the club's key that signed.
	Key        int64
	SentAt     time.Time
	ReceivedAt time.Time
	Outcome    string
	// Reason and Fields are a refusal's (Outcome Refused).
	Reason string
	Fields map[string]string
	// Repeat marks an answer to a revision already recorded: the stored answer, nothing
	// written.
	Repeat bool
	// Superseded marks, in a history, an accepted revision replaced by a newer one.
	Superseded bool
	// Document is the checked document of a revision accepted by this arrival (not
	// stored as such: the body is; Store.Record makes it the club's tournament on the
	// hub, replacing the copy of an older revision).
	Document *tournament.Document
}

// Err returns the refusal a receipt answers: nil when accepted.
func (r *Receipt) Err() error {
	if r.Outcome == Accepted {
		return nil
	}
	e := refuse(r.Reason, max(len(r.Fields), 1))
	e.Fields = r.Fields
	return e
}

// Store is what the intake needs of the hub's database.
type Store interface {
	Keyring
	// Received returns the receipt of a revision, or nil when it never arrived.
	Received(ctx context.Context, club int64, uid string, revision int64) (*Receipt, error)
	// Held returns the highest revision of a tournament accepted, 0 when none.
	Held(ctx context.Context, club int64, uid string) (int64, error)
	// Record writes a receipt once, and the signing key's last contact with it; an
	// accepted one with its Document also becomes the club's tournament on the hub (the
	// copy), replacing an older revision's copy, in the same transaction. When the
	// revision is already there (another arrival, on this instance or another, recorded
	// it first), it writes nothing and returns the stored receipt with Repeat set.
	Record(ctx context.Context, r *Receipt) (*Receipt, error)
}

// Hub is the hub's intake of results documents.
type Hub struct {
	Store Store
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Receive takes one arrival of a body and its detached signature, exactly once per
// revision. Check's refusals before the document (unreadable, unknown club, key or
// signature) write nothing. A revision already recorded is answered as it was the first
// time (Repeat, nothing written) when its document is the same, and refused with
// ReasonRevisionTaken when it is not. A revision older than the newest accepted is
// refused with ReasonStale (nothing written). Otherwise the document is checked as the
// import checks it and recorded, accepted or refused (ReasonRules): the receipt is
// returned with its refusal, if any, as the error. Two arrivals of one revision at once
// record it once (Store.Record), and both answer the recorded outcome. The club's keys
// are read under the System scope; everything after the signature holds runs under the
// scope of that one club (clubs.WithScope), whatever ctx carried.
func (h *Hub) Receive(ctx context.Context, body []byte, signature string) (*Receipt, error) {
	c, err := authentic(ctx, body, signature, h.Store)
	if err != nil {
		return nil, err
	}
	// From here the intake works for the club the signature proves, and for no other.
	ctx = clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{c.Club}})
	env := c.Envelope
	digest := env.Digest()
	got, err := h.Store.Received(ctx, c.Club, env.Tournament, env.Revision)
	if err != nil {
		return nil, fmt.Errorf("results: read the receipt: %w", err)
	}
	if got != nil {
		return repeat(got, digest)
	}
	held, err := h.Store.Held(ctx, c.Club, env.Tournament)
	if err != nil {
		return nil, fmt.Errorf("results: read the revision held: %w", err)
	}
	if held > env.Revision {
		return nil, refuse(ReasonStale, env.Revision, held)
	}
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	r := &Receipt{Club: c.Club, Tournament: env.Tournament, Revision: env.Revision, Digest: digest,
		Body: body, Signature: signature, Key: c.Key.ID, SentAt: env.SentAt,
		ReceivedAt: now().UTC(), Outcome: Accepted}
	doc, err := readDocument(env)
	if err != nil {
		if Reason(err) != ReasonRules {
			return nil, err
		}
		e, _ := tournament.AsError(err)
		r.Outcome, r.Reason, r.Fields = Refused, e.Key, e.Fields
	}
	r.Document = doc
	stored, err := h.Store.Record(ctx, r)
	if err != nil {
		return nil, fmt.Errorf("results: record the receipt: %w", err)
	}
	if stored.Repeat {
		return repeat(stored, digest)
	}
	stored.Document = doc
	return stored, stored.Err()
}

// repeat answers an arrival of a revision already recorded.
func repeat(got *Receipt, digest string) (*Receipt, error) {
	if got.Digest != digest {
		return nil, refuse(ReasonRevisionTaken, got.Revision)
	}
	got.Repeat = true
	return got, got.Err()
}

// Answer is what the hub answers a laptop for one arrival, as the transport writes it:
// the outcome (accepted or refused), a refusal's reason (a message key the laptop shows
// in its director's language) with its arguments and fields, and whether the revision
// had arrived before.
type Answer struct {
	Outcome    string            `json:"outcome"`
	Reason     string            `json:"reason,omitempty"`
	Args       []string          `json:"args,omitempty"`
	Fields     map[string]string `json:"fields,omitempty"`
	Tournament string            `json:"tournament,omitempty"`
	Revision   int64             `json:"revision,omitempty"`
	ReceivedAt *time.Time        `json:"received_at,omitempty"`
	Repeat     bool              `json:"repeat,omitempty"`
}

// AnswerOf is the answer to Receive's result: its receipt, if any, and its refusal, if
// any. An error that is no refusal (the hub's own failure) has no answer: the laptop
// tries again later.
func AnswerOf(r *Receipt, err error) (*Answer, bool) {
	a := &Answer{Outcome: Accepted}
	if r != nil {
		at := r.ReceivedAt
		a.Tournament, a.Revision, a.ReceivedAt, a.Repeat = r.Tournament, r.Revision, &at, r.Repeat
	}
	if err == nil {
		return a, r != nil
	}
	reason := Reason(err)
	if reason == "" {
		return nil, false
	}
	e, _ := tournament.AsError(err)
	a.Outcome, a.Reason, a.Fields = Refused, reason, e.Fields
	for _, arg := range e.Args {
		a.Args = append(a.Args, fmt.Sprint(arg))
	}
	return a, true
}
