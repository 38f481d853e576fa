package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
)

// ImportSnapshot is what an import matches its rows against, read in one snapshot
// before any write: the registry, and (for a tournament's import) who is entered and
// whether the current stage takes pairs. Mark and Revision are what the store checks
// again when it writes.
type ImportSnapshot struct {
	Registry []Player
	Entered  map[int64]string // a player entered in the tournament → their entry's name
	Pairs    bool             // the current stage's entries are pairs
	Revision int64            // the tournament's revision
	Mark     RegistryMark
}

// RegistryMark is a cheap mark of the registry's content: any player created, changed
// or merged away moves it.
type RegistryMark struct{ Count, MaxID, Versions int64 }

// ImportWrite is an import's rows, matched and checked, ready to write: new players to
// register and pairs to enter (a member with ID 0 is registered first), with the log
// line of a tournament's import.
type ImportWrite struct {
	Players []Player
	Pairs   []ImportPair
	Log     *Event
	// Wrote, if not nil, is called in the last transaction once every row is written
	// (the IDs set), before the idempotency key records the answer.
	Wrote func()
}

// ImportPair is a pair to enter: its entry (as pairEntry builds it) and its members
// (ID 0: a new player, registered by the import, whose ID the store sets).
type ImportPair struct {
	Entry   Entry
	Members [2]Player
}

// BulkStore is a store that writes imports without holding its write lock while they
// are read and matched, asked for with a type assertion (a store without it imports in
// one command's transaction).
type BulkStore interface {
	// ImportSnapshot reads the registry and, with tid not 0, the tournament's entries,
	// stage and revision, in one read transaction.
	ImportSnapshot(ctx context.Context, tid int64) (*ImportSnapshot, error)
	// WriteImport writes w in short transactions, each checking first that the
	// registry's mark (and the tournament's revision, with tid not 0) is still the one
	// snap read, plus what the import wrote itself; it writes all of w or, undoing what
	// it wrote, nothing (ErrImportChanged when something changed meanwhile).
	WriteImport(ctx context.Context, tid int64, snap *ImportSnapshot, w *ImportWrite) error
}

// ErrImportChanged is a store's answer to an import whose registry or tournament
// changed between its snapshot and its write: nothing was written; match again.
var ErrImportChanged = Errorf(ECONFLICT, "import.changed_meanwhile")

// importAttempts bounds how many times an import matches again after a change.
const importAttempts = 3

// retryImport runs an import's match-and-write until it is not refused for a change
// made meanwhile, a few times at most.
func retryImport(run func() error) error {
	for attempt := 1; ; attempt++ {
		err := run()
		if !errors.Is(err, ErrImportChanged) || attempt == importAttempts {
			return err
		}
	}
}

// importPairsBulk matches the pairs against a snapshot, outside any write transaction,
// and (with confirm) has the store write them, matching again if the registry or the
// tournament changed meanwhile.
func (s *Tournaments) importPairsBulk(ctx context.Context, bs BulkStore, tid int64, out *PairImport, confirm bool, director string) (*PairImport, error) {
	err := retryImport(func() error {
		snap, err := bs.ImportSnapshot(ctx, tid)
		if err != nil {
			return err
		}
		if !snap.Pairs {
			return Errorf(ECONFLICT, "entries.players_only")
		}
		out.Entered = 0
		out.Valid = matchPairs(out.Rows, snap.Registry, snap.Entered)
		out.Registered = 0
		for _, row := range out.Rows {
			for _, m := range row.Members {
				if m.Match == 0 {
					out.Registered++
				}
			}
		}
		if !out.Valid {
			return Errorf(EINVALID, "pairs_import.invalid")
		}
		if !confirm {
			return nil
		}
		byID := make(map[int64]*Player, len(snap.Registry))
		for i := range snap.Registry {
			byID[snap.Registry[i].ID] = &snap.Registry[i]
		}
		w := &ImportWrite{Pairs: make([]ImportPair, len(out.Rows))}
		for ri, row := range out.Rows {
			var ps [2]Player
			for m, pm := range row.Members {
				if pm.Match == 0 {
					ps[m] = pm.Player
					ps[m].Active = true
				} else {
					ps[m] = *byID[pm.Match]
				}
			}
			w.Pairs[ri] = ImportPair{Entry: *pairEntry(tid, &ps[0], &ps[1]), Members: ps}
		}
		ev := s.event(tid, director, "pairs_import", len(w.Pairs), out.Registered)
		w.Log = &ev
		w.Wrote = func() {
			for ri := range out.Rows {
				for m := range out.Rows[ri].Members {
					out.Rows[ri].Members[m].Match = w.Pairs[ri].Members[m].ID
				}
			}
			out.Entered = len(w.Pairs)
		}
		return bs.WriteImport(ctx, tid, snap, w)
	})
	if e, ok := AsError(err); ok && e.Key == "pairs_import.invalid" {
		return out, err
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// importPlayersBulk classifies a players CSV against a snapshot of the registry,
// outside any write transaction, and has the store register its new rows, classifying
// again if the registry changed meanwhile.
func importPlayersBulk(ctx context.Context, bs BulkStore, c *Claim, raw []byte, fixes ImportFixes) (*ImportPreview, error) {
	var pv *ImportPreview
	err := retryImport(func() error {
		rows, ignored, err := ParsePlayersCSV(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		snap, err := bs.ImportSnapshot(ctx, 0)
		if err != nil {
			return err
		}
		fixes.apply(rows)
		pv = classify(rows, snap.Registry)
		pv.Ignored = ignored
		if pv.Ignored == nil {
			pv.Ignored = []string{}
		}
		w := &ImportWrite{}
		for _, row := range pv.Rows {
			if row.Status == ImportNew {
				w.Players = append(w.Players, row.Player)
			}
		}
		if len(w.Players) == 0 {
			return nil
		}
		pv.Created = len(w.Players)
		c.setResult(jsonResult(pv))
		if err := bs.WriteImport(ctx, 0, snap, w); err != nil {
			return fmt.Errorf("import players: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return pv, nil
}

// yieldEvery lets other goroutines run every 64th row of a long loop over an import's
// rows: a command holding the write lock that comes back from the database wants a
// processor at once, not after the import's time slice (up to 10 ms, at each of its
// statements).
func yieldEvery(i int) {
	if i%64 == 63 {
		runtime.Gosched()
	}
}
