package tournament_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// memReports adds table reporting to the in-memory store: its data is copied with each
// command and kept only when the command succeeds, as memStore's is.
type memReports struct {
	*memStore
	mu       sync.Mutex
	r        *reportData
	fails    map[string][]memFail
	lastFail int64
}

type reportData struct {
	lastID   int64
	settings map[int64]tournament.ReportSettings
	codes    map[string]tournament.TableCode
	reports  []tournament.Report
	closedBy map[int64]int64 // report → the log line that closed it
}

func (d *reportData) clone() *reportData {
	cp := &reportData{lastID: d.lastID, settings: map[int64]tournament.ReportSettings{}, codes: map[string]tournament.TableCode{},
		closedBy: map[int64]int64{}}
	for k, v := range d.settings {
		cp.settings[k] = v
	}
	for k, v := range d.codes {
		v.PINs = slices.Clone(v.PINs)
		cp.codes[k] = v
	}
	for k, v := range d.closedBy {
		cp.closedBy[k] = v
	}
	for _, r := range d.reports {
		r.Confirmed = slices.Clone(r.Confirmed)
		cp.reports = append(cp.reports, r)
	}
	return cp
}

func newMemReports(m *memStore) *memReports {
	return &memReports{memStore: m, fails: map[string][]memFail{}, r: &reportData{settings: map[int64]tournament.ReportSettings{},
		codes: map[string]tournament.TableCode{}, closedBy: map[int64]int64{}}}
}

var (
	_ tournament.ReportStore = (*memReports)(nil)
	_ tournament.ReportTx    = (*memReportTx)(nil)
)

// Update runs fn with the reporting side of a copy, kept when fn succeeds.
func (m *memReports) Update(ctx context.Context, tid int64, fn func(tx tournament.Tx) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cp := m.r.clone()
	err := m.memStore.Update(ctx, tid, func(tx tournament.Tx) error {
		return fn(&memReportTx{memTx: tx.(*memTx), r: cp})
	})
	if err == nil {
		m.r = cp
	}
	return err
}

func (m *memReports) FindCode(_ context.Context, code string) (*tournament.TableCode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.r.codes[code]
	if !ok {
		return nil, notFound()
	}
	return &c, nil
}

func (m *memReports) ReportSettings(_ context.Context, tid int64) (tournament.ReportSettings, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.r.setting(tid), nil
}

func (d *reportData) setting(tid int64) tournament.ReportSettings {
	if s, ok := d.settings[tid]; ok {
		return s
	}
	return tournament.ReportSettings{PIN: tournament.PINRandom}
}

func (m *memReports) RoundReports(_ context.Context, tid, stageID int64, n int) ([]tournament.TableCode, []tournament.Report, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var codes []tournament.TableCode
	for _, c := range m.r.codes {
		if c.TournamentID == tid && c.StageID == stageID && c.Round == n {
			codes = append(codes, c)
		}
	}
	slices.SortFunc(codes, func(a, b tournament.TableCode) int { return a.Table - b.Table })
	var reps []tournament.Report
	for _, r := range m.r.clone().reports {
		if r.TournamentID == tid && r.StageID == stageID && r.Round == n {
			reps = append(reps, r)
		}
	}
	return codes, reps, nil
}

func (m *memReports) Failures(_ context.Context, keys []string, since time.Time) (map[string]int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]int{}
	for _, k := range keys {
		for _, f := range m.fails[k] {
			if !f.at.Before(since) {
				out[k]++
			}
		}
	}
	return out, nil
}

// memFail is a failure recorded under a key.
type memFail struct {
	id int64
	at time.Time
}

func (m *memReports) Fail(_ context.Context, keys []string, at time.Time) ([]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []int64
	for _, k := range keys {
		m.lastFail++
		m.fails[k] = append(m.fails[k], memFail{id: m.lastFail, at: at})
		ids = append(ids, m.lastFail)
	}
	return ids, nil
}

func (m *memReports) Forget(_ context.Context, ids []int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, fs := range m.fails {
		m.fails[k] = slices.DeleteFunc(fs, func(f memFail) bool { return slices.Contains(ids, f.id) })
	}
	return nil
}

func (m *memReports) ClearFailures(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.fails, key)
	return nil
}

// memReportTx is a command's view of the reporting data beside memTx's.
type memReportTx struct {
	*memTx
	r *reportData
}

func (x *memReportTx) ReportSettings() (tournament.ReportSettings, error) {
	return x.r.setting(x.tid), nil
}

func (x *memReportTx) SaveReportSettings(rs *tournament.ReportSettings) error {
	if x.r.setting(x.tid).Version != rs.Version {
		return tournament.Errorf(tournament.ECONFLICT, "report.settings_stale")
	}
	rs.Version++
	x.r.settings[x.tid] = *rs
	return nil
}

func (x *memReportTx) AddCodes(stageID int64, n int, codes []tournament.TableCode) error {
	for _, c := range codes {
		taken := false
		for _, o := range x.r.codes {
			taken = taken || (o.StageID == stageID && o.Round == n && o.Table == c.Table)
		}
		if !taken {
			c.TournamentID, c.StageID, c.Round = x.tid, stageID, n
			x.r.codes[c.Code] = c
		}
	}
	return nil
}

func (x *memReportTx) DeleteCodes(stageID int64, n int) error {
	for k, c := range x.r.codes {
		if c.TournamentID == x.tid && c.StageID == stageID && c.Round == n {
			delete(x.r.codes, k)
		}
	}
	x.r.reports = slices.DeleteFunc(x.r.reports, func(r tournament.Report) bool {
		return r.TournamentID == x.tid && r.StageID == stageID && r.Round == n
	})
	return nil
}

func (x *memReportTx) CodesTaken(codes []string) ([]string, error) {
	var taken []string
	for _, c := range codes {
		if _, ok := x.r.codes[c]; ok {
			taken = append(taken, c)
		}
	}
	return taken, nil
}

func (x *memReportTx) TableReports(stageID int64, n, t int) ([]tournament.Report, error) {
	var out []tournament.Report
	for _, r := range x.r.reports {
		if r.TournamentID == x.tid && r.StageID == stageID && r.Round == n && r.Table == t {
			r.Confirmed = slices.Clone(r.Confirmed)
			out = append(out, r)
		}
	}
	return out, nil
}

func (x *memReportTx) AddReport(r *tournament.Report) error {
	x.r.lastID++
	r.ID, r.Version, r.TournamentID = x.r.lastID, 1, x.tid
	x.r.reports = append(x.r.reports, *r)
	return nil
}

func (x *memReportTx) SaveReport(r *tournament.Report) error {
	for i := range x.r.reports {
		if s := &x.r.reports[i]; s.ID == r.ID && s.TournamentID == x.tid {
			if s.Version != r.Version {
				return tournament.Errorf(tournament.ECONFLICT, "report.stale", r.Table)
			}
			r.Version++
			s.State, s.Sheet, s.Confirmed, s.UpdatedAt, s.Version = r.State, r.Sheet, slices.Clone(r.Confirmed), r.UpdatedAt, r.Version
			return nil
		}
	}
	return notFound()
}

func (x *memReportTx) CloseReports(stageID int64, n, t int, accepted, by int64) error {
	for i := range x.r.reports {
		s := &x.r.reports[i]
		if s.TournamentID != x.tid || s.StageID != stageID || s.Round != n || s.Table != t || !(s.Live() || s.State == tournament.ReportAccepted) {
			continue
		}
		s.Prior, s.Version = s.State, s.Version+1
		x.r.closedBy[s.ID] = by
		s.State = tournament.ReportSuperseded
		if s.ID == accepted {
			s.State = tournament.ReportAccepted
		}
	}
	return nil
}

func (x *memReportTx) ReopenReports(stageID int64, n, t int, by int64) error {
	for i := range x.r.reports {
		s := &x.r.reports[i]
		if s.TournamentID == x.tid && s.StageID == stageID && s.Round == n && s.Table == t && s.Prior != "" && x.r.closedBy[s.ID] == by {
			s.State, s.Prior, s.Version = s.Prior, "", s.Version+1
			delete(x.r.closedBy, s.ID)
		}
	}
	return nil
}

// reportingEvening is a 3-player evening of 3 players (games of one hand) in the
// in-memory store with reporting on and game 1 drawn: its one table's code.
func reportingEvening(t *testing.T) (*evening, *memReports, tournament.TableCode) {
	ev := threePlayer(t, 3, 2)
	mr := newMemReports(ev.store)
	ev.svc.Store = mr
	_, err := ev.svc.SetReportSettings(ev.ctx, ev.tid, tournament.ReportSettings{Reporting: true}, director)
	require.NoError(t, err)
	ev.draw(tournament.DrawOptions{Seed: 3})
	codes, err := ev.svc.TableCodes(ev.ctx, ev.tid, 1)
	require.NoError(t, err)
	require.Len(t, codes, 1)
	return ev, mr, codes[0]
}

// TestCodesAndPINs: a code is 6 characters of the unambiguous alphabet, a PIN 4 digits;
// a code is read whatever its case, spaces and dashes.
func TestCodesAndPINs(t *testing.T) {
	ev, _, tc := reportingEvening(t)
	_ = ev
	require.Len(t, tc.Code, tournament.CodeLength)
	for _, r := range tc.Code {
		assert.True(t, strings.ContainsRune(tournament.CodeAlphabet, r), "%q", r)
	}
	for _, ch := range "01ILO" {
		assert.False(t, strings.ContainsRune(tournament.CodeAlphabet, ch), "no %q to confuse", ch)
	}
	n := 1.0
	for range tournament.CodeLength {
		n *= float64(len(tournament.CodeAlphabet))
	}
	assert.Greater(t, n, 1e8, "at least 10^8 codes")
	for _, p := range tc.PINs {
		assert.Regexp(t, `^[0-9]{4}$`, p)
	}
	assert.Equal(t, "K7Q2XM", tournament.NormalizeCode(" k7q-2xm "))
}

// TestPreviewReport: the table's page's live totals are the format's result of the
// sheet as typed (3 players: 6/3/1), with the problems by field.
func TestPreviewReport(t *testing.T) {
	ev, _, tc := reportingEvening(t)
	v, err := ev.svc.TableByCode(ev.ctx, tc.Code, "10.0.0.1")
	require.NoError(t, err)
	res, fe, err := tournament.PreviewReport(v, tournament.ReportSheet{Hands: [][]*scoring.Hand{{gt(300), gt(100), gt(-100)}}})
	require.NoError(t, err)
	assert.Empty(t, fe)
	assert.Equal(t, []int{300, 100, -100}, res.Scores)
	assert.Equal(t, "6 3 1", fmt.Sprint(res.Points[0], res.Points[1], res.Points[2]))
	_, fe, err = tournament.PreviewReport(v, tournament.ReportSheet{Hands: [][]*scoring.Hand{{gt(303), gt(100), gt(-100)}}})
	require.NoError(t, err)
	assert.Contains(t, fe, "h1.s1.total")
}

func gt(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }

// TestReportingProperties runs random evenings of reports, confirmations, disputes,
// director's sheets, acceptances, rejections and undos on one 3-player table, and checks
// after every step what must always hold: at most one live report (and one other version
// only in a dispute); a table with scores has no live report; a table shown accepted
// holds the accepted report's figures; every command that changed something moved the
// revision. Bounded: 60 evenings of 40 steps.
func TestReportingProperties(t *testing.T) {
	sheets := []tournament.ReportSheet{
		{Hands: [][]*scoring.Hand{{gt(300), gt(100), gt(-100)}}},
		{Hands: [][]*scoring.Hand{{gt(100), gt(300), gt(-100)}}},
		{Hands: [][]*scoring.Hand{{gt(-100), gt(100), gt(300)}}},
	}
	for run := range 60 {
		rng := rand.New(rand.NewPCG(uint64(run), 21))
		ev, mr, tc := reportingEvening(t)
		pin := func(seat int) string {
			if rng.IntN(8) == 0 {
				return "99999"
			}
			return tc.PINs[seat-1]
		}
		for step := range 40 {
			before := ev.revision()
			var err error
			what := ""
			switch rng.IntN(8) {
			case 0, 1:
				what = "report"
				_, err = ev.svc.Report(ev.ctx, tc.Code, 1+rng.IntN(3), pin(1+rng.IntN(3)), sheets[rng.IntN(3)], "10.0.0.1")
			case 2, 3:
				what = "confirm"
				var sh *tournament.ReportSheet
				if rng.IntN(3) == 0 {
					sh = &sheets[rng.IntN(3)]
				}
				seat := 1 + rng.IntN(3)
				_, err = ev.svc.Confirm(ev.ctx, tc.Code, seat, tc.PINs[seat-1], sh, "10.0.0.2")
			case 4:
				what = "director"
				_, err = ev.svc.SaveSheet(ev.ctx, ev.tid, 1, 1, tournament.Sheet{Hands: sheets[rng.IntN(3)].Hands}, director)
			case 5:
				what = "accept"
				q, qerr := ev.svc.Reports(ev.ctx, ev.tid, 1)
				require.NoError(t, qerr)
				if l := q.Lines[0]; l.Report != nil && l.Report.Live() {
					r := l.Report
					if l.Counter != nil && rng.IntN(2) == 0 {
						r = l.Counter
					}
					_, err = ev.svc.Accept(ev.ctx, ev.tid, r.ID, r.Version, director)
				}
			case 6:
				what = "reject"
				q, qerr := ev.svc.Reports(ev.ctx, ev.tid, 1)
				require.NoError(t, qerr)
				if l := q.Lines[0]; l.Report != nil && l.Report.Live() {
					err = ev.svc.Reject(ev.ctx, ev.tid, l.Report.ID, l.Report.Version, director)
				}
			case 7:
				what = "undo"
				for _, e := range ev.events() {
					if strings.HasPrefix(e.Kind, "scores") && e.Undoable() {
						_, err = ev.svc.Undo(ev.ctx, ev.tid, e.ID, director)
						break
					}
				}
			}
			if err != nil {
				_, domain := tournament.AsError(err)
				require.True(t, domain, "run %d step %d %s: %v", run, step, what, err)
				assert.Equal(t, before, ev.revision(), "a refused %s changes nothing", what)
			}
			checkReportInvariants(t, ev, mr, fmt.Sprintf("run %d step %d after %s", run, step, what))
		}
	}
}

func checkReportInvariants(t *testing.T, ev *evening, mr *memReports, where string) {
	t.Helper()
	mr.mu.Lock()
	reps := mr.r.clone().reports
	mr.mu.Unlock()
	originals, counters := 0, 0
	var disputed bool
	for _, r := range reps {
		switch {
		case r.Live() && r.Answers == 0:
			originals++
			disputed = r.State == tournament.ReportDisputed
		case r.Live():
			counters++
		}
	}
	require.LessOrEqual(t, originals, 1, where)
	require.LessOrEqual(t, counters, 1, where)
	if counters == 1 {
		require.True(t, disputed, "%s: another version only in a dispute", where)
	}
	tb := ev.table(1, 1).Table
	if tb.Started() {
		require.Zero(t, originals+counters, "%s: a table with scores has no live report", where)
	}
	q, err := ev.svc.Reports(ev.ctx, ev.tid, 1)
	require.NoError(t, err)
	if l := q.Lines[0]; l.State == tournament.TableAccepted {
		var got []int
		for _, h := range tb.Hands {
			got = append(got, h.Score)
		}
		var want []int
		for _, h := range l.Report.Sheet.Hands[0] {
			want = append(want, h.Total)
		}
		require.Equal(t, want, got, "%s: the accepted report is the sheet", where)
	}
}

// TestCodeDelay: the wait between wrong codes past an address's free ones doubles, up
// to ReportMaxDelay.
func TestCodeDelay(t *testing.T) {
	for _, c := range []struct {
		k    int
		want time.Duration
	}{
		{1, 2 * time.Second}, {2, 4 * time.Second}, {3, 8 * time.Second}, {8, 256 * time.Second},
		{9, tournament.ReportMaxDelay}, {1000, tournament.ReportMaxDelay},
	} {
		assert.Equal(t, c.want, tournament.CodeDelay(c.k), "k=%d", c.k)
	}
}
