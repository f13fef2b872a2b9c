package shadertool

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Severity grades a problem. Only errors fail a check.
type Severity string

// Severities.
const (
	SevError    Severity = "error"
	SevWarning  Severity = "warning"
	SevAccepted Severity = "accepted" // a gap game.toml declares on purpose
)

// Problem kinds, the stable "kind" field of the JSON report.
const (
	KindMissingVariant    = "missing-variant"    // a file a backend loads does not exist
	KindMissingSource     = "missing-source"     // a .spv without the GLSL it is compiled from
	KindNotCompiled       = "not-compiled"       // a source whose .spv no stem needs is not compiled
	KindStale             = "stale"              // the source changed since the .spv was compiled
	KindUnknownProvenance = "unknown-provenance" // no manifest record of how the .spv was made
	KindMisnamed          = "misnamed"           // a shader-like file no loader looks for
	KindUnrecognised      = "unrecognised"       // some other file in a shader folder
	KindMissingEntry      = "missing-entry"      // HLSL without VS_Main or PS_Main where needed
	KindCompile           = "compile"            // a compiler rejected the file
	KindLayout            = "layout"             // vertex inputs do not match a vertex format
	KindToolMissing       = "tool-missing"       // a check could not run
	KindConfig            = "config"             // game.toml could not be loaded
	KindAcceptedGap       = "accepted-gap"       // a missing variant game.toml accepts
	KindUnusedLimit       = "unused-limit"       // [shaders] limited names a stem found nowhere
	KindManifest          = "manifest"           // a manifest could not be read
	KindStaleGenerated    = "stale-generated"    // a generated OpenGL variant no longer matches its SPIR-V
	KindShadowed          = "shadowed"           // a game file the working directory's copy hides at run time
	KindNotEmbedded       = "not-embedded"       // a file on disk the built binary does not have
)

// Report is the result of [Check]. Its JSON form (field names in the tags)
// is stable for CI.
type Report struct {
	Dirs     []string     `json:"dirs"`   // the folders checked
	Config   string       `json:"config"` // game.toml used, "" for none
	Tools    []ToolInfo   `json:"tools"`
	Stems    []StemRow    `json:"stems"`
	Features []FeatureRow `json:"features"`
	Problems []Problem    `json:"problems"`
	Summary  Summary      `json:"summary"`
}

// ToolInfo says whether an external tool was found.
type ToolInfo struct {
	Name    string `json:"name"`
	Path    string `json:"path"`              // "" when not on PATH
	Version string `json:"version,omitempty"` // glslc only: first line of --version
}

// Summary counts the problems by severity.
type Summary struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Accepted int `json:"accepted"`
}

// OK reports whether the check found no error.
func (r *Report) OK() bool { return r.Summary.Errors == 0 }

// StemRow is one row of the coverage matrix: a stem, what uses it, and the
// files of each column, by the exact names the backends load.
type StemRow struct {
	Stem       string   `json:"stem"`
	Dir        string   `json:"dir"`
	Uses       []string `json:"uses"`
	Stages     []string `json:"stages"` // the stages it must provide
	VertexOnly bool     `json:"vertex_only"`
	// Compute lists the backends that run the stem as one compute stage
	// (backends.IsComputeStem): its Vulkan files are then foo.comp and
	// foo.comp.spv, its OpenGL file foo_gl.comp.
	Compute []string `json:"compute,omitempty"`
	// LimitedTo lists the backends game.toml limits the stem to; empty
	// when it must exist everywhere.
	LimitedTo []string `json:"limited_to,omitempty"`

	VulkanSources Cell `json:"vulkan_sources"` // foo.vert, foo.frag
	SPIRV         Cell `json:"spirv"`          // foo.vert.spv, foo.frag.spv
	GL            Cell `json:"gl"`             // foo_gl.vert, foo_gl.frag
	HLSL          Cell `json:"hlsl"`           // foo.hlsl
	DX12          Cell `json:"dx12_hlsl"`      // foo_dx12.hlsl

	Backends []BackendStatus `json:"backends"` // vulkan, opengl, d3d11, d3d12
}

// Cell is one column of a coverage row.
type Cell struct {
	Needed   []string `json:"needed"`             // files the stem's stages need
	Present  []string `json:"present"`            // files that exist, needed or not
	Missing  []string `json:"missing"`            // needed files that do not exist
	Embedded []string `json:"embedded,omitempty"` // present only in the binary's engine copy
	// Provenance says, for each OpenGL variant present on disk, whether it
	// is GLHandWritten, GLGenerated or GLStaleGenerated.
	Provenance map[string]string `json:"provenance,omitempty"`
}

// Backend statuses of a stem or a feature.
const (
	StatusOK          = "ok"
	StatusMissing     = "missing"      // a needed file does not exist
	StatusBroken      = "broken"       // files exist but fail a check (compile, entry point, layout)
	StatusAcceptedGap = "accepted-gap" // missing, and game.toml accepts it
)

// BackendStatus is whether a stem or a feature works on one backend.
type BackendStatus struct {
	Backend string   `json:"backend"`
	Status  string   `json:"status"`
	Missing []string `json:"missing,omitempty"`
	Broken  []string `json:"broken,omitempty"`
}

// FeatureRow is one row of the backend feature matrix: an engine feature or
// a vertex format's pass, and whether the files it needs are all there.
type FeatureRow struct {
	Feature  string          `json:"feature"`
	Stems    []string        `json:"stems"`
	Backends []BackendStatus `json:"backends"`
}

// Problem is one finding.
type Problem struct {
	Severity Severity `json:"severity"`
	Kind     string   `json:"kind"`
	Stem     string   `json:"stem,omitempty"`
	Backend  string   `json:"backend,omitempty"`
	File     string   `json:"file,omitempty"`
	Message  string   `json:"message"`
	Output   string   `json:"output,omitempty"` // the tool's own message
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// WriteText writes the coverage matrix, the feature matrix and the problems
// for a reader.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	cfg := r.Config
	if cfg == "" {
		cfg = "none"
	}
	fmt.Fprintf(ew, "Shader coverage of %s (game config: %s)\n\n", strings.Join(r.Dirs, ", "), cfg)

	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "STEM\tUSED AS\tSTAGES\tVULKAN SRC\tSPIR-V\tGL\tHLSL\tDX12 HLSL")
	for _, s := range r.Stems {
		name := s.Stem
		if len(r.Dirs) > 1 || s.Dir != firstOr(r.Dirs) {
			name = s.Dir + "/" + s.Stem
		}
		stages := strings.Join(s.Stages, "+")
		if s.VertexOnly {
			stages = "vertex only"
		}
		if len(s.Compute) > 0 {
			stages += " (compute on " + strings.Join(s.Compute, ", ") + ")"
		}
		limited := ""
		if len(s.LimitedTo) > 0 {
			limited = " (limited to " + strings.Join(s.LimitedTo, ", ") + ")"
		}
		fmt.Fprintf(tw, "%s\t%s%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, strings.Join(s.Uses, "; "), limited, stages,
			cellText(s.VulkanSources), cellText(s.SPIRV), cellText(s.GL), cellText(s.HLSL), cellText(s.DX12))
	}
	tw.Flush()

	fmt.Fprintf(ew, "\nBackend feature support (computed from the files on disk)\n\n")
	tw = tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "FEATURE\tSTEMS\tVULKAN\tOPENGL\tD3D11\tD3D12")
	for _, f := range r.Features {
		cells := make([]string, len(f.Backends))
		for i, b := range f.Backends {
			cells[i] = statusText(b.Status)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", f.Feature, strings.Join(f.Stems, ", "), strings.Join(cells, "\t"))
	}
	tw.Flush()

	if len(r.Problems) > 0 {
		fmt.Fprintln(ew)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(ew, "%s: %s\n", p.Severity, p.Message)
		if p.Output != "" {
			for _, line := range strings.Split(p.Output, "\n") {
				fmt.Fprintf(ew, "    %s\n", line)
			}
		}
	}
	fmt.Fprintf(ew, "\n%d error(s), %d warning(s), %d accepted gap(s)\n", r.Summary.Errors, r.Summary.Warnings, r.Summary.Accepted)
	return ew.err
}

func firstOr(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// cellText abbreviates a cell: "ok", "-" when nothing is needed, or what is
// missing by extension.
func cellText(c Cell) string {
	switch {
	case len(c.Needed) == 0 && len(c.Present) == 0:
		return "-"
	case len(c.Needed) == 0:
		return "extra"
	case len(c.Missing) == 0 && len(c.Provenance) > 0:
		return provenanceText(c)
	case len(c.Missing) == 0 && len(c.Embedded) > 0:
		return "ok (embedded)"
	case len(c.Missing) == 0:
		return "ok"
	case len(c.Missing) == len(c.Needed):
		return "MISSING"
	}
	var parts []string
	for _, m := range c.Missing {
		parts = append(parts, "no "+shortName(m))
	}
	return strings.Join(parts, ", ")
}

// provenanceText names how an OpenGL cell's files were made: hand-written,
// generated, or generated from SPIR-V that has changed since.
func provenanceText(c Cell) string {
	counts := map[string]int{}
	for _, p := range c.Provenance {
		counts[p]++
	}
	switch {
	case counts[GLStaleGenerated] > 0:
		return "STALE generated"
	case counts[GLGenerated] > 0 && counts[GLHandWritten] > 0:
		return "hand-written + generated"
	case counts[GLGenerated] > 0:
		return "generated"
	}
	return "hand-written"
}

// shortName is the name after the stem: ".frag.spv", "_gl.vert".
func shortName(p string) string {
	base := p[strings.LastIndexByte(p, '/')+1:]
	for i := 0; i < len(base); i++ {
		if base[i] == '.' {
			return base[i:]
		}
	}
	return base
}

func statusText(s string) string {
	switch s {
	case StatusOK:
		return "yes"
	case StatusMissing:
		return "NO"
	case StatusBroken:
		return "BROKEN"
	case StatusAcceptedGap:
		return "no (accepted)"
	}
	return s
}

// errWriter keeps the first write error so the text renderer can write
// freely and report once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = err
	}
	return n, nil
}
