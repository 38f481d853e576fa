package clubs

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// memStore is an in-memory Store for the service's tests.
type memStore struct {
	clubs     map[int64]*Club
	directors map[int64]*tournament.Director
	members   map[[2]int64]bool // club, director
}

func newMemStore() *memStore {
	return &memStore{
		clubs: map[int64]*Club{Default: {ID: Default, Slug: "club", Name: "Club", Version: 1}},
		directors: map[int64]*tournament.Director{
			1: {ID: 1, Username: "anna", Role: RoleOfficer},
			2: {ID: 2, Username: "bruno", Role: RoleDirector},
		},
		members: map[[2]int64]bool{{1, 1}: true, {1, 2}: true},
	}
}

var notFound = tournament.Errorf(tournament.ENOTFOUND, "error.not_found")

func (m *memStore) CreateClub(_ context.Context, c *Club) error {
	for _, o := range m.clubs {
		if o.Slug == c.Slug {
			return (tournament.FieldErrors{"slug": "club.slug.taken"}).Err()
		}
	}
	c.ID, c.Version = int64(len(m.clubs)+1), 1
	kept := *c
	m.clubs[c.ID] = &kept
	return nil
}

func (m *memStore) UpdateClub(_ context.Context, c *Club) error {
	o, ok := m.clubs[c.ID]
	if !ok {
		return notFound
	} else if o.Version != c.Version {
		return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	c.Version++
	kept := *c
	m.clubs[c.ID] = &kept
	return nil
}

func (m *memStore) ListClubs(context.Context) ([]Club, error) {
	var out []Club
	for _, c := range m.clubs {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Club) int { return cmp.Compare(a.Name, b.Name) })
	return out, nil
}

func (m *memStore) FindClub(_ context.Context, id int64) (*Club, error) {
	if c, ok := m.clubs[id]; ok {
		kept := *c
		return &kept, nil
	}
	return nil, notFound
}

func (m *memStore) FindClubBySlug(_ context.Context, slug string) (*Club, error) {
	for _, c := range m.clubs {
		if c.Slug == slug {
			kept := *c
			return &kept, nil
		}
	}
	return nil, notFound
}

func (m *memStore) AddClubDirector(_ context.Context, club, dir int64) error {
	if m.clubs[club] == nil || m.directors[dir] == nil {
		return notFound
	}
	m.members[[2]int64{club, dir}] = true
	return nil
}

func (m *memStore) RemoveClubDirector(_ context.Context, club, dir int64) error {
	if !m.members[[2]int64{club, dir}] {
		return notFound
	}
	delete(m.members, [2]int64{club, dir})
	return nil
}

func (m *memStore) ClubDirectors(_ context.Context, club int64) ([]tournament.Director, error) {
	var out []tournament.Director
	for k := range m.members {
		if k[0] == club {
			out = append(out, *m.directors[k[1]])
		}
	}
	return out, nil
}

func (m *memStore) ClubsOf(_ context.Context, dir int64) ([]Club, error) {
	var out []Club
	for k := range m.members {
		if k[1] == dir {
			out = append(out, *m.clubs[k[0]])
		}
	}
	slices.SortFunc(out, func(a, b Club) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

func (m *memStore) SetRole(_ context.Context, dir int64, role string) error {
	d, ok := m.directors[dir]
	if !ok {
		return notFound
	}
	d.Role = role
	return nil
}

func TestRoleMatchesDirector(t *testing.T) {
	assert.True(t, (&tournament.Director{Role: RoleOfficer}).IsOfficer())
	assert.False(t, (&tournament.Director{Role: RoleDirector}).IsOfficer())
	assert.False(t, (*tournament.Director)(nil).IsOfficer())
}

func TestServiceActions(t *testing.T) {
	officer := &tournament.Director{ID: 1, Role: RoleOfficer}
	director := &tournament.Director{ID: 2, Role: RoleDirector}
	for _, tc := range []struct {
		name  string
		actor *tournament.Director
		do    func(*Service, *tournament.Director) error
		code  string // "" for success
		field string // the field of an EINVALID
	}{
		{"create", officer, func(s *Service, a *tournament.Director) error {
			c, err := s.Create(context.Background(), a, Club{Slug: " Roma-EUR ", Name: "Roma  EUR"})
			if err == nil && (c.ID == 0 || c.Slug != "roma-eur" || c.Name != "Roma EUR") {
				t.Errorf("created %+v", c)
			}
			return err
		}, "", ""},
		{"create by a director", director, func(s *Service, a *tournament.Director) error {
			_, err := s.Create(context.Background(), a, Club{Slug: "roma", Name: "Roma"})
			return err
		}, tournament.EFORBIDDEN, ""},
		{"create without an actor", nil, func(s *Service, a *tournament.Director) error {
			_, err := s.Create(context.Background(), a, Club{Slug: "roma", Name: "Roma"})
			return err
		}, tournament.EFORBIDDEN, ""},
		{"create invalid", officer, func(s *Service, a *tournament.Director) error {
			_, err := s.Create(context.Background(), a, Club{Slug: "-x", Name: "Roma"})
			return err
		}, tournament.EINVALID, "slug"},
		{"create with a slug taken", officer, func(s *Service, a *tournament.Director) error {
			_, err := s.Create(context.Background(), a, Club{Slug: "CLUB", Name: "Other"})
			return err
		}, tournament.EINVALID, "slug"},
		{"update", officer, func(s *Service, a *tournament.Director) error {
			c, err := s.Update(context.Background(), a, Club{ID: Default, Slug: "club", Name: "Circolo", Version: 1})
			if err == nil && (c.Name != "Circolo" || c.Version != 2) {
				t.Errorf("updated %+v", c)
			}
			return err
		}, "", ""},
		{"update stale", officer, func(s *Service, a *tournament.Director) error {
			_, err := s.Update(context.Background(), a, Club{ID: Default, Slug: "club", Name: "Circolo", Version: 0})
			return err
		}, tournament.ECONFLICT, ""},
		{"update invalid", officer, func(s *Service, a *tournament.Director) error {
			_, err := s.Update(context.Background(), a, Club{ID: Default, Slug: "club", Name: "", Version: 1})
			return err
		}, tournament.EINVALID, "name"},
		{"update missing", officer, func(s *Service, a *tournament.Director) error {
			_, err := s.Update(context.Background(), a, Club{ID: 9, Slug: "club", Name: "X", Version: 1})
			return err
		}, tournament.ENOTFOUND, ""},
		{"update by a director", director, func(s *Service, a *tournament.Director) error {
			_, err := s.Update(context.Background(), a, Club{ID: Default, Slug: "club", Name: "X", Version: 1})
			return err
		}, tournament.EFORBIDDEN, ""},
		{"add director", officer, func(s *Service, a *tournament.Director) error {
			c, err := s.Create(context.Background(), a, Club{Slug: "milano", Name: "Milano"})
			require.NoError(t, err)
			if err := s.AddDirector(context.Background(), a, c.ID, 2); err != nil {
				return err
			}
			cs, err := s.ClubsOf(context.Background(), 2)
			require.NoError(t, err)
			assert.Equal(t, []int64{Default, c.ID}, []int64{cs[0].ID, cs[1].ID})
			return nil
		}, "", ""},
		{"add director to no club", officer, func(s *Service, a *tournament.Director) error {
			return s.AddDirector(context.Background(), a, 9, 2)
		}, tournament.ENOTFOUND, ""},
		{"add director by a director", director, func(s *Service, a *tournament.Director) error {
			return s.AddDirector(context.Background(), a, Default, 2)
		}, tournament.EFORBIDDEN, ""},
		{"remove director", officer, func(s *Service, a *tournament.Director) error {
			if err := s.RemoveDirector(context.Background(), a, Default, 2); err != nil {
				return err
			}
			cs, err := s.ClubsOf(context.Background(), 2)
			require.NoError(t, err)
			assert.Empty(t, cs)
			return nil
		}, "", ""},
		{"remove a non-member", officer, func(s *Service, a *tournament.Director) error {
			return s.RemoveDirector(context.Background(), a, 5, 2)
		}, tournament.ENOTFOUND, ""},
		{"remove director by a director", director, func(s *Service, a *tournament.Director) error {
			return s.RemoveDirector(context.Background(), a, Default, 1)
		}, tournament.EFORBIDDEN, ""},
		{"set role", officer, func(s *Service, a *tournament.Director) error {
			return s.SetRole(context.Background(), a, 2, RoleOfficer)
		}, "", ""},
		{"set a bad role", officer, func(s *Service, a *tournament.Director) error {
			return s.SetRole(context.Background(), a, 2, "admin")
		}, tournament.EINVALID, "role"},
		{"set role by a director", director, func(s *Service, a *tournament.Director) error {
			return s.SetRole(context.Background(), a, 2, RoleOfficer)
		}, tournament.EFORBIDDEN, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Service{Store: newMemStore()}
			err := tc.do(s, tc.actor)
			if tc.code == "" {
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, tc.code, tournament.ErrorCode(err), "%v", err)
			if tc.field != "" {
				e, ok := tournament.AsError(err)
				require.True(t, ok)
				assert.Contains(t, e.Fields, tc.field)
			}
		})
	}
}

func TestServiceReads(t *testing.T) {
	s := &Service{Store: newMemStore()}
	ctx := context.Background()
	c, err := s.FindBySlug(ctx, " CLUB ")
	require.NoError(t, err)
	assert.Equal(t, Default, c.ID)
	_, err = s.FindBySlug(ctx, "  ")
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, err = s.Find(ctx, 7)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	cs, err := s.List(ctx)
	require.NoError(t, err)
	assert.Len(t, cs, 1)
	ds, err := s.Directors(ctx, Default)
	require.NoError(t, err)
	assert.Len(t, ds, 2)
}
