package shadertool

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
)

// includeLine matches a quoted #include, the form glslc resolves relative
// to the including file. Commented-out includes may match too; that only
// adds a file to the hash, which can cost a recompile but never misses one.
var includeLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"`)

// directIncludes returns the files src names in #include "x", resolved
// relative to src's folder, in the order they appear.
func directIncludes(src string, data []byte) []string {
	var out []string
	for _, m := range includeLine.FindAllSubmatch(data, -1) {
		name := string(m[1])
		if filepath.IsAbs(name) {
			out = append(out, filepath.Clean(name))
			continue
		}
		out = append(out, filepath.Join(filepath.Dir(src), filepath.FromSlash(name)))
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

// hashSource hashes src together with everything it includes. The hash
// covers each include's path relative to src, so moving an include (or
// pointing at a different one) counts as a change, and a missing include
// hashes differently from an empty one.
func hashSource(src string) (sourceInputs, error) {
	h := sha256.New()
	fmt.Fprintf(h, "sleak shader inputs v1\n")
	var in sourceInputs
	visited := map[string]bool{}
	var visit func(p string, top bool) error
	visit = func(p string, top bool) error {
		if visited[p] {
			return nil
		}
		visited[p] = true
		rel, err := filepath.Rel(filepath.Dir(src), p)
		if err != nil {
			rel = p
		}
		data, err := os.ReadFile(p)
		if err != nil {
			if top {
				return fmt.Errorf("read shader source: %w", err)
			}
			if !os.IsNotExist(err) {
				return fmt.Errorf("read %s, included by %s: %w", p, src, err)
			}
			in.Missing = append(in.Missing, p)
			fmt.Fprintf(h, "missing %q\n", filepath.ToSlash(rel))
			return nil
		}
		if !top {
			in.Includes = append(in.Includes, p)
		}
		fmt.Fprintf(h, "file %q %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
		for _, inc := range directIncludes(p, data) {
			if err := visit(inc, false); err != nil {
				return err
			}
		}
		return nil
	}
	if err := visit(filepath.Clean(src), true); err != nil {
		return sourceInputs{}, err
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
