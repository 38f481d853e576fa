package tournament

import (
	"strconv"
	"strings"
)

// KindEntryPairs is the kind of a settings field that lists pairs of the tournament's
// entries (Danish: pairs never to meet). Its form value is "a-b c-d", by entry ID.
const KindEntryPairs = "entry_pairs"

// EntryChecker is a format whose settings name entries. CheckEntries reports the
// settings' references that are not entries of the tournament (entry returns nil) or
// that it refuses; the service asks it when settings are saved, the import for every
// stage of a document.
type EntryChecker interface {
	CheckEntries(s Settings, entry func(id int64) *Entry) FieldErrors
}

// FormatEntryPairs writes pairs of entry IDs as a KindEntryPairs form value.
func FormatEntryPairs(pairs [][2]int64) string {
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatInt(p[0], 10) + "-" + strconv.FormatInt(p[1], 10))
	}
	return b.String()
}

// ParseEntryPairs reads a KindEntryPairs form value ("a-b c-d", spaces or commas
// between pairs); ok is false when a pair lacks a side or a side is not an ID. Nil for
// an empty value.
func ParseEntryPairs(v string) (pairs [][2]int64, ok bool) {
	ok = true
	for _, tok := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\r' || r == '\t' }) {
		a, b, found := strings.Cut(tok, "-")
		x, errA := strconv.ParseInt(a, 10, 64)
		y, errB := strconv.ParseInt(b, 10, 64)
		if !found || errA != nil || errB != nil {
			ok = false
			continue
		}
		pairs = append(pairs, [2]int64{x, y})
	}
	return pairs, ok
}

// checkEntries asks the stage's format, when its settings name entries, whether they
// are entries of the tournament (entry finds one by ID; nil for none).
func checkEntries(st *Stage, entry func(id int64) *Entry) error {
	f, ok := FormatOf(st.Format)
	if !ok || st.Settings == nil {
		return nil
	}
	ec, ok := f.(EntryChecker)
	if !ok {
		return nil
	}
	return ec.CheckEntries(st.Settings, entry).Err()
}
