package lag

import (
	"context"
	"testing"
)

// TestMark: a context is unmarked until Allow; marking again keeps the one mark, whose
// pin (a read gone to the primary) every later read of the request sees.
func TestMark(t *testing.T) {
	ctx := context.Background()
	if Allowed(ctx) || Of(ctx) != nil {
		t.Fatal("a context's reads may not lag unless marked")
	}
	m := Allow(ctx)
	if !Allowed(m) || Of(m).Pinned() {
		t.Fatal("marked, not pinned")
	}
	again := Allow(m)
	Of(m).Pin()
	if Of(again) != Of(m) || !Of(again).Pinned() {
		t.Fatal("one mark per request: its pin holds for every read")
	}
}
