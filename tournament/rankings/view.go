package rankings

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"burraco/tournament/national"
	"burraco/tournament/ranking"
)

// View is the ranking at one revision: every line ranked, with its player. It is
// shared by every reader of that revision: read it, do not change it.
type View struct {
	Revision int64            `json:"revision"`
	AsOf     string           `json:"as_of"`
	From     string           `json:"from"`
	To       string           `json:"to"`
	Settings ranking.Settings `json:"settings"`
	Lines    []Entry          `json:"lines"`
	// Regions and Categories are the values the filters offer, sorted.
	Regions    []string `json:"regions"`
	Categories []string `json:"categories"`
	Clubs      []Club   `json:"clubs"`
	// Kept holds what the readers derive from this revision (an encoded page), by keys
	// of their own: it is dropped with the view when the ranking moves.
	Kept sync.Map `json:"-"`
}

// Entry is a line of the ranking with its player.
type Entry struct {
	ranking.Line
	Player Player `json:"-"`
}

// Revision reads the ranking's revision (one row): a page kept at it is still true.
func (s *Service) Revision(ctx context.Context) (int64, error) {
	st, err := s.Store.RankingState(ctx)
	return st.Revision, err
}

// View returns the ranking at its current revision, built once per revision.
func (s *Service) View(ctx context.Context) (*View, error) {
	st, err := s.Store.RankingState(ctx)
	if err != nil {
		return nil, fmt.Errorf("ranking view: %w", err)
	}
	s.mu.Lock()
	k := s.kept
	s.mu.Unlock()
	if k != nil && k.Revision == st.Revision {
		return k, nil
	}
	// The readers who find the ranking moved share its build (the revision moves with
	// every evening ranked: on a busy evening, every phone would otherwise read and rank
	// every line at once); a build finished meanwhile at this revision serves them.
	return s.builds.Read(ctx, st.Revision, func(ctx context.Context) (*View, error) {
		s.mu.Lock()
		k := s.kept
		s.mu.Unlock()
		if k != nil && k.Revision >= st.Revision {
			return k, nil
		}
		return s.build(ctx, st)
	})
}

// build reads and ranks every line of the ranking at state st, and keeps the view.
func (s *Service) build(ctx context.Context, st State) (*View, error) {
	lines, players, err := s.Store.RankingLines(ctx)
	if err != nil {
		return nil, fmt.Errorf("ranking view: %w", err)
	}
	ranking.Rank(lines)
	cs, err := s.Store.RankingClubs(ctx)
	if err != nil {
		return nil, fmt.Errorf("ranking view: %w", err)
	}
	v := &View{Revision: st.Revision, AsOf: st.AsOf, Settings: st.Settings, Lines: make([]Entry, len(lines)), Clubs: cs}
	if day, err := time.Parse(time.DateOnly, st.AsOf); err == nil {
		v.From, v.To = st.Settings.Span(day)
	}
	regions, cats := map[string]bool{}, map[string]bool{}
	for i, l := range lines {
		p := players[l.PlayerID]
		v.Lines[i] = Entry{Line: l, Player: p}
		if p.Region != "" {
			regions[p.Region] = true
		}
		if p.Category != "" {
			cats[p.Category] = true
		}
	}
	for r := range regions {
		v.Regions = append(v.Regions, r)
	}
	for c := range cats {
		v.Categories = append(v.Categories, c)
	}
	slices.Sort(v.Regions)
	slices.Sort(v.Categories)
	s.mu.Lock()
	if s.kept == nil || s.kept.Revision < v.Revision {
		s.kept = v
	}
	s.mu.Unlock()
	return v, nil
}

// Filter is a selection of the ranking's lines; the places stay the national ones.
type Filter struct {
	Region   string
	Club     int64
	Category string
}

// Filter returns the lines the filter keeps, in ranking order.
func (v *View) Filter(f Filter) []Entry {
	if f == (Filter{}) {
		return v.Lines
	}
	out := []Entry{}
	for _, e := range v.Lines {
		if f.Region != "" && e.Player.Region != f.Region ||
			f.Category != "" && e.Player.Category != f.Category ||
			f.Club != 0 && !slices.Contains(e.Player.Clubs, f.Club) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Results reads a national player's results, by date.
func (s *Service) Results(ctx context.Context, nationalID int64) ([]ranking.Result, error) {
	return s.Store.RankingResults(ctx, nationalID)
}

// PublicName is how a public page names a national player on date asOf, by the
// national registry's rule (national.Effective: RULES.md 9, docs/PRIVACY.md): "" when
// they are hidden (a minor by default) or erased (the line stays, without a name, so no
// one else's place changes); their initials on request; else the full name.
func PublicName(p Player, asOf time.Time) string {
	if p.Erased {
		return ""
	}
	np := national.Player{FirstName: p.FirstName, LastName: p.LastName, Visibility: national.Visibility(p.Visibility)}
	if p.BirthDate != nil {
		np.BirthDate = p.BirthDate.Format(national.DateLayout)
	}
	switch national.Effective(&np, asOf) {
	case national.Hidden:
		return ""
	case national.Initials:
		return national.Initial(p.FirstName, p.LastName)
	}
	return np.FullName()
}
