package tournament

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"burraco/scoring"
)

// Bounds of a tournament document: what no tournament made by the app exceeds, so that
// a document cannot make a count, a version or a sum overflow (hand totals are bounded
// by the scoring rules, and a document of at most a few megabytes holds too few of them
// to overflow an int).
const (
	maxDocID       = 1<<53 - 1 // an ID a JavaScript number still holds exactly
	maxDocVersion  = 1 << 30
	maxDocProblems = 200
	maxByePoints   = 6 * 10000 // 10,000 ranking points, or VP
	maxEntryName   = 2*(2*maxNameLen+1) + 3
	maxEventText   = maxNotesLen
)

// docProblems collects a document's problems, each at its path in the document
// ("stages[0].rounds[1].tables[2].hands[3].total"), up to maxDocProblems.
type docProblems struct {
	fe   FieldErrors
	more bool
}

func (p *docProblems) add(path, key string) {
	if len(p.fe) >= maxDocProblems {
		p.more = true
		return
	}
	p.fe.Add(path, key)
}

// text checks a text field of the document with the text rules of every other path,
// and its length.
func (p *docProblems) text(path, v string, multiline bool, most int) {
	fe := FieldErrors{}
	if !CheckText(fe, "v", v, multiline) {
		p.add(path, fe["v"])
	} else if utf8.RuneCountInString(v) > most {
		p.add(path, "error.too_long")
	}
}

// id checks an ID of the document: positive, bounded, and not given twice among seen.
func (p *docProblems) id(path string, id int64, seen map[int64]bool) {
	switch {
	case id <= 0 || id > maxDocID:
		p.add(path, "import.bad_id")
	case seen[id]:
		p.add(path, "import.id_twice")
	default:
		seen[id] = true
	}
}

func (p *docProblems) version(path string, v int) {
	if v < 0 || v > maxDocVersion {
		p.add(path, "import.bad_version")
	}
}

// check validates a decoded document (its stages' settings already read by their
// formats) as every other path validates the same data: the text rules and lengths, the
// tournament's and the players' own checks, the format's settings check, every hand
// under the stage's rules with its total, the tables' shape for the format, and every
// reference inside the document (an entry, a player, a stage, a log line named by
// another must be in it). The problems come back per path, every one at once.
func (doc *Document) check() *docProblems {
	p := &docProblems{fe: FieldErrors{}}
	t, tp := &doc.Tournament, "tournament"
	p.id(tp+".id", t.ID, map[int64]bool{})
	for f, k := range t.Validate() {
		p.add(tp+"."+f, k)
	}
	p.version(tp+".version", t.Version)

	players := map[int64]bool{}
	for i := range doc.Players {
		pl := &doc.Players[i]
		path := fmt.Sprintf("players[%d]", i)
		p.id(path+".id", pl.ID, players)
		if e, ok := AsError(pl.Validate()); ok {
			for f, k := range e.Fields {
				p.add(path+"."+f, k)
			}
		}
		p.version(path+".version", pl.Version)
	}

	entries := map[int64]bool{}
	member := map[int64]string{}
	for i := range doc.Entries {
		e := &doc.Entries[i]
		path := fmt.Sprintf("entries[%d]", i)
		p.id(path+".id", e.ID, entries)
		p.text(path+".name", e.Name, OneLine, maxEntryName)
		if e.Name == "" {
			p.add(path+".name", "error.required")
		}
		p.text(path+".club", e.Club, OneLine, 2*maxNameLen+3)
		want := map[EntryKind]int{EntryPlayer: 1, EntryPair: 2, EntrySubstitute: 0}
		if n, ok := want[e.Kind]; e.Kind == EntryTeam {
			if len(e.Members) < MinTeam || len(e.Members) > MaxTeam {
				p.add(path+".members", "import.entry_members")
			}
		} else if !ok {
			p.add(path+".kind", "import.entry_kind")
		} else if len(e.Members) != n {
			p.add(path+".members", "import.entry_members")
		}
		for j, m := range e.Members {
			mp := fmt.Sprintf("%s.members[%d]", path, j)
			p.text(mp+".name", m.Name, OneLine, 2*maxNameLen+1)
			switch {
			case !players[m.PlayerID]:
				p.add(mp+".player_id", "import.unknown_player")
			case member[m.PlayerID] != "":
				p.add(mp+".player_id", "import.member_twice")
			default:
				member[m.PlayerID] = path
			}
		}
	}

	stages := map[int64]bool{}
	rounds, tables := map[int64]bool{}, map[int64]bool{}
	for i := range doc.Stages {
		doc.checkStage(p, i, stages, entries, rounds, tables)
	}

	seqs := map[int64]bool{}
	for i := range doc.Events {
		p.id(fmt.Sprintf("events[%d].id", i), doc.Events[i].ID, seqs)
	}
	// An entry removed (entered by mistake) is no longer among the entries, but the log
	// still names it: the lines that entered it and the removal, whose undo data is the
	// entry to put back.
	named := maps.Clone(entries)
	for i := range doc.Events {
		if e := &doc.Events[i]; e.Kind == "entry_remove" && e.EntryID > 0 && e.EntryID <= maxDocVersion {
			named[e.EntryID] = true
			checkRemovedEntry(p, fmt.Sprintf("events[%d].undo", i), e, entries, players)
		}
	}
	for i := range doc.Events {
		checkEvent(p, fmt.Sprintf("events[%d]", i), &doc.Events[i], seqs, stages, named)
		doc.checkSheetUndo(p, fmt.Sprintf("events[%d]", i), &doc.Events[i])
	}
	return p
}

// checkSheetUndo checks the undo data of a table's scores line as a sheet of that table:
// undoing the line stores its hands as they are (they were checked when first saved), so
// a document's must pass the sheet check like the document's own tables, or a crafted
// log line would store hands no path accepts (a score of 2^62 that overflows the
// standings).
func (doc *Document) checkSheetUndo(p *docProblems, path string, e *LoggedEvent) {
	switch e.Kind {
	case "scores", "scores_corrected", "scores_cleared":
	default:
		return
	}
	if len(e.Undo) == 0 {
		return
	}
	var u sheetUndo
	if err := json.Unmarshal(e.Undo, &u); err != nil {
		p.add(path+".undo", "import.undo")
		return
	}
	for i := range doc.Stages {
		sr := &doc.Stages[i]
		if sr.Stage.ID != e.StageID || e.Round < 1 || e.Round > len(sr.Rounds) {
			continue
		}
		r := &sr.Rounds[e.Round-1]
		if e.Table < 1 || e.Table > len(r.Tables) || sr.Stage.Settings == nil {
			break
		}
		f, ok := FormatOf(sr.Stage.Format)
		if !ok {
			return // refused already
		}
		tb := Table{Sides: r.Tables[e.Table-1].Sides, Hands: u.Before}
		checkHands(p, path+".undo.before", &sr.Stage, &tb)
		for _, o := range []Outcome{u.OutcomeBefore, u.OutcomeAfter} {
			if (o.Kind != "" && (!slices.Contains(f.Outcomes(sr.Stage.Settings), o.Kind) || o.Side < 1 || o.Side > len(tb.Sides))) ||
				(o.Kind == "" && o.Side != 0) {
				p.add(path+".undo", "import.undo")
			}
		}
		return
	}
	p.add(path+".undo", "import.undo") // a table the document does not have
}

// checkStage checks stage i with its rounds, tables, sides, byes and hands.
func (doc *Document) checkStage(p *docProblems, i int, stages, entries, rounds, tables map[int64]bool) {
	sr := &doc.Stages[i]
	st := &sr.Stage
	path := fmt.Sprintf("stages[%d]", i)
	if st.FromStageID != nil && !stages[*st.FromStageID] {
		p.add(path+".from_stage_id", "import.unknown_stage") // an earlier stage of the document
	}
	switch {
	case st.Start == "" && st.FromStageID != nil:
		st.Start = StartSeeded // a document from before stages could continue
	case st.Start != "" && (st.FromStageID == nil || st.Start != StartSeeded && st.Start != StartContinued):
		p.add(path+".start", "stage.err_start")
	}
	p.id(path+".id", st.ID, stages)
	if st.Seq != i+1 {
		p.add(path+".seq", "import.out_of_order")
	}
	p.version(path+".version", st.Version)
	f, ok := FormatOf(st.Format)
	if !ok || st.Settings == nil {
		return // refused already (an unknown format, settings that cannot be read)
	}
	bad := st.Validate()
	if ec, ok := f.(EntryChecker); ok { // settings naming entries name the document's
		for k, v := range ec.CheckEntries(st.Settings, func(id int64) *Entry {
			if entries[id] {
				return &Entry{ID: id}
			}
			return nil
		}) {
			bad.Add(k, v)
		}
	}
	if st.Scale != nil {
		for k, v := range st.Scale.Validate() {
			bad.Add("scale."+k, v)
		}
	}
	if len(bad) > 0 {
		for k, v := range bad {
			p.add(path+"."+prefixSettings(k), v)
		}
		return // the rounds are checked under the stage's settings and rules: not wrong ones
	}
	sides := f.SidesPerTable(st.Settings)
	outcomes := f.Outcomes(st.Settings)
	for ri := range sr.Rounds {
		r := &sr.Rounds[ri]
		rp := fmt.Sprintf("%s.rounds[%d]", path, ri)
		p.id(rp+".id", r.ID, rounds)
		if r.Number != ri+1 {
			p.add(rp+".number", "import.out_of_order")
		}
		p.text(rp+".override", r.Override, MultiLine, maxNotesLen)
		if l := r.Clock.Left; l != nil && (*l < 0 || *l > maxClock) {
			p.add(rp+".clock", "import.clock")
		}
		// The format's seat check: the sides it seats at every table, nobody twice; a
		// format of matches also checks its matches (two tables each, the same two teams,
		// each team's pair 1 and pair 2), as a change of seats by hand would.
		fe := CheckTables(r, sides, "import.table_size")
		if rc, ok := f.(RoundChecked); ok && len(fe) == 0 {
			fe = rc.CheckRound(st.Settings, r)
		}
		for k, v := range fe {
			var a, b int
			switch {
			case sscan(k, "seat.%d.%d", &a, &b):
				k = fmt.Sprintf("tables[%d].sides[%d].entry_id", a-1, b-1)
			case sscan(k, "table.%d", &a):
				k = fmt.Sprintf("tables[%d].sides", a-1)
			case sscan(k, "bye.%d", &a):
				k = fmt.Sprintf("byes[%d].entry_id", a-1)
			}
			p.add(rp+"."+k, v)
		}
		for bi, b := range r.Byes {
			bp := fmt.Sprintf("%s.byes[%d]", rp, bi)
			if !entries[b.EntryID] {
				p.add(bp+".entry_id", "import.unknown_entry")
			}
			if b.Points < -maxByePoints || b.Points > maxByePoints {
				p.add(bp+".points", "import.bye_points")
			}
		}
		for ti := range r.Tables {
			tb := &r.Tables[ti]
			tp := fmt.Sprintf("%s.tables[%d]", rp, ti)
			p.id(tp+".id", tb.ID, tables)
			if tb.Number != ti+1 {
				p.add(tp+".number", "import.out_of_order")
			}
			p.version(tp+".version", tb.Version)
			for si, sd := range tb.Sides {
				if sd.Position != si+1 {
					p.add(fmt.Sprintf("%s.sides[%d].position", tp, si), "import.out_of_order")
				}
				if !entries[sd.EntryID] {
					// Not an entry of this document: another tournament's, or none.
					p.add(fmt.Sprintf("%s.sides[%d].entry_id", tp, si), "import.unknown_entry")
				}
				for pi, id := range sd.Partners {
					if !entries[id] {
						p.add(fmt.Sprintf("%s.sides[%d].partners[%d]", tp, si, pi), "import.unknown_entry")
					}
				}
				if sd.Pair < 0 || sd.Pair > 2 {
					p.add(fmt.Sprintf("%s.sides[%d].pair", tp, si), "import.side_pair")
				}
			}
			if tb.Match < 0 || tb.Match > len(r.Tables) {
				p.add(tp+".match", "import.table_match")
			}
			switch o := tb.Outcome; {
			case o.Kind != "" && !slices.Contains(outcomes, o.Kind):
				p.add(tp+".outcome.kind", "sheet.outcome_kind")
			case o.Kind != "" && (o.Side < 1 || o.Side > len(tb.Sides)), o.Kind == "" && o.Side != 0:
				p.add(tp+".outcome.side", "sheet.outcome_side")
			}
			checkHands(p, tp, st, tb)
		}
	}
	doc.checkLineups(p, i)
}

// checkLineups checks stage i's line-ups: each of a team of the document, for a round
// from 1 to the one after the last drawn, once, four different players of the team.
func (doc *Document) checkLineups(p *docProblems, i int) {
	sr := &doc.Stages[i]
	seen := map[[2]int64]bool{}
	for li := range sr.Lineups {
		l := &sr.Lineups[li]
		lp := fmt.Sprintf("stages[%d].lineups[%d]", i, li)
		if l.StageID == 0 {
			l.StageID = sr.Stage.ID
		} else if l.StageID != sr.Stage.ID {
			p.add(lp+".stage_id", "import.unknown_stage")
		}
		if l.Round < 1 || l.Round > len(sr.Rounds)+1 {
			p.add(lp+".round", "import.lineup_round")
		}
		if l.Version < 1 {
			l.Version = 1
		}
		p.version(lp+".version", l.Version)
		k := [2]int64{int64(l.Round), l.EntryID}
		if seen[k] {
			p.add(lp+".round", "import.lineup_twice")
		}
		seen[k] = true
		var team *Entry
		for ei := range doc.Entries {
			if doc.Entries[ei].ID == l.EntryID && doc.Entries[ei].Kind == EntryTeam {
				team = &doc.Entries[ei]
			}
		}
		if team == nil {
			p.add(lp+".entry_id", "import.unknown_entry")
			continue
		}
		if err := checkLineup(team, l.Pairs); err != nil {
			p.add(lp+".pairs", "import.lineup_players")
		}
	}
}

// sscan reports whether s is all of format, reading its numbers.
func sscan(s, format string, a ...any) bool {
	n, err := fmt.Sscanf(s, format, a...)
	return err == nil && n == len(a) && fmt.Sprintf(format, derefInts(a)...) == s
}

func derefInts(a []any) []any {
	out := make([]any, len(a))
	for i, v := range a {
		out[i] = *v.(*int)
	}
	return out
}

// prefixSettings names a stage's problem as the document does: the format's fields are
// inside "settings", the rules and the rest are the stage's own.
func prefixSettings(k string) string {
	switch {
	case k == "format", k == "qualifiers", strings.HasPrefix(k, "rules."), strings.HasPrefix(k, "scale."):
		return k
	}
	return "settings." + k
}

// checkHands checks a table's hands with the one sheet check (CheckSheet): every hand
// under the stage's rules, one closer per hand, each stored total the one its figures
// give.
func checkHands(p *docProblems, tp string, st *Stage, tb *Table) {
	if len(tb.Hands) == 0 {
		return
	}
	n := len(tb.Sides)
	where := map[[2]int]int{}
	var sh Sheet
	ok := true
	for hi, h := range tb.Hands {
		hp := fmt.Sprintf("%s.hands[%d]", tp, hi)
		switch {
		case h.Hand < 1 || h.Hand > st.HandsPerRound():
			p.add(hp+".hand", "import.hand_number")
			ok = false
			continue
		case h.Side < 1 || h.Side > n:
			p.add(hp+".side", "import.hand_side")
			ok = false
			continue
		}
		k := [2]int{h.Hand, h.Side}
		if _, dup := where[k]; dup {
			p.add(hp, "import.hand_twice")
			ok = false
			continue
		}
		where[k] = hi
		for len(sh.Hands) < h.Hand {
			sh.Hands = append(sh.Hands, make([]*scoring.Hand, n))
		}
		fig := h.Figures
		sh.Hands[h.Hand-1][h.Side-1] = &fig
	}
	if !ok {
		return
	}
	hands, fe, err := CheckSheet(st, n, sh)
	if err != nil {
		p.add(tp+".hands", "import.hand_number")
		return
	}
	for k, v := range fe {
		var hand, side int
		var field string
		if _, err := fmt.Sscanf(k, "h%d.s%d.%s", &hand, &side, &field); err == nil {
			if hi, ok := where[[2]int{hand, side}]; ok {
				p.add(fmt.Sprintf("%s.hands[%d].%s", tp, hi, field), v)
				continue
			}
		}
		p.add(tp+".hands", v)
	}
	for _, h := range hands {
		hi := where[[2]int{h.Hand, h.Side}]
		if hasPrefix(fe, fmt.Sprintf("h%d.s%d.", h.Hand, h.Side)) {
			continue // its figures are wrong already
		}
		if tb.Hands[hi].Score != h.Score {
			p.add(fmt.Sprintf("%s.hands[%d].score", tp, hi), "import.hand_score")
		}
	}
}

// hasPrefix reports whether a problem is recorded under a field prefix.
func hasPrefix(fe FieldErrors, prefix string) bool {
	for k := range fe {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// checkEvent checks a log line: its words under the text rules, what it names inside
// the document, its undo data a JSON object whose strings keep the text rules too.
func checkEvent(p *docProblems, path string, e *LoggedEvent, seqs, stages, entries map[int64]bool) {
	p.text(path+".director", e.Director, OneLine, maxNameLen)
	p.text(path+".kind", e.Kind, OneLine, maxNameLen)
	p.text(path+".detail", e.Detail, MultiLine, maxEventText)
	for i, a := range e.Args {
		p.text(fmt.Sprintf("%s.args[%d]", path, i), a, MultiLine, maxEventText)
	}
	for i, l := range e.Also {
		p.text(fmt.Sprintf("%s.also[%d].key", path, i), l.Key, OneLine, maxNameLen)
		for j, a := range l.Args {
			p.text(fmt.Sprintf("%s.also[%d].args[%d]", path, i, j), a, MultiLine, maxEventText)
		}
	}
	for i, c := range e.Changes {
		cp := fmt.Sprintf("%s.changes[%d]", path, i)
		p.text(cp+".what", c.What, OneLine, maxNameLen)
		p.text(cp+".before", c.Before, MultiLine, maxEventText)
		p.text(cp+".after", c.After, MultiLine, maxEventText)
		for j, a := range c.Of {
			p.text(fmt.Sprintf("%s.of[%d]", cp, j), a, MultiLine, maxEventText)
		}
	}
	if e.StageID != 0 && !stages[e.StageID] {
		p.add(path+".stage_id", "import.unknown_stage")
	}
	if e.EntryID != 0 && !entries[e.EntryID] {
		p.add(path+".entry_id", "import.unknown_entry")
	}
	for f, id := range map[string]int64{"undoes": e.Undoes, "undone_by": e.UndoneBy} {
		if id != 0 && !seqs[id] {
			p.add(path+"."+f, "import.unknown_event")
		}
	}
	if e.Round < 0 || e.Round > maxDocVersion || e.Table < 0 || e.Table > maxDocVersion {
		p.add(path+".round", "import.bad_id")
	}
	if len(e.Undo) > 0 {
		var v any
		if err := json.Unmarshal(e.Undo, &v); err != nil {
			p.add(path+".undo", "import.undo")
		} else if _, ok := v.(map[string]any); !ok && v != nil {
			p.add(path+".undo", "import.undo")
		} else if !textsKeepRules(v) {
			p.add(path+".undo", "error.control_chars")
		}
	}
	if e.At.IsZero() || e.At.After(time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)) {
		p.add(path+".at", "import.bad_time")
	}
}

// checkRemovedEntry checks the undo data of an entry's removal as the entry it puts back:
// the entry the line names, not one of the document's entries, of a known kind with its
// members, each a player of the document.
func checkRemovedEntry(p *docProblems, path string, e *LoggedEvent, entries, players map[int64]bool) {
	if len(e.Undo) == 0 {
		return
	}
	var was Entry
	want := map[EntryKind]int{EntryPlayer: 1, EntryPair: 2}
	if err := json.Unmarshal(e.Undo, &was); err != nil || was.ID != e.EntryID || entries[was.ID] {
		p.add(path, "import.undo")
		return
	} else if n, ok := want[was.Kind]; !ok || len(was.Members) != n {
		p.add(path, "import.undo")
		return
	}
	p.text(path+".name", was.Name, OneLine, maxEntryName)
	p.text(path+".club", was.Club, OneLine, 2*maxNameLen+3)
	for _, m := range was.Members {
		if !players[m.PlayerID] {
			p.add(path, "import.unknown_player")
		}
	}
}

// textsKeepRules reports whether every string in a decoded JSON value (keys too) keeps
// the text rules of a multi-line field.
func textsKeepRules(v any) bool {
	ok := func(s string) bool { return CheckText(FieldErrors{}, "v", s, MultiLine) }
	switch v := v.(type) {
	case string:
		return ok(v)
	case []any:
		for _, x := range v {
			if !textsKeepRules(x) {
				return false
			}
		}
	case map[string]any:
		for k, x := range v {
			if !ok(k) || !textsKeepRules(x) {
				return false
			}
		}
	}
	return true
}
