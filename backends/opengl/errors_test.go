package opengl

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

func TestCreateMeshRefusesBadInput(t *testing.T) {
	reg := formats.NewRegistry()
	small, err := reg.Register(formats.Layout{
		Name: "small", Stride: 12, Shader: "small",
		Attributes: []formats.Attribute{{Name: "position", Location: 0, Format: formats.Float3}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := open(t, backends.Config{Width: 16, Height: 16, ShadowMapSize: 64, Formats: reg})
	tests := []struct {
		name    string
		h       formats.Handle
		v       []byte
		i       []uint32
		wantErr string
	}{
		{"no vertices", small, nil, []uint32{0}, "vertex format small: no vertices"},
		{"no indices", small, make([]byte, 36), nil, "vertex format small: no indices"},
		{"partial vertex", small, make([]byte, 40), []uint32{0}, "40 bytes of vertices is not a multiple of the stride 12"},
		{"index past end", small, make([]byte, 36), []uint32{0, 1, 3}, "index 3 (at position 2) is past the last vertex (3 vertices)"},
		{"unknown format", 7, make([]byte, 36), []uint32{0}, "vertex format handle 7 is not registered"},
		{"default stride", formats.DefaultHandle, make([]byte, 95), []uint32{0}, "vertex format default: 95 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := r.CreateMesh(tt.h, tt.v, tt.i)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("CreateMesh = %d, %v; want an error containing %q", id, err, tt.wantErr)
			}
		})
	}
	id, err := r.CreateMesh(small, make([]byte, 36), []uint32{0, 1, 2})
	if err != nil || id == 0 {
		t.Fatalf("valid mesh: %d, %v", id, err)
	}
	r.DestroyMesh(id)
	r.DestroyMesh(id) // a stale ID is ignored
	again, err := r.CreateMesh(small, make([]byte, 36), []uint32{0, 1, 2})
	if err != nil || again == id {
		t.Fatalf("recreated mesh %d, %v: a reused slot must get a new ID", again, err)
	}
}

func TestMaterialShaderErrors(t *testing.T) {
	dir := t.TempDir()
	shaders := filepath.Join(dir, "assets", "shaders")
	if err := os.MkdirAll(shaders, 0o755); err != nil {
		t.Fatal(err)
	}
	writeShaders(t, shaders, map[string]string{
		"half_gl.vert": "#version 410 core\nvoid main() { gl_Position = vec4(0.0); }\n",
		"bad_gl.vert":  "#version 410 core\nvoid main() { gl_Position = vec4(0.0) }\n",
		"bad_gl.frag":  "#version 410 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
		// Compiles, but a stage without main cannot link.
		"link_gl.vert": "#version 410 core\nvoid notMain() { gl_Position = vec4(0.0); }\n",
		"link_gl.frag": "#version 410 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
	})
	t.Chdir(dir)
	r := open(t, backends.Config{Width: 16, Height: 16, ShadowMapSize: 64})
	tests := []struct {
		canonical string
		want      []string
		path      string
	}{
		{"assets/shaders/nope.hlsl", []string{
			"Cannot open shader file: assets/shaders/nope_gl.vert",
			"Cannot open shader file: assets/shaders/nope_gl.frag",
			"Failed to read shader files: assets/shaders/nope_gl.vert and assets/shaders/nope_gl.frag",
		}, "assets/shaders/nope_gl.vert"},
		{"assets/shaders/half.hlsl", []string{
			"Cannot open shader file: assets/shaders/half_gl.frag",
			"Failed to read shader files: assets/shaders/half_gl.vert and assets/shaders/half_gl.frag",
		}, "assets/shaders/half_gl.frag"},
		{"assets/shaders/bad.hlsl", []string{"Shader compilation failed: 0:2(", "error"}, "assets/shaders/bad_gl.vert"},
		{"assets/shaders/link.hlsl", []string{"Shader program linking failed: ", "main"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.canonical, func(t *testing.T) {
			id, err := r.CreateShader(tt.canonical)
			if err == nil {
				t.Fatalf("CreateShader = %d, want an error", id)
			}
			msg := err.Error()
			for _, w := range append(tt.want, "opengl: material shader "+tt.canonical) {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
			var se *backends.ShaderError
			if tt.path != "" && (!errors.As(err, &se) || se.Path != tt.path) {
				t.Errorf("error %q: want a *backends.ShaderError for %s", msg, tt.path)
			}
		})
	}
	if _, err := r.CreateShader("assets/shaders/default_shader.vert"); err == nil || !strings.Contains(err.Error(), ".hlsl") {
		t.Errorf("non-canonical path: %v", err)
	}
	// The engine shader resolves from the embedded copies outside the repository.
	if _, err := r.CreateShader("assets/shaders/default_shader.hlsl"); err != nil {
		t.Error(err)
	}
}

func TestValidationCountsErrors(t *testing.T) {
	logger, logs := newLogger()
	r := open(t, backends.Config{Width: 128, Height: 128, ShadowMapSize: 256, Validation: true, Logger: logger})
	d := driverOf(r)
	if !d.validation.enabled {
		t.Skip("opengl: the driver has no GL_KHR_debug")
	}
	s := newScene(128, 128)
	draws := cubeScene(t, r)
	for range 2 {
		runFrame(t, r, &s.frame, draws)
	}
	readPixels(t, r)
	if n := r.ValidationErrors(); n != 0 {
		t.Fatalf("a clean frame gave %d validation errors:\n%s", n, logs)
	}
	d.thr.do(func() {
		gl.Enable(0xDEAD) // GL_INVALID_ENUM
		d.validation.poll()
	})
	if n := r.ValidationErrors(); n != 1 {
		t.Errorf("ValidationErrors = %d after one invalid enum, want 1:\n%s", n, logs)
	}
	if len(logs.lines("level=ERROR msg=\"OpenGL debug:")) != 1 {
		t.Errorf("the error was not logged:\n%s", logs)
	}
}

func TestFrameOrder(t *testing.T) {
	r := open(t, backends.Config{Width: 16, Height: 16, ShadowMapSize: 64})
	s := newScene(16, 16)
	if err := r.BeginPass(formats.PassForward); err == nil {
		t.Error("BeginPass outside a frame succeeded")
	}
	if err := r.EndFrame(); err == nil {
		t.Error("EndFrame without BeginFrame succeeded")
	}
	if err := r.BeginFrame(&s.frame); err != nil {
		t.Fatal(err)
	}
	if err := r.BeginPass(formats.PassForward); err != nil {
		t.Fatal(err)
	}
	if err := r.EndFrame(); err == nil {
		t.Error("EndFrame with an open pass succeeded")
	}
	if err := r.EndPass(); err != nil {
		t.Fatal(err)
	}
	if err := r.BeginPass(formats.PassGBuffer); err == nil {
		t.Error("a pass after a later one succeeded")
	}
	if err := r.Resize(8, 8); err == nil {
		t.Error("Resize inside a frame succeeded")
	}
	// Skipped passes run empty: the image is the sky.
	if err := r.EndFrame(); err != nil {
		t.Fatal(err)
	}
	if got, want := readPixels(t, r).RGBAAt(8, 8), tonemap(s.frame.FogColor, 1); !near(got, want, 2) {
		t.Errorf("pixel %v, want sky %v", got, want)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.BeginFrame(&s.frame); !errors.Is(err, backends.ErrClosed) {
		t.Errorf("BeginFrame after Close: %v", err)
	}
}
