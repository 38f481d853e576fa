package db

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"burraco/tournament"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
)

// The store of linking laptops and of the laptop's outbox (tournament/relay). The hub's
// link codes belong to a club (the tenancy check); redeeming one is global: the code
// itself is the authentication, and it names its club. The laptop's link and outbox are
// the installation's (a laptop is one club's).

// AddLinkCode stores a link code's hash for a club (relay.HubStore).
func (d *DB) AddLinkCode(ctx context.Context, club int64, hash string, expires time.Time) error {
	if err := d.tenant(ctx, club, true); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		return x.run("INSERT INTO link_codes (club_id, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
			club, hash, storedNow(), expires.UTC())
	})
	return wrap(err, "store a link code")
}

// RedeemLinkCode uses a link code once and links the public key to its club, in one
// transaction (relay.HubStore): ENOTFOUND "sync.code_invalid" when the code is unknown,
// used or expired; ECONFLICT "results.key_linked" when the key is already linked.
func (d *DB) RedeemLinkCode(ctx context.Context, hash string, pub []byte, label string, now time.Time) (*tsync.Key, string, error) {
	label = strings.TrimSpace(label)
	fe := tournament.FieldErrors{}
	tournament.CheckText(fe, "label", label, tournament.OneLine)
	if len([]rune(label)) > 100 {
		fe.Add("label", "error.too_long")
	}
	if len(pub) != ed25519.PublicKeySize {
		fe.Add("public", "results.err.public_key")
	}
	if err := fe.Err(); err != nil {
		return nil, "", err
	}
	var slug string
	k := &tsync.Key{Public: ed25519.PublicKey(pub), Label: label, CreatedAt: storedNow()}
	err := d.write(ctx, func(x *sqlTx) error {
		var id int64
		err := x.queryRow("SELECT id, club_id FROM link_codes WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?",
			hash, now.UTC()).Scan(&id, &k.Club)
		if errors.Is(err, sql.ErrNoRows) {
			return relay.ErrCodeInvalid()
		}
		if err != nil {
			return err
		}
		n, err := x.affected("UPDATE link_codes SET used_at = ? WHERE id = ? AND used_at IS NULL", now.UTC(), id)
		if err != nil {
			return err
		}
		if n == 0 {
			return relay.ErrCodeInvalid()
		}
		if err := x.queryRow("SELECT slug FROM clubs WHERE id = ?", k.Club).Scan(&slug); err != nil {
			return err
		}
		n, err = x.affected("INSERT INTO club_keys (club_id, public, label, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (public) DO NOTHING",
			k.Club, tsync.EncodePublic(k.Public), label, k.CreatedAt)
		if err != nil {
			return err
		}
		if n == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "results.key_linked")
		}
		return x.queryRow("SELECT id FROM club_keys WHERE public = ?", tsync.EncodePublic(k.Public)).Scan(&k.ID)
	})
	if err != nil {
		return nil, "", wrap(err, "redeem a link code")
	}
	return k, slug, nil
}

// ListClubKeys lists a club's linked laptops' keys, revoked ones too, oldest first.
func (d *DB) ListClubKeys(ctx context.Context, club int64) ([]tsync.Key, error) {
	if err := d.tenant(ctx, club, false); err != nil {
		return nil, err
	}
	var slug string
	err := d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT slug FROM clubs WHERE id = ?", club).Scan(&slug)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read a club: %w", err)
	}
	_, keys, err := d.ClubKeys(ctx, slug)
	return keys, err
}

// HubLink returns the laptop's link to its hub, nil when it has none (relay.LaptopStore).
func (d *DB) HubLink(ctx context.Context) (*relay.Link, error) {
	l := &relay.Link{}
	var contact sql.NullTime
	err := d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT address, club, label, linked_at, last_contact_at FROM hub_links WHERE id = 1").
			Scan(&l.Address, &l.Club, &l.Label, &l.LinkedAt, &contact)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the hub link: %w", err)
	}
	l.LinkedAt, l.LastContact = l.LinkedAt.UTC(), nullTime(contact)
	return l, nil
}

// SetHubLink stores the laptop's link, replacing any earlier one (relay.LaptopStore).
func (d *DB) SetHubLink(ctx context.Context, l *relay.Link) error {
	fe := tournament.FieldErrors{}
	tournament.CheckText(fe, "address", l.Address, tournament.OneLine)
	tournament.CheckText(fe, "club", l.Club, tournament.OneLine)
	tournament.CheckText(fe, "label", l.Label, tournament.OneLine)
	if err := fe.Err(); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		if err := x.run("DELETE FROM hub_links WHERE id = 1"); err != nil {
			return err
		}
		return x.run("INSERT INTO hub_links (id, address, club, label, linked_at, last_contact_at) VALUES (1, ?, ?, ?, ?, ?)",
			l.Address, l.Club, l.Label, l.LinkedAt.UTC(), l.LastContact)
	})
	return wrap(err, "store the hub link")
}

// TouchHubLink notes the hub's last contact (relay.LaptopStore).
func (d *DB) TouchHubLink(ctx context.Context, at time.Time) error {
	return wrap(d.write(ctx, func(x *sqlTx) error {
		return x.run("UPDATE hub_links SET last_contact_at = ? WHERE id = 1", at.UTC())
	}), "note the hub's contact")
}

// Unqueued lists the tournaments whose revision (their latest log line) is newer than
// the newest revision queued in the outbox, with that revision (relay.LaptopStore).
func (d *DB) Unqueued(ctx context.Context) (map[int64]int64, error) {
	out := map[int64]int64{}
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT e.tournament_id, MAX(e.seq) FROM events e GROUP BY e.tournament_id " +
			"HAVING MAX(e.seq) > COALESCE((SELECT MAX(o.revision) FROM outbox_rows o WHERE o.tournament_id = e.tournament_id), 0)")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var tid, rev int64
			if err := rows.Scan(&tid, &rev); err != nil {
				return err
			}
			out[tid] = rev
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("read the tournaments to queue: %w", err)
	}
	return out, nil
}

// Enqueue stores a sealed revision once (relay.LaptopStore).
func (d *DB) Enqueue(ctx context.Context, e *relay.Entry) error {
	err := d.write(ctx, func(x *sqlTx) error {
		return x.run("INSERT INTO outbox_rows (tournament_id, revision, uid, body, signature, state, reason, args, attempts, queued_at, next_at) "+
			"VALUES (?, ?, ?, ?, ?, ?, '', '', 0, ?, ?) ON CONFLICT (tournament_id, revision) DO NOTHING",
			e.Tournament, e.Revision, e.UID, e.Body, e.Signature, e.State, e.QueuedAt.UTC(), e.NextAt.UTC())
	})
	return wrap(err, "queue a revision")
}

const outboxCols = "id, tournament_id, uid, revision, body, signature, state, reason, args, attempts, queued_at, next_at, answered_at"

// answerArgs is how a refusal's arguments and fields are stored (outbox_rows.args).
type answerArgs struct {
	Args   []string          `json:"args,omitempty"`
	Fields map[string]string `json:"fields,omitempty"`
}

func scanEntry(row interface{ Scan(...any) error }) (relay.Entry, error) {
	var e relay.Entry
	var args string
	var answered sql.NullTime
	if err := row.Scan(&e.ID, &e.Tournament, &e.UID, &e.Revision, &e.Body, &e.Signature, &e.State, &e.Reason, &args,
		&e.Attempts, &e.QueuedAt, &e.NextAt, &answered); err != nil {
		return e, err
	}
	e.QueuedAt, e.NextAt, e.AnsweredAt = e.QueuedAt.UTC(), e.NextAt.UTC(), nullTime(answered)
	if args != "" {
		var a answerArgs
		if err := json.Unmarshal([]byte(args), &a); err != nil {
			return e, fmt.Errorf("outbox %d args: %w", e.ID, err)
		}
		e.Args, e.Fields = a.Args, a.Fields
	}
	return e, nil
}

// Due lists the entries without an answer whose next try is due, oldest first
// (relay.LaptopStore).
func (d *DB) Due(ctx context.Context, now time.Time, limit int) ([]relay.Entry, error) {
	var out []relay.Entry
	err := d.read(ctx, func(x *sqlTx) error {
		out = nil
		rows, err := x.query("SELECT "+outboxCols+" FROM outbox_rows WHERE state IN (?, ?) AND next_at <= ? ORDER BY id LIMIT ?",
			relay.Waiting, relay.Sent, now.UTC(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanEntry(rows)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("read the outbox: %w", err)
	}
	return out, nil
}

// Attempt marks an entry posted once more, next tried at next (relay.LaptopStore).
func (d *DB) Attempt(ctx context.Context, id int64, next time.Time) error {
	return wrap(d.write(ctx, func(x *sqlTx) error {
		return x.run("UPDATE outbox_rows SET state = ?, attempts = attempts + 1, next_at = ? WHERE id = ? AND state IN (?, ?)",
			relay.Sent, next.UTC(), id, relay.Waiting, relay.Sent)
	}), "note a try")
}

// Answer stores the hub's answer to an entry (relay.LaptopStore).
func (d *DB) Answer(ctx context.Context, id int64, state, reason string, args []string, fields map[string]string, at time.Time) error {
	raw := ""
	if len(args) > 0 || len(fields) > 0 {
		b, err := json.Marshal(answerArgs{Args: args, Fields: fields})
		if err != nil {
			return fmt.Errorf("answer args: %w", err)
		}
		raw = string(b)
	}
	return wrap(d.write(ctx, func(x *sqlTx) error {
		return x.run("UPDATE outbox_rows SET state = ?, reason = ?, args = ?, answered_at = ? WHERE id = ?",
			state, reason, raw, at.UTC(), id)
	}), "store the hub's answer")
}

// Outbox lists the newest outbox entry of each tournament (relay.LaptopStore).
func (d *DB) Outbox(ctx context.Context) (map[int64]relay.Entry, error) {
	out := map[int64]relay.Entry{}
	err := d.read(ctx, func(x *sqlTx) error {
		rows, err := x.query("SELECT " + outboxCols + " FROM outbox_rows o WHERE o.revision = " +
			"(SELECT MAX(p.revision) FROM outbox_rows p WHERE p.tournament_id = o.tournament_id)")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanEntry(rows)
			if err != nil {
				return err
			}
			out[e.Tournament] = e
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("read the outbox: %w", err)
	}
	return out, nil
}
