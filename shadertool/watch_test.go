package shadertool

import (
	"bytes"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// next waits for the watcher's next batch.
func next(t *testing.T, w *Watcher) []string {
	t.Helper()
	select {
	case p := <-w.C:
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("no change reported within 10s")
		return nil
	}
}

func TestWatchReportsEditsAndTheirIncluders(t *testing.T) {
	tests := []struct {
		name  string
		kind  backends.Kind
		edit  map[string]string
		want  []string
		where string // the asset folder the disk folder is loaded as
	}{
		{"an OpenGL variant", backends.OpenGL, map[string]string{"a_gl.frag": "// edited\n"},
			[]string{"assets/shaders/a_gl.frag"}, "assets/shaders"},
		{"an include reaches every includer", backends.OpenGL, map[string]string{"lib/color.glsl": "// edited, longer\n"},
			[]string{"assets/shaders/a_gl.frag", "assets/shaders/b_gl.frag", "assets/shaders/lib/color.glsl"}, "assets/shaders"},
		{"HLSL through a nested include", backends.D3D12, map[string]string{"a.hlsli": "// edited\n"},
			[]string{"assets/shaders/a.hlsl", "assets/shaders/a.hlsli", "assets/shaders/a_dx12.hlsl"}, "assets/shaders"},
		{"a new file", backends.D3D11, map[string]string{"new.hlsl": "// new\n"},
			[]string{"assets/shaders/new.hlsl"}, "assets/shaders"},
		{"a folder loaded elsewhere", backends.OpenGL, map[string]string{"a_gl.frag": "// edited\n"},
			[]string{"assets/game/a_gl.frag"}, "assets/game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"a_gl.frag":          "#version 410 core\n#include \"lib/color.glsl\"\n",
				"b_gl.frag":          "#version 410 core\n#include \"lib/color.glsl\"\n",
				"c_gl.frag":          "#version 410 core\n",
				"lib/color.glsl":     "// color\n",
				"a.hlsli":            "// a\n",
				"a.hlsl":             "#include \"a.hlsli\"\n",
				"a_dx12.hlsl":        "#include \"a.hlsl\"\n",
				".spv-manifest.json": "{}",
			})
			w, err := Watch(WatchOptions{Kind: tt.kind, Dirs: []WatchDir{{Disk: dir, Asset: tt.where}}, Interval: 5 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			writeFiles(t, dir, map[string]string{".spv-manifest.json": "{\"changed\": true}"}) // never reported
			writeFiles(t, dir, tt.edit)
			if got := next(t, w); !slices.Equal(got, tt.want) {
				t.Errorf("reported %q, want %q", got, tt.want)
			}
		})
	}
}

// An edit that keeps the file's size and lands in the same tick of the
// file system's clock as the write before it leaves the stamp as it was:
// the watcher still reports it, from the content of a recent file.
func TestWatchSeesAnEditInTheSameClockTick(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a_gl.frag")
	writeFiles(t, dir, map[string]string{"a_gl.frag": "#version 410 core // red\n"})
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Watch(WatchOptions{Kind: backends.OpenGL, Dirs: []WatchDir{{Disk: dir, Asset: "assets/shaders"}}, Interval: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	writeFiles(t, dir, map[string]string{"a_gl.frag": "#version 410 core // blu\n"})
	if err := os.Chtimes(p, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got, want := next(t, w), []string{"assets/shaders/a_gl.frag"}; !slices.Equal(got, want) {
		t.Errorf("reported %q, want %q", got, want)
	}
}

// lockedBuffer is a log destination the watcher's goroutine writes to.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestWatchCompilesVulkanSources(t *testing.T) {
	if _, err := exec.LookPath(Glslc); err != nil {
		t.Skip("glslc is not installed")
	}
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	writeFiles(t, shaders, map[string]string{
		"a.frag":     "#version 450\n#include \"color.glsl\"\nlayout(location = 0) out vec4 o;\nvoid main() { o = COLOR; }\n",
		"color.glsl": "#define COLOR vec4(1.0)\n",
	})
	if _, err := Compile(t.Context(), CompileOptions{WorkDir: dir, Dirs: []string{shaders}}); err != nil {
		t.Fatal(err)
	}
	var log lockedBuffer
	w, err := Watch(WatchOptions{Kind: backends.Vulkan, WorkDir: dir, Dirs: []WatchDir{{Disk: "assets/shaders", Asset: backends.ShaderDir}},
		Interval: 5 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	writeFiles(t, shaders, map[string]string{"color.glsl": "#define COLOR vec4(0.5)\n"})
	if got, want := next(t, w), []string{"assets/shaders/a.frag.spv"}; !slices.Equal(got, want) {
		t.Errorf("after an include changed: %q, want %q", got, want)
	}

	spv, _ := os.ReadFile(filepath.Join(shaders, "a.frag.spv"))
	writeFiles(t, shaders, map[string]string{"color.glsl": "#define COLOR vec4(0.5)\nnot glsl;\n"})
	writeFiles(t, shaders, map[string]string{"unrelated.txt": "x"}) // a second poll with the failure still there
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "level=ERROR") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	if n := strings.Count(log.String(), "level=ERROR"); n != 1 || !strings.Contains(log.String(), "color.glsl:2") {
		t.Errorf("a broken include: %d error lines, want 1 naming color.glsl:2:\n%s", n, log.String())
	}
	if now, _ := os.ReadFile(filepath.Join(shaders, "a.frag.spv")); !bytes.Equal(now, spv) {
		t.Error("a failed compile replaced the last good .spv")
	}
	select {
	case p := <-w.C:
		t.Errorf("a failed compile reported %q", p)
	default:
	}
}
