package page

import (
	"context"
	"strings"

	"burraco/tournament"
)

// The names of a side, for every page that shows who sits at a table. A side is an
// entry with, for the round, its partners (individual at 4-player tables: two players a
// side) or, for a team, the pair of its line-up that plays there: one helper names them
// all, so that the round page, the printed lists and sheets, the table cards, the phone,
// the public pages and the exports agree.

// SideNames are the names of a side of round n: Team is the team's name when the side is
// a team's pair (else ""), Players each player sitting on the side, in seat order.
type SideNames struct {
	Team    string
	Pair    int // the team's pair (1, 2) when Team is set
	Players []string
}

// SideNamesOf names side sd of round n of the stage ev.
func SideNamesOf(ev *tournament.State, n int, sd tournament.Side) SideNames {
	var out SideNames
	for _, p := range sidePlayers(ev, n, sd) {
		out.Players = append(out.Players, p.name)
		if p.team != "" {
			out.Team, out.Pair = p.team, sd.Pair
		}
	}
	return out
}

// sidePlayer is a player on a side: their name, whether they are a substitute (not
// ranked, not looking for a seat), and their team's name for a team's pair.
type sidePlayer struct {
	name, team string
	sub        bool
}

// sidePlayers lists the players of side sd of round n, in seat order.
func sidePlayers(ev *tournament.State, n int, sd tournament.Side) []sidePlayer {
	var out []sidePlayer
	for _, id := range sd.Members() {
		e := ev.Entry(id)
		switch {
		case e == nil:
			out = append(out, sidePlayer{name: "?"})
		case e.Kind == tournament.EntryTeam:
			for _, name := range TeamPair(ev, e, n, sd.Pair) {
				out = append(out, sidePlayer{name: name, team: e.Name})
			}
		case len(e.Members) > 1:
			for _, m := range e.Members {
				out = append(out, sidePlayer{name: m.Name})
			}
		default:
			out = append(out, sidePlayer{name: e.Name, sub: e.Substitute()})
		}
	}
	return out
}

// SideLabel is a side's name on one line: "Rossi / Bianchi" for two players (a pair, or
// partners for the round), "Leoni (Rossi / Bianchi)" for a team's pair, else the entry's
// name.
func SideLabel(ev *tournament.State, n int, sd tournament.Side) string {
	sn := SideNamesOf(ev, n, sd)
	players := strings.Join(sn.Players, " / ")
	if sn.Team == "" {
		return players
	}
	if players == "" {
		return sn.Team
	}
	return sn.Team + " (" + players + ")"
}

// SideLines are a side's names on paper, one a line: the team's name first for a team's
// pair, then each player.
func SideLines(ev *tournament.State, n int, sd tournament.Side) []string {
	sn := SideNamesOf(ev, n, sd)
	if sn.Team == "" {
		return sn.Players
	}
	return append([]string{sn.Team}, sn.Players...)
}

// TeamPair names the two players of a team's pair (1 or 2) in round n, from the team's
// line-up (State.LineupOf: its own for the round, else its latest, else its members in
// order). Pair 0 names none.
func TeamPair(ev *tournament.State, e *tournament.Entry, n, pair int) []string {
	if pair < 1 || pair > 2 {
		return nil
	}
	l := ev.LineupOf(e.ID, n)
	out := make([]string, 0, 2)
	for _, pid := range l.Pairs[pair-1] {
		if pid == 0 {
			continue
		}
		name := "?"
		for _, m := range e.Members {
			if m.PlayerID == pid {
				name = m.Name
			}
		}
		out = append(out, name)
	}
	return out
}

// SideOf returns the side of round g entry id sits on (as its entry or a partner), and
// its table, or nil.
func SideOf(g *tournament.Round, id int64) (*tournament.Table, *tournament.Side) {
	for ti := range g.Tables {
		tb := &g.Tables[ti]
		for si := range tb.Sides {
			if tb.Sides[si].Has(id) {
				return tb, &tb.Sides[si]
			}
		}
	}
	return nil, nil
}

// TableLabel names everyone at a table, side by side: "Rossi / Bianchi – Verdi / Neri".
func TableLabel(ev *tournament.State, n int, tb *tournament.Table) string {
	out := make([]string, len(tb.Sides))
	for i, sd := range tb.Sides {
		out[i] = SideLabel(ev, n, sd)
	}
	return strings.Join(out, " – ")
}

// SideLabelAt names the side at position i+1 of table t of round g, or entry id where the
// round has no such side.
func SideLabelAt(ev *tournament.State, g *tournament.Round, t, i int, id int64) string {
	if tb := g.Table(t); tb != nil && i < len(tb.Sides) {
		return SideLabel(ev, g.Number, tb.Sides[i])
	}
	return EntryName(ev, id)
}

// TableEvening is the stage as one table read alone tells it (tournament.TableState):
// enough to name its sides and score it.
func TableEvening(ts *tournament.TableState) *tournament.State {
	es := ts.People
	if len(es) == 0 {
		es = ts.Entries
	}
	return &tournament.State{Tournament: ts.Tournament, Stage: ts.Stage, Entries: es}
}

// TableSides are a table read alone's sides as entries, in position order, each named
// as its side (SideLabel: a pair's or partners' names joined, a team's pair).
func TableSides(ts *tournament.TableState) []tournament.Entry {
	ev := TableEvening(ts)
	out := make([]tournament.Entry, len(ts.Entries))
	copy(out, ts.Entries)
	for i, sd := range ts.Table.Sides {
		if i < len(out) {
			out[i].Name = SideLabel(ev, ts.Round.Number, sd)
		}
	}
	return out
}

// FormedLinesAt are the names of the side at position i+1 of table t of round g, one a
// line, when the side is formed for the round (partners of the round, a team's pair);
// nil for a side of one entry (a player, a registered pair), which is named on one line.
func FormedLinesAt(ev *tournament.State, g *tournament.Round, t, i int) []string {
	tb := g.Table(t)
	if tb == nil || i >= len(tb.Sides) || (len(tb.Sides[i].Partners) == 0 && tb.Sides[i].Pair == 0) {
		return nil
	}
	return SideLines(ev, g.Number, tb.Sides[i])
}

// SeatWith is the "with" of a "find your seat" line: the partner, and a team's name and
// pair.
func SeatWith(ctx context.Context, row SeatRow) string {
	var parts []string
	if row.With != "" {
		parts = append(parts, T(ctx, "print.with", row.With))
	}
	switch {
	case row.Team != "" && row.Pair > 0:
		parts = append(parts, T(ctx, "seat.team_pair", row.Team, row.Pair))
	case row.Team != "":
		parts = append(parts, row.Team)
	}
	return strings.Join(parts, " · ")
}

// TeamPairName is a team's pair on paper: "Leoni, coppia 1" (the team alone for pair 0).
func TeamPairName(ctx context.Context, sn SideNames) string {
	if sn.Pair == 0 {
		return sn.Team
	}
	return T(ctx, "seat.team_pair", sn.Team, sn.Pair)
}
