package tournament_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formattest"
)

// partnersFormat is the test format with four players a table, two a side (issue 23's
// individual at 4-player tables, in its simplest form): in entry order, a and b on side
// 1, c and d on side 2; those left over have a bye (1 point).
type partnersFormat struct{ formattest.Format }

const partnersName = "partnerstest"

func init() { tournament.Register(partnersFormat{}) }

func (partnersFormat) Name() string { return partnersName }

func (partnersFormat) Defaults() tournament.Settings {
	return formattest.Settings{Games: 3, Hands: 1, Sides: "individual"}
}

func (partnersFormat) Draw(st *tournament.State, _ int64) (*tournament.Round, []tournament.Entry, error) {
	es := st.Drawable()
	r := &tournament.Round{}
	for i := 0; i+3 < len(es); i += 4 {
		r.Tables = append(r.Tables, tournament.Table{Number: i/4 + 1, Sides: []tournament.Side{
			{Position: 1, EntryID: es[i].ID, Partners: []int64{es[i+1].ID}},
			{Position: 2, EntryID: es[i+2].ID, Partners: []int64{es[i+3].ID}}}})
	}
	for _, e := range es[len(es)/4*4:] {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: e.ID, Points: tournament.RP(1)})
	}
	return r, nil, nil
}

// TestSeatChangeSeesPartners: a round's seating lists every entry seated, partners
// included; the director's change keeps each side's shape (a partner moves as a
// partner), is logged for everyone who moved, and a seating of another shape is refused.
func TestSeatChangeSeesPartners(t *testing.T) {
	ev := newEvening(t, partnersName, 9, nil)
	e := ev.entries
	r := ev.draw(tournament.DrawOptions{Seed: 1})
	require.Len(t, r.Tables, 2)
	seats := tournament.SeatsOf(r)
	assert.Equal(t, tournament.Seats{Tables: [][]int64{{e[0], e[1], e[2], e[3]}, {e[4], e[5], e[6], e[7]}}, Byes: []int64{e[8]}}, seats)

	// Partners b (table 1) and f (table 2) change places; the bye comes in for g.
	seats.Tables = [][]int64{{e[0], e[5], e[2], e[3]}, {e[4], e[1], e[8], e[7]}}
	seats.Byes = []int64{e[6]}
	require.NoError(t, ev.svc.OverrideSeats(ev.ctx, ev.tid, 1, seats, director))
	got := ev.state().Rounds[0]
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: e[0], Partners: []int64{e[5]}}, {Position: 2, EntryID: e[2], Partners: []int64{e[3]}}}, got.Tables[0].Sides)
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: e[4], Partners: []int64{e[1]}}, {Position: 2, EntryID: e[8], Partners: []int64{e[7]}}}, got.Tables[1].Sides)
	assert.Equal(t, seats, tournament.SeatsOf(&got))
	var moved []string
	for _, c := range ev.events()[0].Changes {
		moved = append(moved, c.Before+">"+c.After)
	}
	assert.ElementsMatch(t, []string{"1/1>2/1", "2/1>1/1", "2/2>", ">2/2"}, moved, "b, f, g and i moved")

	// Undone, the partners are back where the draw put them.
	require.NoError(t, undoLast(ev))
	assert.Equal(t, r.Tables[0].Sides, ev.state().Rounds[0].Tables[0].Sides)

	// A table of three: not the drawn shape.
	bad := tournament.Seats{Tables: [][]int64{{e[0], e[1], e[2]}, {e[4], e[5], e[6], e[7], e[3]}}, Byes: []int64{e[8]}}
	err := ev.svc.OverrideSeats(ev.ctx, ev.tid, 1, bad, director)
	fe, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "seats.same_shape", fe.Fields["seats"])
}

// undoLast undoes the latest log line.
func undoLast(ev *evening) error {
	last := ev.events()[0]
	_, err := ev.svc.Undo(ev.ctx, ev.tid, last.ID, director)
	return err
}

// TestPartnerLeavingTheDrawnRound: a partner marked absent after the draw gives their
// place on the side to the entry that had the bye.
func TestPartnerLeavingTheDrawnRound(t *testing.T) {
	ev := newEvening(t, partnersName, 9, nil)
	e := ev.entries
	ev.draw(tournament.DrawOptions{Seed: 1})
	no := false
	_, out, err := ev.svc.SetEntry(ev.ctx, ev.tid, e[3], tournament.EntryChange{CheckedIn: &no}, director)
	require.NoError(t, err)
	assert.NotEmpty(t, out.ReplacedBy)
	r := ev.state().Rounds[0]
	assert.Equal(t, tournament.Side{Position: 2, EntryID: e[2], Partners: []int64{e[8]}}, r.Tables[0].Sides[1], "the bye takes d's place beside c")
	assert.Empty(t, r.Byes)
	assert.False(t, slices.Contains(r.People(), e[3]))
}

// TestCarryCountsOpponentsNotPartners: a stage continued from one played at 4-player
// tables carries, as met, who sat on the other side, not one's partner.
func TestCarryCountsOpponentsNotPartners(t *testing.T) {
	ev := newEvening(t, partnersName, 4, nil)
	e := ev.entries
	ev.draw(tournament.DrawOptions{Seed: 1})
	c := tournament.CarryOf(ev.state())
	assert.ElementsMatch(t, []int64{e[2], e[3]}, c[e[0]].Met)
	assert.ElementsMatch(t, []int64{e[0], e[1]}, c[e[3]].Met)
}

// TestTableEntriesListPartners: a table read alone names the entry each side scores
// for, and everyone at it.
func TestTableEntriesListPartners(t *testing.T) {
	ev := newEvening(t, partnersName, 4, nil)
	e := ev.entries
	ev.draw(tournament.DrawOptions{Seed: 1})
	ts := ev.table(1, 1)
	ids := func(es []tournament.Entry) []int64 {
		var out []int64
		for _, x := range es {
			out = append(out, x.ID)
		}
		return out
	}
	assert.Equal(t, []int64{e[0], e[2]}, ids(ts.Entries))
	assert.Equal(t, []int64{e[0], e[1], e[2], e[3]}, ids(ts.People))
}

// TestCardPINOfAPartner: with card PINs, a side proves itself with the card of any of
// its players, its partner's too; another side's card does not open it.
func TestCardPINOfAPartner(t *testing.T) {
	ev := newEvening(t, partnersName, 4, nil)
	e := ev.entries
	mr := newMemReports(ev.store)
	ev.svc.Store = mr
	card := map[int64]string{}
	reg := cardRegistry{PlayerStore: ev.store, players: map[int64]tournament.Player{}}
	for i, en := range ev.state().Entries {
		p := tournament.Player{ID: en.Members[0].PlayerID, CardNumber: "FIBUR00" + string(rune('1'+i)) + "234"}
		reg.players[p.ID] = p
		card[en.ID] = p.CardNumber[len(p.CardNumber)-4:]
	}
	ev.svc.Players = reg
	_, err := ev.svc.SetReportSettings(ev.ctx, ev.tid, tournament.ReportSettings{Reporting: true, PIN: tournament.PINCard}, director)
	require.NoError(t, err)
	ev.draw(tournament.DrawOptions{Seed: 1})
	codes, err := ev.svc.TableCodes(ev.ctx, ev.tid, 1)
	require.NoError(t, err)
	require.Len(t, codes, 1)
	sh := tournament.ReportSheet{Hands: [][]*scoring.Hand{{gt(700), gt(300)}}}
	_, err = ev.svc.Report(ev.ctx, codes[0].Code, 2, card[e[0]], sh, "10.0.0.1")
	fe, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "report.pin", fe.Key, "side 1's card does not open side 2")
	_, err = ev.svc.Report(ev.ctx, codes[0].Code, 2, card[e[3]], sh, "10.0.0.1")
	require.NoError(t, err, "d, c's partner, reports for side 2")
	r, err := ev.svc.Confirm(ev.ctx, codes[0].Code, 1, card[e[1]], nil, "10.0.0.2")
	require.NoError(t, err, "b, a's partner, confirms for side 1")
	assert.Equal(t, tournament.ReportConfirmed, r.State)
}

// cardRegistry answers FindPlayer from its own players (with their cards), outside the
// in-memory store's lock, which a command holds while it asks.
type cardRegistry struct {
	tournament.PlayerStore
	players map[int64]tournament.Player
}

func (r cardRegistry) FindPlayer(_ context.Context, id int64) (*tournament.Player, error) {
	p, ok := r.players[id]
	if !ok {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return &p, nil
}
