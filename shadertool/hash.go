package shadertool

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/sleakgo/sleak/assets"
)

// includeLine matches a quoted #include, the form glslc resolves relative
// to the including file. Commented-out includes may match too; that only
// adds a file to the hash, which can cost a recompile but never misses one.
var includeLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"`)

// directIncludes returns the files src names in #include "x", resolved
// relative to src's folder and then in the engine's (see includeSet), in
// the order they appear.
func directIncludes(src string, data []byte, inc *includeSet) []string {
	var out []string
	for _, m := range includeLine.FindAllSubmatch(data, -1) {
		name := string(m[1])
		if filepath.IsAbs(name) {
			out = append(out, filepath.Clean(name))
			continue
		}
		out = append(out, inc.resolve(filepath.Join(filepath.Dir(src), filepath.FromSlash(name))))
	}
	return out
}

// sourceInputs is what a compile of one source reads: the source and every
// file it includes, transitively.
type sourceInputs struct {
	Hash     string   // SHA-256 over the source and its includes, hex
	Includes []string // absolute paths, in first-seen order, without the source
	Missing  []string // includes that do not exist (glslc will report them)
}

// hashSource hashes src together with everything it includes, found
// through inc as at run time. The hash covers each include's name relative
// to src (or in the engine's folder), so moving an include (or pointing at
// a different one) counts as a change, and a missing include hashes
// differently from an empty one. An include graph that cannot be expanded
// (a cycle, nesting deeper than assets.MaxIncludeDepth, a name outside the
// folder) is an error: glslc would loop on a cycle.
func hashSource(src string, inc *includeSet) (sourceInputs, error) {
	src = filepath.Clean(src)
	if _, err := readSource(src); err != nil {
		return sourceInputs{}, fmt.Errorf("read shader source: %w", err)
	}
	_, read, err := inc.expand(src)
	var in sourceInputs
	if err != nil {
		var ie *assets.IncludeError
		if !errors.As(err, &ie) || !errors.Is(err, fs.ErrNotExist) {
			return sourceInputs{}, err
		}
		// glslc reports a missing include with its own message; the hash
		// records it so that creating the file counts as a change.
		in.Missing = append(in.Missing, inc.resolve(filepath.Join(filepath.Dir(filepath.FromSlash(ie.File)), filepath.FromSlash(ie.Name))))
	}
	h := sha256.New()
	fmt.Fprintf(h, "sleak shader inputs v2\n")
	seen := map[string]bool{}
	for i, p := range read {
		if seen[p] {
			continue
		}
		seen[p] = true
		data, err := readSource(p)
		if err != nil {
			return sourceInputs{}, fmt.Errorf("read %s, included by %s: %w", p, src, err)
		}
		if i > 0 {
			in.Includes = append(in.Includes, p)
		}
		fmt.Fprintf(h, "file %q %d\n", inc.relName(src, p), len(data))
		h.Write(data)
	}
	for _, m := range in.Missing {
		fmt.Fprintf(h, "missing %q\n", inc.relName(src, m))
	}
	in.Hash = hex.EncodeToString(h.Sum(nil))
	return in, nil
}

// hashFile returns the SHA-256 of a file's contents, hex.
func hashFile(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
