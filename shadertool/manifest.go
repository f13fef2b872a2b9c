package shadertool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sleakgo/sleak/internal/boundedfile"
)

// ManifestName is the file, one per folder of sources, that records how
// each .spv in the folder was made.
const ManifestName = ".spv-manifest.json"

const manifestVersion = 1

// Manifest records, per source file of one folder (keyed by its name in the
// folder, e.g. "foo.vert"), the inputs and output of its last successful
// compile.
type Manifest struct {
	Version int                      `json:"version"`
	Entries map[string]ManifestEntry `json:"entries"`
	// Generated records, per OpenGL variant written by Generate (keyed by
	// its name, e.g. "foo_gl.vert"), what it was generated from.
	Generated map[string]GeneratedEntry `json:"generated,omitempty"`
}

// GeneratedEntry is one generated OpenGL variant.
type GeneratedEntry struct {
	From   string `json:"from"`          // the .spv it was translated from, e.g. "foo.vert.spv"
	SPIRV  string `json:"spv_sha256"`    // SHA-256 of that .spv when it was translated
	Output string `json:"output_sha256"` // SHA-256 of the file written
}

// ManifestEntry is one source's last successful compile.
type ManifestEntry struct {
	// Source is the SHA-256 of the source and every file it includes (see
	// the package documentation), hex.
	Source string `json:"source_sha256"`
	// Includes lists the included files relative to the source's folder,
	// for readers; the hash already covers them.
	Includes []string `json:"includes,omitempty"`
	// Glslc is the first line of "glslc --version" of the compiler used.
	Glslc string `json:"glslc"`
	// SPIRV is the SHA-256 of the .spv that compile wrote, hex.
	SPIRV string `json:"spv_sha256"`
}

// manifestKind bounds a manifest: one line of JSON per shader, so 4 MiB is
// tens of thousands of shaders.
var manifestKind = boundedfile.Kind{Name: "shader manifest", Max: 4 << 20}

// readManifest loads dir's manifest. A missing manifest is an empty one; an
// unreadable or corrupt one is returned empty together with an error, so the
// caller can warn and carry on (everything then counts as out of date).
func readManifest(dir string) (*Manifest, error) {
	m := &Manifest{Version: manifestVersion, Entries: map[string]ManifestEntry{}}
	data, err := boundedfile.ReadFile(filepath.Join(dir, ManifestName), manifestKind)
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("read manifest: %w", err)
	}
	var got Manifest
	if err := json.Unmarshal(data, &got); err != nil {
		return m, fmt.Errorf("manifest %s is corrupt, ignoring it: %w", filepath.Join(dir, ManifestName), err)
	}
	if got.Version != manifestVersion {
		return m, fmt.Errorf("manifest %s has version %d, want %d, ignoring it", filepath.Join(dir, ManifestName), got.Version, manifestVersion)
	}
	for k, v := range got.Entries {
		m.Entries[k] = v
	}
	if len(got.Generated) > 0 {
		m.Generated = got.Generated
	}
	return m, nil
}

// encode renders the manifest deterministically (map keys are sorted by
// encoding/json), so that an unchanged manifest is byte-identical and
// version control sees no churn.
func (m *Manifest) encode() ([]byte, error) {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode manifest: %w", err)
	}
	return append(data, '\n'), nil
}

// writeManifest replaces dir's manifest atomically, and only when its
// contents change.
func writeManifest(dir string, m *Manifest) error {
	data, err := m.encode()
	if err != nil {
		return err
	}
	p := filepath.Join(dir, ManifestName)
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return writeAtomic(p, data)
}

// writeAtomic writes data to a temporary file beside p and renames it over
// p, so a reader never sees a half-written file.
func writeAtomic(p string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	name := tmp.Name()
	// CreateTemp makes the file private; the result is an ordinary
	// committed asset, readable by everyone like its neighbours.
	werr := tmp.Chmod(0o644)
	if werr == nil {
		_, werr = tmp.Write(data)
	}
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(name, p)
	}
	if werr != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", p, werr)
	}
	return nil
}

// staleness says whether a .spv still matches its source, and if not, why.
type staleness uint8

const (
	fresh        staleness = iota
	staleNoSPV             // the .spv does not exist
	staleNoEntry           // the manifest has no record of it: unknown provenance
	staleSource            // the source or an include changed since the compile
	staleSPV               // the .spv is not the file the compile wrote
	staleGlslc             // made by another glslc version
)

func (s staleness) String() string {
	return [...]string{
		"up to date",
		"missing",
		"no manifest entry (unknown provenance)",
		"source changed since compiled",
		".spv changed since compiled",
		"compiled by another glslc",
	}[s]
}

// judge compares a source's current state with its manifest entry. spvHash
// is "" when the .spv is missing; glslc "" skips the version comparison
// (the compiler is not there to ask).
func judge(e ManifestEntry, recorded bool, srcHash, spvHash, glslc string) staleness {
	switch {
	case spvHash == "":
		return staleNoSPV
	case !recorded:
		return staleNoEntry
	case e.Source != srcHash:
		return staleSource
	case e.SPIRV != spvHash:
		return staleSPV
	case glslc != "" && e.Glslc != glslc:
		return staleGlslc
	}
	return fresh
}
