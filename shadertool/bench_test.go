package shadertool

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The benchmarks compile a copy of the engine's own shaders three ways:
//
//	go test ./shadertool -run '^$' -bench . -benchtime 5x
//
// BenchmarkCompileCold is Compile with no .spv and no manifest;
// BenchmarkCompileNoChange is a rerun with nothing changed (hashing only);
// BenchmarkGlslcSequential is plain "glslc -I assets/shaders SRC -o SRC.spv" for each source,
// one after another, which is what a shell loop does. docs/PERFORMANCE.md
// records the figures.

func engineCopy(b *testing.B) (dir string, sources []string) {
	b.Helper()
	requireTools(b, Glslc)
	dir = b.TempDir()
	files, err := filepath.Glob("../assets/shaders/*")
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		if !isCompileSource(filepath.Base(f)) {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.Base(f))
		writeFile(b, dst, string(data))
		sources = append(sources, dst)
	}
	if len(sources) == 0 {
		b.Fatal("no engine shader sources in ../assets/shaders")
	}
	return dir, sources
}

func clean(b *testing.B, dir string, sources []string) {
	b.Helper()
	for _, s := range sources {
		os.Remove(s + ".spv")
	}
	os.Remove(filepath.Join(dir, ManifestName))
}

func BenchmarkCompileCold(b *testing.B) {
	dir, sources := engineCopy(b)
	b.ReportMetric(float64(len(sources)), "shaders")
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		clean(b, dir, sources)
		b.StartTimer()
		res, err := Compile(context.Background(), CompileOptions{WorkDir: dir, Dirs: []string{"."}})
		if err != nil || len(res.Compiled) != len(sources) {
			b.Fatalf("compiled %d of %d: %v", len(res.Compiled), len(sources), err)
		}
	}
}

func BenchmarkCompileNoChange(b *testing.B) {
	dir, sources := engineCopy(b)
	compileDir(b, dir, ".")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Compile(context.Background(), CompileOptions{WorkDir: dir, Dirs: []string{"."}})
		if err != nil || len(res.Compiled) != 0 || len(res.UpToDate) != len(sources) {
			b.Fatalf("rerun compiled %d: %v", len(res.Compiled), err)
		}
	}
}

func BenchmarkGlslcSequential(b *testing.B) {
	dir, sources := engineCopy(b)
	// The engine's includes are where a shell loop run in assets/shaders
	// would find them; Compile takes them from the engine's own copy.
	includes, err := filepath.Abs("../assets/shaders")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		clean(b, dir, sources)
		b.StartTimer()
		for _, s := range sources {
			if out, err := exec.Command(Glslc, "-I", includes, s, "-o", s+".spv").CombinedOutput(); err != nil {
				b.Fatalf("glslc %s: %v\n%s", s, err, out)
			}
		}
	}
}
