package db_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/national"
)

// TestAttackNationalSearchHugeQuery: the registry's search (?q= on /national and its
// JSON twin) takes every word of the query as a condition with a placeholder: a query
// of tens of thousands of words is answered (by its first words), not a statement past
// the database's limit of parameters (an error 500).
func TestAttackNationalSearchHugeQuery(t *testing.T) {
	d, _ := open(t)
	ctx := clubs.WithScope(context.Background(), clubs.Scope{ReadAll: true})
	p := &tournament.Player{FirstName: "Mariella", LastName: "Rossetti", CardNumber: "HQ-1", Active: true}
	require.NoError(t, d.CreatePlayer(context.Background(), p))
	huge := "rossetti " + strings.Repeat("a ", 70000)
	ps, n, err := d.FindNationals(ctx, national.Filter{Query: huge, Limit: 100})
	require.NoError(t, err, "a huge query is answered")
	assert.Equal(t, 1, n)
	assert.Len(t, ps, 1)
}

// TestAttackPlayerSearchHugeQuery: the club registry's search (?q= on /players and its
// JSON twin) bounds its words as the national one does.
func TestAttackPlayerSearchHugeQuery(t *testing.T) {
	d, _ := open(t)
	ctx := context.Background()
	p := &tournament.Player{FirstName: "Mariella", LastName: "Rossetti", Active: true}
	require.NoError(t, d.CreatePlayer(ctx, p))
	ps, n, err := d.FindPlayers(ctx, tournament.PlayerFilter{Query: "rossetti " + strings.Repeat("a ", 40000), Limit: 100})
	require.NoError(t, err, "a huge query is answered")
	assert.Equal(t, 1, n)
	assert.Len(t, ps, 1)
}
