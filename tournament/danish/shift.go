package danish

import (
	"slices"

	"burraco/tournament"
)

// The table shift (RULES.md section 4.1): round 1 is drawn like every round 1, and puts
// at position 1 of each table the side of the fixed line, at position 2 the side of the
// moving line; with an odd field the bye is the moving line's seat at a phantom table
// after the last. From round 2 the fixed line stays, and the moving line moves up one
// table (the last table's side to the phantom table, the phantom's to table 1, or the
// last table's to table 1 without a phantom).

// shiftRound seats round n > 1 of a table shift from the round before it. The sides no
// longer drawable leave their line; sides new to the round (late arrivals, a side back
// from a withdrawal) join the shorter line, the moving one when they are level, in the
// order given; the lines are then evened (the fixed line's last sides join the moving
// line, or the moving line's the fixed one) so that the moving line has as many sides
// as there are tables, or one more for the phantom table.
func shiftRound(prev *tournament.Round, drawable []Line) (tables [][2]int64, bye int64) {
	var fixed, moving []int64
	for _, t := range prev.Tables {
		ids := t.Entries()
		if len(ids) > 0 {
			fixed = append(fixed, ids[0])
		}
		if len(ids) > 1 {
			moving = append(moving, ids[1])
		}
	}
	for _, b := range prev.Byes {
		if !b.Awarded {
			moving = append(moving, b.EntryID)
		}
	}
	if len(moving) > 1 {
		moving = append(moving[len(moving)-1:], moving[:len(moving)-1]...)
	}
	here := map[int64]bool{}
	for _, l := range drawable {
		here[l.Entry] = true
	}
	gone := func(id int64) bool { return !here[id] }
	fixed, moving = slices.DeleteFunc(fixed, gone), slices.DeleteFunc(moving, gone)
	seated := map[int64]bool{}
	for _, id := range append(slices.Clone(fixed), moving...) {
		seated[id] = true
	}
	for _, l := range drawable {
		if seated[l.Entry] {
			continue
		}
		if len(fixed) < len(moving) {
			fixed = append(fixed, l.Entry)
		} else {
			moving = append(moving, l.Entry)
		}
	}
	for len(moving) > len(fixed)+1 {
		fixed, moving = append(fixed, moving[len(moving)-1]), moving[:len(moving)-1]
	}
	for len(fixed) > len(moving) {
		moving, fixed = append(moving, fixed[len(fixed)-1]), fixed[:len(fixed)-1]
	}
	for k := range fixed {
		tables = append(tables, [2]int64{fixed[k], moving[k]})
	}
	if len(moving) > len(fixed) {
		bye = moving[len(moving)-1]
	}
	return tables, bye
}

// lineUp chooses, for round 1 of a table shift, which side of each table sits at
// position 1 (the fixed line) so that the sides that should not meet share a line as
// far as it can: two sides of one line never meet in the movement. A pair never to
// meet weighs more than every club clash; the bye's side is in the moving line. It
// turns tables round one at a time while that lowers the clashes across the lines
// (a local search: the best lining up is a hard problem, this one is good and quick).
func lineUp(st *tournament.State, s Settings, tables [][2]int64, bye int64) {
	line := map[int64]int{} // 0 fixed, 1 moving
	for _, t := range tables {
		line[t[0]], line[t[1]] = 0, 1
	}
	if bye != 0 {
		line[bye] = 1
	}
	never := map[int64][]int64{}
	for _, p := range s.NeverMeet {
		if _, ok := line[p[0]]; ok {
			if _, ok := line[p[1]]; ok {
				never[p[0]], never[p[1]] = append(never[p[0]], p[1]), append(never[p[1]], p[0])
			}
		}
	}
	clubsOf := map[int64][]string{}
	count := map[string]*[2]int{} // each club's sides in each line
	if s.ApartClubs > 0 {
		for id, l := range line {
			clubsOf[id] = tournament.ClubKeys(st.Entry(id))
			for _, c := range clubsOf[id] {
				if count[c] == nil {
					count[c] = &[2]int{}
				}
				count[c][l]++
			}
		}
	}
	bigW := len(line)*len(line) + 1 // a pair never to meet outweighs every club clash
	// cross is what a side weighs across the lines where it sits now.
	cross := func(id int64) int {
		w := 0
		for _, o := range never[id] {
			if line[o] != line[id] {
				w += bigW
			}
		}
		for _, c := range clubsOf[id] {
			w += count[c][1-line[id]]
		}
		return w
	}
	move := func(id int64) {
		for _, c := range clubsOf[id] {
			count[c][line[id]]--
			count[c][1-line[id]]++
		}
		line[id] = 1 - line[id]
	}
	for range 50 {
		better := false
		for k := range tables {
			a, b := tables[k][0], tables[k][1]
			before := cross(a) + cross(b)
			move(a)
			move(b)
			if after := cross(a) + cross(b); after < before {
				tables[k] = [2]int64{b, a}
				better = true
			} else {
				move(a)
				move(b)
			}
		}
		if !better {
			return
		}
	}
}
