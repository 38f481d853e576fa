package scoring

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShippedScalesAreValid(t *testing.T) {
	for _, s := range []Scale{FIBUR3, FIBUR4} {
		assert.Nil(t, s.Validate(), s.Name)
	}
}

// Every band edge of both shipped scales, as RULES.md gives them, and the differences
// in between (not multiples of 5) that take the band whose lower bound they passed.
func TestFIBURBandEdges(t *testing.T) {
	type row struct{ diff, w, l int }
	three := []row{
		{0, 10, 10}, {50, 10, 10}, {52, 10, 10}, {55, 11, 9}, {150, 11, 9}, {155, 12, 8}, {250, 12, 8},
		{255, 13, 7}, {350, 13, 7}, {355, 14, 6}, {500, 14, 6}, {505, 15, 5}, {650, 15, 5},
		{655, 16, 4}, {800, 16, 4}, {805, 17, 3}, {1000, 17, 3}, {1005, 18, 2}, {1250, 18, 2},
		{1255, 19, 1}, {1500, 19, 1}, {1503, 19, 1}, {1505, 20, 0}, {2000, 20, 0}, {2005, 20, 0}, {99995, 20, 0},
	}
	four := []row{
		{0, 10, 10}, {100, 10, 10}, {105, 11, 9}, {300, 11, 9}, {305, 12, 8}, {500, 12, 8},
		{505, 13, 7}, {700, 13, 7}, {705, 14, 6}, {900, 14, 6}, {905, 15, 5}, {1100, 15, 5},
		{1105, 16, 4}, {1300, 16, 4}, {1305, 17, 3}, {1500, 17, 3}, {1505, 18, 2}, {1700, 18, 2},
		{1705, 19, 1}, {2000, 19, 1}, {2004, 19, 1}, {2005, 20, 0}, {5000, 20, 0},
	}
	for _, tc := range []struct {
		s    Scale
		rows []row
	}{{FIBUR3, three}, {FIBUR4, four}} {
		for _, r := range tc.rows {
			for _, d := range []int{r.diff, -r.diff} {
				w, l := tc.s.VP(d)
				assert.Equal(t, [2]int{r.w, r.l}, [2]int{w, l}, "%s diff %d", tc.s.Name, d)
			}
		}
	}
}

func TestMatch(t *testing.T) {
	assert.Equal(t, Result{MPA: 600, MPB: -600, VPA: 15, VPB: 5}, FIBUR3.Match(1800, 1200))
	assert.Equal(t, Result{MPA: -600, MPB: 600, VPA: 5, VPB: 15}, FIBUR3.Match(1200, 1800))
	assert.Equal(t, Result{MPA: -20, MPB: 20, VPA: 10, VPB: 10}, FIBUR3.Match(980, 1000))
	assert.Equal(t, Result{}, (&Scale{Bands: []Band{{0, Open, 0, 0}}}).Match(0, 0))
}

func TestTimedOut(t *testing.T) {
	tests := []struct {
		name           string
		totalA, totalB int
		aLate          bool
		want           Result
	}{
		{"A late while winning big: still loses", 2000, 500, true, Result{-355, 355, 6, 14}},
		{"A late while level", 1000, 1000, true, Result{-355, 355, 6, 14}},
		{"A late, B ahead by exactly 355: technical", 1000, 1355, true, Result{-355, 355, 6, 14}},
		{"A late, B ahead by 360: the real result stands", 1000, 1360, true, Result{-360, 360, 6, 14}},
		{"A late, B ahead by 600: real, better for B", 1000, 1600, true, Result{-600, 600, 5, 15}},
		{"B late while winning", 500, 900, false, Result{355, -355, 14, 6}},
		{"B late, A ahead by 1600: real", 2600, 1000, false, Result{1600, -1600, 20, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, FIBUR3.TimedOut(tt.totalA, tt.totalB, tt.aLate, DefaultTimeOut))
		})
	}
}

func TestValidateScale(t *testing.T) {
	valid := func() Scale {
		return Scale{Name: "x", Bands: []Band{{0, 50, 10, 10}, {55, 150, 12, 8}, {155, Open, 20, 0}}}
	}
	tests := []struct {
		name string
		edit func(s *Scale)
		want Problems
	}{
		{"valid", func(s *Scale) {}, nil},
		{"contiguous by one", func(s *Scale) { s.Bands[1].From = 51 }, nil},
		{"no name", func(s *Scale) { s.Name = "" }, Problems{"name": "error.required"}},
		{"no bands", func(s *Scale) { s.Bands = nil }, Problems{"bands": "scale.no_bands"}},
		{"first not from 0", func(s *Scale) { s.Bands[0].From = 5 }, Problems{"bands.0.from": "scale.first_from_zero"}},
		{"gap", func(s *Scale) { s.Bands[1].From = 60 }, Problems{"bands.1.from": "scale.not_contiguous"}},
		{"overlap", func(s *Scale) { s.Bands[1].From = 50 }, Problems{"bands.1.from": "scale.not_contiguous"}},
		{"to before from", func(s *Scale) { s.Bands[1].To = 40; s.Bands[2].From = 45 }, Problems{"bands.1.to": "scale.to_before_from"}},
		{"open in the middle", func(s *Scale) { s.Bands[1].To = Open }, Problems{"bands.1.to": "scale.open_not_last"}},
		{"last not open", func(s *Scale) { s.Bands[2].To = 2000 }, Problems{"bands.2.to": "scale.last_open"}},
		{"winner decreases", func(s *Scale) { s.Bands[2].Winner = 11 }, Problems{"bands.2.winner": "scale.winner_decreases"}},
		{"loser increases", func(s *Scale) { s.Bands[1].Loser = 11; s.Bands[1].Winner = 12 }, Problems{"bands.1.loser": "scale.loser_increases"}},
		{"winner below loser", func(s *Scale) { s.Bands[0].Winner = 9 }, Problems{"bands.0.winner": "scale.winner_below_loser"}},
		{"negative VP", func(s *Scale) { s.Bands[2].Loser = -1 }, Problems{"bands.2.loser": "scale.vp_range"}},
		{"winner VP too high", func(s *Scale) { s.Bands[2].Winner = MaxVP + 1 }, Problems{"bands.2.winner": "scale.vp_range"}},
		{"name too long", func(s *Scale) { s.Name = strings.Repeat("à", 101) }, Problems{"name": "error.too_long"}},
		{"too many bands", func(s *Scale) { s.Bands = make([]Band, 201) }, Problems{"bands": "scale.too_many_bands"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := valid()
			tt.edit(&s)
			assert.Equal(t, tt.want, s.Validate())
		})
	}
}

func TestBandJSON(t *testing.T) {
	b, err := json.Marshal(FIBUR3.Bands[9:])
	require.NoError(t, err)
	assert.JSONEq(t, `[{"from":1255,"to":1500,"winner":19,"loser":1},{"from":1505,"to":null,"winner":20,"loser":0}]`, string(b))
	var back []Band
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, FIBUR3.Bands[9:], back)
}

// FuzzScale builds a scale from fuzzed bands; whenever it validates, it converts every
// difference from 0 to 5,000, and VP never decrease for the winner (nor increase for
// the loser) as the difference grows.
func FuzzScale(f *testing.F) {
	f.Add([]byte{0, 10, 10, 11, 11, 9, 20, 20, 0})
	f.Add([]byte{0, 10, 10})
	f.Fuzz(func(t *testing.T, data []byte) {
		var s Scale
		s.Name = "fuzz"
		from := 0
		for i := 0; i+2 < len(data) && len(s.Bands) < 30; i += 3 {
			width := int(data[i]) * 5
			b := Band{From: from, To: from + width, Winner: int(data[i+1]), Loser: int(data[i+2])}
			if data[i]%7 == 3 {
				b.From += 5 // sometimes a gap
			}
			s.Bands = append(s.Bands, b)
			from = b.To + 5
		}
		if len(s.Bands) > 0 {
			s.Bands[len(s.Bands)-1].To = Open
		}
		if s.Validate() != nil {
			return
		}
		pw, pl := s.VP(0)
		for d := 0; d <= 5000; d++ {
			w, l := s.VP(d)
			if w < pw || l > pl || w < l {
				t.Fatalf("diff %d: %d-%d after %d-%d on %v", d, w, l, pw, pl, s.Bands)
			}
			if w2, l2 := s.VP(-d); w2 != w || l2 != l {
				t.Fatalf("diff %d and %d differ", d, -d)
			}
			pw, pl = w, l
		}
	})
}

func BenchmarkVP(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		w, l := FIBUR3.VP((i * 35) % 2500)
		sink += w + l
	}
}

func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += FIBUR4.Match(i%3000, 1200).VPA
	}
}

func ExampleScale_VP() {
	w, l := FIBUR3.VP(-600)
	fmt.Println(w, l)
	// Output: 15 5
}
