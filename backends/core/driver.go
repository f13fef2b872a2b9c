// Package core is the one implementation of backends.Backend that every
// graphics API plugs into. It owns everything that must behave the same on
// Vulkan, OpenGL, Direct3D 11 and Direct3D 12: the checks on Config and on
// every input, the generation-checked IDs of meshes, textures and shaders,
// the order of a frame's passes and what a skipped pass does, draw
// resolution (mesh to program for the pass, texture fallback, dropped draws
// counted once in Stats), the debug pass's lines (only there, whole pairs,
// within the per-frame limit, counted), the per-(format, pass) program
// table, the one resize path, read-back rules and deferred destruction.
//
// Beneath it each API implements Driver: create and free buffers, textures
// and programs; run one pass over draws that are already resolved; end the
// frame; present or read back. A driver never sees an ID, a stale handle, a
// pass out of order or a draw it cannot execute.
//
//	b, err := core.New(backends.Vulkan, cfg, func(cfg backends.Config) (core.Driver[mesh, texture, program], error) {
//		return openDriver(cfg)
//	})
package core

import (
	"errors"
	"image"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// Driver is what one graphics API implements beneath the core. M, T and P
// are the driver's own mesh, texture and program values; the core stores
// them, copies them into draws and hands them back to be freed, and never
// looks inside.
//
// The core calls a driver from one goroutine, never inside RunPass, and
// only with input it has checked: sizes within backends.MaxTargetSize,
// meshes that passed backends.CheckMesh, textures that passed CheckTexture,
// shader files that ResolveStem or Resolve chose.
type Driver[M, T, P any] interface {
	// NewMesh uploads a mesh of the given layout. For an instanced layout
	// (formats.Layout.Instanced) it also uploads the instance records, and
	// every draw of the mesh draws each instance: the per-instance
	// attributes step through them (Vulkan's instance input rate, GL's
	// attribute divisor, Direct3D's per-instance input elements). Vertices
	// are empty when no attribute steps per vertex.
	NewMesh(layout *formats.Layout, data MeshData) (M, error)
	// NewTexture uploads an RGBA8 image; row 0 is v = 0.
	NewTexture(img *image.RGBA, opts backends.TextureOptions) (T, error)
	// NewProgram loads and builds the program of one stem or material
	// shader. It returns a *backends.ShaderError when a file is at fault.
	NewProgram(spec ProgramSpec) (P, error)
	// FreeMesh, FreeTexture and FreeProgram release objects that no frame
	// still uses: the core defers them until Completed says so.
	FreeMesh(M)
	FreeTexture(T)
	FreeProgram(P)

	// White is the 1x1 white texture, drawn when a draw names texture 0
	// (and bound for a normal or emissive map of 0).
	White() T
	// ShadowProgram draws default-format meshes into the shadow map.
	ShadowProgram() P
	// UIProgram draws default-format quads in the UI pass with the
	// engine's ui shader: over the composited image, alpha blended, no
	// depth, no culling.
	UIProgram() P

	// BeginFrame waits until the frame's resources may be reused, acquires
	// the window's next image and uploads the Frame block. It returns
	// ErrSurfaceStale when the window surface no longer fits (the core then
	// resizes to Surface and asks again, once).
	BeginFrame(block *backends.FrameBlock) error
	// SetEnvironment makes t the environment atlas (backends.Environment)
	// that the lighting, forward and transparent passes of this frame
	// read, through a linear, clamped sampler of the driver's own (Vulkan
	// set 0 binding 3, OpenGL unit 14, Direct3D t9 and s2); White when the
	// frame has none. The core calls it every frame before BeginFrame, so
	// a driver rebinds only what changed, and never frees t while a frame
	// in flight reads it.
	SetEnvironment(t T)
	// UploadLights makes the frame's light grid (its first grid.Rows rows)
	// what the lighting, forward and transparent passes of this frame read.
	// The core calls it after BeginFrame, before the first pass.
	UploadLights(grid *backends.LightGrid) error
	// RunPass records or executes one pass: its fixed state and targets,
	// then draws in order. The shadow pass runs once per cascade
	// (backends.NumCascades): cascade i into its tile of the shadow map
	// (backends.CascadeTile; the viewport in the same orientation as a
	// whole-map one would have), with the Frame block of
	// backends.FrameBlock.Cascade(i), and only the draws whose Cascades
	// has bit i, for the cascades RedrawCascades named: each of their
	// tiles is cleared first, and every other tile keeps what an earlier
	// frame drew into it. The UI pass draws onto the composite output,
	// keeping what composite wrote; a windowed driver presents the image
	// as the UI pass leaves it. Fullscreen passes get no draws. A pass the
	// caller skipped is run with no draws, so every target ends the frame
	// as that pass leaves it (the shadow map cleared, the gbuffer cleared,
	// the sky filled).
	RunPass(pass formats.Pass, draws []Draw[M, T, P]) error
	// RedrawCascades names the cascades (bit i for cascade i) whose tiles
	// the next shadow pass clears and draws. The core calls it before
	// every shadow pass, with every bit set unless the map holds each
	// cascade as a frame drew it (so never on the first frame, nor after
	// a skipped shadow pass), and hands that pass only draws into the
	// cascades named.
	RedrawCascades(cascades uint8)
	// RunLines runs the debug pass (formats.PassDebug), which the core
	// never hands to RunPass: line-list pipelines of the engine's
	// debug_lines shader over the composite output, with the scene's depth
	// buffer, first lines.Tested (depth test on, no depth write), then
	// lines.OnTop (no depth test). A driver keeps one vertex buffer for
	// them per frame in flight, grown only when a frame needs more. With
	// no lines the pass changes nothing, so a driver may record nothing.
	RunLines(lines *Lines) error
	// RunEffect runs a post-processing pass (formats.Pass.IsEffect), which
	// the core never hands to RunPass, into targets of its own that later
	// passes read:
	//   - formats.PassSSAO: ssao reads the gbuffer's depth and normals into
	//     an R8 target of half the framebuffer's size (backends.SSAOSize),
	//     ssao_blur blurs that into a second one, which lighting_pass reads.
	//   - formats.PassSSR: ssr reads the HDR image and the gbuffer's
	//     normals, material and depth into an RGBA16F target of the
	//     framebuffer's size, which composite reads.
	//   - formats.PassBloom: bloom reads the HDR image into an RGBA16F
	//     target of a quarter of its size (each side rounded up), bloom_blur
	//     blurs that into a second one, which composite reads.
	//   - formats.PassAntialias: antialias reads the composited image and
	//     leaves its result in the composite output (what the debug and UI
	//     passes draw on, what is presented and read back): drawn into an
	//     RGBA8 target of its size and copied back, or, where sampling an
	//     image that is then drawn over is unreliable (OpenGL on llvmpipe),
	//     the composite drawn into that target on such frames
	//     (FrameBlock.EffectOn) and the pass drawn into the output. When
	//     FrameBlock.TAA says so, the taa stem runs in antialias's place:
	//     it reads the composited image, its own result of the frame
	//     before (the history) through backends.FilteredTarget and the
	//     scene's depth, and draws into one of two RGBA8 history targets
	//     of the framebuffer's size, taking turns frame by frame, whose
	//     result then reaches the composite output as antialias's does.
	//     The block's history weight is 0 whenever the history target
	//     holds nothing this size has drawn, so its content then does not
	//     matter, but it must be a readable image.
	// With EffectClear it draws nothing and clears the target the later
	// pass reads to the value that leaves it unchanged: occlusion 1
	// (nothing occluded), reflections and bloom 0. With EffectIdle that
	// target already holds it (the core cleared it since the targets were
	// made and has not drawn the effect since), so the pass does nothing,
	// as the antialias pass does whenever it is off. Either way a driver
	// with timestamps still stamps the pass.
	RunEffect(pass formats.Pass, mode EffectMode) error
	// EndFrame submits the frame and presents it when windowed. Either way
	// the composited image stays readable by ReadPixels until the next
	// frame ends.
	EndFrame() error
	// Completed returns how many frames, counted by EndFrame calls, the GPU
	// has finished.
	Completed() uint64
	// WaitIdle blocks until the GPU has finished every submitted frame.
	WaitIdle()
	// GPUTimes reports, without waiting, the GPU time each pass of an
	// earlier frame took, from the API's timestamp queries: the core asks
	// once a frame, right after BeginFrame has waited for the frame's
	// resources, so the frame that last used them has its results ready.
	// frame is that frame's number (counted by EndFrame calls, from 1); ok
	// is false when no new result is ready or the API has no timestamps.
	GPUTimes(out *[formats.NumPasses]time.Duration) (frame uint64, ok bool)
	// ReadPixels copies the last composited frame into dst, which has the
	// framebuffer's size, top row first.
	ReadPixels(dst *image.RGBA) error
	// Resize recreates the size-dependent targets, and the swapchain or
	// default framebuffer when windowed, at width x height. Programs stay.
	Resize(width, height int) error
	// Surface returns the window's framebuffer size now; ok is false when
	// the driver renders offscreen.
	Surface() (width, height int, ok bool)
	// WaitEvents blocks until the window has an event (used while it is
	// minimised).
	WaitEvents()
	// Window is the window, or nil offscreen.
	Window() NativeWindow
	// SetVSync makes presenting wait for the vertical blank, or not, from
	// the next frame; the core calls it only when windowed and between
	// frames. A driver that must recreate its swapchain for it reports
	// ErrSurfaceStale from the next BeginFrame, which runs the resize path.
	SetVSync(on bool) error
	ValidationErrors() int
	// Close frees the driver's own objects, the device and the window. The
	// core has freed every mesh, texture and program first.
	Close() error
}

// MeshData is what NewMesh uploads, checked by backends.CheckMesh.
type MeshData struct {
	Vertices  []byte
	Indices   []uint32
	Instances []byte // InstanceStride bytes per instance; nil for other layouts
}

// InstanceCount returns how many instances data holds for layout l: 1 for a
// layout without per-instance attributes.
func (d *MeshData) InstanceCount(l *formats.Layout) uint32 {
	if !l.Instanced() {
		return 1
	}
	return uint32(len(d.Instances) / int(l.InstanceStride))
}

// EngineReloader is implemented by a driver that can build its fixed
// engine programs again in place (the default-format shadow program and the
// lighting, composite, debug lines and UI passes), for shader hot reload.
// changed reports whether a stem's files changed; a driver rebuilds at
// least those (it may rebuild all). When the new files fail to build it
// keeps the programs it had and returns the error.
type EngineReloader interface {
	ReloadEngine(changed func(stem string) bool) error
}

// engineStems are the stems every driver builds at start for its fixed
// passes; a change to one of their files reloads them all.
var engineStems = [...]string{"shadow_depth", "ssao", "ssao_blur", "lighting_pass", "ssr", "bloom", "bloom_blur", "composite", "antialias", "taa", "debug_lines", "ui"}

// EffectMode is what RunEffect does with an effect pass this frame.
type EffectMode uint8

const (
	EffectOn    EffectMode = iota // draw the effect
	EffectClear                   // off: clear the output to its neutral value
	EffectIdle                    // off, the output already neutral: nothing to do
)

// Lines are the debug pass's line segments, two vertices each, checked by
// the core: whole pairs, at most backends.MaxLineVertices together.
type Lines struct {
	Tested, OnTop []backends.LineVertex
}

// Len returns how many vertices the lines have.
func (l *Lines) Len() int { return len(l.Tested) + len(l.OnTop) }

// ErrSurfaceStale is returned by Driver.BeginFrame when the window's surface
// no longer matches its size (an out-of-date or suboptimal swapchain).
var ErrSurfaceStale = errors.New("the window surface is out of date")

// ProgramSpec says what a program is for.
type ProgramSpec struct {
	Files  backends.ShaderFiles
	Layout *formats.Layout
	// Material is true for a material shader of default-format meshes,
	// which draws in both the forward and the transparent pass; otherwise
	// the program is a custom format's stem for Pass.
	Material bool
	// TwoSided is a material shader drawn without back-face culling
	// (backends.ShaderOptions.TwoSided).
	TwoSided bool
	Pass     formats.Pass
	// Label names the program in errors: "material shader X" or "vertex
	// format F, shadow pass".
	Label string
}

// Draw is one resolved draw: the driver's own objects, ready to bind.
type Draw[M, T, P any] struct {
	Mesh    M
	Program P
	Texture T
	Model   vmath.Mat4
	Color   vmath.Vec4
	Surface vmath.Vec4 // roughness, metallic, emissive, normal-map strength (backends.Draw.Surface)
	// Cascades are the shadow cascades the draw is drawn into in the
	// shadow pass, bit i for cascade i, never 0 there.
	Cascades uint8
	// NormalMap and EmissiveMap are the material's maps, White where it
	// has none (Surface's w, the normal map's strength, is then 0).
	NormalMap, EmissiveMap T
}

// NativeWindow is the driver's own window; the core wraps it as the
// backends.Window the game sees.
type NativeWindow interface {
	ShouldClose() bool
	PollEvents()
	Native() any
}
