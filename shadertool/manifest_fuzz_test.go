package shadertool

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadManifest feeds arbitrary bytes to the manifest reader: it may
// warn and start from an empty manifest, but never panic, and what it
// returns can always be written back.
func FuzzReadManifest(f *testing.F) {
	for _, s := range []string{
		`{"version": 1, "entries": {"a.vert": {"src_sha256": "00", "glslc": "x", "spv_sha256": "11"}}}`,
		`{"version": 99}`, `{"entries": 5}`, `[]`, `{`, ``, `null`,
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, ManifestName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, _ := readManifest(dir)
		if m == nil || m.Entries == nil {
			t.Fatal("readManifest returned no manifest")
		}
		if _, err := m.encode(); err != nil {
			t.Fatalf("the manifest read cannot be written back: %v", err)
		}
	})
}

// A FIFO or device named as the manifest is refused, not read for ever.
func TestReadManifestRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ManifestName), 0o755); err != nil {
		t.Fatal(err)
	}
	if m, err := readManifest(dir); err == nil || m == nil {
		t.Fatalf("readManifest over a directory = %v, %v; want an empty manifest and an error", m, err)
	}
}
