package teams

import "burraco/tournament"

// PlayerContributions implements tournament.Contributor: Contributions in the shared
// type the pages read.
func (Format) PlayerContributions(st *tournament.State) map[int64][]tournament.Contribution {
	out := map[int64][]tournament.Contribution{}
	for id, cs := range Contributions(st) {
		for _, c := range cs {
			out[id] = append(out[id], tournament.Contribution(c))
		}
	}
	return out
}
