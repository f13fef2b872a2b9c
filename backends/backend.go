package backends

import (
	"fmt"
	"image"
	"log/slog"

	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// MeshID names a mesh a backend created; 0 is never a valid mesh.
type MeshID uint32

// TextureID names a texture; 0 means the backend's 1x1 white texture.
type TextureID uint32

// ShaderID names a material shader; 0 is never a valid shader.
type ShaderID uint32

// Config describes how to start a backend. Zero values mean defaults.
type Config struct {
	Width, Height int               // framebuffer size in pixels
	Window        *WindowConfig     // nil renders offscreen, with no window and no display
	Formats       *formats.Registry // the vertex formats meshes may use; required
	Logger        *slog.Logger      // nil logs to slog.Default()
	ShadowMapSize int               // square, in texels; default 2048
	// Validation turns on the driver's validation (Vulkan layers, with
	// their synchronization checks where the layer offers them, GL debug
	// output, the Direct3D debug layers) where it is installed; every
	// message it reports is logged and counted in ValidationErrors. Where
	// a backend has no layer to turn on it says so: ValidationErrors
	// returns ValidationUnavailable.
	Validation bool
}

// WindowConfig asks for a window: a GLFW one on Vulkan and OpenGL, a
// native Win32 one on Direct3D.
type WindowConfig struct {
	Title      string
	Fullscreen bool
	VSync      bool
}

// Window is the window a windowed backend opened. Native returns the
// *glfw.Window (Vulkan, OpenGL) or the native Win32 window (Direct3D), for
// package input.
type Window interface {
	ShouldClose() bool
	PollEvents()
	Native() any
	// SetVSync changes, from the next frame on, whether presenting waits
	// for the display's vertical blank (WindowConfig.VSync at start). It
	// is called between frames; the frames keep their size and content.
	SetVSync(on bool) error
	// VSync reports whether presenting waits for the vertical blank.
	VSync() bool
}

// ShaderOptions say how a material shader draws.
type ShaderOptions struct {
	// TwoSided draws both faces of its triangles in the forward pass
	// (ecs.Material.TwoSided); otherwise faces turned away from the camera
	// are culled there. The transparent pass always draws both.
	TwoSided bool
}

// TextureOptions says how a texture is sampled.
type TextureOptions struct {
	Nearest bool // point sampling, for pixel-art atlases; linear otherwise
	Clamp   bool // clamp to edge; repeat otherwise
}

// NumSamplers is how many samplers material textures may need: one per
// combination of TextureOptions.
const NumSamplers = 4

// SamplerIndex numbers the combinations of options, for a backend that
// makes its samplers once: Nearest is bit 0, Clamp bit 1. Sampler i is
// TextureOptions{Nearest: i&1 != 0, Clamp: i&2 != 0}.
func (o TextureOptions) SamplerIndex() uint32 {
	var i uint32
	if o.Nearest {
		i |= 1
	}
	if o.Clamp {
		i |= 2
	}
	return i
}

// FilteredTarget is how a pass reads a target between its texel centres,
// one hardware bilinear read a tap: linear, clamped at the edges. The
// antialias pass reads the composited image so, the SSAO blur the raw
// occlusion and the composite the bloom, with the material sampler of
// these options (SamplerIndex).
var FilteredTarget = TextureOptions{Clamp: true}

// FrameData is what every shader of a frame sees (the Frame uniform block;
// see docs/SHADERS.md for its exact layout).
type FrameData struct {
	ViewProj    vmath.Mat4
	InvViewProj vmath.Mat4
	// LightViewProj takes world space to the sun's shadow clip space
	// (depth 0..1). It is every cascade's matrix when ShadowCascades is
	// left zero; otherwise cascade 0's is used.
	LightViewProj vmath.Mat4
	// ShadowCascades are the sun's shadow cascades, nearest first, each
	// world to its light clip space (depth 0..1), drawn into one tile of
	// the shadow map (ShadowMapSize/2 square: cascade i at column i&1, row
	// i>>1 of the map). A shaded point takes the first cascade that holds
	// it, so each cascade should cover more of the view than the one
	// before. A zero matrix is LightViewProj.
	ShadowCascades [NumCascades]vmath.Mat4
	// RedrawCascades are the cascades (bit i for cascade i) whose tiles
	// the shadow pass clears and draws this frame; 0 means all of them.
	// The tile of a cascade left out keeps what an earlier frame drew
	// into it, so its ShadowCascades matrix must be the one that frame
	// drew with, and the shadow pass draws nothing into it. The backend
	// redraws every cascade on its first frame and after a frame that
	// skipped the shadow pass, whatever this says.
	RedrawCascades uint8
	CameraPos      vmath.Vec3
	Time           float32
	LightDir       vmath.Vec3 // the direction light travels, normalized
	Shadows        bool       // whether the shadow map holds this frame's shadows
	LightColor     vmath.Vec3 // color times intensity
	Ambient        vmath.Vec3
	Exposure       float32    // 0 means 1
	FogColor       vmath.Vec3 // also the clear (sky) color at the horizon
	FogStart       float32
	FogEnd         float32 // 0 disables fog
	// SkyColor is the sky straight up; the lighting pass blends it with
	// FogColor from the horizon up. Zero: the sky is FogColor all over.
	SkyColor vmath.Vec3
	// SunDisc is the angular radius, in radians, of the light's disc drawn
	// in the sky where the light comes from (-LightDir), in LightColor;
	// 0 draws none.
	SunDisc float32
	// Lights are the frame's point and spot lights; the core bins them
	// into a LightGrid for the lighting, forward and transparent passes.
	Lights []Light
	// Effects are the frame's post-processing passes and their settings;
	// the zero value turns them all off.
	Effects Effects
	// Environment, when set, lights the frame with image-based lighting
	// from an environment map and draws the map as the sky; nil keeps
	// Ambient and the procedural sky.
	Environment *Environment
	// Joints is the frame's joint palette: the model-space joint matrices
	// of every skinned draw, which names its part with Draw.Joints. The
	// core uploads the first MaxFrameJoints once, in BeginFrame, beside the
	// light grid (docs/SKINNING.md).
	Joints []vmath.Mat4
}

// JointRange is a skinned draw's part of the frame's joint palette
// (FrameData.Joints): Count matrices from First. Vertex bone id i blends
// matrix First+i. A zero Count draws the mesh as it is, unskinned.
type JointRange struct {
	First, Count uint32
}

// Effects are the post-processing passes a frame turns on; the zero value
// of each turns it off, and the pass then costs at most a clear.
type Effects struct {
	SSAO      SSAO
	SSR       SSR
	Bloom     Bloom
	Antialias bool // the antialias pass smooths the composited image's edges
	// TAA runs the antialias pass as temporal antialiasing instead: the
	// core moves the view by a different fraction of a pixel each frame
	// (TAAJitter), and the pass blends the composited image with the
	// pass's own result of the frame before, found where the depth buffer
	// says each pixel was then and held to the colours around the pixel
	// now, so that what moves leaves no trail. Edges converge over about
	// ten still frames. Set with Antialias, TAA is the one that runs.
	TAA bool
}

// SSR is screen-space reflections: the SSR pass follows the mirror
// direction of each glossy deferred pixel (roughness below 0.6) through the
// depth buffer, and where it meets a surface on screen the composite adds
// that surface's lit colour, weighted by Fresnel's term and the gloss.
// What is off screen or hidden is not reflected.
type SSR struct {
	// Reach is how far, in world units, a reflection is followed; 0 means
	// DefaultSSRReach.
	Reach float32
	// Strength scales the reflections: 1 adds them as the surface would
	// reflect them; 0 turns the pass off, which then costs only a clear.
	Strength float32
}

// SSAO is screen-space ambient occlusion: the SSAO pass darkens the ambient
// light of deferred pixels where geometry within Radius hides the sky from
// them (creases, corners, the ground around an object's foot), at half the
// resolution (SSAOSize), then blurs the estimate; the lighting pass
// multiplies the ambient term by it. Pixels
// drawn in the forward and transparent passes are not occluded.
type SSAO struct {
	// Radius is how far, in world units, the samples reach; 0 means
	// DefaultSSAORadius.
	Radius float32
	// Strength scales the occlusion: 1 applies it fully; 0 turns the pass
	// off, which then costs only a clear.
	Strength float32
}

// Bloom makes light brighter than Threshold bleed into its surroundings:
// the bloom pass keeps what exceeds it at a quarter of the resolution and
// blurs it, and the composite adds Strength times that before tonemapping.
type Bloom struct {
	// Threshold is the exposed HDR luminance above which light blooms; 0
	// means DefaultBloomThreshold.
	Threshold float32
	// Strength is how much of the blurred light is added; 0 turns the pass
	// off, which then costs only a clear.
	Strength float32
}

// SSAOSize is the side of the SSAO pass's targets for a framebuffer side of
// n pixels: half, rounded up. Each of their texels stands for the 2x2
// block of pixels whose top-left it is, counting rows from the top.
func SSAOSize(n int) int { return (n + 1) / 2 }

// BloomSize is the side of the bloom pass's targets for a framebuffer side
// of n pixels: a quarter, rounded up.
func BloomSize(n int) int { return (n + 3) / 4 }

// The effects' defaults for a zero Radius, Reach or Threshold.
const (
	DefaultSSAORadius     = 0.5
	DefaultSSRReach       = 8
	DefaultBloomThreshold = 1
)

// NumCascades is how many shadow cascades a frame has.
const NumCascades = 4

// AllCascades has a bit for every shadow cascade (Draw.Cascades,
// FrameData.RedrawCascades).
const AllCascades = 1<<NumCascades - 1

// Draw is one draw call. Default-format meshes (format handle 0) draw with
// Shader, their material's; custom formats draw with their stem pipeline for
// the current pass, and Shader is ignored. The shadow pass, depth only,
// ignores Shader and the textures.
type Draw struct {
	Mesh    MeshID
	Shader  ShaderID
	Texture TextureID
	Model   vmath.Mat4
	Color   vmath.Vec4
	// Surface is the material's roughness (x; 0 means 1, fully rough),
	// metallic (y) and emissive (z) factors and its normal map's strength
	// (w; 0 means 1), as the engine's default shader reads them from the
	// Draw block: a zero Surface is a rough dielectric that emits nothing.
	// The block's w is 0 when the draw has no NormalMap; for a skinned draw
	// (Joints) the core writes there where its joints begin in the palette
	// rows instead (docs/SKINNING.md): skinned meshes take no normal map.
	Surface vmath.Vec4
	// Cascades are the shadow cascades a shadow caster is drawn into, bit
	// i for cascade i (FrameData.ShadowCascades); 0 means all of them.
	// Other passes ignore it.
	Cascades uint8
	// Joints are a skinned draw's joint matrices in FrameData.Joints, at
	// most MaxJoints; a draw naming matrices the frame did not upload is
	// dropped and counted in Stats.DroppedJoints.
	Joints JointRange
	// NormalMap is a tangent-space normal map (OpenGL convention, +Y up,
	// as glTF's), sampled at the base texture's uv; 0 leaves the vertex
	// normal unchanged. EmissiveMap tints the emission (Surface's z) per
	// texel; 0 is white. Like Texture, a stale or unknown ID drops the draw.
	NormalMap, EmissiveMap TextureID
}

// Backend is what a renderer implements; backends/core is the one
// implementation, over each API's core.Driver. All calls come from one
// goroutine (the render thread); none is safe for concurrent use.
//
// A frame is BeginFrame, then for each formats.Pass in order BeginPass, any
// number of Draw calls (passes that take them) or DrawLines calls (the
// debug pass), EndPass; then EndFrame, which presents to the window, if
// any, and keeps the image for ReadPixels.
//
// The rules below hold on every backend, and the conformance suite checks
// each of them:
//
//   - Skipped passes: a pass the frame does not begin runs with no draws
//     when a later one begins (or at EndFrame). A skipped shadow pass clears
//     the shadow map, so nothing casts a shadow that frame; a skipped gbuffer
//     pass clears the gbuffer's depth; the lighting pass always fills the
//     sky.
//   - Shadow depth: the shadow pass clamps depth to the cascade's range
//     instead of clipping at it, so a caster between the sun and a
//     cascade's box (nearer the sun than the box's near plane) is drawn at
//     the nearest depth and still shadows everything behind it. A
//     cascade's box is fitted around its slice of the view, a few units
//     deep for the nearest, while what shades that slice can stand far
//     towards the sun.
//   - The gbuffer: the gbuffer pass clears its depth but not its colour
//     targets. Depth alone says where a surface was drawn: where it is 1,
//     the colour targets hold whatever an earlier frame left, and every
//     pass that reads them (lighting, SSAO, SSR) tests the depth first.
//     Clearing three full-size targets cost 0.44 ms a frame on the H200
//     (docs/PERFORMANCE.md).
//   - Debug lines: the debug pass draws its lines over the composited
//     image in their own colours, hidden where the scene is nearer unless
//     drawn LinesOnTop; a skipped debug pass changes nothing.
//   - Resize: Resize and a window that changed size run the same path. The
//     size-dependent targets and the window's swapchain or default
//     framebuffer are recreated at the new size (a frame is never stretched),
//     every custom-format program is rebuilt on next use, and every failed
//     variant, format stem or material shader, is tried again. A windowed
//     backend follows its window in Window().PollEvents and, failing that, in
//     BeginFrame, so Size after PollEvents is the size the next frame has.
//   - Read-back: ReadPixels copies the last finished frame, windowed or
//     offscreen; before the first frame, and after a resize until a frame at
//     the new size has ended, it returns an error matching ErrNoFrame.
//   - Stale IDs: a destroyed mesh, texture or shader ID is never reused for
//     another object. A draw naming a stale or unknown mesh or texture is
//     dropped, counted in Stats.DroppedStale and logged with the ID; one
//     naming a stale shader is dropped and counted in DroppedMaterial.
//   - Limits: framebuffer and shadow map sides are 1 to MaxTargetSize,
//     textures 1 to MaxTextureSize (CheckSize, CheckTexture); meshes pass
//     CheckMesh. A frame uploads at most MaxFrameJoints joint matrices
//     (FrameData.Joints), a draw blends at most MaxJoints; a skinned draw
//     past either is dropped and counted in Stats.DroppedJoints.
//   - Destroyed objects are freed once no frame in flight uses them.
type Backend interface {
	Kind() Kind
	// Size returns the framebuffer size.
	Size() (width, height int)
	// Window returns the window, or nil when rendering offscreen.
	Window() Window

	// CreateMesh uploads vertices laid out as the format says and 32-bit
	// indices. Empty input, a length that is not a multiple of the stride or
	// an index past the last vertex is an error.
	CreateMesh(format formats.Handle, vertices []byte, indices []uint32) (MeshID, error)
	// CreateInstancedMesh uploads a mesh of an instanced format (one with
	// attributes of step "instance"): vertices (none when every attribute
	// steps per instance), indices, and one record of InstanceStride bytes
	// per instance. Every draw of the mesh draws all its instances.
	CreateInstancedMesh(format formats.Handle, vertices []byte, indices []uint32, instances []byte) (MeshID, error)
	DestroyMesh(MeshID)
	CreateTexture(img *image.RGBA, opts TextureOptions) (TextureID, error)
	DestroyTexture(TextureID)
	// CreateShader loads the material shader named by its canonical .hlsl
	// path, both stages, for default-format meshes. The same path gives the
	// same ID while the shader lives. The error names the backend and every
	// file it tried, and is returned again without another attempt until
	// the next resize. Nothing substitutes another shader.
	CreateShader(canonical string) (ShaderID, error)
	// CreateShaderWith is CreateShader with options: the same path with
	// other options is another shader with its own ID (its errors are the
	// path's, shared).
	CreateShaderWith(canonical string, o ShaderOptions) (ShaderID, error)
	// DestroyShader frees a material shader; draws naming it are dropped.
	DestroyShader(ShaderID)

	// FormatReady builds, once, the pipeline of a custom format for a pass
	// and reports whether draws of that format can go ahead in it. An empty
	// stem, a failed build, or a failed main stem (which gates every pass)
	// all answer false; failures are logged once and stay until the next
	// resize.
	FormatReady(format formats.Handle, pass formats.Pass) bool
	// FormatError says why FormatReady answered false for a named stem: the
	// build error (a *ShaderError names the file at fault), or the failed
	// main stem's. It is nil when the pipeline is ready, skipped or not yet
	// built.
	FormatError(format formats.Handle, pass formats.Pass) error

	BeginFrame(frame *FrameData) error
	BeginPass(pass formats.Pass) error
	Draw(d *Draw)
	// DrawLines queues line segments, two vertices each, in the open debug
	// pass (formats.PassDebug); in any other pass, or outside one, it does
	// nothing. The lines are copied: the caller may reuse the slice at
	// once. An odd last vertex is ignored; what would take the frame past
	// MaxLineVertices is dropped and counted in Stats.DroppedLines; a depth
	// other than LinesOnTop draws depth-tested.
	DrawLines(lines []LineVertex, depth LineDepth)
	EndPass() error
	EndFrame() error

	// Resize recreates the size-dependent targets and tries every failed
	// variant again (see the rules above).
	Resize(width, height int) error
	// ReadPixels copies the last finished frame into dst, which must be the
	// framebuffer's size, top row first.
	ReadPixels(dst *image.RGBA) error
	// Stats is the current frame's statistics, reset by BeginFrame. The
	// backend counts draws, triangles and the draws it drops; the render
	// systems add what they cull and drop before submitting.
	Stats() *Stats
	// ValidationErrors counts the driver validation messages of severity
	// error seen so far. A backend asked for validation (Config.Validation)
	// that could not turn any on returns ValidationUnavailable instead, so
	// that 0 always means "validated, and clean" when validation was asked
	// for; test ValidationErrors() > 0 for failures and report
	// ValidationUnavailable rather than read it as clean.
	ValidationErrors() int
	Close() error
}

// ShaderReloader is implemented by every backend (backends/core does it
// once): it is how shader hot reload reaches a running backend without
// widening Backend for games that never reload.
type ShaderReloader interface {
	// ResetFiles forgets what was built from the shader files named by
	// paths, the files a backend loads as Resolve and ResolveStem name them
	// ("assets/shaders/foo_gl.frag"; a file's includes are the caller's to
	// map to the files that include them). Exactly the custom-format
	// programs and material shaders built from those files are dropped
	// and exactly their failures forgotten; every other program and
	// failure stays. Custom formats rebuild on their next use; a live
	// material shader rebuilds at once under the same ShaderID, and when
	// that fails the failure is logged once and its draws are dropped
	// (Stats.DroppedMaterial): the old program is not kept, so nothing
	// draws with a variant other than the files on disk. It returns how
	// many programs and failures it reset, and refuses inside a frame.
	ResetFiles(paths []string) (int, error)
}

// ValidationUnavailable is what ValidationErrors returns when validation
// was asked for and the driver has no validation layer to run (the
// Direct3D debug layers under Wine, which has none).
const ValidationUnavailable = -1

// Defaults and limits of Config, the same on every backend.
const (
	DefaultWidth         = 1200
	DefaultHeight        = 800
	DefaultShadowMapSize = 2048
	// MaxTargetSize is the largest side of any render target: the smallest
	// limit of the four APIs (Direct3D 11's 16384).
	MaxTargetSize = 16384
)

// WithDefaults returns c with its zero fields resolved (size 1200x800,
// shadow map 2048, slog.Default()) and checks the rest, so every backend
// reads a Config the same way. The error names backend k.
func (c Config) WithDefaults(k Kind) (Config, error) {
	if c.Formats == nil {
		return c, fmt.Errorf("%s: Config.Formats is nil: a vertex format registry is required", k)
	}
	if c.Width == 0 && c.Height == 0 {
		c.Width, c.Height = DefaultWidth, DefaultHeight
	}
	if c.ShadowMapSize == 0 {
		c.ShadowMapSize = DefaultShadowMapSize
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if err := CheckSize(k, "framebuffer", c.Width, c.Height); err != nil {
		return c, err
	}
	return c, CheckSize(k, "shadow map", c.ShadowMapSize, c.ShadowMapSize)
}

// CheckSize refuses a render target size outside 1..MaxTargetSize on either
// side, naming backend k and the target (Resize uses it too).
func CheckSize(k Kind, what string, w, h int) error {
	if w <= 0 || h <= 0 || w > MaxTargetSize || h > MaxTargetSize {
		return fmt.Errorf("%s: %s size %dx%d: want 1 to %d on each side", k, what, w, h, MaxTargetSize)
	}
	return nil
}
