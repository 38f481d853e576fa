package tournament

// Bracketer is a format played as a bracket (a knockout, RULES.md section 5): each later
// match follows from the two matches before it. The service treats such a stage apart:
// an entry leaving a drawn round keeps its seat (its opponent wins by walkover), and a
// corrected result re-seats every later match not yet played and flags those played. The
// bracket view asks the format for its Bracket.
type Bracketer interface {
	Bracket(st *State) Bracket
}

// BracketOf returns the stage's bracket, and false when its format is not a bracket.
func BracketOf(st *State) (Bracket, bool) {
	b, ok := st.Format().(Bracketer)
	if !ok {
		return Bracket{}, false
	}
	return b.Bracket(st), true
}

// Bracket is a knockout stage as a whole: every round's matches in bracket order (the
// winners of matches 1 and 2 meet in match 1 of the next round), the rounds to come
// included.
type Bracket struct {
	Size   int            `json:"size"` // the places of round 1: a power of two
	Rounds []BracketRound `json:"rounds"`
}

// BracketRound is one round of a bracket; a round not drawn yet shows who is known to
// play it.
type BracketRound struct {
	Number  int            `json:"number"`
	Drawn   bool           `json:"drawn"`
	Matches []BracketMatch `json:"matches"`
}

// BracketMatch is one match of a bracket: a table, or a bye in round 1.
type BracketMatch struct {
	Table  int            `json:"table,omitempty"` // 0: a bye, or a round not drawn
	Sides  [2]BracketSide `json:"sides"`
	Winner int            `json:"winner"` // 1 or 2 once decided, else 0
	// Outcome is what decided the match other than the scores: "timeout", "last_action",
	// "forfeit" (the side it concerns is Side).
	Outcome Outcome `json:"outcome"`
	// Expected are the entries the results before the match put in it. Flagged: they
	// differ from those seated and the match was played (a result corrected after it):
	// the director decides, nothing is changed by itself.
	Expected [2]int64 `json:"expected"`
	Flagged  bool     `json:"flagged,omitempty"`
}

// BracketSide is one side of a bracket match.
type BracketSide struct {
	EntryID int64 `json:"entry_id"` // 0: not known yet, or the empty side of a bye
	Seed    int   `json:"seed,omitempty"`
	Score   int   `json:"score"`
	Bye     bool  `json:"bye,omitempty"` // the empty side of a bye
}

// MatchChange is a later match of a bracket that a correction changed or contradicts.
type MatchChange struct {
	Round    int      `json:"round"`
	Table    int      `json:"table"`
	Sides    [2]int64 `json:"sides"`    // as seated before
	Expected [2]int64 `json:"expected"` // as the results give now
}
