package db

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
)

// The scanners below read a column straight into a field: database/sql hands a
// Scanner the driver's value as it is, where scanning into *int or *bool goes through
// reflection (for *int, a conversion to text and back) on every row. They serve the
// loops that read thousands of rows (a stage's hands, entries, tables).

// intCol scans an integer column (or NULL, as 0) into an int.
type intCol struct{ p *int }

// Scan implements sql.Scanner.
func (c intCol) Scan(src any) error {
	switch v := src.(type) {
	case int64:
		*c.p = int(v)
	case int32:
		*c.p = int(v)
	case nil:
		*c.p = 0
	case bool:
		*c.p = 0
		if v {
			*c.p = 1
		}
	case []byte:
		n, err := strconv.Atoi(string(v))
		if err != nil {
			return fmt.Errorf("integer column: %w", err)
		}
		*c.p = n
	case string:
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("integer column: %w", err)
		}
		*c.p = n
	default:
		return fmt.Errorf("integer column: unexpected %T", src)
	}
	return nil
}

// int64Col scans an integer column (or NULL, as 0) into an int64.
type int64Col struct{ p *int64 }

// Scan implements sql.Scanner.
func (c int64Col) Scan(src any) error {
	switch v := src.(type) {
	case int64:
		*c.p = v
	case nil:
		*c.p = 0
	default:
		var n int
		if err := (intCol{&n}).Scan(src); err != nil {
			return err
		}
		*c.p = int64(n)
	}
	return nil
}

// boolCol scans a boolean column (SQLite: an integer, PostgreSQL: a boolean) into a bool.
type boolCol struct{ p *bool }

// Scan implements sql.Scanner.
func (c boolCol) Scan(src any) error {
	switch v := src.(type) {
	case bool:
		*c.p = v
	case int64:
		*c.p = v != 0
	case nil:
		*c.p = false
	default:
		return fmt.Errorf("boolean column: unexpected %T", src)
	}
	return nil
}

// strCol scans a text column (or NULL, as "") into a string or a string type.
type strCol[S ~string] struct{ p *S }

// Scan implements sql.Scanner.
func (c strCol[S]) Scan(src any) error {
	switch v := src.(type) {
	case string:
		*c.p = S(v)
	case []byte:
		*c.p = S(v)
	case nil:
		*c.p = ""
	default:
		return fmt.Errorf("text column: unexpected %T", src)
	}
	return nil
}

// parseQuads appends to dst the integers of s, apart by single spaces ("" holds none),
// four by four, sorted by their first two (they come mostly in order already, as an
// index stores them).
func parseQuads(dst [][4]int, s string) ([][4]int, error) { return parseHeadQuads(nil, dst, s) }

// parseHeadQuads reads the first len(head) integers of s (apart by single spaces) into
// head, and appends the others to dst as parseQuads does.
func parseHeadQuads(head []int, dst [][4]int, s string) ([][4]int, error) {
	start := len(dst)
	var q [4]int
	n, k := 0, 0
	for i := 0; i < len(s); {
		neg := s[i] == '-'
		if neg {
			i++
		}
		j, v := i, 0
		for ; j < len(s) && s[j] >= '0' && s[j] <= '9'; j++ {
			if v > (1<<62)/10 {
				return dst, fmt.Errorf("aggregated integers: %q out of range", s[i:j])
			}
			v = v*10 + int(s[j]-'0')
		}
		if j == i || (j < len(s) && (s[j] != ' ' || j+1 == len(s))) {
			return dst, fmt.Errorf("aggregated integers: unexpected %q at %d", s, j)
		}
		if neg {
			v = -v
		}
		i = j + 1
		if k < len(head) {
			head[k] = v
			k++
			continue
		}
		q[n] = v
		if n++; n == 4 {
			dst, n = append(dst, q), 0
		}
	}
	if k < len(head) {
		return dst, fmt.Errorf("aggregated integers: %q holds %d of %d leading values", s, k, len(head))
	}
	if n != 0 {
		return dst, fmt.Errorf("aggregated integers: %q not in fours", s)
	}
	if added := dst[start:]; !slices.IsSortedFunc(added, cmp4) {
		slices.SortFunc(added, cmp4)
	}
	return dst, nil
}

// cmp4 orders groups of four by their first value, then their second.
func cmp4(a, b [4]int) int {
	return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
}
