package tournament

// The teams format's shared vocabulary (RULES.md, "Teams"): a team is an entry of 4 to 6
// registered players; each round it names, in a line-up, the two pairs that play; two
// teams meet in a match over two tables (Table.Match), the match's MP being the sum of
// its tables' MP differences.

// MinTeam and MaxTeam bound a team's registered players.
const (
	MinTeam = 4
	MaxTeam = 6
)

// MatchResult is one match of a round played over several tables between two entries.
type MatchResult struct {
	// Number is the match's number in the round (Table.Match).
	Number int `json:"number"`
	// Tables are the numbers of its tables, in order.
	Tables []int `json:"tables"`
	// Entries are the two entries that meet: the first is the one at position 1 of the
	// match's first table.
	Entries [2]int64 `json:"entries"`
	// MP are each entry's signed MP over the match (the sum of its tables' differences);
	// Points its VP, converted with the stage's team scale once the match is complete.
	MP     [2]int    `json:"mp"`
	Points [2]Points `json:"points"`
	// Complete: every table of the match is complete (Points are set).
	Complete bool `json:"complete"`
}

// Matched is a format whose rounds group tables into matches (teams).
type Matched interface {
	Matches(st *State, r *Round) []MatchResult
}

// EntryKinded is a stage's Settings whose entries are of a kind Settings.Pairs cannot
// say (a team): the entry forms, the imports and the draw take only that kind.
type EntryKinded interface {
	EntryKind() EntryKind
}

// StageEntryKind is the kind of entry a stage's settings take: the settings' own
// (EntryKinded), else a pair or a player by Settings.Pairs.
func StageEntryKind(s Settings) EntryKind {
	if s == nil {
		return EntryPlayer
	}
	if k, ok := s.(EntryKinded); ok {
		return k.EntryKind()
	}
	if s.Pairs() {
		return EntryPair
	}
	return EntryPlayer
}

// LineupOf returns the line-up team id plays in round n: its own for n, else its latest
// before in the stage, else its latest in the stages before (LineupsBefore), else its
// members in order (1+2, 3+4). A default's Round and Version are 0 (nothing stored for
// the stage); one from a stage before keeps that stage's ID.
func (st *State) LineupOf(id int64, n int) Lineup {
	var best *Lineup
	for i := range st.Lineups {
		l := &st.Lineups[i]
		if l.EntryID != id || l.Round > n || (st.Stage.ID != 0 && l.StageID != 0 && l.StageID != st.Stage.ID) {
			continue
		}
		if best == nil || l.Round > best.Round {
			best = l
		}
	}
	if best != nil {
		return *best
	}
	if l, ok := st.LineupsBefore[id]; ok {
		l.Round, l.Version = 0, 0
		return l
	}
	out := Lineup{EntryID: id}
	if e := st.Entry(id); e != nil {
		for i, m := range e.Members {
			if i >= 4 {
				break
			}
			out.Pairs[i/2][i%2] = m.PlayerID
		}
	}
	return out
}

// Players lists the line-up's four players: pair 1, then pair 2.
func (l Lineup) Players() []int64 {
	return []int64{l.Pairs[0][0], l.Pairs[0][1], l.Pairs[1][0], l.Pairs[1][1]}
}
