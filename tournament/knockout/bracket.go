package knockout

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"burraco/scoring"
	"burraco/tournament"
)

// Size is the bracket of n sides: the next power of two (at least 2).
func Size(n int) int {
	if n <= 2 {
		return 2
	}
	return 1 << bits.Len(uint(n-1))
}

// SeedOrder returns the seeds of a bracket of size p (a power of two) in bracket order:
// consecutive pairs meet in round 1, and the best seeds meet as late as possible
// (1 v p, then the winner against the winner of p/2 v p/2+1, …; 1 and 2 only in the
// final).
func SeedOrder(p int) []int {
	order := []int{1}
	for m := 1; m < p; m *= 2 {
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, 2*m+1-s)
		}
		order = next
	}
	return order
}

// slot is one place of round 1 in bracket order: a table, or a bye (exactly one set,
// 1-based: table number, or the bye's index in the round's byes).
type slot struct{ table, bye int }

// seeded reports whether a stage is seeded from another one's standings.
func seeded(st *tournament.State) bool { return st.Stage.FromStageID != nil }

// layout returns round 1's places in bracket order. A random draw lists its tables
// first, in number order, then its byes: the winner of table 1 meets the winner of
// table 2, and an odd last table's winner meets the first bye. A seeded draw follows
// SeedOrder, the byes (stored best seed first) going to the best seeds.
func layout(st *tournament.State, r *tournament.Round) []slot {
	nt, nb := len(gamesOf(r)), len(r.Byes)
	n := 2*nt + nb
	if seeded(st) && Size(n) == 2*(nt+nb) {
		order := SeedOrder(Size(n))
		out := make([]slot, 0, nt+nb)
		t := 0
		for k := 0; k < len(order); k += 2 {
			a, b := min(order[k], order[k+1]), max(order[k], order[k+1])
			if b > n {
				out = append(out, slot{bye: a})
				continue
			}
			t++
			out = append(out, slot{table: t})
		}
		return out
	}
	out := make([]slot, 0, nt+nb)
	for t := range nt {
		out = append(out, slot{table: t + 1})
	}
	for b := range nb {
		out = append(out, slot{bye: b + 1})
	}
	return out
}

// Draw implements tournament.Format. Round 1: the sides checked in (or, for a stage
// fed from another, its qualifiers in seed order) in a bracket of the next power of two;
// Size − n of them get a bye into round 2, never two byes in one place. At random (from
// the seed) the byes are drawn first and the others paired in drawn order at tables
// 1..N; seeded, places follow SeedOrder and the byes go to the best seeds. Later rounds:
// the winners of consecutive places of the round before meet, in order.
func (f Format) Draw(st *tournament.State, seed int64) (*tournament.Round, []tournament.Entry, error) {
	r := &tournament.Round{Number: len(st.Rounds) + 1, Seed: seed}
	if len(st.Rounds) == 0 {
		return drawFirst(st, r, seed)
	}
	// Every match so far needs its winner: one cleared in an earlier round would leave a
	// side in the bracket that nobody decided.
	for i := range st.Rounds {
		if _, undecided := advancing(st, &st.Rounds[i]); undecided > 0 {
			return nil, nil, tournament.Errorf(tournament.ECONFLICT, "knockout.undecided", st.Rounds[i].Number, undecided)
		}
	}
	winners, _ := advancing(st, st.Current())
	if len(winners) < 2 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "knockout.finished")
	}
	s := of(st.Stage.Settings)
	for j := 0; j+1 < len(winners); j += 2 {
		seat(r, s, j/2+1, winners[j], winners[j+1])
	}
	return r, nil, nil
}

func drawFirst(st *tournament.State, r *tournament.Round, seed int64) (*tournament.Round, []tournament.Entry, error) {
	var ids []int64
	if seeded(st) {
		ids = slices.Clone(st.Seeds)
	} else {
		for _, e := range st.Drawable() {
			if !e.Substitute() {
				ids = append(ids, e.ID)
			}
		}
		slices.Sort(ids)
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(seed)^0x9e3779b97f4a7c15))
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	}
	n := len(ids)
	if n < 2 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "knockout.too_few")
	}
	p := Size(n)
	byes := p - n
	s := of(st.Stage.Settings)
	if seeded(st) {
		order := SeedOrder(p)
		for k := 0; k < len(order); k += 2 {
			a, b := min(order[k], order[k+1]), max(order[k], order[k+1])
			if b > n {
				continue // a bye, added below best seed first
			}
			seat(r, s, len(gamesOf(r))+1, ids[a-1], ids[b-1])
		}
		for s := range byes {
			r.Byes = append(r.Byes, tournament.Bye{EntryID: ids[s], Points: tournament.RP(1)})
		}
		return r, nil, nil
	}
	for _, id := range ids[:byes] {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: id, Points: tournament.RP(1)})
	}
	rest := ids[byes:]
	for j := 0; j+1 < len(rest); j += 2 {
		seat(r, s, j/2+1, rest[j], rest[j+1])
	}
	return r, nil, nil
}

// places returns a round's places in bracket order: round 1's layout, a later round's
// matches in number order (a slot's table is the match's number: a table's, or a team
// match's).
func places(st *tournament.State, r *tournament.Round) []slot {
	if r.Number == 1 {
		return layout(st, r)
	}
	n := len(gamesOf(r))
	out := make([]slot, n)
	for i := range n {
		out[i] = slot{table: i + 1}
	}
	return out
}

// advancing returns who goes on from each place of a round, in bracket order (0 where
// the match is not decided), and how many are not decided.
func advancing(st *tournament.State, r *tournament.Round) ([]int64, int) {
	s := of(st.Stage.Settings)
	var out []int64
	undecided := 0
	for _, p := range places(st, r) {
		if p.bye > 0 {
			out = append(out, r.Byes[p.bye-1].EntryID)
			continue
		}
		g := gameAt(r, p.table)
		m := decideGame(st, s, g)
		if m.winner == 0 {
			undecided++
			out = append(out, 0)
			continue
		}
		out = append(out, g.entries()[m.winner-1])
	}
	return out, undecided
}

// match is a table's result as a knockout reads it.
type match struct {
	scores   [2]int // totals over the hands entered
	mp       [2]int // match points: the signed difference, or the time-out technical score
	entered  int
	expected int
	winner   int  // 1 or 2; 0 while undecided
	tie      bool // an exact tie over every hand: the last game action decides
}

// decide reads a table: a forfeit gives the other side a walkover; a time-out makes
// the side that ran out lose, with the technical score unless the real one is worse for
// it; otherwise, once every hand is entered, the higher total wins by any margin and an
// exact tie goes against the side recorded as making the last game action.
func decide(st *tournament.State, s Settings, t *tournament.Table) match {
	m := match{expected: 2 * s.HandsPerMatch}
	if t == nil || len(t.Sides) != 2 {
		return m
	}
	for _, h := range t.Hands {
		if h.Side < 1 || h.Side > 2 {
			continue
		}
		m.entered++
		if h.Figures.Form == scoring.GameTotal {
			m.entered += s.HandsPerMatch - 1
		}
		m.scores[h.Side-1] += h.Score
	}
	d := m.scores[0] - m.scores[1]
	m.mp = [2]int{d, -d}
	other := func(p int) int { return 3 - p }
	o := t.Outcome
	valid := o.Side == 1 || o.Side == 2
	switch {
	case o.Kind == OutcomeForfeit && valid:
		m.winner, m.mp = other(o.Side), [2]int{}
	case o.Kind == OutcomeTimeOut && valid:
		sc := st.Stage.Scale
		if sc == nil {
			sc = &scoring.FIBUR3 // only the MP are read, which no scale changes
		}
		res := sc.TimedOut(m.scores[0], m.scores[1], o.Side == 1, scoring.TimeOut{MP: s.TimeOutMP,
			WinnerVP: scoring.DefaultTimeOut.WinnerVP, LoserVP: scoring.DefaultTimeOut.LoserVP})
		m.winner, m.mp = other(o.Side), [2]int{res.MPA, res.MPB}
	case m.entered < m.expected:
	case d > 0:
		m.winner = 1
	case d < 0:
		m.winner = 2
	default:
		m.tie = true
		if o.Kind == OutcomeLastAction && valid {
			m.winner = other(o.Side)
		}
	}
	return m
}

// Result implements tournament.Format: a match is complete once it has a winner; the
// winner scores 1 point, the loser 0.
//
// A table of a team match is read alone (teamTable): the match decides, over both.
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	if t.Match > 0 {
		return teamTable(st, of(st.Stage.Settings), t)
	}
	m := decide(st, of(st.Stage.Settings), t)
	r := tournament.TableResult{Number: t.Number, Entries: t.Entries(), Scores: m.scores[:], Entered: m.entered, Expected: m.expected}
	if m.winner > 0 {
		r.Complete, r.MP = true, m.mp[:]
		r.Points = []tournament.Points{0, 0}
		r.Points[m.winner-1] = tournament.RP(1)
	}
	return r
}

// Bracket implements tournament.Bracketer: round 1's places as drawn, each later round's
// matches as drawn (flagged where the results before them now give other sides) or, not
// drawn yet, with the sides already known.
func (Format) Bracket(st *tournament.State) tournament.Bracket {
	if len(st.Rounds) == 0 {
		return tournament.Bracket{}
	}
	s := of(st.Stage.Settings)
	r1 := &st.Rounds[0]
	ps := layout(st, r1)
	b := tournament.Bracket{Size: 2 * len(ps)}
	var order []int
	if seeded(st) && Size(2*len(gamesOf(r1))+len(r1.Byes)) == b.Size {
		order = SeedOrder(b.Size)
	}
	br := tournament.BracketRound{Number: 1, Drawn: true}
	var ahead []int64 // who goes on from each match of the round just built
	for k, p := range ps {
		var bm tournament.BracketMatch
		if p.bye > 0 {
			id := r1.Byes[p.bye-1].EntryID
			bm.Sides = [2]tournament.BracketSide{{EntryID: id}, {Bye: true}}
			bm.Winner, bm.Expected = 1, [2]int64{id, 0}
		} else {
			bm = played(st, s, gameAt(r1, p.table))
			bm.Expected = [2]int64{bm.Sides[0].EntryID, bm.Sides[1].EntryID}
		}
		if order != nil {
			bm.Sides[0].Seed = min(order[2*k], order[2*k+1])
			if p.bye == 0 {
				bm.Sides[1].Seed = max(order[2*k], order[2*k+1])
			}
		}
		ahead = append(ahead, winnerOf(bm))
		br.Matches = append(br.Matches, bm)
	}
	b.Rounds = append(b.Rounds, br)
	for num := 2; len(ahead) > 1; num++ {
		br := tournament.BracketRound{Number: num}
		r := st.Round(num)
		br.Drawn = r != nil
		var next []int64
		for j := 0; j+1 < len(ahead); j += 2 {
			exp := [2]int64{ahead[j], ahead[j+1]}
			var bm tournament.BracketMatch
			if g := gameAt(r, j/2+1); g != nil {
				bm = played(st, s, g)
				seated := [2]int64{bm.Sides[0].EntryID, bm.Sides[1].EntryID}
				bm.Flagged = exp[0] != 0 && exp[1] != 0 && seated != exp && g.started()
			} else {
				bm.Sides = [2]tournament.BracketSide{{EntryID: exp[0]}, {EntryID: exp[1]}}
			}
			bm.Expected = exp
			next = append(next, winnerOf(bm))
			br.Matches = append(br.Matches, bm)
		}
		b.Rounds = append(b.Rounds, br)
		ahead = next
	}
	return b
}

// played is a drawn match as a bracket match: its table (a team match's first table),
// and each side's total (a team's: its two pairs' totals, whose difference is the
// match MP).
func played(st *tournament.State, s Settings, g *game) tournament.BracketMatch {
	var bm tournament.BracketMatch
	t := g.first()
	if t == nil {
		return bm
	}
	bm.Table, bm.Outcome = t.Number, g.outcome()
	m := decideGame(st, s, g)
	ids := g.entries()
	for i := range min(2, len(t.Sides)) {
		bm.Sides[i] = tournament.BracketSide{EntryID: ids[i], Score: m.scores[i]}
	}
	bm.Winner = m.winner
	return bm
}

func winnerOf(bm tournament.BracketMatch) int64 {
	if bm.Winner == 0 {
		return 0
	}
	return bm.Sides[bm.Winner-1].EntryID
}
