// Package sync is the foundation of a club laptop's results reaching the hub (issue 39):
// the open results document (an envelope around the tournament document, versioned),
// its Ed25519 signature (detached, over the exact bytes of the body), the hub's one
// check of what arrives (signature, shape, every rule the document import checks, and
// whether it can be placed), and the intake that takes each revision once however often
// it arrives. The transport, the laptop's outbox and the linking pages build on it.
package sync

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"time"
	"unicode/utf8"

	"burraco/scoring/strictjson"
	"burraco/tournament"
)

// Kind and Version name the results document; a reader refuses another version.
const (
	Kind    = "burraco-results"
	Version = 1
)

// MaxBody is the largest body the hub reads (a tournament of 500 pairs over 10 rounds
// with every hand is under 4 MB).
const MaxBody = 16 << 20

// Envelope is the results document: one tournament's results as one club sends them.
// Its identity is (Club, Tournament, Revision): the hub takes a revision once.
type Envelope struct {
	// Kind is always "burraco-results"; Version the envelope's schema version (1).
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	// Club is the sending club's slug on the hub.
	Club string `json:"club"`
	// Tournament is the tournament's uid: 32 lowercase hex digits, made once on the
	// laptop, the same for every revision.
	Tournament string `json:"tournament"`
	// Revision grows with each correction sent (the laptop sends the tournament's
	// revision, the number of its latest log line); a newer one replaces the older.
	Revision int64 `json:"revision"`
	// SentAt is when the laptop sealed the document (UTC, RFC 3339).
	SentAt time.Time `json:"sent_at"`
	// Document is the tournament document (tournament.Document, as the export writes it).
	Document json.RawMessage `json:"document"`
}

var (
	slugRe = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$`)
	uidRe  = regexp.MustCompile(`^[0-9a-f]{32}$`)
)

// NewUID returns a fresh tournament uid: 128 random bits as 32 lowercase hex digits.
func NewUID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("new tournament uid: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// ValidUID reports whether s is a tournament uid as NewUID makes them.
func ValidUID(s string) bool { return uidRe.MatchString(s) }

// Prepare returns the copy of a tournament document that a club sends: the players'
// contact details (e-mail, phone) and private notes are left out, the rest is the
// export as it is (names and card numbers, every stage, round, table, bye and hand).
func Prepare(doc *tournament.Document) *tournament.Document {
	out := *doc
	out.Players = make([]tournament.Player, len(doc.Players))
	for i, p := range doc.Players {
		p.Email, p.Phone, p.Notes = "", "", ""
		out.Players[i] = p
	}
	return &out
}

// New returns the envelope of a tournament document for club, its uid and revision,
// sealed at now.
func New(club, uid string, revision int64, doc *tournament.Document, now time.Time) (*Envelope, error) {
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("results document: %w", err)
	}
	return &Envelope{Kind: Kind, Version: Version, Club: club, Tournament: uid, Revision: revision,
		SentAt: now.UTC().Truncate(time.Second), Document: raw}, nil
}

// Marshal writes the envelope as the body that is signed and sent: compact JSON, the
// document's bytes as they are. The bytes signed are exactly these, never a
// re-encoding: the hub verifies the body it received.
func (e *Envelope) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return nil, fmt.Errorf("results envelope: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Digest is the SHA-256 of the envelope's document bytes, in hex: two arrivals of one
// revision with the same digest are the same results (sent_at may differ).
func (e *Envelope) Digest() string {
	sum := sha256.Sum256(e.Document)
	return hex.EncodeToString(sum[:])
}

// Parse reads a body strictly (no unknown field, no key twice, nothing after it, valid
// UTF-8, at most MaxBody bytes) and checks the envelope's own fields; the document inside
// is checked by Check. A problem is an EINVALID tournament.Error: ReasonTooLarge,
// ReasonUnreadable (with the reader's words), ReasonVersion or ReasonShape (by field).
func Parse(body []byte) (*Envelope, error) {
	if len(body) > MaxBody {
		return nil, refuse(ReasonTooLarge, MaxBody)
	}
	if !utf8.Valid(body) {
		return nil, refuse(ReasonUnreadable, "the body is not valid UTF-8")
	}
	var head struct {
		Kind    string `json:"kind"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		return nil, refuse(ReasonUnreadable, err.Error())
	}
	if head.Kind != Kind {
		r := refuse(ReasonShape)
		r.Fields = map[string]string{"kind": "results.err.kind"}
		return nil, r
	}
	if head.Version != Version {
		return nil, refuse(ReasonVersion, head.Version)
	}
	e := &Envelope{}
	if err := strictjson.Decode(body, e); err != nil {
		return nil, refuse(ReasonUnreadable, err.Error())
	}
	fe := tournament.FieldErrors{}
	if !slugRe.MatchString(e.Club) {
		fe.Add("club", "results.err.club")
	}
	if !uidRe.MatchString(e.Tournament) {
		fe.Add("tournament", "results.err.uid")
	}
	if e.Revision < 1 {
		fe.Add("revision", "results.err.revision")
	}
	if e.SentAt.IsZero() {
		fe.Add("sent_at", "error.required")
	}
	if d := bytes.TrimSpace(e.Document); len(d) == 0 || d[0] != '{' {
		fe.Add("document", "results.err.document")
	}
	if len(fe) > 0 {
		r := refuse(ReasonShape)
		r.Fields = fe
		return nil, r
	}
	return e, nil
}
