package opengl

import (
	"fmt"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
)

// Texture units. Material and shadow units are the documented shader
// interface (docs/SHADERS.md); the rest are fixed here so every render
// target is bound once, when it is created, and never rebound per pass.
const (
	unitTexture   = 0 // u_texture
	unitShadowMap = 1 // u_shadowMap
	unitGAlbedo   = 2 // u_gAlbedo
	unitGNormal   = 3 // u_gNormal
	unitGMaterial = 4 // u_gMaterial
	unitGDepth    = 5 // u_gDepth
	unitHDR       = 6 // u_hdrColor
	unitLights    = 7 // u_lights, the frame's light grid
	// The effects' targets: the SSAO pass's raw and blurred occlusion, the
	// bloom pass's bright light and its blur.
	unitSSAORaw     = 8  // u_ssaoRaw
	unitSSAO        = 9  // u_ssaoMap, read by lighting_pass
	unitBloomBright = 10 // u_bloomBright
	unitBloom       = 11 // u_bloomMap, read by composite
	unitSSR         = 12 // u_ssrMap, the SSR pass's reflections, read by composite
	unitLDR         = 13 // u_ldrColor: the composited image before antialiasing (aa), which the antialias pass reads
	// The material's normal and emissive maps, bound per draw beside
	// u_texture (white where it has none).
	unitNormalMap   = 14 // u_normalMap
	unitEmissiveMap = 15 // u_emissiveMap
	unitEnvironment = 16 // u_environment, the environment atlas (made linear and clamped by ibl.Map.Upload)
	// u_history: temporal antialiasing's result of the frame before, one of
	// the two taa targets, bound by the pass each frame.
	unitHistory = 17
)

// samplerUnits is what every linked program's sampler uniforms are set to.
var samplerUnits = []struct {
	name string
	unit int32
}{
	{"u_texture\x00", unitTexture},
	{"u_shadowMap\x00", unitShadowMap},
	{"u_gAlbedo\x00", unitGAlbedo},
	{"u_gNormal\x00", unitGNormal},
	{"u_gMaterial\x00", unitGMaterial},
	{"u_gDepth\x00", unitGDepth},
	{"u_hdrColor\x00", unitHDR},
	{"u_lights\x00", unitLights},
	{"u_ssaoRaw\x00", unitSSAORaw},
	{"u_ssaoMap\x00", unitSSAO},
	{"u_bloomBright\x00", unitBloomBright},
	{"u_bloomMap\x00", unitBloom},
	{"u_ssrMap\x00", unitSSR},
	{"u_ldrColor\x00", unitLDR},
	{"u_normalMap\x00", unitNormalMap},
	{"u_emissiveMap\x00", unitEmissiveMap},
	{"u_environment\x00", unitEnvironment},
	{"u_history\x00", unitHistory},
}

// shadowTarget is the depth-only shadow map. Its size comes from the config
// and does not change on Resize.
type shadowTarget struct {
	depth, fbo uint32
}

// targets are the size-dependent render targets of a frame, the same set the
// Vulkan backend uses.
type targets struct {
	w, h int32
	// gbuffer: albedo+AO, normal+roughness, metal+emissive, depth.
	gAlbedo, gNormal, gMaterial, gDepth uint32
	gbufferFBO                          uint32
	hdr                                 uint32 // written by the lighting step as an image
	forwardFBO                          uint32 // hdr + gDepth: forward and transparent depth-test against the gbuffer
	ldr                                 uint32 // RGBA8 composite output, read back by ReadPixels
	compositeFBO                        uint32
	debugFBO                            uint32 // ldr + gDepth: debug lines over the output, tested against the scene
	// The SSAO pass's targets, R8 at half the framebuffer's size. The
	// steps write them as images; ssaoFBO, bloomFBO and ssrFBO are for the
	// clear of an effect that is off.
	ssaoW, ssaoH  int32
	ssaoRaw, ssao uint32
	ssaoFBO       uint32
	// The bloom pass's targets, RGBA16F at a quarter of the size.
	bloomW, bloomH     int32
	bloomBright, bloom uint32
	bloomFBO           uint32
	// The SSR pass's reflections, RGBA16F, and, RGBA8, the composited image
	// of a frame with antialiasing, which the antialias pass writes into
	// ldr (no copy, and no step reads the texture it writes); both full
	// size.
	ssr, aa uint32
	ssrFBO  uint32
	// The temporal antialiasing targets, RGBA8, full size: a TAA frame
	// draws into the one the frame before did not, reading that one as
	// the history, and copies its result into ldr.
	taa [2]uint32
}

func newTexture(unit uint32, internal int32, w, h int32, format, xtype uint32) uint32 {
	var t uint32
	gl.GenTextures(1, &t)
	gl.ActiveTexture(gl.TEXTURE0 + unit)
	gl.BindTexture(gl.TEXTURE_2D, t)
	gl.TexImage2D(gl.TEXTURE_2D, 0, internal, w, h, 0, format, xtype, nil)
	// Targets are read with texelFetch or at texel centres: nearest, clamped.
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, 0)
	return t
}

// filterLinear makes t, just made by newTexture on the active unit, read
// linearly between texel centres (backends.FilteredTarget: it stays
// clamped): the antialias pass, the SSAO blur and the composite (the
// bloom) read their input so, one bilinear read a tap.
func filterLinear(t uint32) {
	gl.BindTexture(gl.TEXTURE_2D, t)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
}

func newFBO(name string, colors []uint32, depth uint32) (uint32, error) {
	var fbo uint32
	gl.GenFramebuffers(1, &fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, fbo)
	var bufs [4]uint32
	for i, c := range colors {
		gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0+uint32(i), gl.TEXTURE_2D, c, 0)
		bufs[i] = gl.COLOR_ATTACHMENT0 + uint32(i)
	}
	if depth != 0 {
		gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, depth, 0)
	}
	if len(colors) == 0 {
		gl.DrawBuffer(gl.NONE)
		gl.ReadBuffer(gl.NONE)
	} else {
		gl.DrawBuffers(int32(len(colors)), &bufs[0])
	}
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if status != gl.FRAMEBUFFER_COMPLETE {
		gl.DeleteFramebuffers(1, &fbo)
		return 0, fmt.Errorf("opengl: %s framebuffer is incomplete (status 0x%04X)", name, status)
	}
	return fbo, nil
}

func createShadowTarget(size int32) (shadowTarget, error) {
	var s shadowTarget
	s.depth = newTexture(unitShadowMap, gl.DEPTH_COMPONENT32F, size, size, gl.DEPTH_COMPONENT, gl.FLOAT)
	// Shaders compare and filter themselves: a plain float depth read.
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_MODE, gl.NONE)
	var err error
	if s.fbo, err = newFBO("shadow map", nil, s.depth); err != nil {
		gl.DeleteTextures(1, &s.depth)
		return shadowTarget{}, err
	}
	return s, nil
}

func (s *shadowTarget) destroy() {
	gl.DeleteFramebuffers(1, &s.fbo)
	gl.DeleteTextures(1, &s.depth)
	*s = shadowTarget{}
}

func createTargets(w, h int32) (targets, error) {
	t := targets{w: w, h: h}
	t.gAlbedo = newTexture(unitGAlbedo, gl.RGBA8, w, h, gl.RGBA, gl.UNSIGNED_BYTE)
	t.gNormal = newTexture(unitGNormal, gl.RGBA8, w, h, gl.RGBA, gl.UNSIGNED_BYTE)
	t.gMaterial = newTexture(unitGMaterial, gl.RGBA8, w, h, gl.RGBA, gl.UNSIGNED_BYTE)
	t.gDepth = newTexture(unitGDepth, gl.DEPTH_COMPONENT32F, w, h, gl.DEPTH_COMPONENT, gl.FLOAT)
	t.hdr = newTexture(unitHDR, gl.RGBA16F, w, h, gl.RGBA, gl.HALF_FLOAT)
	// The composite output, bound to no sampler unit: unit 0 is rebound
	// per draw anyway.
	t.ldr = newTexture(unitTexture, gl.RGBA8, w, h, gl.RGBA, gl.UNSIGNED_BYTE)
	t.ssr = newTexture(unitSSR, gl.RGBA16F, w, h, gl.RGBA, gl.HALF_FLOAT)
	t.aa = newTexture(unitLDR, gl.RGBA8, w, h, gl.RGBA, gl.UNSIGNED_BYTE)
	filterLinear(t.aa)
	for i := range t.taa {
		t.taa[i] = newTexture(unitHistory, gl.RGBA8, w, h, gl.RGBA, gl.UNSIGNED_BYTE)
		filterLinear(t.taa[i])
	}
	t.ssaoW, t.ssaoH = int32(backends.SSAOSize(int(w))), int32(backends.SSAOSize(int(h)))
	t.ssaoRaw = newTexture(unitSSAORaw, gl.R8, t.ssaoW, t.ssaoH, gl.RED, gl.UNSIGNED_BYTE)
	filterLinear(t.ssaoRaw)
	t.ssao = newTexture(unitSSAO, gl.R8, t.ssaoW, t.ssaoH, gl.RED, gl.UNSIGNED_BYTE)
	t.bloomW, t.bloomH = int32(backends.BloomSize(int(w))), int32(backends.BloomSize(int(h)))
	t.bloomBright = newTexture(unitBloomBright, gl.RGBA16F, t.bloomW, t.bloomH, gl.RGBA, gl.HALF_FLOAT)
	filterLinear(t.bloomBright)
	t.bloom = newTexture(unitBloom, gl.RGBA16F, t.bloomW, t.bloomH, gl.RGBA, gl.HALF_FLOAT)
	filterLinear(t.bloom)
	for _, f := range []struct {
		fbo    *uint32
		name   string
		colors []uint32
		depth  uint32
	}{
		{&t.gbufferFBO, "gbuffer", []uint32{t.gAlbedo, t.gNormal, t.gMaterial}, t.gDepth},
		{&t.forwardFBO, "forward", []uint32{t.hdr}, t.gDepth},
		{&t.compositeFBO, "composite", []uint32{t.ldr}, 0},
		{&t.debugFBO, "debug", []uint32{t.ldr}, t.gDepth},
		{&t.ssaoFBO, "ssao", []uint32{t.ssao}, 0},
		{&t.bloomFBO, "bloom", []uint32{t.bloom}, 0},
		{&t.ssrFBO, "ssr", []uint32{t.ssr}, 0},
	} {
		fbo, err := newFBO(f.name, f.colors, f.depth)
		if err != nil {
			t.destroy()
			return targets{}, err
		}
		*f.fbo = fbo
	}
	// Start from black rather than undefined memory, so a ReadPixels before
	// the first frame returns something defined.
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.compositeFBO)
	gl.ClearColor(0, 0, 0, 1)
	gl.Clear(gl.COLOR_BUFFER_BIT)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	return t, nil
}

func (t *targets) destroy() {
	fbos := []uint32{t.gbufferFBO, t.forwardFBO, t.compositeFBO, t.debugFBO, t.ssaoFBO, t.bloomFBO, t.ssrFBO}
	texs := []uint32{t.gAlbedo, t.gNormal, t.gMaterial, t.gDepth, t.hdr, t.ldr, t.ssaoRaw, t.ssao, t.bloomBright, t.bloom, t.ssr, t.aa, t.taa[0], t.taa[1]}
	gl.DeleteFramebuffers(int32(len(fbos)), &fbos[0])
	gl.DeleteTextures(int32(len(texs)), &texs[0])
	*t = targets{}
}
