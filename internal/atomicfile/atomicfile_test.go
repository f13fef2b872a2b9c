package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFailedWriteKeepsTheLastGoodFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shot.png")
	if err := Write(p, []byte("good")); err != nil {
		t.Fatal(err)
	}
	err := WriteFunc(p, func(w io.Writer) error {
		w.Write([]byte("half"))
		return errors.New("encoder failed")
	})
	if err == nil || !strings.Contains(err.Error(), "encoder failed") {
		t.Fatalf("err = %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "good" {
		t.Fatalf("file = %q after a failed write, want the last good content", got)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("left %d files, want only the original", len(ents))
	}
}

// Opening a world used to delete every file whose name contained ".tmp-",
// the user's own included: only the exact names Write makes for the files
// the caller owns may go.
func TestRemoveTempsRemovesOnlyOurs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]bool{ // name -> removed
		"world.json" + TempMarker + "12345": true,
		"world.json" + TempMarker + "9":     true,
		"world.json":                        false,
		"notes" + TempMarker + "1":          false, // not a file we write
		"world.json" + TempMarker + "1.bak": false, // not CreateTemp's digits
		"world.json" + TempMarker:           false,
		"photo.tmp-2024.jpg":                false,
		"my.world.json" + TempMarker + "1":  false,
	}
	for name := range files {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := RemoveTemps(dir, func(name string) bool { return name == "world.json" }); err != nil {
		t.Fatal(err)
	}
	for name, removed := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := errors.Is(err, os.ErrNotExist); gone != removed {
			t.Errorf("%s: removed = %v, want %v", name, gone, removed)
		}
	}
}

// A failed write says which file and why once, not "write X.tmp-N: write
// X.tmp-N: ...".
func TestWriteErrorNamesTheFileOnce(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "r.0.0.vxr")
	err := WriteFunc(p, func(w io.Writer) error {
		f := w.(*os.File)
		f.Close() // the next write fails with a *fs.PathError naming the file
		_, err := w.Write([]byte("x"))
		return err
	})
	if err == nil || strings.Count(err.Error(), "r.0.0.vxr") != 1 {
		t.Fatalf("err = %v, want the file named once", err)
	}
	err = Write(filepath.Join(dir, "missing", "x"), nil)
	if err == nil || strings.Count(err.Error(), "missing") != 1 {
		t.Fatalf("err = %v, want the file named once", err)
	}
}
