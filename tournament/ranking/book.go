package ranking

import (
	"slices"
	"time"
)

// Book is a ranking kept up to date one evening at a time: putting or dropping an
// evening recomputes the lines of just the players it touches (the incremental path the
// store follows; Compute is the full one).
type Book struct {
	Settings Settings
	AsOf     time.Time

	from, to  string
	byEvening map[int64][]Result // tournament → its results
	byPlayer  map[int64][]Result // national player → their results
	lines     map[int64]Line
}

// NewBook returns an empty ranking on date asOf.
func NewBook(s Settings, asOf time.Time) *Book {
	b := &Book{Settings: s, AsOf: asOf, byEvening: map[int64][]Result{}, byPlayer: map[int64][]Result{}, lines: map[int64]Line{}}
	b.from, b.to = s.Span(asOf)
	return b
}

// Put counts a final evening, replacing what it counted before (a correction), and
// returns the players whose lines it recomputed.
func (b *Book) Put(ev Evening) []int64 {
	touched := b.remove(ev.TournamentID)
	rs := b.Settings.Results(ev)
	b.byEvening[ev.TournamentID] = rs
	for _, r := range rs {
		b.byPlayer[r.PlayerID] = append(b.byPlayer[r.PlayerID], r)
		touched = append(touched, r.PlayerID)
	}
	return b.relines(touched)
}

// Drop takes an evening out (no longer final, or deleted) and returns the players whose
// lines it recomputed.
func (b *Book) Drop(tid int64) []int64 { return b.relines(b.remove(tid)) }

func (b *Book) remove(tid int64) []int64 {
	old := b.byEvening[tid]
	delete(b.byEvening, tid)
	touched := make([]int64, 0, len(old))
	for _, r := range old {
		b.byPlayer[r.PlayerID] = slices.DeleteFunc(b.byPlayer[r.PlayerID], func(x Result) bool { return x.TournamentID == tid })
		touched = append(touched, r.PlayerID)
	}
	return touched
}

func (b *Book) relines(ids []int64) []int64 {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		rs := b.byPlayer[id]
		if len(rs) == 0 {
			delete(b.byPlayer, id)
		}
		if l, ok := b.Settings.Line(id, rs, b.from, b.to); ok {
			b.lines[id] = l
		} else {
			delete(b.lines, id)
		}
	}
	return ids
}

// Lines returns the ranking: every line, ranked (a copy).
func (b *Book) Lines() []Line {
	out := make([]Line, 0, len(b.lines))
	for _, l := range b.lines {
		out = append(out, l)
	}
	Rank(out)
	return out
}

// Results returns a player's results, Counted set (a copy).
func (b *Book) Results(player int64) []Result { return slices.Clone(b.byPlayer[player]) }
