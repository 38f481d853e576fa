package tournaments

import (
	"cmp"
	"slices"
	"strconv"

	"burraco/tournament"
	"burraco/tournament/ranking"
)

// listedPair is a pair of entries on a settings form, with its form value.
type listedPair struct {
	A, B  int64
	Value string
}

// listedPairs reads the pairs a KindEntryPairs value lists (those it can read).
func listedPairs(v string) []listedPair {
	pairs, _ := tournament.ParseEntryPairs(v)
	out := make([]listedPair, len(pairs))
	for i, p := range pairs {
		out[i] = listedPair{A: p[0], B: p[1], Value: tournament.FormatEntryPairs([][2]int64{p})}
	}
	return out
}

// rankedEntries are the entries a pair may name (no substitutes), by name.
func rankedEntries(entries []tournament.Entry) []tournament.Entry {
	var out []tournament.Entry
	for _, e := range entries {
		if !e.Substitute() {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b tournament.Entry) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// entryName names an entry by ID ("#ID" for one no longer entered).
func entryName(entries []tournament.Entry, id int64) string {
	for _, e := range entries {
		if e.ID == id {
			return e.Name
		}
	}
	return "#" + strconv.FormatInt(id, 10)
}

// tiers are the tournament tiers the settings form offers (ranking.Tiers), the default
// first.
var tiers = func() []string {
	out := make([]string, len(ranking.Tiers))
	for i, t := range ranking.Tiers {
		out[i] = string(t)
	}
	return out
}()
