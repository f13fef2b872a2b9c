package backends

import (
	"math"

	"github.com/sleakgo/sleak/formats"

	"github.com/sleakgo/sleak/vmath"
)

// FrameBlockSize is the size in bytes of the Frame uniform block that every
// shader sees (std140; the layout is in docs/SHADERS.md).
const FrameBlockSize = 832

// DrawBlockSize is the size in bytes of the per-draw block: the model
// matrix, the colour and the surface factors.
const DrawBlockSize = 96

// FrameBlock is the Frame uniform block as 32-bit words, ready to copy into
// a uniform or constant buffer. Every backend fills it with Pack, so the
// shader interface has one definition.
type FrameBlock [FrameBlockSize / 4]float32

// Pack lays d out as the Frame block. shadowMapSize is the shadow map's
// side in texels (its reciprocal is the PCF step). An Exposure of 0 is
// written as 1.
func (b *FrameBlock) Pack(d *FrameData, shadowMapSize int) {
	copy(b[0:16], d.ViewProj[:])
	copy(b[16:32], d.InvViewProj[:])
	// The cascades at 80: a zero one is LightViewProj; lightViewProj is
	// cascade 0's (Cascade makes the blocks each cascade is drawn with).
	for i, m := range d.ShadowCascades {
		if m == (vmath.Mat4{}) {
			m = d.LightViewProj
		}
		copy(b[cascadeWord+16*i:cascadeWord+16*i+16], m[:])
	}
	copy(b[32:48], b[cascadeWord:cascadeWord+16])
	put := func(at int, v [3]float32, w float32) {
		b[at], b[at+1], b[at+2], b[at+3] = v[0], v[1], v[2], w
	}
	shadows := float32(0)
	if d.Shadows {
		shadows = 1
	}
	exposure := d.Exposure
	if exposure == 0 {
		exposure = 1
	}
	put(48, d.CameraPos, d.Time)
	put(52, d.LightDir, shadows)
	put(56, d.LightColor, 1)
	put(60, d.Ambient, exposure)
	put(64, d.FogColor, 1)
	b[68], b[69], b[70], b[71] = d.FogStart, d.FogEnd, 1/float32(max(shadowMapSize, 1)), 0
	// A sky without a zenith colour is the fog colour all over, as it was
	// before the sky had a gradient; the disc's cosine lets shaders test
	// the angle to the light with one dot product.
	zenith, disc := d.SkyColor, float32(0)
	if zenith == (vmath.Vec3{}) {
		zenith = d.FogColor
	}
	if d.SunDisc > 0 {
		disc = float32(math.Cos(float64(min(d.SunDisc, math.Pi/4))))
	}
	put(72, zenith, disc)
	// The effects' settings, with the defaults filled in; a strength of 0
	// means the pass was off and its output holds the neutral value.
	fx := &d.Effects
	radius, threshold := fx.SSAO.Radius, fx.Bloom.Threshold
	if radius <= 0 {
		radius = DefaultSSAORadius
	}
	if threshold <= 0 {
		threshold = DefaultBloomThreshold
	}
	put(76, vmath.Vec3{radius, max(fx.SSAO.Strength, 0), threshold}, max(fx.Bloom.Strength, 0))
	reach, aa := fx.SSR.Reach, float32(0)
	if reach <= 0 {
		reach = DefaultSSRReach
	}
	if fx.Antialias {
		aa = 1
	}
	put(postWord, vmath.Vec3{max(fx.SSR.Strength, 0), reach, aa}, 0)
	b.packEnvironment(d.Environment)
	copy(b[reprojectWord:reprojectWord+16], identity[:])
	clear(b[taaWord : taaWord+4])
	if fx.TAA {
		b[postWord+2], b[taaWord+3] = 0, 1
	}
}

var identity = vmath.Ident()

// The environment's words: the ibl vec4 (x the intensity of the map's
// light, 0 when no map lights the frame; y 1 when one does; z an overlay
// map's intensity, 0 without one), then the nine irradiance coefficients.
const (
	iblWord        = postWord + 4
	irradianceWord = iblWord + 4
)

func (b *FrameBlock) packEnvironment(e *Environment) {
	clear(b[iblWord : irradianceWord+4*9])
	if e == nil {
		return
	}
	intensity := e.Intensity
	if intensity <= 0 {
		intensity = 1
	}
	if e.Overlay {
		b[iblWord+2] = intensity
		return
	}
	b[iblWord], b[iblWord+1] = intensity, 1
	for i, c := range e.Irradiance {
		copy(b[irradianceWord+4*i:irradianceWord+4*i+3], c[:])
	}
}

// ClearEnvironment turns the block's environment off, as a frame without
// one has it: the core does so when the environment's texture is not live.
func (b *FrameBlock) ClearEnvironment() { b.packEnvironment(nil) }

// The temporal antialiasing words, after the irradiance: the reproject
// matrix, then the taa vec4 (x the history's weight, 0 without one; yz
// the view's jitter in normalized device coordinates; w 1 when the pass
// runs as TAA).
const (
	reprojectWord = irradianceWord + 4*9
	taaWord       = reprojectWord + 16
)

// postWord is where the block's post vec4 starts: x SSR strength, y SSR
// reach, z 1 when the antialias pass is on.
const postWord = cascadeWord + 16*NumCascades

// cascadeWord is where the cascades' matrices start in the block.
const cascadeWord = 80

// Cascade fills dst with the block cascade i of the shadow pass is drawn
// with: b with lightViewProj set to the cascade's matrix, so every shadow
// stem reads its cascade's matrix where it always reads the light's.
func (b *FrameBlock) Cascade(i int, dst *FrameBlock) {
	*dst = *b
	copy(dst[32:48], b[cascadeWord+16*i:cascadeWord+16*i+16])
}

// CascadeTile returns the texel rectangle of the shadow map, of side size,
// that cascade i is drawn into: x, y of its first texel (row 0 first, as
// the map is sampled) and its side.
func CascadeTile(i, size int) (x, y, side int) {
	side = max(size/2, 1)
	return (i & 1) * side, (i >> 1) * side, side
}

// EffectOn reports whether Pack turned effect pass p on (formats.Pass.IsEffect):
// an SSAO, SSR or bloom strength above 0, or the antialias pass asked for.
func (b *FrameBlock) EffectOn(p formats.Pass) bool {
	switch p {
	case formats.PassSSAO:
		return b[77] > 0
	case formats.PassBloom:
		return b[79] > 0
	case formats.PassSSR:
		return b[postWord] > 0
	case formats.PassAntialias:
		return b[postWord+2] > 0 || b.TAA()
	}
	return false
}

// DrawBlock is the per-draw block as 32-bit words.
type DrawBlock [DrawBlockSize / 4]float32

// Set fills b from a draw.
func (b *DrawBlock) Set(d *Draw) {
	copy(b[0:16], d.Model[:])
	copy(b[16:20], d.Color[:])
	copy(b[20:24], d.Surface[:])
}
