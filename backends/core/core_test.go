package core_test

import (
	"bytes"
	"errors"
	"image"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/backends/core/coretest"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

type fixture struct {
	t    *testing.T
	b    *coretest.Backend
	d    *coretest.Driver
	log  *bytes.Buffer
	reg  *formats.Registry
	cube backends.MeshID
}

func open(t *testing.T, layouts ...formats.Layout) *fixture {
	t.Helper()
	reg := formats.NewRegistry()
	for _, l := range layouts {
		if _, err := reg.Register(l); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	b, d, err := coretest.Open(backends.Config{Width: 64, Height: 48, Formats: reg, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, b: b, d: d, log: &log, reg: reg}
	f.cube = f.mesh(formats.DefaultHandle)
	t.Cleanup(func() { b.Close() })
	return f
}

func (f *fixture) mesh(h formats.Handle) backends.MeshID {
	f.t.Helper()
	c := meshes.Cube(1)
	l, _ := f.reg.Get(h)
	v := c.Vertices
	if h != formats.DefaultHandle {
		v = make([]byte, int(l.Stride)*(len(c.Vertices)/int(formats.DefaultLayout().Stride)))
	}
	id, err := f.b.CreateMesh(h, v, c.Indices)
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

// frame runs one frame that begins the given passes, drawing draws in each
// pass that takes draws.
func (f *fixture) frame(passes []formats.Pass, draws ...backends.Draw) {
	f.t.Helper()
	f.d.Passes = f.d.Passes[:0]
	must(f.t, f.b.BeginFrame(&backends.FrameData{}))
	for _, p := range passes {
		must(f.t, f.b.BeginPass(p))
		for i := range draws {
			f.b.Draw(&draws[i])
		}
		must(f.t, f.b.EndPass())
	}
	must(f.t, f.b.EndFrame())
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var all = []formats.Pass{formats.PassShadow, formats.PassGBuffer, formats.PassSSAO, formats.PassLighting,
	formats.PassForward, formats.PassTransparent, formats.PassSSR, formats.PassBloom, formats.PassComposite, formats.PassAntialias,
	formats.PassDebug, formats.PassUI}

func TestSkippedPassesRunEmpty(t *testing.T) {
	tests := []struct {
		name  string
		begun []formats.Pass
	}{
		{"none", nil},
		{"forward only", []formats.Pass{formats.PassForward}},
		{"shadow skipped", []formats.Pass{formats.PassGBuffer, formats.PassComposite}},
		{"all", all},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := open(t)
			f.frame(tt.begun)
			if !slices.Equal(f.d.Passes, all) {
				t.Errorf("passes run %v, want every pass in order %v", f.d.Passes, all)
			}
		})
	}
}

// TestEffectsFollowTheFrame: an effect pass runs through RunEffect, begun or
// skipped, on exactly when the frame gives it a strength above 0.
func TestEffectsFollowTheFrame(t *testing.T) {
	tests := []struct {
		name        string
		frame       backends.FrameData
		begun       []formats.Pass
		ssao, bloom bool
	}{
		{"off", backends.FrameData{}, nil, false, false},
		{"ssao", backends.FrameData{Effects: backends.Effects{SSAO: backends.SSAO{Strength: 0.5}}}, nil, true, false},
		{"bloom begun", backends.FrameData{Effects: backends.Effects{Bloom: backends.Bloom{Strength: 0.1}}}, []formats.Pass{formats.PassBloom}, false, true},
		{"negative is off", backends.FrameData{Effects: backends.Effects{SSAO: backends.SSAO{Strength: -1}, Bloom: backends.Bloom{Strength: -1}}}, all, false, false},
		{"both", backends.FrameData{Effects: backends.Effects{SSAO: backends.SSAO{Strength: 1}, Bloom: backends.Bloom{Strength: 1}}}, all, true, true},
		{"ssr and antialias", backends.FrameData{Effects: backends.Effects{SSR: backends.SSR{Strength: 1}, Antialias: true}}, nil, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, d, err := coretest.Open(backends.Config{Width: 8, Height: 8})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if err := b.BeginFrame(&tt.frame); err != nil {
				t.Fatal(err)
			}
			for _, p := range tt.begun {
				if err := b.BeginPass(p); err != nil {
					t.Fatal(err)
				}
				if err := b.EndPass(); err != nil {
					t.Fatal(err)
				}
			}
			if err := b.EndFrame(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.Passes, all) {
				t.Errorf("passes run %v, want %v", d.Passes, all)
			}
			if d.Effects[formats.PassSSAO] != tt.ssao || d.Effects[formats.PassBloom] != tt.bloom {
				t.Errorf("ssao on %v, bloom on %v; want %v, %v", d.Effects[formats.PassSSAO], d.Effects[formats.PassBloom], tt.ssao, tt.bloom)
			}
			want := tt.frame.Effects.SSR.Strength > 0
			if d.Effects[formats.PassSSR] != want || d.Effects[formats.PassAntialias] != tt.frame.Effects.Antialias {
				t.Errorf("ssr on %v, antialias on %v; want %v, %v", d.Effects[formats.PassSSR], d.Effects[formats.PassAntialias], want, tt.frame.Effects.Antialias)
			}
		})
	}
}

// TestEffectClearsOnce: an effect that is off clears its output once, then
// idles until it is drawn again or a resize makes new targets; the
// antialias pass, with nothing to clear, idles whenever it is off.
func TestEffectClearsOnce(t *testing.T) {
	b, d, err := coretest.Open(backends.Config{Width: 8, Height: 8})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	on := backends.FrameData{Effects: backends.Effects{SSAO: backends.SSAO{Strength: 1}}}
	off := backends.FrameData{}
	const (
		draw  = core.EffectOn
		clear = core.EffectClear
		idle  = core.EffectIdle
	)
	for i, step := range []struct {
		frame  *backends.FrameData
		resize bool
		want   core.EffectMode
	}{
		{&off, false, clear}, {&off, false, idle}, {&on, false, draw}, {&off, false, clear}, {&off, false, idle},
		{&off, true, clear}, {&off, false, idle},
	} {
		if step.resize {
			if err := b.Resize(16, 8); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.BeginFrame(step.frame); err != nil {
			t.Fatal(err)
		}
		if err := b.EndFrame(); err != nil {
			t.Fatal(err)
		}
		if got := d.Modes[formats.PassSSAO]; got != step.want {
			t.Errorf("frame %d: SSAO mode %d, want %d", i, got, step.want)
		}
		if got := d.Modes[formats.PassAntialias]; got != idle {
			t.Errorf("frame %d: antialias mode %d, want idle", i, got)
		}
	}
}

func TestPassOrderErrors(t *testing.T) {
	f := open(t)
	must(t, f.b.BeginFrame(&backends.FrameData{}))
	must(t, f.b.BeginPass(formats.PassForward))
	if err := f.b.BeginPass(formats.PassComposite); err == nil {
		t.Error("BeginPass while a pass is open succeeded")
	}
	must(t, f.b.EndPass())
	if err := f.b.BeginPass(formats.PassShadow); err == nil || !strings.Contains(err.Error(), "passes run in order") {
		t.Errorf("BeginPass of an earlier pass: %v", err)
	}
	if err := f.b.Resize(10, 10); err == nil {
		t.Error("Resize inside a frame succeeded")
	}
	must(t, f.b.EndFrame())
	if err := f.b.EndFrame(); err == nil {
		t.Error("EndFrame without BeginFrame succeeded")
	}
}

func TestDrawResolution(t *testing.T) {
	f := open(t, formats.Layout{Name: "noshadow", Shader: "blob", GBufferShader: "blob_gbuffer",
		Stride: 12, Attributes: []formats.Attribute{{Name: "p", Location: 0, Format: formats.Float3}}})
	custom := f.mesh(1)
	shader, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	must(t, err)
	f.frame(all,
		backends.Draw{Mesh: f.cube, Shader: shader},
		backends.Draw{Mesh: custom},
		backends.Draw{Mesh: 999},
		backends.Draw{Mesh: f.cube, Shader: 77},
	)
	st := f.b.Stats()
	// Shadow: both default cubes (the engine's shadow program needs no
	// material). GBuffer: the custom mesh. Forward: the cube with a live
	// shader and the custom mesh. Transparent: the cube (the format has no
	// transparent stem). UI: both default cubes, with the engine's ui
	// program whatever their material; the custom mesh is dropped.
	want := map[formats.Pass]int{formats.PassShadow: 2, formats.PassGBuffer: 1, formats.PassForward: 2, formats.PassTransparent: 1, formats.PassUI: 2}
	for p, n := range want {
		if got := len(f.d.Draws[p]); got != n {
			t.Errorf("%v pass got %d draws, want %d", p, got, n)
		}
		if st.Draws[p] != 4 {
			t.Errorf("Stats.Draws[%v] = %d, want the 4 submitted", p, st.Draws[p])
		}
	}
	if st.DroppedStale != 5 {
		t.Errorf("DroppedStale = %d, want one per pass that takes draws", st.DroppedStale)
	}
	if st.DroppedMaterial != 2 {
		t.Errorf("DroppedMaterial = %d, want 2 (forward and transparent)", st.DroppedMaterial)
	}
	if got := st.DroppedIn(1, formats.PassShadow); got != 1 {
		t.Errorf("dropped custom shadow draws = %d, want 1 (empty stem: the pass is skipped for the format)", got)
	}
	if got := st.DroppedIn(formats.DefaultHandle, formats.PassGBuffer); got != 2 {
		t.Errorf("dropped default-format gbuffer draws = %d, want 2", got)
	}
	if got := st.DroppedIn(1, formats.PassUI); got != 1 {
		t.Errorf("dropped custom UI draws = %d, want 1 (the UI pass draws default-format quads only)", got)
	}
	for i, d := range f.d.Draws[formats.PassUI] {
		if d.Program.N != -2 {
			t.Errorf("UI draw %d used program %d, want the engine's ui program", i, d.Program.N)
		}
	}
	if got := f.d.Draws[formats.PassShadow][0].Program.N; got != -1 {
		t.Errorf("default-format shadow draw used program %d, want the engine's shadow program", got)
	}
	if got := f.d.Draws[formats.PassForward][0].Texture.N; got != -1 {
		t.Errorf("texture 0 drew with texture %d, want the white texture", got)
	}
	if n := strings.Count(f.log.String(), "mesh ID 999 was destroyed or never created"); n != 1 {
		t.Errorf("the stale mesh ID was logged %d times, want once:\n%s", n, f.log)
	}
	if st.Triangles[formats.PassForward] != 2*12 {
		t.Errorf("Triangles[forward] = %d, want 24", st.Triangles[formats.PassForward])
	}
}

func TestStaleIDsNeverNameAnotherObject(t *testing.T) {
	f := open(t)
	f.b.DestroyMesh(f.cube)
	again := f.mesh(formats.DefaultHandle)
	if again == f.cube {
		t.Fatalf("a new mesh reused the destroyed ID %d", f.cube)
	}
	tex, err := f.b.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{})
	must(t, err)
	f.b.DestroyTexture(tex)
	sh, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	must(t, err)
	f.frame([]formats.Pass{formats.PassForward}, backends.Draw{Mesh: f.cube, Shader: sh}, backends.Draw{Mesh: again, Shader: sh, Texture: tex})
	if n := len(f.d.Draws[formats.PassForward]); n != 0 {
		t.Errorf("%d draws naming stale IDs reached the driver", n)
	}
	if got := f.b.Stats().DroppedStale; got != 2 {
		t.Errorf("DroppedStale = %d, want 2", got)
	}
	// The shadow pass, depth only, never looks at the texture.
	f.frame([]formats.Pass{formats.PassShadow}, backends.Draw{Mesh: again, Texture: tex})
	if n := len(f.d.Draws[formats.PassShadow]); n != 1 {
		t.Errorf("%d shadow draws with a stale texture reached the driver, want 1", n)
	}
}

func TestDestroyedObjectsWaitForTheirFrames(t *testing.T) {
	f := open(t)
	f.d.Lag = 2 // the GPU is two frames behind
	f.frame(all, backends.Draw{Mesh: f.cube})
	must(t, f.b.BeginFrame(&backends.FrameData{}))
	f.b.DestroyMesh(f.cube) // the frame being recorded may still draw it
	must(t, f.b.EndFrame())
	for range 2 {
		if slices.Contains(f.d.Freed, "mesh 1") {
			t.Fatalf("mesh freed while frame %d may use it (completed %d)", f.d.Frames, f.d.Completed())
		}
		f.frame(nil)
	}
	f.frame(nil)
	if !slices.Contains(f.d.Freed, "mesh 1") {
		t.Errorf("mesh never freed: %v", f.d.Freed)
	}
}

func TestResizeRetriesEveryFailure(t *testing.T) {
	broken := true
	f := open(t, formats.Layout{Name: "blob", Shader: "blob", Stride: 12, Attributes: []formats.Attribute{{Name: "p", Location: 0, Format: formats.Float3}}})
	f.d.Fail = func(backends.ShaderFiles) bool { return broken }
	if f.b.FormatReady(1, formats.PassForward) {
		t.Fatal("a failing stem is ready")
	}
	var se *backends.ShaderError
	if err := f.b.FormatError(1, formats.PassForward); !errors.As(err, &se) || se.Path != "assets/shaders/blob.vert.spv" {
		t.Errorf("FormatError = %v, want a *ShaderError naming blob.vert.spv", err)
	}
	if err := f.b.FormatError(1, formats.PassShadow); err == nil || !strings.Contains(err.Error(), "main stem failed") {
		t.Errorf("FormatError of a pass the failed main stem gates = %v", err)
	}
	_, err1 := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	_, err2 := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	if err1 == nil || err1 != err2 {
		t.Fatalf("a failed material shader: errors %v and %v, want the same error twice", err1, err2)
	}
	builds := len(f.d.Built)
	broken = false
	if f.b.FormatReady(1, formats.PassForward) {
		t.Error("a failed stem was retried before a resize")
	}
	must(t, f.b.Resize(80, 60))
	if !f.b.FormatReady(1, formats.PassForward) || f.b.FormatError(1, formats.PassForward) != nil {
		t.Error("the stem was not retried after the resize")
	}
	if _, err := f.b.CreateShader("assets/shaders/default_shader.hlsl"); err != nil {
		t.Errorf("the material shader was not retried after the resize: %v", err)
	}
	if len(f.d.Built) != builds+2 {
		t.Errorf("%d programs built after the resize, want 2", len(f.d.Built)-builds)
	}
	if w, h := f.b.Size(); w != 80 || h != 60 || !slices.Equal(f.d.Resizes, [][2]int{{80, 60}}) {
		t.Errorf("Size %dx%d, driver resizes %v", w, h, f.d.Resizes)
	}
}

func TestWindowResizeTakesTheOnePath(t *testing.T) {
	f := open(t)
	f.d.SurfaceW, f.d.SurfaceH = 100, 50
	f.frame(nil)
	if w, h := f.b.Size(); w != 100 || h != 50 {
		t.Errorf("after the window grew, Size = %dx%d, want 100x50", w, h)
	}
	f.d.Stale = true
	f.frame(nil)
	if n := len(f.d.Resizes); n != 2 {
		t.Errorf("a stale surface gave %d resizes in all, want 2", n)
	}
}

func TestReadPixelsNeedsAFrame(t *testing.T) {
	f := open(t)
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	if err := f.b.ReadPixels(img); !errors.Is(err, backends.ErrNoFrame) {
		t.Errorf("before the first frame: %v, want ErrNoFrame", err)
	}
	f.frame(nil)
	must(t, f.b.ReadPixels(img))
	if err := f.b.ReadPixels(image.NewRGBA(image.Rect(0, 0, 8, 8))); err == nil {
		t.Error("a destination of the wrong size was accepted")
	}
	must(t, f.b.Resize(32, 32))
	if err := f.b.ReadPixels(image.NewRGBA(image.Rect(0, 0, 32, 32))); !errors.Is(err, backends.ErrNoFrame) {
		t.Errorf("after a resize: %v, want ErrNoFrame", err)
	}
}

func TestClosed(t *testing.T) {
	f := open(t)
	must(t, f.b.Close())
	must(t, f.b.Close())
	if err := f.b.BeginFrame(&backends.FrameData{}); !errors.Is(err, backends.ErrClosed) {
		t.Errorf("BeginFrame after Close: %v", err)
	}
	if _, err := f.b.CreateMesh(formats.DefaultHandle, nil, nil); !errors.Is(err, backends.ErrClosed) {
		t.Errorf("CreateMesh after Close: %v", err)
	}
	if !slices.Contains(f.d.Freed, "mesh 1") {
		t.Errorf("Close did not free the live mesh: %v", f.d.Freed)
	}
}

func TestSteadyFrameAllocatesNothing(t *testing.T) {
	f := open(t)
	d := []backends.Draw{{Mesh: f.cube, Model: vmath.Ident()}}
	for _, passes := range [][]formats.Pass{all, nil} {
		f.frame(passes, d...)
		if n := testing.AllocsPerRun(20, func() { f.frame(passes, d...) }); n != 0 {
			t.Errorf("a steady frame of passes %v allocates %v times", passes, n)
		}
	}
}

func TestDebugLines(t *testing.T) {
	f := open(t)
	v := func(x float32) backends.LineVertex {
		return backends.LineVertex{Pos: vmath.Vec3{x, 0, 0}, Color: 0xff0000ff}
	}
	three := []backends.LineVertex{v(1), v(2), v(3)} // one line and an odd vertex
	tests := []struct {
		name          string
		pass          formats.Pass
		tested, onTop int // vertices RunLines gets
		lines         int // Stats.Lines
	}{
		{"debug pass", formats.PassDebug, 2, 4, 3},
		{"another pass", formats.PassForward, 0, 0, 0},
		{"ui pass", formats.PassUI, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f.d.Passes = f.d.Passes[:0]
			must(t, f.b.BeginFrame(&backends.FrameData{}))
			must(t, f.b.BeginPass(tt.pass))
			f.b.DrawLines(three, backends.LinesTested)
			f.b.DrawLines(three, backends.LinesOnTop)
			f.b.DrawLines(three[:2], backends.LinesOnTop)
			must(t, f.b.EndPass())
			must(t, f.b.EndFrame())
			if !slices.Contains(f.d.Passes, formats.PassDebug) {
				t.Errorf("passes run %v: the debug pass did not run", f.d.Passes)
			}
			if got := [2]int{len(f.d.Lines.Tested), len(f.d.Lines.OnTop)}; got != [2]int{tt.tested, tt.onTop} {
				t.Errorf("RunLines got %v tested and on-top vertices, want %v", got, [2]int{tt.tested, tt.onTop})
			}
			if got := f.b.Stats().Lines; got != tt.lines {
				t.Errorf("Stats.Lines = %d, want %d", got, tt.lines)
			}
		})
	}
}

func TestDebugLinesLimit(t *testing.T) {
	f := open(t)
	many := make([]backends.LineVertex, backends.MaxLineVertices)
	must(t, f.b.BeginFrame(&backends.FrameData{}))
	must(t, f.b.BeginPass(formats.PassDebug))
	f.b.DrawLines(many[:10], backends.LinesTested)
	f.b.DrawLines(many, backends.LinesOnTop)
	must(t, f.b.EndPass())
	must(t, f.b.EndFrame())
	st := f.b.Stats()
	if got := f.d.Lines.Len(); got != backends.MaxLineVertices {
		t.Errorf("RunLines got %d vertices, want the limit %d", got, backends.MaxLineVertices)
	}
	if st.DroppedLines != 5 || st.Lines != backends.MaxLineVertices/2 {
		t.Errorf("Stats.Lines, DroppedLines = %d, %d, want %d, 5", st.Lines, st.DroppedLines, backends.MaxLineVertices/2)
	}
}

func TestSteadyDebugLinesAllocateNothing(t *testing.T) {
	f := open(t)
	lines := make([]backends.LineVertex, 2000)
	frame := func() {
		must(t, f.b.BeginFrame(&backends.FrameData{}))
		must(t, f.b.BeginPass(formats.PassDebug))
		f.b.DrawLines(lines, backends.LinesTested)
		f.b.DrawLines(lines[:100], backends.LinesOnTop)
		must(t, f.b.EndPass())
		must(t, f.b.EndFrame())
	}
	f.d.Passes = nil
	frame()
	f.d.Passes = make([]formats.Pass, 0, 1<<12)
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("a steady frame of debug lines allocates %v times", n)
	}
}

// TestMaterialMaps: a draw's normal and emissive maps resolve as its base
// texture does: 0 to the white texture (and a normal-map strength of 0,
// so the white texel leaves the normal as it is), a live ID to its
// texture (a strength of 0 read as 1), a stale one dropped and counted.
func TestMaterialMaps(t *testing.T) {
	f := open(t)
	sh, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	must(t, err)
	tex, err := f.b.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{})
	must(t, err)
	gone, err := f.b.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{})
	must(t, err)
	f.b.DestroyTexture(gone)
	tests := []struct {
		name                string
		normal, emissive    backends.TextureID
		scale               float32
		drawn               bool
		wantScale           float32
		whiteNormal, whiteE bool
	}{
		{"no maps", 0, 0, 0.5, true, 0, true, true},
		{"normal map, default strength", tex, 0, 0, true, 1, false, true},
		{"normal map, strength", tex, tex, 0.5, true, 0.5, false, false},
		{"stale normal map", gone, 0, 0, false, 0, false, false},
		{"stale emissive map", 0, gone, 0, false, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f.frame([]formats.Pass{formats.PassForward}, backends.Draw{Mesh: f.cube, Shader: sh,
				NormalMap: tt.normal, EmissiveMap: tt.emissive, Surface: vmath.Vec4{0, 0, 0, tt.scale}})
			draws := f.d.Draws[formats.PassForward]
			if !tt.drawn {
				if len(draws) != 0 || f.b.Stats().DroppedStale != 1 {
					t.Errorf("%d draws reached the driver, %d counted stale; want 0 and 1", len(draws), f.b.Stats().DroppedStale)
				}
				return
			}
			if len(draws) != 1 {
				t.Fatalf("%d draws reached the driver, want 1", len(draws))
			}
			d := draws[0]
			if got := d.Surface[3]; got != tt.wantScale {
				t.Errorf("normal-map strength %v, want %v", got, tt.wantScale)
			}
			if (d.NormalMap.N == -1) != tt.whiteNormal || (d.EmissiveMap.N == -1) != tt.whiteE {
				t.Errorf("maps %d, %d; want white %v, %v", d.NormalMap.N, d.EmissiveMap.N, tt.whiteNormal, tt.whiteE)
			}
		})
	}
}

// The driver reads the frame's environment atlas, White without one or
// once its texture is destroyed, and then the block says there is none.
func TestEnvironmentFollowsTheFrame(t *testing.T) {
	f := open(t)
	tex, err := f.b.CreateTexture(image.NewRGBA(image.Rect(0, 0, backends.EnvAtlasWidth, backends.EnvAtlasHeight)), backends.TextureOptions{Clamp: true})
	must(t, err)
	env := &backends.Environment{Texture: tex, Intensity: 2}
	run := func(e *backends.Environment) {
		must(t, f.b.BeginFrame(&backends.FrameData{Environment: e}))
		must(t, f.b.EndFrame())
	}
	run(nil)
	if f.d.Environment != f.d.White() {
		t.Errorf("without an environment the driver reads %v, want White", f.d.Environment)
	}
	run(env)
	if f.d.Environment == f.d.White() {
		t.Error("with an environment the driver reads White")
	}
	f.b.DestroyTexture(tex)
	run(env)
	if f.d.Environment != f.d.White() {
		t.Errorf("after its texture was destroyed the driver reads %v, want White", f.d.Environment)
	}
}

// TestKeptCascades: the shadow pass redraws the cascades the frame asks
// for, and only draws into them, once the map holds every cascade as a
// frame drew it: never on the first frame, nor after a frame that skipped
// the pass.
func TestKeptCascades(t *testing.T) {
	const allBits = backends.AllCascades
	f := open(t)
	frame := func(redraw uint8, shadow bool) (told uint8, drawn []uint8) {
		t.Helper()
		f.d.Draws[formats.PassShadow] = f.d.Draws[formats.PassShadow][:0]
		must(t, f.b.BeginFrame(&backends.FrameData{RedrawCascades: redraw}))
		if shadow {
			must(t, f.b.BeginPass(formats.PassShadow))
			for _, c := range []uint8{0b0001, 0b0110, 0b1000, 0} {
				f.b.Draw(&backends.Draw{Mesh: f.cube, Cascades: c})
			}
			must(t, f.b.EndPass())
		}
		must(t, f.b.EndFrame())
		for _, d := range f.d.Draws[formats.PassShadow] {
			drawn = append(drawn, d.Cascades)
		}
		return f.d.Redraw, drawn
	}
	steps := []struct {
		name   string
		redraw uint8
		shadow bool
		told   uint8
		drawn  []uint8
	}{
		{"first frame", 0b0011, true, allBits, []uint8{0b0001, 0b0110, 0b1000, allBits}},
		{"keeping two", 0b0011, true, 0b0011, []uint8{0b0001, 0b0010, 0b0011}},
		{"zero is all", 0, true, allBits, []uint8{0b0001, 0b0110, 0b1000, allBits}},
		{"skipped pass", 0b0001, false, allBits, nil},
		{"after a skipped pass", 0b0001, true, allBits, []uint8{0b0001, 0b0110, 0b1000, allBits}},
		{"keeping three", 0b0001, true, 0b0001, []uint8{0b0001, 0b0001}},
	}
	for _, s := range steps {
		told, drawn := frame(s.redraw, s.shadow)
		if told != s.told || !slices.Equal(drawn, s.drawn) {
			t.Errorf("%s: the driver redraws %04b with draws into %04b, want %04b and %04b", s.name, told, drawn, s.told, s.drawn)
		}
	}
}

// TestTAAHistory: a TAA frame blends a history only when the frame before
// ran TAA at this size, and each frame moves the view by the next jitter;
// reproject takes the frame's unjittered view to the one before.
func TestTAAHistory(t *testing.T) {
	f := open(t)
	view := vmath.Perspective(1, 64.0/48, 0.1, 100).Mul(vmath.LookAt(vmath.Vec3{0, 1, 3}, vmath.Vec3{}, vmath.Vec3{0, 1, 0}))
	frame := func(taa bool, vp vmath.Mat4) (weight float32, jitter [2]float32, reproject vmath.Mat4) {
		t.Helper()
		d := &backends.FrameData{ViewProj: vp, InvViewProj: vp.Inverse(), Effects: backends.Effects{TAA: taa}}
		must(t, f.b.BeginFrame(d))
		must(t, f.b.EndFrame())
		b := &f.d.Block
		copy(reproject[:], b[188:204])
		return b[204], [2]float32{b[205], b[206]}, reproject
	}
	moved := vmath.Translate(vmath.Vec3{0.5, 0, 0}).Mul(view)
	steps := []struct {
		name   string
		taa    bool
		vp     vmath.Mat4
		resize bool
		want   float32
	}{
		{"first frame", true, view, false, 0},
		{"second", true, view, false, backends.TAAFeedback},
		{"moved", true, moved, false, backends.TAAFeedback},
		{"off", false, view, false, 0},
		{"on again", true, view, false, 0},
		{"after it", true, view, false, backends.TAAFeedback},
		{"resized", true, view, true, 0},
		{"after the resize", true, view, false, backends.TAAFeedback},
	}
	var last [2]float32
	prev := view
	for i, s := range steps {
		if s.resize {
			must(t, f.b.Resize(80, 60))
		}
		w, j, r := frame(s.taa, s.vp)
		if w != s.want {
			t.Errorf("%s: history weight %v, want %v", s.name, w, s.want)
		}
		if !s.taa {
			if j != [2]float32{} {
				t.Errorf("%s: jitter %v without TAA", s.name, j)
			}
			continue
		}
		if i > 0 && j == last {
			t.Errorf("%s: the jitter %v did not move", s.name, j)
		}
		last = j
		// A point seen at this frame's NDC (unjittered) is where reproject
		// says the frame before saw it.
		p := vmath.Vec3{0.2, 0.1, -0.3}
		c := s.vp.MulVec4(p.Vec4(1))
		ndc := vmath.Vec4{c[0] / c[3], c[1] / c[3], c[2] / c[3], 1}
		got, want := r.MulVec4(ndc), prev.MulVec4(p.Vec4(1))
		if s.want != 0 {
			for k := range 2 {
				if d := got[k]/got[3] - want[k]/want[3]; d > 1e-4 || d < -1e-4 {
					t.Errorf("%s: reproject puts the point at %v, the frame before saw it at %v", s.name, got, want)
					break
				}
			}
		}
		prev = s.vp
	}
}
