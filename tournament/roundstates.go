package tournament

import "context"

// RoundStates returns, by code, what each table page of round n of a tournament's
// current stage shows of its table's reporting (QueueLine: State, Report, Counter), read
// together for the whole round, as TableByCode reads it for one table. A code that page
// would refuse (reporting off, the round locked, the next round begun, an earlier
// stage's) is absent. The phones' polls of a round share one such read per revision.
func (s *Tournaments) RoundStates(ctx context.Context, tid int64, n int) (map[string]QueueLine, error) {
	rs, err := s.reportStore()
	if err != nil {
		return nil, err
	}
	out := map[string]QueueLine{}
	set, err := rs.ReportSettings(ctx, tid)
	if err != nil || !set.Reporting {
		return out, err
	}
	st, r, err := s.Store.LoadRound(ctx, tid, n)
	if ErrorCode(err) == ENOTFOUND {
		return out, nil
	}
	if err != nil || r.Locked {
		return out, err
	}
	_, next, err := s.Store.LoadRound(ctx, tid, n+1)
	switch {
	case ErrorCode(err) == ENOTFOUND:
	case err != nil:
		return nil, err
	case next.Started():
		return out, nil
	}
	codes, reps, err := rs.RoundReports(ctx, tid, st.Stage.ID, n)
	if err != nil {
		return nil, err
	}
	for i := range codes {
		for j := range r.Tables {
			if r.Tables[j].Number == codes[i].Table {
				out[codes[i].Code] = queueLine(&codes[i], &r.Tables[j], reps)
			}
		}
	}
	return out, nil
}
