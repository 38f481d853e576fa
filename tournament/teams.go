package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Team entries and line-ups (RULES.md, "Teams"). The store writes them through TeamTx,
// which a store's Tx implements beside Tx.

// TeamTx is what the team commands write beyond Tx; the store's transaction implements
// it (a store without it refuses the commands).
type TeamTx interface {
	// SetTeam saves a team entry's name, club and members (in order) over the stored
	// team at e.Version, which it moves on (ECONFLICT "team.stale" when it differs).
	SetTeam(e *Entry) error
	// SaveLineup stores a line-up of (l.StageID, l.Round, l.EntryID): l.Version is the
	// version it was read at, 0 when none was stored; when the stored one differs nothing
	// is written and the error is ECONFLICT "lineup.stale". On success l.Version is the new one.
	SaveLineup(l *Lineup) error
	// DeleteLineup removes the stored line-up of (l.StageID, l.Round, l.EntryID), which
	// must still be at l.Version (ECONFLICT "lineup.stale" otherwise).
	DeleteLineup(l *Lineup) error
}

// teamTx returns tx's team writes, or an internal error when the store has none.
func teamTx(tx Tx) (TeamTx, error) {
	t, ok := tx.(TeamTx)
	if !ok {
		return nil, fmt.Errorf("store %T: no team writes", tx)
	}
	return t, nil
}

// CheckTeam checks a team's name and its players' list as far as the input alone
// tells: a name (its spaces collapsed, returned), 4 to 6 players, each a positive ID
// given once. Fields as checkTeam's.
func CheckTeam(name string, playerIDs []int64) (string, FieldErrors) {
	name = collapseSpaces(name)
	fe := FieldErrors{}
	CheckText(fe, "name", name, OneLine)
	switch {
	case name == "":
		fe.Add("name", "error.required")
	case utf8.RuneCountInString(name) > maxNameLen:
		fe.Add("name", "error.too_long")
	}
	if len(playerIDs) < MinTeam || len(playerIDs) > MaxTeam {
		fe.Add("players", "teams.err.size")
	}
	seen := map[int64]bool{}
	for i, id := range playerIDs {
		field := fmt.Sprintf("players.%d", i+1)
		if id <= 0 {
			fe.Add(field, "error.required")
			continue
		}
		if seen[id] {
			fe.Add(field, "teams.err.twice")
			continue
		}
		seen[id] = true
	}
	return name, fe
}

// checkTeam validates a team's name and players outside the store: a name, 4 to 6
// players, each once and registered and active. Fields: "name", "players" (the count)
// and "players.<i>" (1-based).
func (s *Tournaments) checkTeam(ctx context.Context, name string, playerIDs []int64) (string, []*Player, error) {
	name, fe := CheckTeam(name, playerIDs)
	ps := make([]*Player, len(playerIDs))
	for i, id := range playerIDs {
		field := fmt.Sprintf("players.%d", i+1)
		if _, bad := fe[field]; bad {
			continue
		}
		p, err := s.Players.FindPlayer(ctx, id)
		if e, ok := AsError(err); ok && e.Code == ENOTFOUND {
			fe.Add(field, "error.not_found")
			continue
		} else if err != nil {
			return "", nil, err
		}
		if !p.Active {
			fe.Add(field, "entry.inactive")
		}
		ps[i] = p
	}
	return name, ps, fe.Err()
}

// teamEntry is a new team entry, starting absent: its club is its players' when they
// share one.
func teamEntry(tid int64, name string, ps []*Player) *Entry {
	e := &Entry{TournamentID: tid, Kind: EntryTeam, Name: name}
	club := ""
	for i, p := range ps {
		e.Members = append(e.Members, Member{PlayerID: p.ID, Name: p.FullName()})
		if i == 0 {
			club = p.Club
		} else if FoldName(p.Club) != FoldName(club) {
			club = ""
		}
	}
	e.Club = club
	return e
}

// checkTeamInTx checks, in the command's transaction, what depends on the tournament:
// no player already in another entry, and the name not taken by another team (case,
// accents and spaces ignored). except is the team being edited (0: none).
func checkTeamInTx(st *State, e *Entry, except int64) error {
	fe := FieldErrors{}
	for _, o := range st.Entries {
		if o.ID == except {
			continue
		}
		if o.Kind == EntryTeam && FoldName(o.Name) == FoldName(e.Name) {
			fe.Add("name", "teams.err.name_taken")
		}
		for _, m := range o.Members {
			if i := slices.IndexFunc(e.Members, func(x Member) bool { return x.PlayerID == m.PlayerID }); i >= 0 {
				fe.Add(fmt.Sprintf("players.%d", i+1), "entries.member_already")
			}
		}
	}
	if len(fe) > 0 {
		return &Error{Code: ECONFLICT, Key: "entry.already", Fields: fe}
	}
	return nil
}

// AddTeam enters a team of 4 to 6 registered, active players under a name of its own in
// the tournament, in a stage whose format takes teams. A player is in at most one entry
// of a tournament: a member already entered is refused on their field ("players.<i>"),
// ECONFLICT "entry.already"; so is a name another team has ("name").
func (s *Tournaments) AddTeam(ctx context.Context, tid int64, name string, playerIDs []int64, director string) (*Entry, error) {
	var e *Entry
	request := struct {
		Tournament int64
		Name       string
		Players    []int64
	}{tid, name, playerIDs}
	err := once(ctx, s.Store, "enter team", request, func(ctx context.Context, c *Claim) error {
		var err error
		e, err = s.addTeam(ctx, c, tid, name, playerIDs, director)
		return err
	}, func(stored string) error {
		es, err := s.replayEntries(ctx, tid, stored)
		if err != nil {
			return err
		} else if len(es) != 1 {
			return fmt.Errorf("idempotency key's result %q: not one entry", stored)
		}
		e = &es[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// addTeam enters a team, recording the entry's ID for c.
func (s *Tournaments) addTeam(ctx context.Context, c *Claim, tid int64, name string, playerIDs []int64, director string) (*Entry, error) {
	name, ps, err := s.checkTeam(ctx, name, playerIDs)
	if err != nil {
		return nil, err
	}
	e := teamEntry(tid, name, ps)
	c.setResult(entryIDs(e))
	err = s.Store.Update(ctx, tid, func(tx Tx) error {
		e.ID = 0
		if err := checkEntryKind(tx, EntryTeam); err != nil {
			return err
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		if err := checkTeamInTx(st, e, 0); err != nil {
			return err
		}
		if err := tx.AddEntry(e); err != nil {
			return err
		}
		ev := s.event(tid, director, "entry_team", e.Name)
		ev.EntryID = e.ID
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// EditTeam renames a team and changes its players (4 to 6, registered, active, in no
// other entry). Once the team has been drawn its first four players (its default
// line-up) stay as they are, and so does every player a stored line-up names
// (ECONFLICT "teams.err.drawn_members", "teams.err.in_lineup" on "players"). version is
// the version the edit started from (0: none, saved over whatever is stored); a team
// saved since is ECONFLICT "team.stale". Logged, with undo.
func (s *Tournaments) EditTeam(ctx context.Context, tid, entryID int64, name string, playerIDs []int64, version int, director string) (*Entry, error) {
	name, ps, err := s.checkTeam(ctx, name, playerIDs)
	if err != nil {
		return nil, err
	}
	e := teamEntry(tid, name, ps)
	err = s.Store.Update(ctx, tid, func(tx Tx) error {
		tt, err := teamTx(tx)
		if err != nil {
			return err
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		old := st.Entry(entryID)
		if old == nil || old.Kind != EntryTeam {
			return Errorf(ENOTFOUND, "error.not_found")
		}
		if version != 0 && version != old.Version {
			return Errorf(ECONFLICT, "team.stale")
		}
		e.ID, e.CheckedIn, e.Withdrawn, e.Version = old.ID, old.CheckedIn, old.Withdrawn, old.Version
		if err := checkTeamInTx(st, e, old.ID); err != nil {
			return err
		}
		if err := checkMembersKept(tx, st, old, e); err != nil {
			return err
		}
		if err := tt.SetTeam(e); err != nil {
			return err
		}
		ev := s.event(tid, director, "team_edit", old.Name)
		ev.EntryID = e.ID
		ev.Changes = teamChanges(old, e)
		if ev.Undo, err = json.Marshal(old); err != nil {
			return err
		}
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// checkMembersKept refuses an edit of team old into e that drops a player a stored
// line-up names, or changes the first four players of a team already drawn.
func checkMembersKept(tx Tx, st *State, old, e *Entry) error {
	has := func(id int64) bool {
		return slices.ContainsFunc(e.Members, func(m Member) bool { return m.PlayerID == id })
	}
	for _, l := range st.Lineups {
		if l.EntryID != old.ID {
			continue
		}
		for _, id := range l.Players() {
			if !has(id) {
				return &Error{Code: ECONFLICT, Key: "teams.err.in_lineup", Fields: FieldErrors{"players": "teams.err.in_lineup"}}
			}
		}
	}
	drawn, err := tx.EntryDrawn(old.ID)
	if err != nil {
		return err
	}
	if drawn {
		for i := range min(4, len(old.Members)) {
			if len(e.Members) <= i || e.Members[i].PlayerID != old.Members[i].PlayerID {
				return &Error{Code: ECONFLICT, Key: "teams.err.drawn_members", Fields: FieldErrors{"players": "teams.err.drawn_members"}}
			}
		}
	}
	return nil
}

// teamChanges tells an edit of a team: its name and its players.
func teamChanges(a, b *Entry) []Change {
	var out []Change
	if a.Name != b.Name {
		out = append(out, Change{What: "change.team_name", Before: a.Name, After: b.Name})
	}
	names := func(e *Entry) string {
		ns := make([]string, len(e.Members))
		for i, m := range e.Members {
			ns[i] = m.Name
		}
		return strings.Join(ns, ", ")
	}
	if x, y := names(a), names(b); x != y {
		out = append(out, Change{What: "change.team_players", Before: x, After: y})
	}
	return out
}

// undoTeamEdit puts a team back as line e's edit found it.
func undoTeamEdit(tx Tx, e *Event) error {
	var was Entry
	if err := json.Unmarshal(e.Undo, &was); err != nil {
		return fmt.Errorf("undo %d: %w", e.ID, err)
	}
	tt, err := teamTx(tx)
	if err != nil {
		return err
	}
	st, err := tx.State()
	if err != nil {
		return err
	}
	cur := st.Entry(was.ID)
	if cur == nil {
		return Errorf(ECONFLICT, "undo.changed", e.ID)
	}
	if err := checkTeamInTx(st, &was, was.ID); err != nil {
		return Errorf(ECONFLICT, "undo.changed", e.ID)
	}
	if err := checkMembersKept(tx, st, cur, &was); err != nil {
		return Errorf(ECONFLICT, "undo.changed", e.ID)
	}
	was.CheckedIn, was.Withdrawn, was.Version = cur.CheckedIn, cur.Withdrawn, cur.Version
	return tt.SetTeam(&was)
}

// lineupUndo is what undoing a line-up restores: the line-up stored before (nil: none)
// and the one the change stored.
type lineupUndo struct {
	Before *Lineup `json:"before,omitempty"`
	After  Lineup  `json:"after"`
}

// SetLineup names the two pairs team teamID plays round n of the current stage with:
// four different players of the team, pairs[0] the pair 1 (RULES.md, "Teams"). A round
// not drawn yet (the next one) or drawn but not started may be given one; once a hand
// is entered at any of the team's tables, or a later round is drawn, the line-up is
// fixed (ECONFLICT "lineup.started", "lineup.over"). version is the version of the
// team's stored line-up for that round, 0 when it has none (stale: ECONFLICT
// "lineup.stale"), or AnyVersion to save over whatever is stored, as read in the
// command's transaction. Logged, with undo.
func (s *Tournaments) SetLineup(ctx context.Context, tid int64, n int, teamID int64, pairs [2][2]int64, version int, director string) (*Lineup, error) {
	var out Lineup
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		tt, err := teamTx(tx)
		if err != nil {
			return err
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		team, err := lineupTeam(st, n, teamID)
		if err != nil {
			return err
		}
		if err := checkLineup(team, pairs); err != nil {
			return err
		}
		before := storedLineup(st, n, teamID)
		was := st.LineupOf(teamID, n)
		l := Lineup{StageID: st.Stage.ID, Round: n, EntryID: teamID, Pairs: pairs}
		if before != nil {
			l.Version = before.Version
		}
		if version != AnyVersion && l.Version != version {
			return Errorf(ECONFLICT, "lineup.stale")
		}
		if err := tt.SaveLineup(&l); err != nil {
			return err
		}
		ev := s.event(tid, director, "lineup", team.Name, n)
		ev.StageID, ev.Round, ev.EntryID = st.Stage.ID, n, teamID
		ev.Changes = lineupChanges(st, team, was, l)
		if ev.Undo, err = json.Marshal(lineupUndo{Before: before, After: l}); err != nil {
			return err
		}
		out = l
		return tx.Log(ev)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// AnyVersion, given to SetLineup as the version read, saves over whatever line-up is
// stored (last write wins): the API's save without If-Match.
const AnyVersion = -1

// lineupTeam returns the team whose line-up for round n may change now: a team entry of
// a stage that takes teams, round n the next to draw or drawn and not started at the
// team's tables, no later round drawn, not locked.
func lineupTeam(st *State, n int, teamID int64) (*Entry, error) {
	if StageEntryKind(st.Stage.Settings) != EntryTeam {
		return nil, Errorf(ECONFLICT, "lineup.not_teams")
	}
	team := st.Entry(teamID)
	if team == nil || team.Kind != EntryTeam {
		return nil, Errorf(ENOTFOUND, "error.not_found")
	}
	if n < 1 || n > len(st.Rounds)+1 || (n > len(st.Rounds) && n > st.Stage.Settings.Rounds()) {
		return nil, Errorf(ENOTFOUND, "error.not_found") // no such round, or past the stage's last
	}
	if n < len(st.Rounds) {
		return nil, Errorf(ECONFLICT, "lineup.over", n)
	}
	if r := st.Round(n); r != nil {
		if r.Locked {
			return nil, Errorf(ECONFLICT, "round.locked", n)
		}
		for i := range r.Tables {
			if r.Tables[i].Started() && slices.ContainsFunc(r.Tables[i].Sides, func(sd Side) bool { return sd.Has(teamID) }) {
				return nil, Errorf(ECONFLICT, "lineup.started", n)
			}
		}
	}
	return team, nil
}

// checkLineup validates a line-up of team: four different players of the team. Fields
// "pairs.<p>.<k>" (1-based).
func checkLineup(team *Entry, pairs [2][2]int64) error {
	fe := FieldErrors{}
	seen := map[int64]bool{}
	for p := range 2 {
		for k := range 2 {
			id, field := pairs[p][k], fmt.Sprintf("pairs.%d.%d", p+1, k+1)
			switch {
			case id <= 0:
				fe.Add(field, "error.required")
			case !slices.ContainsFunc(team.Members, func(m Member) bool { return m.PlayerID == id }):
				fe.Add(field, "lineup.not_member")
			case seen[id]:
				fe.Add(field, "lineup.twice")
			}
			seen[id] = true
		}
	}
	return fe.Err()
}

// storedLineup returns the line-up stored for (current stage, n, team), or nil.
func storedLineup(st *State, n int, teamID int64) *Lineup {
	for i := range st.Lineups {
		l := st.Lineups[i]
		if l.Round == n && l.EntryID == teamID && (l.StageID == st.Stage.ID || l.StageID == 0) {
			return &l
		}
	}
	return nil
}

// lineupChanges tells a line-up's change, pair by pair, by the players' names.
func lineupChanges(st *State, team *Entry, a, b Lineup) []Change {
	name := func(id int64) string {
		for _, m := range team.Members {
			if m.PlayerID == id {
				return m.Name
			}
		}
		return fmt.Sprint(id)
	}
	var out []Change
	for p := range 2 {
		x := name(a.Pairs[p][0]) + " / " + name(a.Pairs[p][1])
		y := name(b.Pairs[p][0]) + " / " + name(b.Pairs[p][1])
		if x != y {
			out = append(out, Change{What: "change.lineup_pair", Of: []string{fmt.Sprint(p + 1)}, Before: x, After: y})
		}
	}
	return out
}

// undoLineup puts back the line-up line e replaced, while the round may still change
// and the line-up is still the one e stored.
func undoLineup(tx Tx, e *Event) error {
	var u lineupUndo
	if err := json.Unmarshal(e.Undo, &u); err != nil {
		return fmt.Errorf("undo %d: %w", e.ID, err)
	}
	tt, err := teamTx(tx)
	if err != nil {
		return err
	}
	st, err := tx.State()
	if err != nil {
		return err
	}
	if _, err := lineupTeam(st, e.Round, e.EntryID); err != nil {
		return err
	}
	cur := storedLineup(st, e.Round, e.EntryID)
	if cur == nil || cur.Pairs != u.After.Pairs {
		return Errorf(ECONFLICT, "undo.changed", e.ID)
	}
	if u.Before == nil {
		return tt.DeleteLineup(cur)
	}
	l := *cur
	l.Pairs = u.Before.Pairs
	return tt.SaveLineup(&l)
}
