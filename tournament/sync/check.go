package sync

import (
	"context"
	"fmt"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// The reasons a document is refused, each a message key with Italian and English words
// (views/words): the hub answers the key, the laptop shows its words.
const (
	// ReasonTooLarge: the body is over MaxBody (argument: the limit in bytes).
	ReasonTooLarge = "results.too_large"
	// ReasonUnreadable: not strict JSON (argument: what the reader found).
	ReasonUnreadable = "results.unreadable"
	// ReasonVersion: an envelope version this hub does not read (argument: the version).
	ReasonVersion = "results.version"
	// ReasonShape: the envelope's fields are wrong (Fields: each one's problem).
	ReasonShape = "results.shape"
	// ReasonUnknownClub: no club of the hub has this slug (cannot place it).
	ReasonUnknownClub = "results.unknown_club"
	// ReasonUnknownKey: the signing key is not one of the club's (another club's, or a
	// laptop not linked).
	ReasonUnknownKey = "results.unknown_key"
	// ReasonRevoked: the signing key was revoked on the hub.
	ReasonRevoked = "results.key_revoked"
	// ReasonSignature: the signature does not hold for these bytes (tampered, or
	// malformed).
	ReasonSignature = "results.signature"
	// ReasonRules: the tournament document breaks the import's rules (Fields: every
	// problem by its path, under "document."; argument: how many).
	ReasonRules = "results.rules"
	// ReasonStale: the hub already holds a newer revision of the tournament (cannot place
	// it; arguments: the revision sent, the one held).
	ReasonStale = "results.stale"
	// ReasonRevisionTaken: this revision arrived before with other results (a revision
	// is sent once; a correction is a new revision).
	ReasonRevisionTaken = "results.revision_taken"
)

// reasonCodes maps each reason to its error code (and so its HTTP status).
var reasonCodes = map[string]string{
	ReasonTooLarge:      tournament.EINVALID,
	ReasonUnreadable:    tournament.EINVALID,
	ReasonVersion:       tournament.EINVALID,
	ReasonShape:         tournament.EINVALID,
	ReasonUnknownClub:   tournament.ENOTFOUND,
	ReasonUnknownKey:    tournament.EUNAUTHORIZED,
	ReasonRevoked:       tournament.EUNAUTHORIZED,
	ReasonSignature:     tournament.EUNAUTHORIZED,
	ReasonRules:         tournament.EINVALID,
	ReasonStale:         tournament.ECONFLICT,
	ReasonRevisionTaken: tournament.ECONFLICT,
}

// Reasons lists every reason a document can be refused for.
func Reasons() []string {
	out := make([]string, 0, len(reasonCodes))
	for r := range reasonCodes {
		out = append(out, r)
	}
	return out
}

// refuse returns the refusal for a reason.
func refuse(reason string, args ...any) *tournament.Error {
	return &tournament.Error{Code: reasonCodes[reason], Key: reason, Args: args}
}

// Reason returns the reason of a refusal (a tournament.Error whose key is a Reason), or
// "" for any other error.
func Reason(err error) string {
	if e, ok := tournament.AsError(err); ok {
		if _, known := reasonCodes[e.Key]; known {
			return e.Key
		}
	}
	return ""
}

// Keyring finds a club and its keys by the club's slug (on the hub: the clubs and the
// keys of their linked laptops).
type Keyring interface {
	// ClubKeys returns the club's ID and every key linked to it, revoked ones included;
	// ENOTFOUND when no club has the slug.
	ClubKeys(ctx context.Context, slug string) (club int64, keys []Key, err error)
}

// Checked is a document the hub's check accepted.
type Checked struct {
	Envelope *Envelope
	// Document is the tournament document, read and checked as the import checks it.
	Document *tournament.Document
	// Club is the club's ID on the hub; Key the key that signed.
	Club int64
	Key  *Key
}

// Check is the hub's one check of a body and its detached signature, in this order:
// the envelope read strictly (Parse), the club placed (ReasonUnknownClub), the signature
// of the exact bytes by one of the club's keys not revoked (Verify), then the tournament
// document through tournament.ReadDocument, the very check the document import makes
// (strict JSON, text rules, each format's settings, every hand, the tables' shape, every
// reference): ReasonRules with every problem under "document.". A refusal is a
// tournament.Error whose Key is the reason. Whether the revision can be placed beside
// those held is the intake's (Hub.Receive).
func Check(ctx context.Context, body []byte, signature string, ring Keyring) (*Checked, error) {
	c, err := authentic(ctx, body, signature, ring)
	if err != nil {
		return nil, err
	}
	if c.Document, err = readDocument(c.Envelope); err != nil {
		return nil, err
	}
	return c, nil
}

// authentic reads the envelope, places its club and verifies the signature.
func authentic(ctx context.Context, body []byte, signature string, ring Keyring) (*Checked, error) {
	env, err := Parse(body)
	if err != nil {
		return nil, err
	}
	// Any club's public keys are read to verify (the app's own work: the System scope);
	// what follows works as the one club the signature proves (Hub.Receive).
	club, keys, err := ring.ClubKeys(clubs.WithScope(ctx, clubs.Scope{System: true}), env.Club)
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return nil, refuse(ReasonUnknownClub, env.Club)
	} else if err != nil {
		return nil, fmt.Errorf("results: the club's keys: %w", err)
	}
	key, err := Verify(body, signature, keys)
	if err != nil {
		return nil, err
	}
	return &Checked{Envelope: env, Club: club, Key: key}, nil
}

// readDocument runs the import's check on the envelope's document.
func readDocument(env *Envelope) (*tournament.Document, error) {
	doc, err := tournament.ReadDocument(env.Document)
	if err == nil {
		// The hub writes an accepted document as the club's tournament: its texts pass
		// the rules every stored text passes.
		if err = tournament.Vet(doc); err == nil {
			return doc, nil
		}
	}
	e, ok := tournament.AsError(err)
	if !ok || e.Code != tournament.EINVALID {
		return nil, fmt.Errorf("results: read the document: %w", err)
	}
	r := refuse(ReasonRules, max(len(e.Fields), 1))
	r.Fields = map[string]string{}
	for path, key := range e.Fields {
		r.Fields["document."+path] = key
	}
	if len(e.Fields) == 0 {
		r.Fields["document"] = e.Key
	}
	return nil, r
}

// Ring is a Keyring of one club given whole: its slug, ID and keys (a hub that holds
// them already, a test, another program checking a document).
type Ring struct {
	Slug string
	Club int64
	Keys []Key
}

// ClubKeys returns the ring's club and keys for its slug, ENOTFOUND for another.
func (r Ring) ClubKeys(_ context.Context, slug string) (int64, []Key, error) {
	if slug != r.Slug {
		return 0, nil, tournament.Errorf(tournament.ENOTFOUND, ReasonUnknownClub)
	}
	return r.Club, r.Keys, nil
}
