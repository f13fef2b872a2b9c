package backends

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/formats"
)

// builds records build calls and fails the paths in missing.
type builds struct {
	calls   []string
	missing map[string]bool
}

func (b *builds) build(h formats.Handle, l *formats.Layout, p formats.Pass, files ShaderFiles) error {
	b.calls = append(b.calls, l.Name+"/"+p.String())
	for _, f := range files.All() {
		if b.missing[f.Path] {
			return &ShaderError{Path: f.Path, Stage: f.Stage, Err: errors.New("file not found")}
		}
	}
	return nil
}

func newTable(t *testing.T, missing ...string) (*PipelineTable, *builds, *bytes.Buffer, formats.Handle) {
	t.Helper()
	reg := formats.NewRegistry()
	h, err := reg.Register(formats.Layout{
		Name: "blob", Stride: 16,
		Attributes: []formats.Attribute{
			{Name: "position", Location: 0, Format: formats.Float3, Offset: 0},
			{Name: "color", Location: 1, Format: formats.UByte4Norm, Offset: 12},
		},
		Shader: "blob", ShadowShader: "blob_shadow", GBufferShader: "blob_gbuffer", TransparentShader: "",
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &builds{missing: map[string]bool{}}
	for _, m := range missing {
		b.missing[m] = true
	}
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{ReplaceAttr: dropTime}))
	return NewPipelineTable(Vulkan, reg, b.build, logger), b, &log, h
}

func dropTime(_ []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}

func TestPipelineTableBuildsOnce(t *testing.T) {
	tab, b, log, h := newTable(t)
	for i := 0; i < 3; i++ {
		if !tab.Ready(h, formats.PassForward) || !tab.Ready(h, formats.PassShadow) || !tab.Ready(h, formats.PassGBuffer) {
			t.Fatal("not ready")
		}
	}
	if tab.Ready(h, formats.PassTransparent) {
		t.Fatal("empty transparent stem must skip the pass")
	}
	if got := strings.Join(b.calls, " "); got != "blob/forward blob/shadow blob/gbuffer" {
		t.Fatalf("builds = %q, want each named stem once", got)
	}
	if tab.State(h, formats.PassTransparent) != Skipped || log.Len() != 0 {
		t.Fatalf("empty stem: state %v, log %q; want skipped and silent", tab.State(h, formats.PassTransparent), log)
	}
	if tab.Ready(formats.DefaultHandle, formats.PassForward) {
		t.Fatal("the default format has no stems")
	}
}

func TestPipelineTableStickyFailure(t *testing.T) {
	tab, b, log, h := newTable(t, "assets/shaders/blob_gbuffer.vert.spv")
	for i := 0; i < 5; i++ {
		if tab.Ready(h, formats.PassGBuffer) {
			t.Fatal("missing gbuffer variant reported ready")
		}
		if !tab.Ready(h, formats.PassForward) || !tab.Ready(h, formats.PassShadow) {
			t.Fatal("other passes must be unaffected")
		}
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("logged %d lines, want 1:\n%s", len(lines), log)
	}
	want := `level=ERROR msg="VulkanRenderer: Failed to compile 'assets/shaders/blob_gbuffer.vert.spv' for vertex format blob" backend=vulkan format=blob pass=gbuffer stem=blob_gbuffer tried="assets/shaders/blob_gbuffer.vert.spv assets/shaders/gbuffer.frag.spv" err="vertex shader assets/shaders/blob_gbuffer.vert.spv: file not found"`
	if lines[0] != want {
		t.Fatalf("log line\n got %s\nwant %s", lines[0], want)
	}
	if tab.Failures != 1 || strings.Count(strings.Join(b.calls, " "), "blob/gbuffer") != 1 {
		t.Fatalf("gbuffer built %v, failures %d; want one attempt", b.calls, tab.Failures)
	}
	// A resize destroys pipelines: the variant is tried again.
	delete(b.missing, "assets/shaders/blob_gbuffer.vert.spv")
	tab.Reset()
	if !tab.Ready(h, formats.PassGBuffer) {
		t.Fatal("after Reset the now-present variant must build")
	}
}

func TestPipelineTableMainGatesEveryPass(t *testing.T) {
	tab, b, log, h := newTable(t, "assets/shaders/blob.frag.spv")
	for _, p := range []formats.Pass{formats.PassShadow, formats.PassGBuffer, formats.PassForward, formats.PassTransparent} {
		if tab.Ready(h, p) {
			t.Errorf("%v ready although the main stem failed", p)
		}
	}
	if strings.Join(b.calls, " ") != "blob/forward" {
		t.Errorf("built %v; with a failed main nothing else is even tried", b.calls)
	}
	if strings.Count(log.String(), "\n") != 1 || !strings.Contains(log.String(), "Failed to compile 'assets/shaders/blob.frag.spv' for vertex format blob") {
		t.Errorf("log = %s", log)
	}
}

func TestPipelineTableNoMainStem(t *testing.T) {
	reg := formats.NewRegistry()
	h, err := reg.Register(formats.Layout{Name: "bare", Stride: 12, Attributes: []formats.Attribute{{Name: "p", Location: 0, Format: formats.Float3}}})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	tab := NewPipelineTable(OpenGL, reg, func(formats.Handle, *formats.Layout, formats.Pass, ShaderFiles) error { return nil },
		slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{ReplaceAttr: dropTime})))
	tab.Ready(h, formats.PassForward)
	tab.Ready(h, formats.PassForward)
	want := `level=ERROR msg="OpenGLRenderer: Vertex format bare has no main shader stem" backend=opengl format=bare pass=forward` + "\n"
	if log.String() != want {
		t.Fatalf("log\n got %q\nwant %q", log.String(), want)
	}
}

func TestNoDriverMatchesSharedSentinel(t *testing.T) {
	own := NoDriver("no Vulkan driver")
	err := fmt.Errorf("start vulkan backend: %w: vkCreateInstance failed", own)
	if !errors.Is(err, ErrNoDriver) || !errors.Is(err, own) {
		t.Fatal("a backend's no-driver error must match both its own sentinel and ErrNoDriver")
	}
	if errors.Is(errors.New("pipeline failed"), ErrNoDriver) {
		t.Fatal("an ordinary error matched ErrNoDriver")
	}
}
