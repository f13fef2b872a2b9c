package shadertool

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// fileStatus judges one needed file: StatusOK, StatusMissing, or
// StatusBroken when it exists but a check failed on it (or on the entry
// point used).
func (c *checker) fileStatus(f reqFile, runtime bool) string {
	if c.locate(f.abs, runtime) == "" {
		return StatusMissing
	}
	if c.broken[f.abs] {
		return StatusBroken
	}
	for _, e := range hlslEntriesOf(f) {
		if c.broken[f.abs+"#"+e] {
			return StatusBroken
		}
	}
	return StatusOK
}

func (c *checker) rowStatuses() {
	for _, r := range c.order {
		row := StemRow{
			Stem: r.stem, Dir: r.dirDisp, Uses: r.uses, Stages: r.need.List(),
			VertexOnly: r.need == Vertex, LimitedTo: r.limited,
			Compute:       computeBackends(r.stem),
			VulkanSources: *r.sources,
			SPIRV:         *r.cells[backends.Vulkan],
			GL:            *r.cells[backends.OpenGL],
			HLSL:          *r.cells[backends.D3D11],
			DX12:          *r.cells[backends.D3D12],
		}
		for _, k := range backends.Kinds() {
			bs := BackendStatus{Backend: k.String(), Status: StatusOK}
			req, _ := c.rowFiles(k, r)
			for _, f := range req {
				switch c.fileStatus(f, r.runtime) {
				case StatusMissing:
					bs.Missing = append(bs.Missing, f.disp)
				case StatusBroken:
					bs.Broken = append(bs.Broken, f.disp)
				}
			}
			bs.Status = combine(len(bs.Missing) > 0, false, len(bs.Broken) > 0, r.acceptedOn(k))
			row.Backends = append(row.Backends, bs)
		}
		c.rep.Stems = append(c.rep.Stems, row)
	}
}

// combine folds what was found for one backend into a status: a missing
// file wins over a broken one, and a gap game.toml accepts is reported as
// such only when nothing else is wrong.
func combine(missing, missingAccepted, broken, accepted bool) string {
	switch {
	case missing && !accepted:
		return StatusMissing
	case broken:
		return StatusBroken
	case missing || missingAccepted:
		return StatusAcceptedGap
	}
	return StatusOK
}

type featureNeed struct {
	file    reqFile
	stem    string
	runtime bool
	pipe    string // "format key\x00abs" marking a layout mismatch, or ""
}

// relocate moves a file resolved in assets/shaders beside game.toml to the
// folder its stem is found in at run time (a mounted game folder).
func (c *checker) relocate(f reqFile, stem string) reqFile {
	if filepath.Dir(f.abs) != c.runtimeDir() {
		return f
	}
	dir := c.stemDir(stem)
	if dir == c.runtimeDir() {
		return f
	}
	f.abs = filepath.Join(dir, filepath.Base(f.abs))
	f.disp = display(c.workDir, f.abs)
	return f
}

func (c *checker) features() {
	limitedAway := func(stem string, k backends.Kind) bool {
		if c.cfg == nil {
			return false
		}
		bs, ok := c.cfg.Shaders.Backends(stem)
		return ok && !contains(bs, k.String())
	}
	status := func(needs []featureNeed, k backends.Kind) BackendStatus {
		bs := BackendStatus{Backend: k.String()}
		var missing, accepted, broken bool
		for _, n := range needs {
			st := c.fileStatus(n.file, n.runtime)
			if st == StatusOK && n.pipe != "" && c.badPipes[n.pipe] {
				st = StatusBroken
			}
			switch st {
			case StatusMissing:
				bs.Missing = append(bs.Missing, n.file.disp)
				if limitedAway(n.stem, k) {
					accepted = true
				} else {
					missing = true
				}
			case StatusBroken:
				bs.Broken = append(bs.Broken, n.file.disp)
				broken = true
			}
		}
		bs.Status = combine(missing, accepted, broken, false)
		return bs
	}
	runtimeFiles := func(sf backends.ShaderFiles, want Stages) []reqFile {
		files := c.pick(sf, want)
		for i := range files {
			// Resolve names files relative to the game's working
			// directory; show them relative to ours.
			files[i].abs = filepath.Join(c.gameRoot, filepath.FromSlash(files[i].disp))
			files[i].disp = display(c.workDir, files[i].abs)
		}
		return files
	}

	for _, feat := range engineFeatures {
		row := FeatureRow{Feature: feat}
		for _, e := range EngineStems {
			if e.Feature == feat {
				row.Stems = append(row.Stems, e.Stem)
			}
		}
		for _, k := range backends.Kinds() {
			var needs []featureNeed
			for _, e := range EngineStems {
				if e.Feature != feat {
					continue
				}
				sf, err := backends.ResolveEngine(k, backends.ShaderDir, e.Stem)
				if err != nil {
					continue
				}
				for _, f := range runtimeFiles(sf, e.Stages) {
					needs = append(needs, featureNeed{file: f, stem: e.Stem, runtime: true})
				}
			}
			row.Backends = append(row.Backends, status(needs, k))
		}
		c.rep.Features = append(c.rep.Features, row)
	}

	for _, m := range markerFeatures {
		c.markerFeature(m, status, runtimeFiles)
	}

	if c.cfg == nil {
		return
	}
	for i := range c.cfg.VertexFormats {
		l := &c.cfg.VertexFormats[i]
		key := fmt.Sprintf("vertex format %q", l.Name)
		for _, p := range formats.StemPasses {
			stem := l.Stem(p)
			if stem == "" {
				continue
			}
			row := FeatureRow{Feature: fmt.Sprintf("format %s: %s", l.Name, p), Stems: []string{stem}}
			if p == formats.PassGBuffer {
				row.Stems = append(row.Stems, backends.GBufferFragmentStem(l.GBufferStage))
			}
			if p != formats.PassForward && l.Shader != "" && l.Shader != stem {
				// The main stem gates every pass of its format.
				row.Stems = append(row.Stems, l.Shader)
			}
			for _, k := range backends.Kinds() {
				var needs []featureNeed
				addPass := func(stem string, p formats.Pass) {
					sf, err := backends.ResolveStem(k, stem, p, l.GBufferStage)
					if err != nil {
						return
					}
					for j, f := range runtimeFiles(sf, BothStages) {
						n := featureNeed{file: f, stem: stem, runtime: true}
						if p == formats.PassGBuffer && j == 1 {
							n.stem = backends.GBufferFragmentStem(l.GBufferStage)
						}
						n.file = c.relocate(f, n.stem)
						if j == 0 && k == backends.Vulkan {
							n.pipe = key + "\x00" + n.file.abs
						}
						needs = append(needs, n)
					}
				}
				addPass(stem, p)
				if p != formats.PassForward && l.Shader != "" {
					addPass(l.Shader, formats.PassForward)
				}
				row.Backends = append(row.Backends, status(needs, k))
			}
			c.rep.Features = append(c.rep.Features, row)
		}
	}
}

// engineStages is the stages engine stem stem has (EngineStems), both
// for any other.
func engineStages(stem string) Stages {
	for _, e := range EngineStems {
		if e.Stem == stem {
			return e.Stages
		}
	}
	return BothStages
}

// markerFeature adds the row of a feature the engine's shaders carry in
// their fragment (or compute) stages rather than in stems of their own:
// every one of its shaders' files exists and builds, and each such stage
// holds the feature's marker (after its includes are expanded).
func (c *checker) markerFeature(m markerFeature, status func([]featureNeed, backends.Kind) BackendStatus, runtimeFiles func(backends.ShaderFiles, Stages) []reqFile) {
	row := FeatureRow{Feature: m.name, Stems: m.stems}
	for _, k := range backends.Kinds() {
		var needs []featureNeed
		var frags []reqFile
		for _, stem := range m.stems {
			sf, err := backends.ResolveEngine(k, backends.ShaderDir, stem)
			if err != nil {
				continue
			}
			for _, f := range runtimeFiles(sf, engineStages(stem)) {
				needs = append(needs, featureNeed{file: f, stem: stem, runtime: true})
				if f.stages&(Fragment|Compute) != 0 {
					frags = append(frags, f)
				}
			}
		}
		bs := status(needs, k)
		if bs.Status == StatusOK {
			marker, want := m.marker(k)
			for _, f := range frags {
				// A Vulkan stage is judged by the source its .spv
				// is compiled from (a stale .spv is reported on its own).
				abs, disp := strings.TrimSuffix(f.abs, ".spv"), strings.TrimSuffix(f.disp, ".spv")
				where := c.locate(abs, true)
				text, err := c.readFound(abs, where)
				if where == "" || err != nil || bytes.Count(text, []byte(marker)) < want {
					bs.Missing = append(bs.Missing, disp+" ("+m.lacks+")")
					bs.Status = StatusMissing
				}
			}
		}
		row.Backends = append(row.Backends, bs)
	}
	c.rep.Features = append(c.rep.Features, row)
}
