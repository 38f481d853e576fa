package individual4

import "burraco/tournament"

var _ tournament.Paired = Format{}

// PairingOrder implements tournament.Paired: the running standings round n was seated
// from (RULES.md section 7a), best first: every player it seated, partners included,
// and those its draw sat out (not a late arrival's awarded bye), ordered as the draw
// ordered them with the round's seed (VP, MP, then the random tie order). Round 1's
// order is the random one. Nothing is moved by a reason of its own: the seating's
// repeats are avoided table by table (Seat), not by moving a player down the order.
func (Format) PairingOrder(st *tournament.State, n int) ([]tournament.Column, []tournament.OrderLine) {
	r := st.Round(n)
	if r == nil {
		return tournament.MatchColumns, nil
	}
	var field []int64
	for _, t := range r.Tables {
		field = append(field, t.People()...)
	}
	for _, b := range r.Byes {
		if !b.Awarded {
			field = append(field, b.EntryID)
		}
	}
	lines := running(st, n, field, r.Seed)
	out := make([]tournament.OrderLine, len(lines))
	for i, l := range lines {
		out[i] = tournament.OrderLine{Values: []int{l.VP, l.MP}, Byes: l.Byes, Tie: l.Tie}
		if e := st.Entry(l.Entry); e != nil {
			out[i].Entry = *e
		}
	}
	return tournament.MatchColumns, out
}
