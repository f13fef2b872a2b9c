package dxtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sleakgo/sleak/backends"
)

// EmptyingWorkDir wraps open so that closing the backend also removes the
// working directory when it lies under os.TempDir().
//
// Why: the conformance suite runs each scene in a t.TempDir, and under Wine
// 8.0 the testing package's cleanup of it fails. Go 1.26's os.RemoveAll
// deletes files with NtSetInformationFile(FileDispositionInformationEx),
// which Wine 8.0 answers with STATUS_NOT_IMPLEMENTED, a status Go does not
// fall back from ("unlinkat ...: Invalid function"). os.Remove still works,
// and the backend is closed by a cleanup that runs before the TempDir's, so
// removing the folder there (t.TempDir's parent is then empty, which
// os.RemoveAll deletes without the failing call) lets the suite's own
// removal succeed. On
// Windows itself this only does early what the suite would do anyway.
func EmptyingWorkDir(open func(backends.Config) (backends.Backend, error)) func(backends.Config) (backends.Backend, error) {
	return func(cfg backends.Config) (backends.Backend, error) {
		b, err := open(cfg)
		if err != nil {
			return nil, err
		}
		dir, err := os.Getwd()
		if err != nil || !strings.HasPrefix(strings.ToLower(dir), strings.ToLower(filepath.Clean(os.TempDir()))+string(filepath.Separator)) {
			return b, nil
		}
		return &emptying{Backend: b, dir: dir}, nil
	}
}

type emptying struct {
	backends.Backend
	dir string
}

// ResetFiles passes shader hot reload through to the backend: a wrapper
// that hid the optional interface would make the backend look like one
// that cannot reload.
func (e *emptying) ResetFiles(paths []string) (int, error) {
	rl, ok := e.Backend.(backends.ShaderReloader)
	if !ok {
		return 0, fmt.Errorf("%s: the backend cannot reset shader files", e.Backend.Kind())
	}
	return rl.ResetFiles(paths)
}

func (e *emptying) Close() error {
	err := e.Backend.Close()
	// Windows cannot remove the current directory; the suite's t.Chdir
	// cleanup restores the original one afterwards anyway.
	if os.Chdir(filepath.Dir(e.dir)) == nil {
		removeTree(e.dir, true)
	}
	return err
}

// removeTree removes what dir holds, deepest first, with os.Remove, and dir
// itself when self is set.
func removeTree(dir string, self bool) {
	entries, _ := os.ReadDir(dir)
	for _, en := range entries {
		p := filepath.Join(dir, en.Name())
		if en.IsDir() {
			removeTree(p, true)
		} else {
			_ = os.Remove(p)
		}
	}
	if self {
		_ = os.Remove(dir)
	}
}
