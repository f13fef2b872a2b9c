// Package atomicfile replaces files so that a crash or a failed write at any
// moment leaves either the old file or the new one, never a torn one: saves,
// screenshots and reports all go through it.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = fill(f); err != nil {
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	// CreateTemp makes the file private; the result is an ordinary file.
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("chmod %s: %w", tmp, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", tmp, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmp, err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	if err = syncDir(dir); err != nil {
		return fmt.Errorf("sync directory %s: %w", dir, err)
	}
	return nil
}

// RemoveTemps deletes temporary files that a crash left in dir.
func RemoveTemps(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("list %s: %w", dir, err)
	}
	for _, e := range ents {
		if !e.IsDir() && strings.Contains(e.Name(), TempMarker) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !os.IsNotExist(err) {
				return fmt.Errorf("remove leftover %s: %w", e.Name(), err)
			}
		}
	}
	return nil
}
