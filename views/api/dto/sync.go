package dto

import "time"

// SyncAnswer is the hub's answer to one arrival of a results document (tournament/sync
// Answer): accepted, or refused with a reason (a message key) and its arguments and
// fields; whether the revision had arrived before.
type SyncAnswer struct {
	Outcome    string            `json:"outcome" enum:"accepted,refused"`
	Reason     string            `json:"reason,omitempty"`
	Args       []string          `json:"args,omitempty"`
	Fields     map[string]string `json:"fields,omitempty"`
	Tournament string            `json:"tournament,omitempty"`
	Revision   int64             `json:"revision,omitempty"`
	ReceivedAt *time.Time        `json:"received_at,omitempty"`
	Repeat     bool              `json:"repeat,omitempty"`
}

// SyncRefusal is the hub's refusal of a results document: the error, in words, and
// the answer the laptop keeps (its reason shown in the director's language).
type SyncRefusal struct {
	Error  ErrorBody  `json:"error"`
	Answer SyncAnswer `json:"answer"`
}

// LinkCode is a one-time code that links a laptop to the club: shown once, valid until
// ExpiresAt.
type LinkCode struct {
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expires_at"`
}

// LinkInput is what a laptop sends the hub to link itself: a link code, its Ed25519
// public key (32 bytes in base64) and a label its club knows it by.
type LinkInput struct {
	Code   string `json:"code" api:"required" minLength:"1"`
	Public string `json:"public" api:"required" minLength:"44"`
	Label  string `json:"label"`
}

// LinkAnswer is the hub's answer to a link: the club's slug and the key's id.
type LinkAnswer struct {
	Club  string `json:"club"`
	KeyID string `json:"key_id"`
}

// ClubKey is a laptop linked to the club on the hub: its key, label, when it was
// linked, revoked and last heard from.
type ClubKey struct {
	ID          int64      `json:"id"`
	KeyID       string     `json:"key_id"`
	Label       string     `json:"label"`
	CreatedAt   time.Time  `json:"created_at"`
	RevokedAt   *time.Time `json:"revoked_at,omitempty"`
	LastContact *time.Time `json:"last_contact,omitempty"`
}

// ClubKeyList is the club's linked laptops, revoked ones too.
type ClubKeyList struct {
	Keys []ClubKey `json:"keys"`
}

// HubLinkInput is what a laptop's director enters to link it: the hub's address, the
// code a director of the club made there, a label for this laptop.
type HubLinkInput struct {
	Address string `json:"address" api:"required" minLength:"1"`
	Code    string `json:"code" api:"required" minLength:"1"`
	Label   string `json:"label"`
}

// HubLink is the laptop's link to its hub (Linked false: none yet) and the laptop's
// key id.
type HubLink struct {
	Linked      bool       `json:"linked"`
	Address     string     `json:"address,omitempty"`
	Club        string     `json:"club,omitempty"`
	Label       string     `json:"label,omitempty"`
	LinkedAt    *time.Time `json:"linked_at,omitempty"`
	LastContact *time.Time `json:"last_contact,omitempty"`
	KeyID       string     `json:"key_id"`
}

// SyncState is one tournament's way to the hub on the laptop: the newest revision
// queued and its state (waiting, sent, accepted, refused), a refusal's reason in words.
type SyncState struct {
	TournamentID int64      `json:"tournament_id"`
	Revision     int64      `json:"revision"`
	State        string     `json:"state" enum:"waiting,sent,accepted,refused"`
	Reason       string     `json:"reason,omitempty"`
	Message      string     `json:"message,omitempty"`
	Attempts     int        `json:"attempts"`
	QueuedAt     time.Time  `json:"queued_at"`
	AnsweredAt   *time.Time `json:"answered_at,omitempty"`
}

// SyncStates is every tournament queued for the hub on this laptop.
type SyncStates struct {
	States []SyncState `json:"states"`
}

// SyncResultsBody is the results document's envelope (docs/RESULTS.md and its JSON
// Schema, docs/results.schema.json, say it whole): signed as the exact bytes sent.
type SyncResultsBody struct {
	Kind       string             `json:"kind" api:"required" enum:"burraco-results"`
	Version    int                `json:"version" api:"required"`
	Club       string             `json:"club" api:"required" pattern:"^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$"`
	Tournament string             `json:"tournament" api:"required" pattern:"^[0-9a-f]{32}$"`
	Revision   int64              `json:"revision" api:"required"`
	SentAt     time.Time          `json:"sent_at" api:"required"`
	Document   TournamentDocument `json:"document" api:"required"`
}
