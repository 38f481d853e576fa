package tournament

// Moving is a format whose sides follow a fixed movement between tables from round to
// round (Mitchell): the printed guide cards ask it where each line goes.
type Moving interface {
	// Movement is the stage's movement as round 1 seated it, or nil before round 1.
	Movement(st *State) *Movement
}

// Movement is a stage's plan of tables: who stays at each table and where the moving
// line goes after each round.
type Movement struct {
	Tables  int          `json:"tables"`  // tables of the movement, the phantom included
	Phantom int          `json:"phantom"` // the phantom table's number, 0 for none
	Move    int          `json:"move"`    // tables the moving line goes up each round
	Rounds  int          `json:"rounds"`  // rounds planned, at most what the movement allows
	Guides  []TableGuide `json:"guides"`  // one per table, in table order
}

// TableGuide is one table's card: the pair that stays there and, round by round, the
// moving pair that plays there and the table it goes to next.
type TableGuide struct {
	Table   int     `json:"table"`
	Phantom bool    `json:"phantom"`
	Stays   int64   `json:"stays"` // the pair that stays (0 at the phantom table)
	Visits  []Visit `json:"visits"`
}

// Visit is a round at a table: the moving pair there, where it came from and where it
// goes for the next round.
type Visit struct {
	Round int   `json:"round"`
	Pair  int64 `json:"pair"`           // 0: nobody
	From  int   `json:"from,omitempty"` // the table it played at the round before (0 in round 1)
	To    int   `json:"to,omitempty"`   // the table it goes to next (0 after the last round)
	Skip  bool  `json:"skip,omitempty"` // To is one table further than the usual move
}

// StateChecked is a format whose settings are also checked against the stage as it is
// (Mitchell: the rounds against the tables of its movement); a change of settings asks it.
type StateChecked interface {
	CheckState(st *State, s Settings) FieldErrors
}
