package mitchell

import "burraco/tournament"

// Plan is a Mitchell movement of Tables tables (the phantom included) whose East-West
// line goes up Move tables after each round. After every Tables/gcd(Move, Tables)
// rounds the move would bring each East-West pair back to a table it has played at:
// then it goes one table further (the skip). So in Tables rounds every East-West pair
// meets every North-South pair exactly once, whatever the move.
type Plan struct{ Tables, Move int }

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// block is the number of rounds between two skips.
func (p Plan) block() int { return p.Tables / gcd(p.Tables, p.Move%p.Tables) }

// Offset is how many tables up from its round-1 table an East-West pair plays round r
// (1-based), modulo the tables.
func (p Plan) Offset(r int) int {
	k := r - 1
	return (p.Move*k + k/p.block()) % p.Tables
}

// Table is where the East-West pair that played round 1 at table start plays round r.
func (p Plan) Table(start, r int) int { return (start-1+p.Offset(r))%p.Tables + 1 }

// Start is the round-1 table of the East-West pair at table t in round r.
func (p Plan) Start(t, r int) int {
	n := p.Tables
	return ((t-1-p.Offset(r))%n+n)%n + 1
}

// SkipAfter reports whether the East-West line goes one table further than the move
// after round r (while the movement still has rounds).
func (p Plan) SkipAfter(r int) bool { return r < p.MaxRounds() && r%p.block() == 0 }

// MaxRounds is the most rounds the movement plays without two pairs meeting twice: one
// per table.
func (p Plan) MaxRounds() int { return p.Tables }

// lines are the two lines as round 1 seated them: North-South pairs by table, East-West
// pairs by their round-1 table; a phantom table (an odd field) is the last one, with
// no North-South pair.
type lines struct {
	tables  int
	phantom int     // the phantom table's number, 0 for none
	ns      []int64 // index t-1: the pair staying at table t (0 at the phantom)
	ew      []int64 // index s-1: the East-West pair that played round 1 at table s
}

// linesOf reads the lines from round 1: position 1 is North-South, position 2 East-West;
// the pair round 1 left out (its sit-out) is the East-West pair of the phantom table.
func linesOf(r1 *tournament.Round) lines {
	ln := lines{tables: len(r1.Tables)}
	for _, t := range r1.Tables {
		var ns, ew int64
		if len(t.Sides) > 0 {
			ns = t.Sides[0].EntryID
		}
		if len(t.Sides) > 1 {
			ew = t.Sides[1].EntryID
		}
		ln.ns, ln.ew = append(ln.ns, ns), append(ln.ew, ew)
	}
	if sit := r1.SitOuts(); len(sit) > 0 {
		ln.tables++
		ln.phantom = ln.tables
		ln.ns, ln.ew = append(ln.ns, 0), append(ln.ew, sit[0].EntryID)
	}
	return ln
}

// movement is the plan of the lines with a move.
func (ln lines) movement(move int) Plan { return Plan{Tables: max(ln.tables, 1), Move: move} }

// Movement implements tournament.Moving: the guide card of every table, from round 1's
// seats, for the rounds planned (at most what the movement allows).
func (Format) Movement(st *tournament.State) *tournament.Movement {
	if len(st.Rounds) == 0 {
		return nil
	}
	s := of(st.Stage.Settings)
	ln := linesOf(&st.Rounds[0])
	p := ln.movement(s.Move)
	rounds := min(s.Count, p.MaxRounds())
	mv := &tournament.Movement{Tables: ln.tables, Phantom: ln.phantom, Move: s.Move, Rounds: rounds}
	for t := 1; t <= ln.tables; t++ {
		g := tournament.TableGuide{Table: t, Phantom: t == ln.phantom, Stays: ln.ns[t-1]}
		for r := 1; r <= rounds; r++ {
			start := p.Start(t, r)
			v := tournament.Visit{Round: r, Pair: ln.ew[start-1]}
			if r > 1 {
				v.From = p.Table(start, r-1)
			}
			if r < rounds {
				v.To, v.Skip = p.Table(start, r+1), p.SkipAfter(r)
			}
			g.Visits = append(g.Visits, v)
		}
		mv.Guides = append(mv.Guides, g)
	}
	return mv
}
