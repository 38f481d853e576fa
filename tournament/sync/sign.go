package sync

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// KeyPair is a laptop's Ed25519 key pair: the laptop keeps it in its database (the
// private key never leaves it), the hub keeps the public key for the laptop's club.
type KeyPair struct {
	Public  ed25519.PublicKey
	Private ed25519.PrivateKey
}

// GenerateKey makes a fresh key pair.
func GenerateKey() (KeyPair, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return KeyPair{}, fmt.Errorf("generate a key pair: %w", err)
	}
	return KeyPair{Public: pub, Private: priv}, nil
}

// KeyFromSeed rebuilds a key pair from its 32-byte seed (as EncodeSeed writes it).
func KeyFromSeed(seed string) (KeyPair, error) {
	b, err := base64.StdEncoding.DecodeString(seed)
	if err != nil || len(b) != ed25519.SeedSize {
		return KeyPair{}, fmt.Errorf("key seed: want %d bytes in base64", ed25519.SeedSize)
	}
	priv := ed25519.NewKeyFromSeed(b)
	return KeyPair{Public: priv.Public().(ed25519.PublicKey), Private: priv}, nil
}

// EncodeSeed writes the private key's seed in standard base64: what the laptop stores.
func (k KeyPair) EncodeSeed() string { return base64.StdEncoding.EncodeToString(k.Private.Seed()) }

// EncodePublic writes a public key in standard base64 (44 characters): what the hub stores.
func EncodePublic(pub ed25519.PublicKey) string { return base64.StdEncoding.EncodeToString(pub) }

// ParsePublic reads a public key written by EncodePublic.
func ParsePublic(s string) (ed25519.PublicKey, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("public key: want %d bytes in base64", ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// KeyID names a public key: the first 8 bytes of its SHA-256, 16 lowercase hex digits.
// A signature carries it, so the hub finds the key among the club's and tells an
// unknown or revoked key from a bad signature.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// Sign signs the exact bytes of a body. The signature is detached, sent beside the body
// (an HTTP header, a file beside the example): "<key id>:<base64 of the 64-byte
// Ed25519 signature>".
func (k KeyPair) Sign(body []byte) string {
	return KeyID(k.Public) + ":" + base64.StdEncoding.EncodeToString(ed25519.Sign(k.Private, body))
}

// Seal writes the envelope as its body and signs it: what the laptop sends.
func (k KeyPair) Seal(e *Envelope) (body []byte, signature string, err error) {
	body, err = e.Marshal()
	if err != nil {
		return nil, "", err
	}
	return body, k.Sign(body), nil
}

// SplitSignature reads "<key id>:<signature>" into the key id and the signature bytes.
func SplitSignature(s string) (keyID string, sig []byte, ok bool) {
	id, b64, found := strings.Cut(strings.TrimSpace(s), ":")
	if !found || len(id) != 16 || strings.ToLower(id) != id {
		return "", nil, false
	}
	if _, err := hex.DecodeString(id); err != nil {
		return "", nil, false
	}
	sig, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return "", nil, false
	}
	return id, sig, true
}

// Key is a public key the hub holds for a club: one linked laptop.
type Key struct {
	ID     int64
	Club   int64
	Public ed25519.PublicKey
	// Label names the laptop for the club's directors.
	Label     string
	CreatedAt time.Time
	// RevokedAt, once set, stops the key at once: its documents are refused.
	RevokedAt *time.Time
	// LastContact is when the hub last received a document the key signed.
	LastContact *time.Time
}

// Verify checks a detached signature of body against one of the club's keys: the key
// it names must be the club's (ReasonUnknownKey: another club's key, or a laptop never
// linked), not revoked (ReasonRevoked), and its signature of these exact bytes must hold
// (ReasonSignature: a tampered body, or a signature made with another key under this
// key's id). It returns the key that signed.
func Verify(body []byte, signature string, keys []Key) (*Key, error) {
	id, sig, ok := SplitSignature(signature)
	if !ok {
		return nil, refuse(ReasonSignature)
	}
	for i := range keys {
		k := &keys[i]
		if KeyID(k.Public) != id {
			continue
		}
		if k.RevokedAt != nil {
			return nil, refuse(ReasonRevoked)
		}
		if !ed25519.Verify(k.Public, body, sig) {
			return nil, refuse(ReasonSignature)
		}
		return k, nil
	}
	return nil, refuse(ReasonUnknownKey)
}
