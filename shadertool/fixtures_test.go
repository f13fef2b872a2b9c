package shadertool

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// requireTools skips the test when a tool is not on PATH, or fails it when
// SLEAK_REQUIRE_DRIVERS=1 says the machine is meant to have them.
func requireTools(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("SLEAK_REQUIRE_DRIVERS") == "1" {
				t.Fatalf("%s is not on PATH (SLEAK_REQUIRE_DRIVERS=1)", tool)
			}
			t.Skipf("%s is not on PATH", tool)
		}
	}
}

// copyTree copies the fixture folder src into dst.
func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
}

func writeFile(t testing.TB, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// replaceIn rewrites a file, failing when old is not in it so a fixture
// edit cannot silently stop applying.
func replaceIn(t testing.TB, p, old, new string) {
	t.Helper()
	s := readFile(t, p)
	if !strings.Contains(s, old) {
		t.Fatalf("%s does not contain %q", p, old)
	}
	writeFile(t, p, strings.Replace(s, old, new, 1))
}

func removeFile(t testing.TB, p string) {
	t.Helper()
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
}

// compileDir compiles dir (relative to workDir) and fails the test on any
// error.
func compileDir(t testing.TB, workDir string, dirs ...string) *CompileResult {
	t.Helper()
	res, err := Compile(context.Background(), CompileOptions{WorkDir: workDir, Dirs: dirs})
	if err != nil {
		t.Fatalf("compile %v: %v (%+v)", dirs, err, res)
	}
	return res
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

func equalStrings(a, b []string) bool {
	a, b = sorted(a), sorted(b)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
