package db

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseQuads: a table's aggregated sides or hands read back in groups of four,
// sorted by their first two values; anything else is refused.
func TestParseQuads(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [][4]int
		err  bool
	}{
		{in: "", want: nil},
		{in: "1 0 17 0", want: [][4]int{{1, 0, 17, 0}}},
		{in: "2 1 5 -160 1 1 5 420 1 0 5 95", want: [][4]int{{1, 0, 5, 95}, {1, 1, 5, 420}, {2, 1, 5, -160}}},
		{in: "40000 300 0 -123456", want: [][4]int{{40000, 300, 0, -123456}}},
		{in: "1 2 3", err: true},           // not in fours
		{in: "1 2 3 4 ", err: true},        // trailing space
		{in: "1  2 3 4", err: true},        // empty value
		{in: "1 2 3 x", err: true},         // not a number
		{in: "1 2 3 -", err: true},         // a sign alone
		{in: "1 2 3 4,5 6 7 8", err: true}, // another separator
		{in: "1 2 3 99999999999999999999", err: true},
	} {
		got, err := parseQuads(nil, tc.in)
		if tc.err {
			assert.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	// It appends, sorting only what it added.
	got, err := parseQuads([][4]int{{9, 9, 9, 9}}, "2 0 0 0 1 0 0 0")
	require.NoError(t, err)
	assert.Equal(t, [][4]int{{9, 9, 9, 9}, {1, 0, 0, 0}, {2, 0, 0, 0}}, got)
}

// TestParseHeadQuads: a table's numbers, then its sides; an entry's four numbers.
func TestParseHeadQuads(t *testing.T) {
	head := make([]int, 6)
	got, err := parseHeadQuads(head, nil, "17 3 2 0 5 1 2 0 40 0 1 0 39 0")
	require.NoError(t, err)
	assert.Equal(t, []int{17, 3, 2, 0, 5, 1}, head)
	assert.Equal(t, [][4]int{{1, 0, 39, 0}, {2, 0, 40, 0}}, got)
	got, err = parseHeadQuads(head, nil, "18 3 1 -1 1 0") // no side
	require.NoError(t, err)
	assert.Equal(t, []int{18, 3, 1, -1, 1, 0}, head)
	assert.Empty(t, got)
	for _, bad := range []string{"", "18 3 1 1 1", "18 3 1 1 1 0 1 2 3", "18 3 1 1 1 0 "} {
		_, err := parseHeadQuads(head, nil, bad)
		assert.Error(t, err, bad)
	}
	four := make([]int, 4)
	_, err = parseHeadQuads(four, nil, "12 1 9 450")
	require.NoError(t, err)
	assert.Equal(t, []int{12, 1, 9, 450}, four)
}

// FuzzParseQuads: any text is parsed or refused without a panic; integers written as
// the aggregates write them read back as they were, sorted.
func FuzzParseQuads(f *testing.F) {
	f.Add("1 0 17 0 2 1 -5 3", int64(7), int64(-160))
	f.Add("", int64(0), int64(0))
	f.Fuzz(func(t *testing.T, s string, a, b int64) {
		_, _ = parseQuads(nil, s)
		_, _ = parseHeadQuads(make([]int, 6), nil, s)
		const limit = 1 << 40
		a, b = a%limit, b%limit
		qs := [][4]int{{int(a), int(b), int(a ^ b), int(-b)}, {int(b), int(a), 0, int(a)}}
		var parts []string
		for _, q := range qs {
			parts = append(parts, fmt.Sprintf("%d %d %d %d", q[0], q[1], q[2], q[3]))
		}
		got, err := parseQuads(nil, strings.Join(parts, " "))
		if err != nil {
			t.Fatal(err)
		}
		slices.SortStableFunc(qs, cmp4)
		if len(got) != 2 || cmp4(got[0], got[1]) > 0 || !slices.ContainsFunc(got, func(q [4]int) bool { return q == qs[0] }) ||
			!slices.ContainsFunc(got, func(q [4]int) bool { return q == qs[1] }) {
			t.Fatalf("%v: got %v", qs, got)
		}
	})
}
