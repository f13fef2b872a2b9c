package formats

import "fmt"

// Pass is one step of a frame, in the order every frame runs them. It is
// the engine's one pass vocabulary: the render systems, the backends and the
// tools all name passes with it. The four stem passes (shadow, gbuffer,
// forward, transparent) each draw a layout's stem for that pass; ssao,
// lighting, ssr, bloom, composite and antialias are fullscreen steps; the debug pass draws the frame's debug
// lines over the composited image, depth-tested against the scene; the UI
// pass draws screen-space quads over it all with the engine's ui shader.
type Pass uint8

// The passes of a frame, in order.
const (
	PassShadow Pass = iota
	PassGBuffer
	// PassSSAO estimates, from the gbuffer's depth and normals, how much
	// of the sky nearby geometry hides from each deferred pixel, blurs it,
	// and leaves it for the lighting pass to dim the ambient light with.
	PassSSAO
	PassLighting
	PassForward // draws a layout's main stem
	PassTransparent
	// PassSSR traces the reflections of glossy deferred pixels through
	// the depth buffer and keeps, for the composite to add, the lit colour
	// each one finds on screen (screen-space reflections).
	PassSSR
	// PassBloom takes the light of the HDR image above a threshold, at a
	// quarter of its resolution, and blurs it; the composite adds it back,
	// so bright light bleeds softly into its surroundings.
	PassBloom
	PassComposite
	// PassAntialias smooths the edges of the composited image, from its
	// colours alone (fast approximate antialiasing), before the debug
	// lines and the UI are drawn over it.
	PassAntialias
	// PassDebug draws world-space debug lines over the composited image,
	// in display colours, depth-tested against the scene's depth (or on
	// top of it): after the tonemap, so a line's colour is exactly the one
	// asked for, and before the UI, which stays readable over them.
	PassDebug
	// PassUI draws default-format quads in screen space over the composited,
	// tonemapped image, alpha blended, with no depth: text, sprites and
	// rectangles of the user interface.
	PassUI
)

// NumPasses is the number of passes, for arrays indexed by Pass.
const NumPasses = 12

// StemPasses are the passes that draw a layout's stems, the forward pass
// (the main stem, which gates the others) first.
var StemPasses = [...]Pass{PassForward, PassShadow, PassGBuffer, PassTransparent}

var passNames = [NumPasses]string{"shadow", "gbuffer", "ssao", "lighting", "forward", "transparent", "ssr", "bloom", "composite", "antialias", "debug", "ui"}

// String returns the pass's name: "shadow", "gbuffer", "ssao",
// "lighting", "forward", "transparent", "ssr", "bloom", "composite",
// "antialias", "debug" or "ui".
func (p Pass) String() string {
	if int(p) < NumPasses {
		return passNames[p]
	}
	return fmt.Sprintf("Pass(%d)", uint8(p))
}

// IsEffect reports whether the pass is a post-processing effect that a
// frame turns on or off (FrameData's SSAO, SSR, Bloom and Antialias): off,
// it only clears its output to the value that leaves the passes reading it
// unchanged, or, for the antialias pass, does nothing.
func (p Pass) IsEffect() bool {
	return p == PassSSAO || p == PassSSR || p == PassBloom || p == PassAntialias
}

// TakesDraws reports whether the pass draws meshes, as opposed to a
// fullscreen step or the debug pass's lines: the four stem passes and the
// UI pass.
func (p Pass) TakesDraws() bool {
	return p.HasStem() || p == PassUI
}

// HasStem reports whether a layout names a stem for the pass (see
// [Layout.Stem]); the UI pass draws with the engine's ui shader only.
func (p Pass) HasStem() bool {
	return p == PassShadow || p == PassGBuffer || p == PassForward || p == PassTransparent
}

// ParsePass returns the pass named s, as spelled by [Pass.String]; "main",
// the forward stem's name in game.toml, also names the forward pass.
func ParsePass(s string) (Pass, error) {
	if s == "main" {
		return PassForward, nil
	}
	for i, n := range passNames {
		if n == s {
			return Pass(i), nil
		}
	}
	return 0, fmt.Errorf("unknown pass %q (want shadow, gbuffer, ssao, lighting, forward, transparent, ssr, bloom, composite, antialias, debug or ui)", s)
}

// VertexOnly reports whether the pass's stem names a vertex shader only.
// Shadow maps write depth and need no fragment stage; the gbuffer pass uses
// the engine's fixed gbuffer fragment shader, so a format supplies only the
// vertex half.
func (p Pass) VertexOnly() bool {
	return p == PassShadow || p == PassGBuffer
}

// MaxLocations bounds attribute locations: valid locations are 0 to
// MaxLocations-1, the minimum every backend guarantees.
const MaxLocations = 16

// Step says how often an attribute advances: once per vertex, or once per
// instance of an instanced draw.
type Step uint8

const (
	StepVertex   Step = iota // the default: read from the vertex buffer, Stride apart
	StepInstance             // read from the instance buffer, InstanceStride apart
)

// String returns the game.toml spelling: "vertex" or "instance".
func (s Step) String() string {
	switch s {
	case StepVertex:
		return "vertex"
	case StepInstance:
		return "instance"
	}
	return fmt.Sprintf("Step(%d)", uint8(s))
}

// ParseStep parses "vertex" or "instance".
func ParseStep(s string) (Step, error) {
	switch s {
	case "vertex":
		return StepVertex, nil
	case "instance":
		return StepInstance, nil
	}
	return 0, fmt.Errorf("unknown step %q: want \"vertex\" or \"instance\"", s)
}

// GBufferStage says which of the engine's gbuffer fragment stages a
// format's gbuffer stem feeds, and so which outputs its vertex shader
// writes (docs/SHADERS.md, "GBuffer stage interface").
type GBufferStage uint8

const (
	// GBufferSmooth, the default, interpolates every value across a
	// triangle: normal, colour and occlusion, texture coordinate, surface,
	// tangent, and the atlas tile (flat). It suits any mesh.
	GBufferSmooth GBufferStage = iota
	// GBufferFlat takes what is the same over a whole face (the normal,
	// the albedo tint, roughness, metallic, emissive and the atlas tile)
	// as one flat uvec4 packed by the vertex shader, and interpolates only
	// the texture coordinate and the occlusion: seven values a vertex,
	// three of them interpolated, where the smooth stage has twenty-one,
	// seventeen interpolated. Faceted meshes such as voxel
	// chunks draw far faster through it where vertex outputs are costly,
	// and look the same. It has no tangent, so a normal map reads flat.
	GBufferFlat
)

// String returns the game.toml spelling: "smooth" or "flat".
func (g GBufferStage) String() string {
	switch g {
	case GBufferSmooth:
		return "smooth"
	case GBufferFlat:
		return "flat"
	}
	return fmt.Sprintf("GBufferStage(%d)", uint8(g))
}

// ParseGBufferStage parses "smooth" or "flat".
func ParseGBufferStage(s string) (GBufferStage, error) {
	switch s {
	case "smooth":
		return GBufferSmooth, nil
	case "flat":
		return GBufferFlat, nil
	}
	return 0, fmt.Errorf("unknown gbuffer stage %q: want \"smooth\" or \"flat\"", s)
}

// Attribute is one input of the vertex shader, bound by location.
type Attribute struct {
	Name     string // used in diagnostics only; binding is by Location
	Location uint32
	Format   AttributeFormat
	Offset   uint32 // bytes from the start of the vertex, or of the instance's record
	Step     Step   // per vertex (the default) or per instance
}

// Layout describes one vertex format: its size, its attributes and the
// shader stems that draw it. The zero value is not valid; see [Layout.Validate].
//
// Stems are bare names (no folder, no extension). An empty stem skips its
// pass for this format, except that Shader is required as soon as any other
// stem is set, because a format without a main pipeline is drawn in no pass
// at all.
type Layout struct {
	Name   string
	Stride uint32 // bytes from one vertex to the next; 0 when no attribute steps per vertex
	// InstanceStride is the bytes from one instance's record to the next,
	// when some attribute steps per instance; 0 otherwise. A layout whose
	// attributes all step per instance has no vertex buffer: its vertex
	// shader derives each corner from the vertex index.
	InstanceStride    uint32
	Attributes        []Attribute
	Shader            string // main (forward opaque) stem, both stages
	ShadowShader      string // vertex-only; empty skips the shadow pass
	GBufferShader     string // vertex-only; empty means forward only
	TransparentShader string // both stages; empty skips the transparent pass
	// GBufferStage picks the engine fragment stage the gbuffer stem feeds;
	// the zero value is the smooth stage.
	GBufferStage GBufferStage
}

// Instanced reports whether some attribute steps per instance, so the
// format's meshes carry instance records and draw instanced.
func (l *Layout) Instanced() bool {
	for _, a := range l.Attributes {
		if a.Step == StepInstance {
			return true
		}
	}
	return false
}

// PerVertex reports whether some attribute steps per vertex, so the
// format's meshes carry vertices.
func (l *Layout) PerVertex() bool {
	for _, a := range l.Attributes {
		if a.Step == StepVertex {
			return true
		}
	}
	return false
}

// Stem returns the stem used for pass p, or "" when the layout skips it (or p
// takes no draws).
func (l *Layout) Stem(p Pass) string {
	switch p {
	case PassForward:
		return l.Shader
	case PassShadow:
		return l.ShadowShader
	case PassGBuffer:
		return l.GBufferShader
	case PassTransparent:
		return l.TransparentShader
	}
	return ""
}

// clone returns a deep copy, so a registry never shares an Attributes array
// with a caller that may keep modifying it.
func (l *Layout) clone() *Layout {
	c := *l
	c.Attributes = append([]Attribute(nil), l.Attributes...)
	return &c
}

// DefaultLayoutName is the name of [DefaultLayout], reserved in every registry.
const DefaultLayoutName = "default"

// DefaultLayout returns a new copy of the engine's default vertex, 96 bytes:
// position, normal, tangent, color, uv, bone ids and bone weights. Its stems
// are empty because meshes of the default format use their material's shader.
func DefaultLayout() *Layout {
	return &Layout{
		Name:   DefaultLayoutName,
		Stride: 96,
		Attributes: []Attribute{
			{Name: "position", Location: 0, Format: Float3, Offset: 0},
			{Name: "normal", Location: 1, Format: Float3, Offset: 12},
			{Name: "tangent", Location: 2, Format: Float4, Offset: 24},
			{Name: "color", Location: 3, Format: Float4, Offset: 40},
			{Name: "uv", Location: 4, Format: Float2, Offset: 56},
			{Name: "bone_ids", Location: 5, Format: Int4, Offset: 64},
			{Name: "bone_weights", Location: 6, Format: Float4, Offset: 80},
		},
	}
}
