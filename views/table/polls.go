package table

import (
	"context"
	"sync"

	"burraco/tournament"
)

// polls answers the phones' polls of their tables' states (every 4 s a phone, a room of
// them) from memory: for each round being reported, the state key of every table, read
// together for the round (Tournaments.RoundStates) once per revision of its tournament
// as this instance trusts it (page.App.Revision: read at most the public pages' TTL
// ago). A code is answered here only once found by the service: a wrong one is always
// asked of the service, which counts it against its client.
type polls struct {
	mu sync.Mutex
	// codes are the codes found, with their round.
	codes map[string]roundKey
	// rounds are the rounds' states, by tournament and round (never changed once kept).
	rounds map[roundKey]*roundStates
	// building are the reads of rounds' states under way, each closed when it ends.
	building map[roundKey]chan struct{}
}

// roundKey names a round of a tournament's current stage.
type roundKey struct {
	tid   int64
	round int
}

// roundStates are a round's tables' state keys by code, read at revision rev or after.
type roundStates struct {
	rev  int64
	keys map[string]string
}

// maxPolls bounds the codes and the rounds kept (a 300-table evening has 300 codes a
// round).
const maxPolls = 10000

// key returns the state key code's table has now (as of the trusted revision), ok false
// when this instance cannot tell without the service (a code not found yet, or one its
// round no longer lists: expired).
func (p *polls) key(ctx context.Context, app appReader, code string) (string, bool) {
	if app.revision == nil {
		return "", false
	}
	p.mu.Lock()
	rk, found := p.codes[code]
	p.mu.Unlock()
	if !found {
		return "", false
	}
	rev, err := app.revision(ctx, rk.tid)
	if err != nil {
		return "", false
	}
	rs, err := p.states(ctx, app, rk, rev)
	if err != nil || rs == nil {
		return "", false
	}
	key, ok := rs.keys[code]
	return key, ok
}

// states returns round rk's states at revision rev or after: those kept, or read now by
// one request (the others meanwhile served the ones kept before, or waiting for the
// first read).
func (p *polls) states(ctx context.Context, app appReader, rk roundKey, rev int64) (*roundStates, error) {
	for {
		p.mu.Lock()
		rs := p.rounds[rk]
		if rs != nil && rs.rev >= rev {
			p.mu.Unlock()
			return rs, nil
		}
		if wait, reading := p.building[rk]; reading {
			p.mu.Unlock()
			if rs != nil {
				return rs, nil // the states before, while the new ones are read
			}
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if p.building == nil {
			p.building = map[roundKey]chan struct{}{}
		}
		done := make(chan struct{})
		p.building[rk] = done
		p.mu.Unlock()

		// rev was read before the round: what is read is at least as new as rev.
		lines, err := app.roundStates(ctx, rk.tid, rk.round)
		if err == nil {
			rs = &roundStates{rev: rev, keys: make(map[string]string, len(lines))}
			for code, l := range lines {
				rs.keys[code] = stateKey(l.State, l.Report, l.Counter)
			}
		}
		p.mu.Lock()
		if err == nil {
			if p.rounds == nil || len(p.rounds) >= maxPolls {
				p.rounds = map[roundKey]*roundStates{}
			}
			p.rounds[rk] = rs
		}
		delete(p.building, rk)
		p.mu.Unlock()
		close(done)
		return rs, err
	}
}

// found notes that code is a table of round n of tournament tid.
func (p *polls) found(code string, tid int64, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.codes == nil || len(p.codes) >= maxPolls {
		p.codes = map[string]roundKey{}
	}
	p.codes[code] = roundKey{tid, n}
}

// appReader is what polls reads: the trusted revision and a round's states.
type appReader struct {
	revision    func(ctx context.Context, tid int64) (int64, error)
	roundStates func(ctx context.Context, tid int64, n int) (map[string]tournament.QueueLine, error)
}

// kept returns the state key code's table has at the revision known, when this instance
// can tell without reading anything: the code found before, its tournament's revision
// known (page.App.KnownRevision), its round's states kept at that revision.
func (p *polls) kept(code string, known func(tid int64) (int64, bool)) (string, bool) {
	if known == nil {
		return "", false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	rk, found := p.codes[code]
	if !found {
		return "", false
	}
	rev, ok := known(rk.tid)
	rs := p.rounds[rk]
	if !ok || rs == nil || rs.rev < rev {
		return "", false
	}
	key, ok := rs.keys[code]
	return key, ok
}
