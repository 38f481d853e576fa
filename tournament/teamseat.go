package tournament

import "fmt"

// MatchTables seats match m between teams a and b (RULES.md, "Teams"): table 2m−1, a's
// pair 1 (position 1) against b's pair 2; table 2m, b's pair 1 against a's pair 2.
func MatchTables(m int, a, b int64) []Table {
	return []Table{
		{Number: 2*m - 1, Match: m, Sides: matchSides(a, b, 1)},
		{Number: 2 * m, Match: m, Sides: matchSides(a, b, 2)},
	}
}

// matchSides are the sides of table k (1 or 2) of a team match between a and b.
func matchSides(a, b int64, k int) []Side {
	if k == 2 {
		a, b = b, a
	}
	return []Side{{Position: 1, EntryID: a, Pair: 1}, {Position: 2, EntryID: b, Pair: 2}}
}

// reseatMatch seats team match m of round r again between the teams expected (a
// bracket's later match after a correction, settleBracket): both its tables, as
// MatchTables seats them. It does nothing and reports false when a table of the match
// has a score or an outcome, or the match is not two tables.
func reseatMatch(tx Tx, r *Round, m int, expected [2]int64) (bool, error) {
	var tables []*Table
	for i := range r.Tables {
		if r.Tables[i].Match == m {
			tables = append(tables, &r.Tables[i])
		}
	}
	if len(tables) != 2 {
		return false, nil
	}
	for _, t := range tables {
		if t.Started() {
			return false, nil
		}
	}
	for k, t := range tables {
		t.Sides = matchSides(expected[0], expected[1], k+1)
		if err := tx.SetSides(r, t); err != nil {
			return false, fmt.Errorf("match %d, table %d: %w", m, t.Number, err)
		}
	}
	return true, nil
}
