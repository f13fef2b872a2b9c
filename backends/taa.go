package backends

import "github.com/sleakgo/sleak/vmath"

// TAAFeedback is the weight temporal antialiasing gives the history, its
// result of the frame before, against the composited image of this frame:
// a still edge settles to within 2/255 of its mean over the jitter's
// samples in about 30 frames, and a pixel that changes converges as fast.
const TAAFeedback = 0.9

// TAASamples is how many frames the jitter takes to return to a sample.
const TAASamples = 8

// TAAJitter returns where, in pixels from the pixel's centre (each within
// -0.5..0.5), frame n samples under temporal antialiasing: the Halton
// sequence of bases 2 and 3 from its second point, TAASamples long, so
// that the samples cover the pixel evenly whatever the frame it starts at.
func TAAJitter(n uint64) (x, y float32) {
	i := n%TAASamples + 1
	return halton(i, 2) - 0.5, halton(i, 3) - 0.5
}

func halton(i uint64, base uint64) float32 {
	f, r := float32(1), float32(0)
	for ; i > 0; i /= base {
		f /= float32(base)
		r += f * float32(i%base)
	}
	return r
}

// TAA reports whether Pack set the antialias pass to run as temporal
// antialiasing (the taa stem) rather than as edge smoothing (antialias).
func (b *FrameBlock) TAA() bool { return b[taaWord+3] > 0 }

// Jitter prepares a TAA frame's block (Pack with Effects.TAA) for a
// target of width x height: it moves viewProj and invViewProj by (x, y)
// pixels (TAAJitter) and writes what the taa stem reads. history says
// whether the pass's result of the frame before is there to blend, and
// prevViewProj is that frame's ViewProj before its jitter; reproject takes
// a position in this frame's normalized device coordinates, before the
// jitter, to that frame's clip space. The core calls it; other code has
// no need to.
func (b *FrameBlock) Jitter(x, y float32, width, height int, history bool, prevViewProj *vmath.Mat4) {
	jx, jy := 2*x/float32(max(width, 1)), -2*y/float32(max(height, 1)) // pixels run down, NDC up
	// viewProj becomes T*viewProj, where T moves clip space by (jx, jy)
	// times w: each column's x and y gain its w times the jitter.
	// invViewProj becomes invViewProj*T⁻¹, which changes only its last
	// column.
	var inv vmath.Mat4
	copy(inv[:], b[16:32])
	for c := range 4 {
		b[c*4] += jx * b[c*4+3]
		b[c*4+1] += jy * b[c*4+3]
	}
	for r := range 4 {
		b[16+12+r] = inv[12+r] - jx*inv[r] - jy*inv[4+r]
	}
	reproject := identity
	weight := float32(0)
	if history {
		reproject, weight = prevViewProj.Mul(inv), TAAFeedback
	}
	copy(b[reprojectWord:reprojectWord+16], reproject[:])
	b[taaWord], b[taaWord+1], b[taaWord+2] = weight, jx, jy
}
