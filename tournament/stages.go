package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// StagePlan is what starting the next stage does, for the director to confirm: the
// stage it closes, the new stage's number and format, how it starts (StartSeeded,
// StartContinued), and who goes on, best first (the seeds, or every entry carrying on).
type StagePlan struct {
	From       int     `json:"from"`
	Seq        int     `json:"seq"`
	Format     string  `json:"format"`
	Start      string  `json:"start"`
	Qualifiers []Entry `json:"qualifiers"`
}

// NextStage says what StartStage would do now, changing nothing: what the director is
// asked to confirm. It refuses as StartStage does.
func (s *Tournaments) NextStage(ctx context.Context, tid int64, format string) (*StagePlan, error) {
	return s.NextStageAs(ctx, tid, format, StartSeeded)
}

// NextStageAs is NextStage for a stage that starts as start says (StartSeeded, or
// StartContinued; empty is seeded).
func (s *Tournaments) NextStageAs(ctx context.Context, tid int64, format, start string) (*StagePlan, error) {
	st, err := s.Store.Load(ctx, tid)
	if err != nil {
		return nil, err
	}
	f, start, seeds, err := planStage(st, format, start)
	if err != nil {
		return nil, err
	}
	plan := &StagePlan{From: st.Stage.Seq, Seq: st.Stage.Seq + 1, Format: f.Name(), Start: start, Qualifiers: []Entry{}}
	for _, id := range seeds {
		if e := st.Entry(id); e != nil {
			plan.Qualifiers = append(plan.Qualifiers, *e)
		}
	}
	return plan, nil
}

// planStage checks that the next stage can start from st in the format named, as start
// says, and returns the format, the start (seeded when empty) and who goes on, best
// first: the qualifiers, or every entry carrying on.
func planStage(st *State, format, start string) (Format, string, []int64, error) {
	f, ok := FormatOf(format)
	if !ok {
		return nil, "", nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"format": "tournament.err.format"}}
	}
	switch start {
	case "", StartSeeded:
		start = StartSeeded
		if !slices.Contains(Starts(f), StartSeeded) {
			// Only a bracket seeds its round 1 from the qualifiers (State.Seeds).
			return nil, "", nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"format": "stage.format_fed"}}
		}
	case StartContinued:
		if err := continuable(st, f); err != nil {
			return nil, "", nil, err
		}
	default:
		return nil, "", nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"start": "stage.err_start"}}
	}
	if !st.Format().Next(st).Finished {
		return nil, "", nil, Errorf(ECONFLICT, "stage.not_finished", st.Stage.Seq)
	}
	if start == StartContinued {
		ids := carriedOn(st)
		if len(ids) < 2 {
			return nil, "", nil, Errorf(ECONFLICT, "stage.no_qualifiers", st.Stage.Seq)
		}
		return f, start, ids, nil
	}
	seeds, err := qualifiers(st)
	if err != nil {
		return nil, "", nil, err
	}
	return f, start, seeds, nil
}

// stageUndo is what undoing the start of a stage removes.
type stageUndo struct {
	Seq int
}

// StartStage starts the next stage of a tournament, fed by the qualifiers of the
// current one (RULES.md section 6): the current stage must be finished, and its
// qualifiers (Stage.Qualifiers, at least 2) must be known without a tie across the line.
// The new stage is played in the bracket format named (a knockout), with its defaults (settings can change until its
// round 1 is drawn); its round 1 seats the qualifiers by their standings, best first.
// It is logged, and can be undone (Undo) while no round of the new stage has a score.
func (s *Tournaments) StartStage(ctx context.Context, tid int64, format, director string) (*Stage, error) {
	return s.StartStageAs(ctx, tid, format, StartSeeded, director)
}

// StartStageAs starts the next stage as start says: StartSeeded (StartStage), or
// StartContinued, where every entry of the finished current stage carries on with its
// standing values (State.Carry) into a stage of a format that adds them (Carrier) and
// ranks on the same values: its pairing and its standings start from them.
func (s *Tournaments) StartStageAs(ctx context.Context, tid int64, format, start, director string) (*Stage, error) {
	var next *Stage
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		f, start, seeds, err := planStage(st, format, start)
		if err != nil {
			return err
		}
		from := st.Stage.ID
		next = &Stage{TournamentID: tid, Seq: st.Stage.Seq + 1, Format: f.Name(), Settings: f.Defaults(), Rules: f.Rules(),
			FromStageID: &from, Start: start}

		if next.Settings, err = sameSides(f, st.Stage.Settings); err != nil {
			return err
		}
		if err := next.Validate().Err(); err != nil {
			return err
		}
		if err := tx.AddStage(next); err != nil {
			return err
		}
		ev := s.event(tid, director, "stage", next.Seq, next.Format, len(seeds), st.Stage.Seq)
		ev.StageID = next.ID
		if ev.Undo, err = json.Marshal(stageUndo{Seq: next.Seq}); err != nil {
			return err
		}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return next, nil
}

// undoStage removes the current stage, started by line e, while none of its rounds has
// a score: the stage it was fed from is the current one again.
func undoStage(tx Tx, e *Event) error {
	st, err := tx.State()
	if err != nil {
		return err
	}
	if st.Stage.ID != e.StageID || st.Stage.FromStageID == nil {
		return Errorf(ECONFLICT, "undo.stage_over", e.ID)
	}
	for i := range st.Rounds {
		r := &st.Rounds[i]
		if r.Started() {
			return Errorf(ECONFLICT, "undo.stage_scored", e.ID, st.Stage.Seq, r.Number)
		}
		if r.Locked {
			return Errorf(ECONFLICT, "round.locked", r.Number)
		}
	}
	return tx.DeleteStage(&st.Stage)
}

// qualifiers returns the entries a stage sends to the next one, best first: the first
// Stage.Qualifiers of its standings who have not withdrawn. A tie across the line is
// refused: the director decides (by changing the number of qualifiers).
func qualifiers(st *State) ([]int64, error) {
	q := st.Stage.Qualifiers
	if q < 2 {
		return nil, Errorf(ECONFLICT, "stage.no_qualifiers", st.Stage.Seq)
	}
	_, lines := st.Format().Standings(st)
	var seeds []int64
	var atCut []string
	for _, l := range lines {
		switch {
		case l.AtCut:
			atCut = append(atCut, l.Entry.Name)
		case l.Qualifies && !l.Entry.Substitute():
			seeds = append(seeds, l.Entry.ID)
		}
	}
	if len(atCut) > 0 {
		return nil, Errorf(ECONFLICT, "stage.tie_at_cut", strings.Join(atCut, ", "), q)
	}
	if len(seeds) < 2 {
		return nil, Errorf(ECONFLICT, "stage.no_qualifiers", st.Stage.Seq)
	}
	return seeds, nil
}

// seedsFor returns the entries a stage fed from another takes, best first.
func seedsFor(tx Tx, st *State) ([]int64, error) {
	prev, err := tx.StageState(*st.Stage.FromStageID)
	if err != nil {
		return nil, fmt.Errorf("stage %d feeding stage %d: %w", *st.Stage.FromStageID, st.Stage.Seq, err)
	}
	return qualifiers(prev)
}

// settleBracket brings a bracket's drawn later matches in line with the results: a match
// not played whose sides the results no longer give is re-seated (placed); one played is
// left as it is and reported (flagged), for the director. It returns them, and a line
// for the log.
func settleBracket(tx Tx) (placed, flagged []MatchChange, log []Line, err error) {
	// Each re-seat may decide nothing more (its match is not played): one pass over the
	// rounds in order settles them; after a re-seat, a second finds what stays flagged.
	for pass := 0; pass < 2 && (pass == 0 || len(placed) > 0); pass++ {
		st, err := tx.State()
		if err != nil {
			return nil, nil, nil, err
		}
		b, ok := BracketOf(st)
		if !ok {
			return nil, nil, nil, nil
		}
		flagged = flagged[:0]
		for _, br := range b.Rounds {
			r := st.Round(br.Number)
			if !br.Drawn || r == nil || br.Number == 1 {
				continue
			}
			for _, m := range br.Matches {
				seated := [2]int64{m.Sides[0].EntryID, m.Sides[1].EntryID}
				if m.Expected[0] == 0 || m.Expected[1] == 0 || seated == m.Expected {
					continue
				}
				ch := MatchChange{Round: br.Number, Table: m.Table, Sides: seated, Expected: m.Expected}
				tb := r.Table(m.Table)
				if tb == nil || tb.Started() {
					flagged = append(flagged, ch)
					continue
				}
				if tb.Match > 0 { // a team match: both its tables
					ok, err := reseatMatch(tx, r, tb.Match, m.Expected)
					if err != nil {
						return nil, nil, nil, err
					}
					if !ok {
						flagged = append(flagged, ch)
						continue
					}
					placed = append(placed, ch)
					continue
				}
				tb.Sides = SidesFromEntries(m.Expected[:])
				if err := tx.SetSides(r, tb); err != nil {
					return nil, nil, nil, err
				}
				placed = append(placed, ch)
			}
		}
	}
	for _, c := range placed {
		log = append(log, Line{Key: "event.also.bracket_placed", Args: []string{fmt.Sprint(c.Round), fmt.Sprint(c.Table)}})
	}
	for _, c := range flagged {
		log = append(log, Line{Key: "event.also.bracket_flagged", Args: []string{fmt.Sprint(c.Round), fmt.Sprint(c.Table)}})
	}
	return placed, slices.Clone(flagged), log, nil
}

// sameSides returns a format's default settings for entries of the kind the stage
// before had (StageEntryKind): a stage of pairs feeds a stage of pairs, one of teams a
// stage of teams, one of players (individuals, at 3- or 4-player tables) a stage of
// players. A format offering several names the choice "sides", "pairs", "teams" or
// "individual".
func sameSides(f Format, before Settings) (Settings, error) {
	s := f.Defaults()
	want := StageEntryKind(before)
	if StageEntryKind(s) == want {
		return s, nil
	}
	values := f.FormValues(s)
	switch want {
	case EntryPair:
		values["sides"] = "pairs"
	case EntryTeam:
		values["sides"] = "teams"
	default:
		values["sides"] = "individual"
	}
	if s, fe := f.ParseForm(values); len(fe) == 0 && StageEntryKind(s) == want && len(f.Check(s)) == 0 {
		return s, nil
	}
	return nil, &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"format": "stage.sides"}}
}

// Requalified is how a correction of an earlier stage changed who goes on (RULES.md
// section 6): its qualifiers before and after, best first, and what became of the stage
// it feeds.
type Requalified struct {
	From   int     `json:"from"`   // the stage corrected
	Stage  int     `json:"stage"`  // the current stage
	Before []int64 `json:"before"` // nil: there was a tie at the line
	After  []int64 `json:"after"`  // nil: there is a tie at the line now, for the director
	// Reseeded: round 1 of the stage fed, with no score, was seated again from After.
	Reseeded bool `json:"reseeded"`
	// Flagged: the stage fed has scores (or a tie at the line stands in the way): its
	// seats stay as they are, for the director to decide.
	Flagged bool `json:"flagged"`
}

// stageSeeds returns the qualifiers a stage sends on, best first, or nil when a tie at
// the line (or too few) leaves them undecided.
func stageSeeds(tx Tx, stageID int64) ([]int64, error) {
	st, err := tx.StageState(stageID)
	if err != nil {
		return nil, fmt.Errorf("stage %d: %w", stageID, err)
	}
	seeds, err := qualifiers(st)
	if _, ok := AsError(err); ok {
		return nil, nil
	}
	return seeds, err
}

// requalify brings the current stage in line with a correction of an earlier stage
// (from) that changed who qualifies or the seeding, as a correction after the next draw
// does: round 1 of the stage it feeds is seated again with its own seed while that stage
// has no score; otherwise its seats stay and the change is flagged. Nothing is done
// when the qualifiers are the same, in the same order. It returns what it did and the
// lines for the log.
func requalify(tx Tx, from, current *Stage, before []int64) (*Requalified, []Line, error) {
	if current.Continued() && *current.FromStageID == from.ID {
		return nil, nil, nil // no qualifiers: the carried values are read as they are
	}
	after, err := stageSeeds(tx, from.ID)
	if err != nil {
		return nil, nil, err
	}
	if slices.Equal(before, after) {
		return nil, nil, nil
	}
	rq := &Requalified{From: from.Seq, Stage: current.Seq, Before: before, After: after}
	st, err := tx.State()
	if err != nil {
		return nil, nil, err
	}
	args := []string{fmt.Sprint(from.Seq), fmt.Sprint(current.Seq)}
	switch {
	case current.FromStageID == nil || *current.FromStageID != from.ID:
		rq.Flagged = true // a stage in between: the director decides
	case len(st.Rounds) == 0:
		// Round 1 is not drawn yet: its draw reads the qualifiers as they are now.
		return rq, []Line{{Key: "event.also.requalified", Args: args}}, nil
	case after == nil || len(st.Rounds) > 1 || st.Rounds[0].Started() || st.Rounds[0].Locked:
		rq.Flagged = true
	default:
		r1 := st.Rounds[0]
		st.Rounds, st.Seeds = nil, after
		r, subs, err := st.Format().Draw(st, r1.Seed)
		if err != nil {
			return nil, nil, err
		}
		r.ID, r.StageID, r.Number, r.Seed, r.DrawnAt, r.Override = r1.ID, r1.StageID, r1.Number, r1.Seed, r1.DrawnAt, r1.Override
		for i := range r.Tables {
			if i < len(r1.Tables) {
				r.Tables[i].ID = r1.Tables[i].ID
			}
		}
		if err := placeSubs(tx, r, subs); err != nil {
			return nil, nil, err
		}
		if err := tx.ReplaceSeats(r); err != nil {
			return nil, nil, err
		}
		rq.Reseeded = true
		return rq, []Line{{Key: "event.also.requalified_reseeded", Args: args}}, nil
	}
	return rq, []Line{{Key: "event.also.requalified_flagged", Args: args}}, nil
}

// SeedsChanged reports whether round 1 of stage cur (as loaded), fed by the stage
// before, is seated otherwise than the qualifiers of that stage give now: a correction
// of it once round 1 had scores (flagged), or seats changed by hand. It returns nil when
// the seats agree, or when the stage is not fed or its round 1 not drawn (then it reads
// nothing).
func (s *Tournaments) SeedsChanged(ctx context.Context, cur *State) (*Requalified, error) {
	if !cur.Stage.Seeded() || len(cur.Rounds) == 0 {
		return nil, nil
	}
	st := *cur
	prev, err := s.Store.LoadStage(ctx, st.Tournament.ID, st.Stage.Seq-1)
	if err != nil {
		return nil, err
	}
	if prev.Stage.ID != *st.Stage.FromStageID {
		return nil, nil
	}
	rq := &Requalified{From: prev.Stage.Seq, Stage: st.Stage.Seq, Flagged: true}
	if rq.After, err = qualifiers(prev); err != nil {
		if _, ok := AsError(err); !ok {
			return nil, err
		}
		return rq, nil // a tie at the line now
	}
	r1 := st.Rounds[0]
	st.Rounds, st.Seeds = nil, rq.After
	r, _, err := st.Format().Draw(&st, r1.Seed)
	if err != nil {
		return nil, err
	}
	if sameSeats(SeatsOf(r), SeatsOf(&r1)) {
		return nil, nil
	}
	return rq, nil
}
