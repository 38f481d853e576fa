package apptest_test

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// views' root holds only the server and its routes: at most 3 hand-written Go files,
// tests included (issue 19).
func TestViewsRootHoldsOnlyTheRoutes(t *testing.T) {
	files, err := filepath.Glob("../*.go")
	require.NoError(t, err)
	var hand []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_templ.go") {
			hand = append(hand, filepath.Base(f))
		}
	}
	assert.LessOrEqual(t, len(hand), 3, "views' root: %v", hand)
	templs, err := filepath.Glob("../*.templ")
	require.NoError(t, err)
	assert.Empty(t, templs, "no page lives in views' root")
}

// No package under views/ reaches into a sibling: whatever it imports, directly or
// through others, of views is only page, words and the API's bodies (api/dto, which
// itself imports nothing of views); the test harnesses, packages named …test, are
// excepted: they drive the whole app. Checked on the non-test imports, as `go list
// -deps` shows them.
func TestNoFeatureImportsAnother(t *testing.T) {
	const module = "burraco/"
	root, err := filepath.Abs("../..") // the module's root
	require.NoError(t, err)
	allowed := []string{"burraco/views/page", "burraco/views/words", "burraco/views/api/dto"}

	imports := map[string][]string{} // a package of the module: its imports of the module
	var load func(path string) []string
	load = func(path string) []string {
		if imps, ok := imports[path]; ok {
			return imps
		}
		imports[path] = nil
		pkg, err := build.ImportDir(filepath.Join(root, strings.TrimPrefix(path, module)), 0)
		require.NoError(t, err, path)
		var own []string
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(imp, module) {
				own = append(own, imp)
			}
		}
		imports[path] = own
		return own
	}
	deps := func(path string) []string {
		seen := map[string]bool{}
		var walk func(string)
		walk = func(p string) {
			for _, imp := range load(p) {
				if !seen[imp] {
					seen[imp] = true
					walk(imp)
				}
			}
		}
		walk(path)
		var out []string
		for p := range seen {
			out = append(out, p)
		}
		slices.Sort(out)
		return out
	}

	checked := 0
	err = filepath.WalkDir(filepath.Join(root, "views"), func(dir string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, dir)
		if rel == "views" || strings.HasSuffix(d.Name(), "test") || d.Name() == "testdata" || d.Name() == "locales" {
			return nil
		}
		if _, err := build.ImportDir(dir, 0); err != nil {
			return nil // no Go package here (assets only)
		}
		path := module + filepath.ToSlash(rel)
		checked++
		for _, dep := range deps(path) {
			if !strings.HasPrefix(dep, "burraco/views") {
				continue
			}
			if !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s: a views package imports only page, words and api/dto", path, dep)
			} else if path == "burraco/views/api/dto" {
				t.Errorf("%s imports %s: the API's bodies import nothing of views", path, dep)
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, checked, 10, "the walk found the packages of views")
}
