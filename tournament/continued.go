package tournament

import "slices"

// How a stage fed from another began (Stage.Start).
const (
	// StartSeeded: the previous stage's top Stage.Qualifiers are seeded into a bracket.
	StartSeeded = "seeded"
	// StartContinued: every entry of the previous stage carries on with its standing
	// values, which the new stage adds to (RULES.md section 6).
	StartContinued = "continued"
)

// Carried is what an entry brings into a stage that continues another: its standing
// values (in the order of the format's columns) and its byes so far.
type Carried struct {
	Values []int   `json:"values"`
	Byes   int     `json:"byes"`
	Met    []int64 `json:"met,omitempty"` // the entries it met at a table in the stages before
	// Partners are the entries it sat beside, on its side of a table, in the stages
	// before (individual4's partnerships; not in Met): a continued stage avoids them as
	// partners first.
	Partners []int64 `json:"partners,omitempty"`
}

// Carrier is a format whose standings add the values carried from the stage before
// (State.Carry), so that a stage in it can continue another.
type Carrier interface {
	CarriesOn()
}

// Seeded reports whether the stage takes the previous stage's qualifiers as seeds.
func (s *Stage) Seeded() bool { return s.FromStageID != nil && s.Start != StartContinued }

// Continued reports whether the stage carries the previous stage's standings on.
func (s *Stage) Continued() bool { return s.FromStageID != nil && s.Start == StartContinued }

// CarryOf returns what the entries ranked in prev (a finished stage) bring into a
// stage that continues it: their final standing values, which already include what
// prev itself carried, their byes, whom they met (every member of the other sides of
// their tables, partners of the side their entry included) and their partners (the
// other members of their own side). The two tables of a team match are one meeting of
// the same two teams.
func CarryOf(prev *State) map[int64]Carried {
	met, partners := map[int64][]int64{}, map[int64][]int64{}
	for id, c := range prev.Carry {
		met[id], partners[id] = slices.Clone(c.Met), slices.Clone(c.Partners)
	}
	add := func(to map[int64][]int64, a, b int64) {
		if a != b && !slices.Contains(to[a], b) {
			to[a] = append(to[a], b)
		}
	}
	for _, r := range prev.Rounds {
		for _, t := range r.Tables {
			// Who sat on another side of the table (a partner is not an opponent), and who
			// on the same side (a partner).
			for _, sa := range t.Sides {
				for _, sb := range t.Sides {
					to := met
					if sa.Position == sb.Position {
						to = partners
					}
					for _, a := range sa.Members() {
						for _, b := range sb.Members() {
							add(to, a, b)
						}
					}
				}
			}
		}
	}
	_, lines := prev.Format().Standings(prev)
	out := make(map[int64]Carried, len(lines))
	for _, l := range lines {
		id := l.Entry.ID
		out[id] = Carried{Values: slices.Clone(l.Values), Byes: l.Byes, Met: met[id], Partners: partners[id]}
	}
	return out
}

// StartCarry begins a stage's standings from what its entries carried in: a line per
// entry of st that carries values (or, when include says so, is there at all), with
// the carried values and byes and n values, and the index of each entry's line.
func StartCarry(st *State, n int, include func(Entry) bool) ([]Standing, map[int64]int) {
	idx := map[int64]int{}
	var out []Standing
	for _, e := range st.Entries {
		c, carried := st.Carry[e.ID]
		if e.Substitute() || !(carried || include(e)) {
			continue
		}
		s := Standing{Entry: e, Values: make([]int, n), Rounds: make([]RoundLine, len(st.Rounds)), Byes: c.Byes}
		copy(s.Values, c.Values)
		idx[e.ID] = len(out)
		out = append(out, s)
	}
	return out, idx
}

// Starts are the ways a stage in format f can follow another: StartSeeded for a bracket
// (Bracketer), StartContinued for a format that adds the values carried on (Carrier);
// whether the stage before ranks alike is its own (continuable).
func Starts(f Format) []string {
	var out []string
	if _, ok := f.(Bracketer); ok {
		out = append(out, StartSeeded)
	}
	if _, ok := f.(Carrier); ok {
		out = append(out, StartContinued)
	}
	return out
}

// continuable checks that a stage in format f can continue the stage st: f adds the
// values carried (Carrier), and ranks on the same values as st's format.
func continuable(st *State, f Format) *Error {
	refuse := &Error{Code: EINVALID, Key: "error.invalid", Fields: FieldErrors{"start": "stage.cannot_continue"}}
	if !slices.Contains(Starts(f), StartContinued) {
		return refuse
	}
	before, _ := st.Format().Standings(st)
	after, _ := f.Standings(&State{Stage: Stage{Format: f.Name(), Settings: f.Defaults()}})
	if !slices.EqualFunc(before, after, func(a, b Column) bool { return a.Name == b.Name }) {
		return refuse
	}
	return nil
}

// carriedOn returns the entries that carry on into a continued stage, best first: every
// entry ranked in st's standings but those withdrawn.
func carriedOn(st *State) []int64 {
	_, lines := st.Format().Standings(st)
	var ids []int64
	for _, l := range lines {
		if !l.Entry.Withdrawn && !l.Entry.Substitute() {
			ids = append(ids, l.Entry.ID)
		}
	}
	return ids
}
