package scoring

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A scale exported for an Italian spreadsheet (';') or an English one (',') imports back.
func TestScaleCSVRoundTrip(t *testing.T) {
	for _, comma := range []rune{',', ';'} {
		for _, s := range []Scale{FIBUR3, FIBUR4} {
			var buf bytes.Buffer
			require.NoError(t, WriteScaleCSV(&buf, s.Bands, comma))
			require.True(t, strings.HasPrefix(buf.String(), "\ufefffrom"+string(comma)+"to"), buf.String())
			bands, key, _ := ParseScaleCSV(&buf)
			require.Empty(t, key)
			assert.Equal(t, s.Bands, bands)
		}
	}
}

func TestParseScaleCSV(t *testing.T) {
	bands, key, _ := ParseScaleCSV(strings.NewReader("\xef\xbb\xbfda;a;vincitore;perdente\n0;50;10;10\n55;;20;0\n"))
	require.Empty(t, key)
	assert.Equal(t, []Band{{0, 50, 10, 10}, {55, Open, 20, 0}}, bands)

	for in, want := range map[string][2]any{
		"from,to,winner\n0,1,2\n":              {ErrScaleCSV, 1},
		"to,from,winner,loser\n":               {"scale.csv_header", 1},
		"from,to,winner,loser\n0,50,x,10\n":    {"scale.csv_number", 2},
		"from,to,winner,loser\n0,50,10,10,1\n": {ErrScaleCSV, 2},
		"from,to,winner,loser\n0,50,10\n":      {ErrScaleCSV, 2},
		"from,to,winner,loser\n0,\"50,10,10\n": {ErrScaleCSV, 2},
		"from,to,winner,loser\n,50,10,10\n":    {"scale.csv_number", 2},
		"colour,to,winner,loser\n0,50,10,10\n": {"scale.csv_header", 1},
	} {
		_, key, line := ParseScaleCSV(strings.NewReader(in))
		assert.Equal(t, want, [2]any{key, line}, in)
	}
}

func FuzzParseScaleCSV(f *testing.F) {
	f.Add("from,to,winner,loser\n0,50,10,10\n55,,20,0\n")
	f.Add("da;a;vincitore;perdente\n0;;10;10\n")
	f.Fuzz(func(t *testing.T, in string) {
		bands, key, _ := ParseScaleCSV(strings.NewReader(in))
		if key != "" {
			return
		}
		s := Scale{Name: "f", Bands: bands}
		if s.Validate() != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteScaleCSV(&buf, bands, ';'); err != nil {
			t.Fatal(err)
		}
		back, key, _ := ParseScaleCSV(&buf)
		if key != "" || len(back) != len(bands) {
			t.Fatalf("round trip failed: %s", key)
		}
		for d := 0; d <= 5000; d += 5 {
			s.VP(d)
		}
	})
}

// The scale export goes through the app's one CSV writer: negative numbers stay numbers.
func TestScaleCSVKeepsNegativeNumbers(t *testing.T) {
	bands := []Band{{From: 0, To: 50, Winner: 10, Loser: -100}, {From: 51, To: Open, Winner: 20, Loser: -3}}
	var buf bytes.Buffer
	require.NoError(t, WriteScaleCSV(&buf, bands, ','))
	assert.Equal(t, "\ufefffrom,to,winner,loser\n0,50,10,-100\n51,,20,-3\n", buf.String())
	got, key, _ := ParseScaleCSV(&buf)
	assert.Empty(t, key)
	assert.Equal(t, bands, got)
}
