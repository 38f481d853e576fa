package exports

import (
	"bytes"
	"cmp"
	"fmt"
	"html"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
)

// pdfWord, pdfWords and assertHeadingsApart are copies of views/export_locale_test.go's,
// until the export tests that drive the server move here.

// pdfWord is a word of a PDF page where pdftotext finds it, in points.
type pdfWord struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

var bboxWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)

// pdfWords is every word of a PDF's pages with its box (pdftotext -bbox), or nil when
// pdftotext is not installed.
func pdfWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		require.NotEqual(t, "true", os.Getenv("CI"), "pdftotext (poppler-utils) is needed under CI")
		return nil
	}
	in := filepath.Join(t.TempDir(), "r.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(bin, "-bbox", in, "-").Output()
	require.NoError(t, err)
	var ws []pdfWord
	for _, m := range bboxWord.FindAllStringSubmatch(string(out), -1) {
		f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
		ws = append(ws, pdfWord{html.UnescapeString(m[5]), f(1), f(2), f(3), f(4)})
	}
	return ws
}

// assertHeadingsApart checks a PDF report's headings, the words between the word top
// (the subtitle's) and the word bottom (the first row's): every word of every heading is
// a word of its own, at least 2pt from the next on its line.
func assertHeadingsApart(t *testing.T, words []pdfWord, headings []string, top, bottom, name string) {
	t.Helper()
	at := func(text string) pdfWord {
		i := slices.IndexFunc(words, func(w pdfWord) bool { return w.Text == text })
		require.GreaterOrEqual(t, i, 0, "%s: %q in the PDF", name, text)
		return words[i]
	}
	y0, y1 := at(top).YMax, at(bottom).YMin
	var head []pdfWord
	for _, w := range words {
		if w.YMin > y0 && w.YMax < y1 {
			head = append(head, w)
		}
	}
	var want, got []string
	for _, h := range headings {
		want = append(want, strings.Fields(h)...)
	}
	for _, w := range head {
		got = append(got, w.Text)
	}
	assert.ElementsMatch(t, want, got, "%s: the headings' words, each apart", name)
	slices.SortFunc(head, func(a, b pdfWord) int {
		return cmp.Or(cmp.Compare(math.Round(a.YMin), math.Round(b.YMin)), cmp.Compare(a.XMin, b.XMin))
	})
	for i := 1; i < len(head); i++ {
		a, b := head[i-1], head[i]
		if math.Round(a.YMin) == math.Round(b.YMin) {
			assert.GreaterOrEqual(t, b.XMin-a.XMax, 2.0, "%s: %q and %q too close", name, a.Text, b.Text)
		}
	}
}

// A report with more columns than the page holds side by side wraps its headings at
// their spaces, still each apart.
func TestPDFReportWrapsCrowdedHeadings(t *testing.T) {
	r := &report{Title: "Classifica", Sub: "Sottotitolo", Head: []string{"#", "Nome"}, Num: []bool{true, false}}
	row := []string{"1", "Zeta"}
	for i := 1; i <= 9; i++ {
		r.Head, r.Num = append(r.Head, fmt.Sprintf("Punti partita turno %d", i)), append(r.Num, true)
		row = append(row, "-1250")
	}
	r.Rows = [][]string{row}
	var buf bytes.Buffer
	require.NoError(t, r.writePDF(&buf, page.IT))
	words := pdfWords(t, buf.Bytes())
	if words == nil {
		t.Skip("pdftotext not installed")
	}
	assertHeadingsApart(t, words, r.Head, "Sottotitolo", "Zeta", "crowded")
	lines := map[float64]bool{}
	for _, w := range words {
		if w.Text == "turno" {
			lines[math.Round(w.YMin)] = true
		}
	}
	assert.Len(t, lines, 1, "the headings wrapped alike")
}
