// Package forfeit reads the tables won by forfeit, for the formats that pair from the
// standings: a forfeit is not a meeting, and the side present has had its bye (RULES.md 4.3).
package forfeit

import "burraco/tournament"

// Of reports whether a table of two sides was decided by a forfeit, and which
// entry was there (present) and which forfeited (absent). A forfeit is not a meeting of
// the two, and the side present has had its bye (RULES.md 4.3): the pairings of the
// formats that pair from the standings read it.
func Of(t *tournament.Table) (present, absent int64, ok bool) {
	if t.Outcome.Kind != tournament.OutcomeForfeit || len(t.Sides) != 2 {
		return 0, 0, false
	}
	for _, s := range t.Sides {
		if s.Position == t.Outcome.Side {
			absent = s.EntryID
		} else {
			present = s.EntryID
		}
	}
	if present == 0 || absent == 0 || present == absent {
		return 0, 0, false
	}
	return present, absent, true
}

// Match is a match of a round won by forfeit: every table of it forfeited by the
// same side.
type Match struct {
	Round   int
	Present int64
	Absent  int64
}

// All lists the matches of the rounds won by forfeit, round by round: a table of
// its own (Table.Match 0), or the tables of one match (teams: both forfeited by the same
// team; a match with a table played is a meeting).
func All(rounds []tournament.Round) []Match {
	var out []Match
	for _, r := range rounds {
		type key struct{ match, table int }
		groups := map[key]*Match{}
		played := map[key]bool{}
		var order []key
		for i := range r.Tables {
			t := &r.Tables[i]
			k := key{match: t.Match}
			if t.Match == 0 {
				k.table = t.Number
			}
			present, absent, ok := Of(t)
			g, seen := groups[k]
			switch {
			case !ok:
				played[k] = true
			case !seen:
				groups[k] = &Match{Round: r.Number, Present: present, Absent: absent}
				order = append(order, k)
			case g.Present != present || g.Absent != absent:
				played[k] = true // two forfeits of different sides: not one side's win
			}
		}
		for _, k := range order {
			if !played[k] {
				out = append(out, *groups[k])
			}
		}
	}
	return out
}
