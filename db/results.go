package db

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
	"unicode/utf8"

	"burraco/tournament"
	tsync "burraco/tournament/sync"
)

// The store of results sent to the hub (tournament/sync): on the laptop, a tournament's
// uid and the laptop's key pair; on the hub, the clubs' keys and the revisions received.
// Every method but LaptopKey asks the tenancy check for the club it reaches: the hub's
// intake (tsync.Hub) reads a club's keys under the System scope, then works under the
// scope of the one club the signature proves.

// TournamentUID returns a tournament's uid, making it the first time it is asked for (a
// random one, tsync.NewUID, kept on the tournament: every revision sent carries it).
// ENOTFOUND when there is no such tournament.
func (d *DB) TournamentUID(ctx context.Context, tid int64) (string, error) {
	if err := d.tenantTournament(ctx, tid, true); err != nil {
		return "", err
	}
	uid, err := d.readUID(ctx, tid)
	if err != nil || uid != "" {
		return uid, err
	}
	fresh, err := tsync.NewUID()
	if err != nil {
		return "", err
	}
	if err := d.write(ctx, func(x *sqlTx) error {
		return x.run("UPDATE tournaments SET uid = ? WHERE id = ? AND uid IS NULL", fresh, tid)
	}); err != nil {
		return "", fmt.Errorf("store the tournament's uid: %w", err)
	}
	// Another request may have set it first: the stored one is the uid.
	return d.readUID(ctx, tid)
}

// readUID reads a tournament's uid, "" when it has none yet.
func (d *DB) readUID(ctx context.Context, tid int64) (string, error) {
	var uid sql.NullString
	err := d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT uid FROM tournaments WHERE id = ?", tid).Scan(&uid)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if err != nil {
		return "", fmt.Errorf("read the tournament's uid: %w", err)
	}
	return uid.String, nil
}

// LaptopKey returns the laptop's key pair, generating and storing it the first time
// (one key pair a database, the private key never leaving it).
func (d *DB) LaptopKey(ctx context.Context) (tsync.KeyPair, error) {
	if k, ok, err := d.readLaptopKey(ctx); err != nil || ok {
		return k, err
	}
	k, err := tsync.GenerateKey()
	if err != nil {
		return tsync.KeyPair{}, err
	}
	if err := d.write(ctx, func(x *sqlTx) error {
		return x.run("INSERT INTO laptop_keys (id, seed, public, created_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
			k.EncodeSeed(), tsync.EncodePublic(k.Public), storedNow())
	}); err != nil {
		return tsync.KeyPair{}, fmt.Errorf("store the laptop's key: %w", err)
	}
	k, _, err = d.readLaptopKey(ctx)
	return k, err
}

// readLaptopKey reads the stored key pair, if any.
func (d *DB) readLaptopKey(ctx context.Context) (tsync.KeyPair, bool, error) {
	var seed string
	err := d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT seed FROM laptop_keys WHERE id = 1").Scan(&seed)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return tsync.KeyPair{}, false, nil
	}
	if err != nil {
		return tsync.KeyPair{}, false, fmt.Errorf("read the laptop's key: %w", err)
	}
	k, err := tsync.KeyFromSeed(seed)
	return k, err == nil, err
}

// AddClubKey links a laptop's public key to a club on the hub, under a label the club's
// directors know it by. A key already linked is ECONFLICT "results.key_linked".
func (d *DB) AddClubKey(ctx context.Context, club int64, pub ed25519.PublicKey, label string) (*tsync.Key, error) {
	label = strings.TrimSpace(label)
	fe := tournament.FieldErrors{}
	tournament.CheckText(fe, "label", label, tournament.OneLine)
	if utf8.RuneCountInString(label) > 100 {
		fe.Add("label", "error.too_long")
	}
	if len(pub) != ed25519.PublicKeySize {
		fe.Add("public", "results.err.public_key")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if err := d.tenant(ctx, club, true); err != nil {
		return nil, err
	}
	k := &tsync.Key{Club: club, Public: pub, Label: label, CreatedAt: storedNow()}
	err := d.write(ctx, func(x *sqlTx) error {
		n, err := x.affected("INSERT INTO club_keys (club_id, public, label, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (public) DO NOTHING",
			club, tsync.EncodePublic(pub), label, k.CreatedAt)
		if err != nil {
			return err
		}
		if n == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "results.key_linked")
		}
		return x.queryRow("SELECT id FROM club_keys WHERE public = ?", tsync.EncodePublic(pub)).Scan(&k.ID)
	})
	if err != nil {
		return nil, wrap(err, "link a club's key")
	}
	return k, nil
}

// RevokeClubKey revokes a club's key at once: its documents are refused from now on
// (tsync.ReasonRevoked). ENOTFOUND when the club has no such key; revoking twice keeps
// the first time.
func (d *DB) RevokeClubKey(ctx context.Context, club, key int64) error {
	if err := d.tenant(ctx, club, true); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		n, err := x.affected("UPDATE club_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND club_id = ?", storedNow(), key, club)
		if err != nil {
			return err
		}
		if n == 0 {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		return nil
	})
	return wrap(err, "revoke a club's key")
}

// ClubKeys returns a club's ID by its slug and every key linked to it, revoked ones
// too, oldest first (tsync.Keyring). ENOTFOUND when no club has the slug.
func (d *DB) ClubKeys(ctx context.Context, slug string) (int64, []tsync.Key, error) {
	var club int64
	var keys []tsync.Key
	err := d.read(ctx, func(x *sqlTx) error {
		keys = nil
		if err := x.queryRow("SELECT id FROM clubs WHERE slug = ?", slug).Scan(&club); err != nil {
			return err
		}
		if err := d.tenant(ctx, club, false); err != nil {
			return err
		}
		rows, err := x.query("SELECT id, public, label, created_at, revoked_at, last_contact_at FROM club_keys WHERE club_id = ? ORDER BY id", club)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			k := tsync.Key{Club: club}
			var pub string
			var revoked, contact sql.NullTime
			if err := rows.Scan(&k.ID, &pub, &k.Label, &k.CreatedAt, &revoked, &contact); err != nil {
				return err
			}
			if k.Public, err = tsync.ParsePublic(pub); err != nil {
				return err
			}
			k.RevokedAt, k.LastContact = nullTime(revoked), nullTime(contact)
			keys = append(keys, k)
		}
		return rows.Err()
	})
	if errors.Is(err, sql.ErrNoRows) || tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return 0, nil, tournament.Errorf(tournament.ENOTFOUND, "results.unknown_club")
	}
	if err != nil {
		return 0, nil, fmt.Errorf("read a club's keys: %w", err)
	}
	return club, keys, nil
}

// nullTime is a nullable time as a pointer, in UTC.
func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

const receiptCols = "id, club_id, tournament_uid, revision, digest, body, signature, key_id, sent_at, received_at, outcome, reason, problems"

// scanReceipt reads one row of receiptCols.
func scanReceipt(row interface{ Scan(...any) error }) (*tsync.Receipt, error) {
	r := &tsync.Receipt{}
	var problems string
	if err := row.Scan(&r.ID, &r.Club, &r.Tournament, &r.Revision, &r.Digest, &r.Body, &r.Signature, &r.Key,
		&r.SentAt, &r.ReceivedAt, &r.Outcome, &r.Reason, &problems); err != nil {
		return nil, err
	}
	r.SentAt, r.ReceivedAt = r.SentAt.UTC(), r.ReceivedAt.UTC()
	if problems != "" {
		if err := json.Unmarshal([]byte(problems), &r.Fields); err != nil {
			return nil, fmt.Errorf("receipt %d problems: %w", r.ID, err)
		}
	}
	return r, nil
}

// Received returns the receipt of a revision, or nil when it never arrived (tsync.Store).
func (d *DB) Received(ctx context.Context, club int64, uid string, revision int64) (*tsync.Receipt, error) {
	if err := d.tenant(ctx, club, false); err != nil {
		return nil, err
	}
	var r *tsync.Receipt
	err := d.read(ctx, func(x *sqlTx) error {
		var err error
		r, err = scanReceipt(x.queryRow("SELECT "+receiptCols+" FROM received_results WHERE club_id = ? AND tournament_uid = ? AND revision = ?",
			club, uid, revision))
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read a receipt: %w", err)
	}
	return r, nil
}

// Held returns the highest revision of a tournament accepted, 0 when none (tsync.Store).
func (d *DB) Held(ctx context.Context, club int64, uid string) (int64, error) {
	if err := d.tenant(ctx, club, false); err != nil {
		return 0, err
	}
	var held int64
	err := d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT COALESCE(MAX(revision), 0) FROM received_results WHERE club_id = ? AND tournament_uid = ? AND outcome = ?",
			club, uid, tsync.Accepted).Scan(&held)
	})
	if err != nil {
		return 0, fmt.Errorf("read the revision held: %w", err)
	}
	return held, nil
}

// Record writes a receipt once (tsync.Store): the unique (club, uid, revision) makes one
// of concurrent arrivals the writer (ON CONFLICT DO NOTHING; on PostgreSQL the other's
// insert waits for the first one's commit), which also notes the key's last contact; the
// others write nothing and read the stored receipt back, with Repeat set.
func (d *DB) Record(ctx context.Context, r *tsync.Receipt) (*tsync.Receipt, error) {
	if err := d.tenant(ctx, r.Club, true); err != nil {
		return nil, err
	}
	problems := ""
	if len(r.Fields) > 0 {
		b, err := json.Marshal(r.Fields)
		if err != nil {
			return nil, fmt.Errorf("receipt problems: %w", err)
		}
		problems = string(b)
	}
	received, sent := r.ReceivedAt.UTC().Truncate(time.Microsecond), r.SentAt.UTC().Truncate(time.Microsecond)
	var out *tsync.Receipt
	var copied, replaced []int64
	write := func(x *sqlTx) error {
		out, copied, replaced = nil, nil, nil
		var id int64
		err := x.queryRow("INSERT INTO received_results (club_id, tournament_uid, revision, digest, body, signature, key_id, sent_at, received_at, outcome, reason, problems) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (club_id, tournament_uid, revision) DO NOTHING RETURNING id",
			r.Club, r.Tournament, r.Revision, r.Digest, r.Body, r.Signature, r.Key, sent, received, r.Outcome, r.Reason, problems).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			got, err := scanReceipt(x.queryRow("SELECT "+receiptCols+" FROM received_results WHERE club_id = ? AND tournament_uid = ? AND revision = ?",
				r.Club, r.Tournament, r.Revision))
			if err != nil {
				return err
			}
			got.Repeat, out = true, got
			return nil
		}
		if err != nil {
			return err
		}
		// The key's row also makes two revisions of one laptop take turns on the copy.
		if err := x.run("UPDATE club_keys SET last_contact_at = ? WHERE id = ?", received, r.Key); err != nil {
			return err
		}
		if r.Outcome == tsync.Accepted && r.Document != nil {
			tid, old, err := d.copyResults(x, r.Club, r.Tournament, id, r.Revision, r.Document)
			if err != nil {
				return fmt.Errorf("the hub's copy: %w", err)
			}
			if tid != 0 {
				copied = []int64{tid}
			}
			replaced = old
		}
		c := *r
		c.ID, c.ReceivedAt, c.SentAt, c.Repeat = id, received, sent, false
		out = &c
		return nil
	}
	// The copy takes numbers past the largest stored: a write that took the same ones
	// meanwhile (PostgreSQL does not serialize them) fails it on a unique key, and the
	// whole receipt is written again, renumbered (as ImportCopy does).
	var err error
	for attempt := 1; attempt <= importAttempts; attempt++ {
		if err = d.write(ctx, write); !isUniqueViolation(err) {
			break
		}
		time.Sleep(time.Duration(rand.Int64N(int64(attempt) * int64(10*time.Millisecond))))
	}
	if err != nil {
		return nil, fmt.Errorf("record a receipt: %w", err)
	}
	for _, tid := range replaced {
		d.tournamentClubs.Delete(tid)
	}
	for _, tid := range copied {
		d.tournamentClubs.Store(tid, r.Club)
	}
	return out, nil
}

// ResultsHistory lists every revision of a tournament the hub recorded, oldest first,
// an accepted one marked Superseded once a newer one was accepted (both kept).
func (d *DB) ResultsHistory(ctx context.Context, club int64, uid string) ([]tsync.Receipt, error) {
	if err := d.tenant(ctx, club, false); err != nil {
		return nil, err
	}
	var out []tsync.Receipt
	err := d.read(ctx, func(x *sqlTx) error {
		out = nil
		rows, err := x.query("SELECT "+receiptCols+" FROM received_results WHERE club_id = ? AND tournament_uid = ? ORDER BY revision", club, uid)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scanReceipt(rows)
			if err != nil {
				return err
			}
			out = append(out, *r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("read a tournament's receipts: %w", err)
	}
	newest := int64(0)
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Outcome != tsync.Accepted {
			continue
		}
		out[i].Superseded = newest > 0
		newest = max(newest, out[i].Revision)
	}
	return out, nil
}

// CurrentResults returns the hub's copy of a tournament: its newest accepted revision,
// or ENOTFOUND.
func (d *DB) CurrentResults(ctx context.Context, club int64, uid string) (*tsync.Receipt, error) {
	h, err := d.ResultsHistory(ctx, club, uid)
	if err != nil {
		return nil, err
	}
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Outcome == tsync.Accepted {
			return &h[i], nil
		}
	}
	return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
}
