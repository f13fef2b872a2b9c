//go:build windows

package d3d11

import (
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom"
)

// colorTarget is a texture drawn to in one pass and read in a later one.
type colorTarget struct {
	tex, rtv, srv *dxcom.Object
}

func (t *colorTarget) release() {
	dxcom.Release(t.srv, t.rtv, t.tex)
	*t = colorTarget{}
}

// depthTarget is a depth texture that later passes sample as a float.
type depthTarget struct {
	tex, dsv, srv *dxcom.Object
}

func (t *depthTarget) release() {
	dxcom.Release(t.srv, t.dsv, t.tex)
	*t = depthTarget{}
}

// targets are the size-dependent render targets of a frame, the same set the
// Vulkan backend uses.
type targets struct {
	w, h                        int
	gAlbedo, gNormal, gMaterial colorTarget
	gDepth                      depthTarget
	hdr                         colorTarget
	ldr                         colorTarget   // RGBA8 composite output
	staging                     *dxcom.Object // CPU-readable copy of ldr for ReadPixels
	// size is the Target constant buffer (b2) of every fullscreen pass:
	// always the framebuffer's size, whatever the pass draws into.
	size *dxcom.Object
	// The SSAO pass's targets, R8 of ssaoW x ssaoH (half the size, rounded
	// up): the raw occlusion and its blur, which lighting_pass reads.
	ssaoW, ssaoH  int
	ssaoRaw, ssao colorTarget
	// The bloom pass's targets, RGBA16F of bloomW x bloomH (a quarter of the
	// size, rounded up): the bright light and its blur, which composite reads.
	bloomW, bloomH     int
	bloomBright, bloom colorTarget
	// The SSR pass's target, RGBA16F at the framebuffer's size: the
	// reflections composite adds.
	ssr colorTarget
	// The antialias pass's target, RGBA8 like ldr: what antialias makes of
	// the composite output, copied back over it.
	aa colorTarget
	// The temporal antialiasing targets, RGBA8 like ldr: a TAA frame draws
	// into the one the frame before did not, reading that one as the
	// history, and copies its result over the composite output.
	taa [2]colorTarget
}

func (t *targets) release() {
	t.gAlbedo.release()
	t.gNormal.release()
	t.gMaterial.release()
	t.gDepth.release()
	t.hdr.release()
	t.ldr.release()
	t.ssaoRaw.release()
	t.ssao.release()
	t.bloomBright.release()
	t.bloom.release()
	t.ssr.release()
	t.aa.release()
	t.taa[0].release()
	t.taa[1].release()
	dxcom.Release(t.staging, t.size)
	*t = targets{}
}

func (d *device) newColorTarget(name string, w, h int, format dxcom.DXGIFormat) (colorTarget, error) {
	var t colorTarget
	var err error
	desc := textureDesc{Width: uint32(w), Height: uint32(h), MipLevels: 1, ArraySize: 1, Format: format,
		SampleCount: 1, Usage: usageDefault, BindFlags: bindRenderTarget | bindShaderResource}
	if t.tex, err = d.createTexture2D(&desc, nil); err == nil {
		if t.rtv, err = d.createRTV(t.tex); err == nil {
			t.srv, err = d.createSRV(t.tex, nil)
		}
	}
	if err != nil {
		t.release()
		return colorTarget{}, fmt.Errorf("%s target: %w", name, err)
	}
	return t, nil
}

// newDepthTarget makes a 32-bit float depth texture with a depth view for
// drawing and a float view for sampling.
func (d *device) newDepthTarget(name string, w, h int) (depthTarget, error) {
	var t depthTarget
	var err error
	desc := textureDesc{Width: uint32(w), Height: uint32(h), MipLevels: 1, ArraySize: 1, Format: dxcom.FormatR32Typeless,
		SampleCount: 1, Usage: usageDefault, BindFlags: bindDepthStencil | bindShaderResource}
	if t.tex, err = d.createTexture2D(&desc, nil); err == nil {
		if t.dsv, err = d.createDSV(t.tex, &dxcom.DSVDesc{Format: dxcom.FormatD32Float, Dimension: dxcom.DSVDimTexture2D}); err == nil {
			t.srv, err = d.createSRV(t.tex, &srvDesc{Format: dxcom.FormatR32Float, Dimension: dxcom.SRVDimTexture2D, MipLevels: 1})
		}
	}
	if err != nil {
		t.release()
		return depthTarget{}, fmt.Errorf("%s depth target: %w", name, err)
	}
	return t, nil
}

func (d *device) createTargets(w, h int) (targets, error) {
	t := targets{w: w, h: h, bloomW: backends.BloomSize(w), bloomH: backends.BloomSize(h), ssaoW: backends.SSAOSize(w), ssaoH: backends.SSAOSize(h)}
	var err error
	steps := []func() error{
		func() error {
			t.gAlbedo, err = d.newColorTarget("gbuffer albedo", w, h, dxcom.FormatR8G8B8A8UNorm)
			return err
		},
		func() error {
			t.gNormal, err = d.newColorTarget("gbuffer normal", w, h, dxcom.FormatR8G8B8A8UNorm)
			return err
		},
		func() error {
			t.gMaterial, err = d.newColorTarget("gbuffer material", w, h, dxcom.FormatR8G8B8A8UNorm)
			return err
		},
		func() error { t.gDepth, err = d.newDepthTarget("gbuffer", w, h); return err },
		func() error { t.hdr, err = d.newColorTarget("HDR", w, h, dxcom.FormatR16G16B16A16Float); return err },
		func() error { t.ldr, err = d.newColorTarget("composite", w, h, dxcom.FormatR8G8B8A8UNorm); return err },
		func() error {
			t.ssaoRaw, err = d.newColorTarget("SSAO", t.ssaoW, t.ssaoH, dxcom.FormatR8UNorm)
			return err
		},
		func() error {
			t.ssao, err = d.newColorTarget("SSAO blur", t.ssaoW, t.ssaoH, dxcom.FormatR8UNorm)
			return err
		},
		func() error {
			t.bloomBright, err = d.newColorTarget("bloom", t.bloomW, t.bloomH, dxcom.FormatR16G16B16A16Float)
			return err
		},
		func() error {
			t.bloom, err = d.newColorTarget("bloom blur", t.bloomW, t.bloomH, dxcom.FormatR16G16B16A16Float)
			return err
		},
		func() error { t.ssr, err = d.newColorTarget("SSR", w, h, dxcom.FormatR16G16B16A16Float); return err },
		func() error { t.aa, err = d.newColorTarget("antialias", w, h, dxcom.FormatR8G8B8A8UNorm); return err },
		func() error { t.taa[0], err = d.newColorTarget("taa", w, h, dxcom.FormatR8G8B8A8UNorm); return err },
		func() error { t.taa[1], err = d.newColorTarget("taa", w, h, dxcom.FormatR8G8B8A8UNorm); return err },
		func() error {
			desc := textureDesc{Width: uint32(w), Height: uint32(h), MipLevels: 1, ArraySize: 1, Format: dxcom.FormatR8G8B8A8UNorm,
				SampleCount: 1, Usage: usageStaging, CPUAccess: cpuAccessRead}
			if t.staging, err = d.createTexture2D(&desc, nil); err != nil {
				return fmt.Errorf("readback texture: %w", err)
			}
			return nil
		},
		func() error {
			size := [4]float32{float32(w), float32(h), 1 / float32(w), 1 / float32(h)}
			desc := bufferDesc{ByteWidth: 16, Usage: usageImmutable, BindFlags: bindConstantBuffer}
			if t.size, err = d.createBuffer(&desc, &subresourceData{Mem: unsafePointer(&size[0])}); err != nil {
				return fmt.Errorf("target size constant buffer: %w", err)
			}
			return nil
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			t.release()
			return targets{}, err
		}
	}
	return t, nil
}
