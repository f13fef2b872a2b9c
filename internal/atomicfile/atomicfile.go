// Package atomicfile replaces files so that a crash or a failed write at any
// moment leaves either the old file or the new one, never a torn one: saves,
// screenshots and reports all go through it.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sleakgo/sleak/internal/safetext"
)

// TempMarker is in the name of every temporary file; RemoveTemps deletes
// the ones a crash left behind.
const TempMarker = ".tmp-"

// Write replaces path with data so that a crash at any moment leaves either
// the old file or the new one: the data goes to a temporary file in the same
// directory, which is synced, renamed over path, and then the directory is
// synced so the rename itself is durable.
func Write(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write with the content produced by fill, for encoders that
// stream (PNG, JSON). If fill fails, path is left as it was.
func WriteFunc(path string, fill func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+TempMarker+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", safetext.Name(path), cause(err))
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	// Each step's message names the file once: the *fs.PathError that the
	// file's methods return would name it a second time.
	if err = fill(f); err != nil {
		return fmt.Errorf("write %s: %w", safetext.Name(tmp), cause(err))
	}
	// CreateTemp makes the file private; the result is an ordinary file.
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("chmod %s: %w", safetext.Name(tmp), cause(err))
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", safetext.Name(tmp), cause(err))
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", safetext.Name(tmp), cause(err))
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("replace %s: %w", safetext.Name(path), cause(err))
	}
	if err = syncDir(dir); err != nil {
		return fmt.Errorf("sync directory %s: %w", safetext.Name(dir), cause(err))
	}
	return nil
}

// cause drops the operation and path of a *fs.PathError or *os.LinkError,
// which the caller's message gives, keeping the error it wraps.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// RemoveTemps deletes the temporary files that a crash left in dir while
// writing one of the files ours accepts (by base name, such as
// "world.json"): exactly the names Write creates for them, the name, the
// marker and CreateTemp's decimal digits. Any other file is left alone,
// whatever its name contains.
func RemoveTemps(dir string, ours func(name string) bool) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("list %s: %w", safetext.Name(dir), cause(err))
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || !isTemp(e.Name(), ours) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove leftover %s: %w", safetext.Name(e.Name()), cause(err))
		}
	}
	return nil
}

// isTemp reports whether name is NAME.tmp-DIGITS for a NAME that ours
// accepts.
func isTemp(name string, ours func(string) bool) bool {
	i := strings.LastIndex(name, TempMarker)
	if i <= 0 {
		return false
	}
	digits := name[i+len(TempMarker):]
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return false
	}
	return ours(name[:i])
}
