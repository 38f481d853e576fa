package db_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// TestClubsStore: the clubs service on the store: create (a slug taken is an EINVALID on
// slug), update at a version (stale: ECONFLICT), members and roles; the setup's director
// is the officer of club 1, a director added by another joins the creator's club.
func TestClubsStore(t *testing.T) {
	a, _ := newAuth(t)
	d := a.Store.(clubs.Store)
	ctx := context.Background()
	s := &clubs.Service{Store: d}
	anna, err := a.Setup(ctx, first)
	require.NoError(t, err)
	assert.Equal(t, clubs.RoleOfficer, anna.Role)
	assert.True(t, anna.IsOfficer())
	own, err := s.ClubsOf(ctx, anna.ID)
	require.NoError(t, err)
	require.Len(t, own, 1)
	assert.Equal(t, clubs.Default, own[0].ID)

	roma, err := s.Create(ctx, anna, clubs.Club{Slug: "Roma", Name: "Burraco Roma", Region: "Lazio"})
	require.NoError(t, err)
	assert.Equal(t, "roma", roma.Slug)
	_, err = s.Create(ctx, anna, clubs.Club{Slug: "roma", Name: "Other"})
	e, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, tournament.EINVALID, e.Code)
	assert.Equal(t, "club.slug.taken", e.Fields["slug"])

	// A director added from Roma's scope joins Roma, as a director.
	in := first
	in.Username = "bruno"
	bruno, err := a.AddDirector(clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{roma.ID}}), in)
	require.NoError(t, err)
	assert.Equal(t, clubs.RoleDirector, bruno.Role)
	own, err = s.ClubsOf(ctx, bruno.ID)
	require.NoError(t, err)
	require.Len(t, own, 1)
	assert.Equal(t, roma.ID, own[0].ID)
	found, err := a.Store.FindDirector(ctx, bruno.ID)
	require.NoError(t, err)
	assert.Equal(t, clubs.RoleDirector, found.Role)

	_, err = s.Create(ctx, bruno, clubs.Club{Slug: "milano", Name: "Milano"})
	assert.Equal(t, tournament.EFORBIDDEN, tournament.ErrorCode(err))

	up, err := s.Update(ctx, anna, clubs.Club{ID: roma.ID, Slug: "roma-eur", Name: "Roma EUR", Version: roma.Version})
	require.NoError(t, err)
	assert.Equal(t, roma.Version+1, up.Version)
	_, err = s.Update(ctx, anna, clubs.Club{ID: roma.ID, Slug: "roma", Name: "Roma", Version: roma.Version})
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	_, err = s.Update(ctx, anna, clubs.Club{ID: roma.ID, Slug: "club", Name: "Roma", Version: up.Version})
	assert.Equal(t, tournament.EINVALID, tournament.ErrorCode(err))
	bySlug, err := s.FindBySlug(ctx, "ROMA-EUR")
	require.NoError(t, err)
	assert.Equal(t, roma.ID, bySlug.ID)
	_, err = s.FindBySlug(ctx, "nowhere")
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	list, err := s.List(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"Club", "Roma EUR"}, []string{list[0].Name, list[1].Name})

	require.NoError(t, s.AddDirector(ctx, anna, clubs.Default, bruno.ID))
	require.NoError(t, s.AddDirector(ctx, anna, clubs.Default, bruno.ID), "twice is once")
	ds, err := s.Directors(ctx, clubs.Default)
	require.NoError(t, err)
	assert.Len(t, ds, 2)
	assert.Empty(t, ds[0].PasswordHash)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(s.AddDirector(ctx, anna, 99, bruno.ID)))
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(s.AddDirector(ctx, anna, clubs.Default, 99)))
	require.NoError(t, s.RemoveDirector(ctx, anna, roma.ID, bruno.ID))
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(s.RemoveDirector(ctx, anna, roma.ID, bruno.ID)))
	own, err = s.ClubsOf(ctx, bruno.ID)
	require.NoError(t, err)
	assert.Len(t, own, 1)

	// Roles: the last officer stays one; a role changed is seen by the session at once.
	e, ok = tournament.AsError(s.SetRole(ctx, anna, anna.ID, clubs.RoleDirector))
	require.True(t, ok)
	assert.Equal(t, "club.role.last_officer", e.Fields["role"])
	_, sess, err := a.Login(ctx, "bruno", in.Password, "10.0.0.1")
	require.NoError(t, err)
	got, err := a.SessionDirector(ctx, sess)
	require.NoError(t, err)
	assert.False(t, got.IsOfficer())
	require.NoError(t, s.SetRole(ctx, anna, bruno.ID, clubs.RoleOfficer))
	got, err = a.SessionDirector(ctx, sess)
	require.NoError(t, err)
	assert.True(t, got.IsOfficer())
	require.NoError(t, s.SetRole(ctx, anna, anna.ID, clubs.RoleDirector), "another officer is left")
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(s.SetRole(ctx, got, 99, clubs.RoleOfficer)))
}
