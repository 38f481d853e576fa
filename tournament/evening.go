package tournament

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"burraco/tournament/season"
)

// eveningOf reads a tournament's final ranking as a season counts it (RULES.md,
// "Seasons"): the last stage's places first; then the entries that did not reach it, by
// their place in the stage they left (shared places stay shared), each group after the
// ones before it. A knockout's places are its rounds of elimination (its standings).
// Substitutes and entries never drawn are not ranked. An entry's value, MP and VP are
// those of the stage that placed it. While the last stage is not final (State.Final)
// the evening is marked in progress.
func eveningOf(ctx context.Context, store TournamentStore, tid int64) (*season.Evening, error) {
	last, err := store.Load(ctx, tid)
	if err != nil {
		return nil, fmt.Errorf("evening %d: %w", tid, err)
	}
	ev := &season.Evening{TournamentID: tid, Name: last.Tournament.Name, Date: last.Tournament.Date, Format: last.Stage.Format,
		InProgress: !last.Final()}
	placed := map[int64]bool{}
	for seq := last.Stage.Seq; seq >= 1; seq-- {
		st := last
		if seq != last.Stage.Seq {
			if st, err = store.LoadStage(ctx, tid, seq); err != nil {
				return nil, fmt.Errorf("evening %d stage %d: %w", tid, seq, err)
			}
		}
		cols, lines := st.Format().Standings(st)
		lines = slices.DeleteFunc(slices.Clone(lines), func(l Standing) bool { return l.Entry.Substitute() || placed[l.Entry.ID] })
		slices.SortStableFunc(lines, func(a, b Standing) int { return cmp.Compare(a.Place, b.Place) })
		offset := len(ev.Placings)
		for i, l := range lines {
			place := offset + i + 1
			if i > 0 && lines[i-1].Place == l.Place {
				place = ev.Placings[len(ev.Placings)-1].Place
			}
			p := season.Placing{EntryID: l.Entry.ID, Place: place}
			for _, m := range l.Entry.Members {
				p.Players = append(p.Players, season.Player{ID: m.PlayerID, Name: m.Name})
			}
			for c, col := range cols {
				if c >= len(l.Values) {
					break
				}
				v := columnScore(col, l.Values[c])
				if c == 0 {
					p.Value = v
				}
				switch col.Name {
				case "mp":
					p.MP = &v
				case "vp":
					p.VP = &v
				}
			}
			placed[l.Entry.ID] = true
			ev.Placings = append(ev.Placings, p)
		}
	}
	ev.Field = len(ev.Placings)
	return ev, nil
}

// columnScore is a standings value as an exact season score: ranking points are kept in
// sixths.
func columnScore(c Column, v int) season.Score {
	if c.Kind == "points" {
		return season.Frac(int64(v), 6)
	}
	return season.Int(int64(v))
}
