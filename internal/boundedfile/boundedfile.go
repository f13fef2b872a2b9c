// Package boundedfile is the one way the engine and its tools read a file
// whose content they do not control: game.toml and scenes, images,
// shaders, shader manifests, region and world files.
//
// Each read names a [Kind], which carries the largest size that kind of
// file may have. Only regular files are read: a FIFO, a device such as
// /dev/zero or a directory named where a file belongs is refused at once,
// without blocking on the open or reading forever. A file larger than its
// kind's limit is refused before its content is read, and a file that
// grows while it is read is cut off one byte past the limit, so a read
// never allocates more than the limit.
package boundedfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/sleakgo/sleak/internal/safetext"
)

// Kind is a sort of file and the most bytes the engine reads of one.
type Kind struct {
	Name string // for messages: "game config", "image"
	Max  int64  // bytes; a larger file is refused
}

// The kinds shared by several packages. Packages with a format of their own
// (regions, shader manifests) declare theirs beside the format. The limits
// and why they were chosen are listed in docs/LIMITS.md.
var (
	// Config is game.toml and scene files: TOML written by hand, a few
	// kilobytes in practice.
	Config = Kind{Name: "game config", Max: 1 << 20}
	// Image is a texture file (PNG), before decoding.
	Image = Kind{Name: "image", Max: 64 << 20}
	// Shader is shader source or SPIR-V (GLSL, HLSL, .spv).
	Shader = Kind{Name: "shader", Max: 8 << 20}
	// Asset is any other asset file.
	Asset = Kind{Name: "asset", Max: 64 << 20}
)

// ErrTooLarge is wrapped by the error for a file over its kind's limit.
var ErrTooLarge = errors.New("file too large")

// ErrNotRegular is wrapped by the error for a path that is not a regular
// file (a directory, FIFO, socket or device).
var ErrNotRegular = errors.New("not a regular file")

// ReadFile reads the regular file at path, refusing one larger than k.Max.
// Errors name the path once (control characters escaped) and wrap the
// cause, so errors.Is(err, fs.ErrNotExist) still holds for a missing file.
func ReadFile(path string, k Kind) ([]byte, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", safetext.Name(path), cause(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", safetext.Name(path), cause(err))
	}
	data, err := readLimited(f, st, k)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", safetext.Name(path), err)
	}
	return data, nil
}

// ReadFS is ReadFile for a file in fsys, such as an embedded or mounted
// asset folder.
func ReadFS(fsys fs.FS, name string, k Kind) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", safetext.Name(name), cause(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", safetext.Name(name), cause(err))
	}
	data, err := readLimited(f, st, k)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", safetext.Name(name), err)
	}
	return data, nil
}

// Check reports whether a file with info st may be read as kind k: it must
// be regular and within the limit.
func Check(st fs.FileInfo, k Kind) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%w (%s)", ErrNotRegular, describeMode(st.Mode()))
	}
	if st.Size() > k.Max {
		return fmt.Errorf("%w: %d bytes, more than the %d a %s may have", ErrTooLarge, st.Size(), k.Max, k.Name)
	}
	return nil
}

func readLimited(r io.Reader, st fs.FileInfo, k Kind) ([]byte, error) {
	if err := Check(st, k); err != nil {
		return nil, err
	}
	// The size is only a hint: the file may change between the stat and
	// the read, so the read itself stops one byte past the limit.
	buf := make([]byte, 0, st.Size()+1)
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > k.Max {
			return nil, fmt.Errorf("%w: it grew past the %d bytes a %s may have", ErrTooLarge, k.Max, k.Name)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, cause(err)
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
	}
}

// cause drops a *fs.PathError's operation and path, which the caller's
// message already gives, keeping the error it wraps.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "mode " + m.String()
}
