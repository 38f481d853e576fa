package db

import (
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"burraco/tournament"
)

// On SQLite a command reads in few columns what a save decides on. SQLite answers a
// statement in the calling process, but every statement, row and column read goes
// through database/sql and calls into C (go-sqlite3: a column's name, its declared type,
// its type, its value): the tournament with its stage in 12 columns (openLine), the
// table in one row of 6 (tableLine: the round's and the table's numbers in one line,
// whether the next round is drawn and started, the table's live reports, its sides and
// its hands each as one line of text), the round the HTML save answers from in a line
// per table (roundLines), where a row per side and a statement of a row per hand were.

// liveStates are the states of a report that a saved sheet closes (CloseReports).
const liveStates = "('reported', 'confirmed', 'disputed', 'accepted')"

// packedHand is one hand of the table as a line of 16 numbers (handCols, in that
// order; a flag 1 or 0), as unpackHand reads it: one call to format, which writes its
// numbers into one buffer where a chain of || allocates a string at each step.
const packedHand = "format('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d', " + handCols + ")"

// tableLine is tableQuery on SQLite in one row of six columns (every column read costs
// calls into C for its name, its declared type, its type and its value): the round's and
// the table's numbers in one line (tableNumbers), the time the round was drawn, why it
// was drawn early, the table's outcome, and the table's sides (position, seat, entry,
// pair: each four numbers) and hands (packedHand), the lines separated by ";", in no
// particular order. Whether the next round started is asked with EXISTS, which stops at
// its first table with a score. Its arguments are the stage, n and t.
const tableLine = "SELECT format('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d', r.id, r.stage_id, r.number, r.seed, r.locked, t.id, t.number, t.outcome_side, t.version, t.match_no, " +
	"(SELECT COUNT(*) FROM rounds r2 WHERE r2.stage_id = r.stage_id AND r2.number = r.number + 1), " +
	"EXISTS (SELECT 1 FROM round_tables t2 JOIN rounds r2 ON r2.id = t2.round_id WHERE r2.stage_id = r.stage_id AND r2.number = r.number + 1 " +
	"AND (t2.outcome_kind <> '' OR EXISTS (SELECT 1 FROM hands h WHERE h.table_id = t2.id))), " +
	"(SELECT COUNT(*) FROM reports p WHERE p.stage_id = r.stage_id AND p.round_no = r.number AND p.table_no = t.number AND p.state IN " + liveStates + ")), " +
	"r.drawn_at, r.override, t.outcome_kind, " +
	"COALESCE((SELECT group_concat(format('%d,%d,%d,%d', s.position, s.seat, s.entry_id, s.pair), ';') FROM sides s WHERE s.table_id = t.id), ''), " +
	"COALESCE((SELECT group_concat(" + packedHand + ", ';') FROM hands WHERE table_id = t.id), '') " +
	"FROM rounds r JOIN round_tables t ON t.round_id = r.id WHERE r.stage_id = ? AND r.number = ? AND t.number = ?"

// tableNumbers are the numbers of tableLine's first column, in order.
const tableNumbers = 13

// liveReports is how many live reports the tables of a round had when the transaction
// read them, by table number, for CloseReports to skip its statement when there are
// none; the transaction forgets it when it writes reports.
type liveReports struct {
	stageID int64
	n       int
	count   map[int]int
}

// tableInLine is Table on SQLite: tableLine read, the hands kept for Scores and the
// count of live reports for CloseReports.
func (x *storeTx) tableInLine(stageID int64, n, t int) (*tournament.Round, *tournament.Table, error) {
	var r tournament.Round
	var tb tournament.Table
	var numbersLine, sides, hands string
	err := x.queryRow(tableLine, stageID, n, t).Scan(&numbersLine, &r.DrawnAt, &r.Override, &tb.Outcome.Kind, &sides, &hands)
	if err == sql.ErrNoRows {
		return nil, nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return nil, nil, err
	}
	var v [tableNumbers]int64
	if err := numbers(numbersLine, v[:]); err != nil {
		return nil, nil, fmt.Errorf("table %d of round %d: %w", t, n, err)
	}
	r.ID, r.StageID, r.Number, r.Seed, r.Locked = v[0], v[1], int(v[2]), v[3], v[4] != 0
	tb.ID, tb.Number, tb.Outcome.Side, tb.Version, tb.Match = v[5], int(v[6]), int(v[7]), int(v[8]), int(v[9])
	nextDrawn, nextStarted, live := v[10], v[11], int(v[12])
	if err := addSides(&tb, sides); err != nil {
		return nil, nil, err
	}
	read, err := unpackHands(hands)
	if err != nil {
		return nil, nil, err
	}
	x.next = &roundState{stageID: stageID, n: n + 1, drawn: nextDrawn > 0, started: nextStarted > 0}
	x.ahead = &tableRead{id: tb.ID, n: x.n, hands: read}
	x.live = &liveReports{stageID: stageID, n: n, count: map[int]int{t: live}}
	return &r, &tb, nil
}

// addSides adds a table's sides from their line in tableLine, in (position, seat) order.
func addSides(tb *tournament.Table, line string) error {
	if line == "" {
		return nil
	}
	var rows []sideRow
	for part := range strings.SplitSeq(line, ";") {
		var v [4]int64
		if err := numbers(part, v[:]); err != nil {
			return fmt.Errorf("sides of table %d: %w", tb.ID, err)
		}
		rows = append(rows, sideRow{position: int(v[0]), seat: int(v[1]), entryID: v[2], pair: int(v[3])})
	}
	slices.SortFunc(rows, func(a, b sideRow) int {
		if a.position != b.position {
			return a.position - b.position
		}
		return a.seat - b.seat
	})
	for i := range rows {
		rows[i].addTo(tb)
	}
	return nil
}

// unpackHands reads the hands of tableLine, sorted by hand and side (nil for none).
func unpackHands(line string) ([]tournament.HandScore, error) {
	if line == "" {
		return nil, nil
	}
	hs := make([]tournament.HandScore, 0, strings.Count(line, ";")+1)
	for part := range strings.SplitSeq(line, ";") {
		h, err := unpackHand(part)
		if err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	slices.SortFunc(hs, func(a, b tournament.HandScore) int {
		if a.Hand != b.Hand {
			return a.Hand - b.Hand
		}
		return a.Side - b.Side
	})
	return hs, nil
}

// numbers reads len(v) integers separated by commas.
func numbers(s string, v []int64) error {
	for i := range v {
		field := s
		if k := strings.IndexByte(s, ','); k >= 0 && i < len(v)-1 {
			field, s = s[:k], s[k+1:]
		} else if i < len(v)-1 {
			return fmt.Errorf("%q: %d numbers, not %d", s, i+1, len(v))
		} else {
			s = ""
		}
		n, err := strconv.ParseInt(field, 10, 64)
		if err != nil {
			return err
		}
		v[i] = n
	}
	return nil
}

// noLiveReports says whether the transaction read table t of round n of the stage as
// having no live report, and has written no report since.
func (x *storeTx) noLiveReports(stageID int64, n, t int) bool {
	l := x.live
	if l == nil || l.stageID != stageID || l.n != n {
		return false
	}
	count, ok := l.count[t]
	return ok && count == 0
}

// roundLines is Round on SQLite: a line per table, ordered by number, of the columns
// of tableLine (the numbers of whether the next round is drawn and started asked once,
// with the statement's own arguments: the stage and n).
const roundLines = "SELECT format('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d', r.id, r.stage_id, r.number, r.seed, r.locked, t.id, t.number, t.outcome_side, t.version, t.match_no, " +
	"(SELECT COUNT(*) FROM rounds r2 WHERE r2.stage_id = ?1 AND r2.number = ?2 + 1), " +
	"EXISTS (SELECT 1 FROM round_tables t2 JOIN rounds r2 ON r2.id = t2.round_id WHERE r2.stage_id = ?1 AND r2.number = ?2 + 1 " +
	"AND (t2.outcome_kind <> '' OR EXISTS (SELECT 1 FROM hands h WHERE h.table_id = t2.id))), " +
	"(SELECT COUNT(*) FROM reports p WHERE p.stage_id = r.stage_id AND p.round_no = r.number AND p.table_no = t.number AND p.state IN " + liveStates + ")), " +
	"r.drawn_at, r.override, t.outcome_kind, " +
	"COALESCE((SELECT group_concat(format('%d,%d,%d,%d', s.position, s.seat, s.entry_id, s.pair), ';') FROM sides s WHERE s.table_id = t.id), ''), " +
	"COALESCE((SELECT group_concat(" + packedHand + ", ';') FROM hands WHERE table_id = t.id), '') " +
	"FROM rounds r JOIN round_tables t ON t.round_id = r.id WHERE r.stage_id = ?1 AND r.number = ?2 ORDER BY t.number"

// roundInLines is Round on SQLite: the round, its tables with their sides and hands,
// in one statement of a row per table; the hands stored and the live reports kept as
// Table keeps them.
func (x *storeTx) roundInLines(stageID int64, n int) (*tournament.Round, error) {
	rows, err := x.query(roundLines, stageID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var r tournament.Round
	live := &liveReports{stageID: stageID, n: n, count: map[int]int{}}
	var next roundState
	for rows.Next() {
		var tb tournament.Table
		var numbersLine, sides, hands string
		if err := rows.Scan(&numbersLine, &r.DrawnAt, &r.Override, &tb.Outcome.Kind, &sides, &hands); err != nil {
			return nil, err
		}
		var v [tableNumbers]int64
		if err := numbers(numbersLine, v[:]); err != nil {
			return nil, fmt.Errorf("round %d: %w", n, err)
		}
		r.ID, r.StageID, r.Number, r.Seed, r.Locked = v[0], v[1], int(v[2]), v[3], v[4] != 0
		tb.ID, tb.Number, tb.Outcome.Side, tb.Version, tb.Match = v[5], int(v[6]), int(v[7]), int(v[8]), int(v[9])
		next = roundState{stageID: stageID, n: n + 1, drawn: v[10] > 0, started: v[11] > 0}
		live.count[tb.Number] = int(v[12])
		if err := addSides(&tb, sides); err != nil {
			return nil, err
		}
		if tb.Hands, err = unpackHands(hands); err != nil {
			return nil, err
		}
		r.Tables = append(r.Tables, tb)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(r.Tables) == 0 {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	for i := range r.Tables {
		x.keepStored(&r.Tables[i])
	}
	x.next, x.live = &next, live
	return &r, nil
}

// openLine is open's query on SQLite in 12 columns instead of 22 (every command's first
// read): the tournament's and its current stage's numbers in one line (openNumbers; a
// stage's scale and the stage it is fed from each as whether it is set and its ID).
const openLine = "SELECT format('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d', t.id, t.version, t.published, " +
	"COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = t.id), 0), s.id, s.tournament_id, s.seq, s.qualifiers, s.version, " +
	"s.scale_id IS NOT NULL, COALESCE(s.scale_id, 0), s.from_stage_id IS NOT NULL, COALESCE(s.from_stage_id, 0)), " +
	"t.name, t.date, t.venue, t.notes, t.created_at, t.updated_at, t.tier, s.format, s.settings, s.rules, s.scale_copy, s.start_mode " +
	"FROM tournaments t JOIN stages s ON s.tournament_id = t.id WHERE t.id = ? ORDER BY s.seq DESC LIMIT 1"

// openNumbers are the numbers of openLine's first column, in order.
const openNumbers = 13

// openInLine reads openLine into the tournament and its current stage as read.
func (x *storeTx) openInLine(t *tournament.Tournament, st *storedStage) error {
	var line string
	if err := x.queryRow(openLine, x.tid).Scan(&line, &t.Name, &t.Date, &t.Venue, &t.Notes, &t.CreatedAt, &t.UpdatedAt, &t.Tier,
		&st.Format, &st.settings, &st.rules, &st.scaleCopy, &st.Start); err != nil {
		return err
	}
	var v [openNumbers]int64
	if err := numbers(line, v[:]); err != nil {
		return fmt.Errorf("tournament %d: %w", x.tid, err)
	}
	t.ID, t.Version, t.Published, t.Revision = v[0], int(v[1]), v[2] != 0, v[3]
	st.ID, st.TournamentID, st.Seq, st.Qualifiers, st.Version = v[4], v[5], int(v[6]), int(v[7]), int(v[8])
	if v[9] != 0 {
		id := v[10]
		st.ScaleID = &id
	}
	if v[11] != 0 {
		id := v[12]
		st.FromStageID = &id
	}
	return nil
}
