package core

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// ResetFiles implements backends.ShaderReloader: it drops the custom-format
// programs and material shaders built from any of paths and forgets the
// failures of those files, and nothing else, so a hot reload costs the
// programs that changed rather than every program a resize rebuilds.
//
// Custom formats are rebuilt on their next use through the pipeline table,
// which logs a failure once as it always does. Live material shaders are
// rebuilt here, keeping their ShaderID because materials hold it; a failed
// rebuild is logged once and leaves the shader broken (its draws dropped)
// until its files change again or a resize. Material shaders that had
// failed are forgotten, so the next CreateShader tries them again.
func (b *Backend[M, T, P]) ResetFiles(paths []string) (int, error) {
	if b.closed {
		return 0, b.errClosed("ResetFiles")
	}
	if b.seq.inFrame {
		return 0, b.errorf("ResetFiles inside a frame: call it between EndFrame and BeginFrame")
	}
	if len(paths) == 0 {
		return 0, nil
	}
	uses := func(f backends.ShaderFiles) bool {
		return slices.ContainsFunc(f.Paths(), func(p string) bool { return slices.Contains(paths, p) })
	}
	n := 0
	var zero P
	for _, h := range b.cfg.Formats.Handles() {
		layout, ok := b.cfg.Formats.Get(h)
		if !ok || h == formats.DefaultHandle {
			continue
		}
		for _, p := range formats.StemPasses {
			st := b.table.State(h, p)
			if st != backends.Ready && st != backends.Failed {
				continue
			}
			stem := layout.Stem(p)
			if stem == "" {
				continue // a missing main stem is no file's fault
			}
			files, err := backends.ResolveStem(b.kind, stem, p, layout.GBufferStage)
			if err != nil || !uses(files) {
				continue
			}
			if st == backends.Ready {
				b.deadPrograms = append(b.deadPrograms, dead[P]{b.lastUse(), b.progs[h][p]})
				b.progs[h][p] = zero
			}
			b.table.ResetPass(h, p)
			n++
		}
	}
	for canonical := range b.shaderErr {
		if files, err := backends.Resolve(b.kind, canonical); err == nil && uses(files) {
			delete(b.shaderErr, canonical)
			n++
		}
	}
	b.shaders.Each(func(s *shaderEntry[P]) {
		if uses(s.files) {
			b.rebuildShader(s)
			n++
		}
	})
	if r, ok := b.drv.(EngineReloader); ok && b.usesEngine(uses) {
		changed := func(stem string) bool {
			files, err := backends.ResolveEngine(b.kind, backends.ShaderDir, stem)
			return err == nil && uses(files)
		}
		if err := r.ReloadEngine(changed); err != nil {
			b.log.Error(fmt.Sprintf("%s: engine shaders not reloaded, the last good ones keep drawing: %v", b.kind, err),
				"backend", b.kind.String())
		}
		n++
	}
	b.collect()
	return n, nil
}

// usesEngine reports whether any of the engine's fixed programs reads a
// file uses names.
func (b *Backend[M, T, P]) usesEngine(uses func(backends.ShaderFiles) bool) bool {
	for _, stem := range engineStems {
		if files, err := backends.ResolveEngine(b.kind, backends.ShaderDir, stem); err == nil && uses(files) {
			return true
		}
	}
	return false
}

// rebuildShader builds a live material shader again from its files, in
// place. The old program is freed either way: a failed rebuild leaves the
// shader broken, so its draws are dropped instead of drawn with a program
// the files on disk no longer describe.
func (b *Backend[M, T, P]) rebuildShader(s *shaderEntry[P]) {
	var zero P
	if !s.broken {
		b.deadPrograms = append(b.deadPrograms, dead[P]{b.lastUse(), s.prog})
	}
	p, err := b.drv.NewProgram(b.materialSpec(s.canonical, s.files, s.opts))
	if err != nil {
		s.prog, s.broken = zero, true
		b.log.Error(b.errorf("material shader %s (tried %s): %w", s.canonical, strings.Join(s.files.Paths(), " and "), err).Error(),
			"backend", b.kind.String(), "shader", s.canonical)
		return
	}
	s.prog, s.broken = p, false
}

// retryBrokenShaders rebuilds the material shaders a reload left broken, as
// a resize tries every failed variant again.
func (b *Backend[M, T, P]) retryBrokenShaders() {
	b.shaders.Each(func(s *shaderEntry[P]) {
		if s.broken {
			b.rebuildShader(s)
		}
	})
}

var _ backends.ShaderReloader = (*Backend[int, int, int])(nil)
