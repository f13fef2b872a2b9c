package assets

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/sleakgo/sleak/internal/boundedfile"
)

func TestWorkingDirectoryOverridesEmbedded(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	const name = "assets/shaders/composite.comp"
	embedded, err := ReadFile(name)
	if err != nil {
		t.Fatalf("embedded %s: %v", name, err)
	}
	if Source(name) != "embedded" {
		t.Fatalf("Source = %q, want embedded", Source(name))
	}
	if err := os.MkdirAll(filepath.Join(dir, "assets/shaders"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte("override"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(name)
	if err != nil || string(got) != "override" || string(embedded) == "override" {
		t.Fatalf("ReadFile = %q, %v; want the working-directory file", got, err)
	}
	if Source(name) != "file" {
		t.Fatalf("Source = %q, want file", Source(name))
	}
}

func TestMissingNamesPath(t *testing.T) {
	t.Chdir(t.TempDir())
	_, err := ReadFile("assets/shaders/nope.vert.spv")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("err = %v, want ErrNotExist", err)
	}
	if want := "read assets/shaders/nope.vert.spv: file does not exist"; err.Error() != want {
		t.Fatalf("err = %q, want %q", err, want)
	}
	if Exists("assets/shaders/nope.vert.spv") || Exists("elsewhere/composite.frag") {
		t.Fatal("Exists reported a missing file")
	}
}

func TestChdirToExecutableWithoutAssets(t *testing.T) {
	// The test binary lives in a temporary folder without assets/.
	wd, _ := os.Getwd()
	dir, err := ChdirToExecutable()
	if err != nil || dir != "" {
		t.Fatalf("ChdirToExecutable = %q, %v; want no change", dir, err)
	}
	if now, _ := os.Getwd(); now != wd {
		t.Fatalf("working directory changed to %s", now)
	}
}

func TestMountedFilesComeBeforeEngineFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	Mount(fstest.MapFS{
		"shaders/game_only.vert": {Data: []byte("game")},
		"shaders/composite.comp": {Data: []byte("game composite")},
	})
	t.Cleanup(func() { mountMu.Lock(); mounted = nil; mountMu.Unlock() })
	for name, want := range map[string]string{
		"assets/shaders/game_only.vert": "game",
		"assets/shaders/composite.comp": "game composite",
	} {
		got, err := ReadFile(name)
		if err != nil || string(got) != want {
			t.Errorf("ReadFile(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	if !Exists("assets/shaders/default_shader.vert") {
		t.Error("engine files must stay reachable under a mount")
	}
}

// /dev/zero or a FIFO named as an asset was read for ever: only regular
// files within their kind's limit are read.
func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	for _, name := range []string{"/dev/zero", t.TempDir()} {
		if _, err := ReadFile(name); !errors.Is(err, boundedfile.ErrNotRegular) {
			t.Errorf("ReadFile(%s) = %v, want a not-a-regular-file error", name, err)
		}
	}
}
