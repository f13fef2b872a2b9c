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
	os.WriteFile(filepath.Join(dir, "x"+TempMarker+"1"), nil, 0o644)
	if err := RemoveTemps(dir); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatal("RemoveTemps left a temporary file")
	}
}
