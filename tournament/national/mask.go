package national

import (
	"slices"
	"strings"

	"burraco/tournament"
	"burraco/tournament/season"
)

// MemberIDs returns the club players entered in a stage (for PublicNames).
func MemberIDs(st *tournament.State) []int64 {
	var ids []int64
	for _, e := range st.Entries {
		for _, m := range e.Members {
			if m.PlayerID != 0 {
				ids = append(ids, m.PlayerID)
			}
		}
	}
	return ids
}

// MaskEntry returns e with each member named as names says (PublicNames): a player's
// entry takes its member's public name, a pair's name is its members' public names
// joined by " / ", a team keeps its own name (a team's, not a person's). Members not
// in names keep theirs; an entry with none of them is returned as it is.
func MaskEntry(e tournament.Entry, names map[int64]string) tournament.Entry {
	if !slices.ContainsFunc(e.Members, func(m tournament.Member) bool { _, ok := names[m.PlayerID]; return ok }) {
		return e
	}
	ms := slices.Clone(e.Members)
	parts := make([]string, len(ms))
	for i := range ms {
		if n, ok := names[ms[i].PlayerID]; ok {
			ms[i].Name = n
		}
		parts[i] = ms[i].Name
	}
	e.Members = ms
	switch e.Kind {
	case tournament.EntryPlayer:
		e.Name = parts[0]
	case tournament.EntryPair:
		e.Name = strings.Join(parts, " / ")
	}
	return e
}

// MaskState returns a copy of st whose entries are named as names says (the tables and
// byes name entries by ID, so they follow); st itself, shared and read-only, is left
// alone. With no names it returns st.
func MaskState(st *tournament.State, names map[int64]string) *tournament.State {
	if len(names) == 0 {
		return st
	}
	c := *st
	c.Entries = make([]tournament.Entry, len(st.Entries))
	for i, e := range st.Entries {
		c.Entries[i] = MaskEntry(e, names)
	}
	return &c
}

// MaskLines returns a copy of the standings' lines with their entries named as names says.
func MaskLines(lines []tournament.Standing, names map[int64]string) []tournament.Standing {
	if len(names) == 0 {
		return lines
	}
	out := slices.Clone(lines)
	for i := range out {
		out[i].Entry = MaskEntry(out[i].Entry, names)
	}
	return out
}

// SeasonPlayerIDs returns the club players of a season's standings.
func SeasonPlayerIDs(st *tournament.SeasonStandings) []int64 {
	var ids []int64
	for _, l := range st.Lines {
		ids = append(ids, l.Player.ID)
		for _, r := range l.Results {
			if r.Partner != nil {
				ids = append(ids, r.Partner.ID)
			}
		}
	}
	for _, evs := range [][]season.Evening{st.Evenings, st.InProgress} {
		for _, ev := range evs {
			for _, p := range ev.Placings {
				for _, m := range p.Players {
					ids = append(ids, m.ID)
				}
			}
		}
	}
	return ids
}

// MaskSeason returns a copy of a season's standings with its players named as names
// says (lines, partners, the evenings' placings).
func MaskSeason(st *tournament.SeasonStandings, names map[int64]string) *tournament.SeasonStandings {
	if len(names) == 0 {
		return st
	}
	c := *st
	name := func(p *season.Player) {
		if n, ok := names[p.ID]; ok {
			p.Name = n
		}
	}
	c.Lines = slices.Clone(st.Lines)
	for i := range c.Lines {
		l := &c.Lines[i]
		name(&l.Player)
		l.Results = slices.Clone(l.Results)
		for j := range l.Results {
			if pa := l.Results[j].Partner; pa != nil {
				cp := *pa
				name(&cp)
				l.Results[j].Partner = &cp
			}
		}
	}
	maskEvenings := func(evs []season.Evening) []season.Evening {
		out := slices.Clone(evs)
		for i := range out {
			out[i].Placings = slices.Clone(out[i].Placings)
			for j := range out[i].Placings {
				ps := slices.Clone(out[i].Placings[j].Players)
				for k := range ps {
					name(&ps[k])
				}
				out[i].Placings[j].Players = ps
			}
		}
		return out
	}
	c.Evenings, c.InProgress = maskEvenings(st.Evenings), maskEvenings(st.InProgress)
	return &c
}
