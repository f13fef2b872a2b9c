package ibl

import (
	"image"
	"math"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// The lookups below read an atlas as the engine's shaders do
// (sleak_ibl.glsl, sleak_ibl.hlsli): a tile's point clamped half a texel
// inside the tile, read with bilinear filtering, light squared back.

// Sky is the light of the sky tile along dir (normalized).
func Sky(atlas *image.RGBA, dir vmath.Vec3) vmath.Vec3 {
	return tileLight(atlas, 0, backends.EnvSkySize, dir)
}

// Specular is the prefiltered light along dir for a surface of the given
// roughness (0..1): the two nearest roughness steps, blended.
func Specular(atlas *image.RGBA, dir vmath.Vec3, roughness float32) vmath.Vec3 {
	lv := min(max(roughness, 0), 1) * (backends.EnvLevels - 1)
	l0 := float32(math.Floor(float64(lv)))
	l1 := min(l0+1, backends.EnvLevels-1)
	a := tileLight(atlas, backends.EnvSkySize+l0*backends.EnvLevelSize, backends.EnvLevelSize, dir)
	b := tileLight(atlas, backends.EnvSkySize+l1*backends.EnvLevelSize, backends.EnvLevelSize, dir)
	return a.Lerp(b, lv-l0)
}

// BRDF is the split sum's scale and bias of F0 for n·v and roughness.
func BRDF(atlas *image.RGBA, ndv, roughness float32) (scale, bias float32) {
	const n = backends.EnvLUTSize
	x := backends.EnvSkySize + min(max(ndv*n, 0.5), n-0.5)
	y := backends.EnvLevelSize + min(max(roughness*n, 0.5), n-0.5)
	c := bilinear(atlas, x, y)
	return c[0], c[1]
}

// Diffuse is the light a white Lambert surface of normal n (normalized)
// reflects under the irradiance coefficients sh.
func Diffuse(sh *[9]vmath.Vec3, n vmath.Vec3) vmath.Vec3 {
	x, y, z := n[0], n[1], n[2]
	w := [9]float32{1, y, z, x, x * y, y * z, 3*z*z - 1, x * z, x*x - y*y}
	var out vmath.Vec3
	for k := range 9 {
		out = out.Add(sh[k].Mul(w[k]))
	}
	return out.Max(vmath.Vec3{})
}

// Shade is the ambient light the engine's shaders add for a surface at a
// pixel under an environment of the given intensity: diffuse irradiance
// times albedo times (1 - F), plus the prefiltered light along the mirror
// direction times F0 scaled and biased by the BRDF table. n and v are
// normalized (v towards the eye).
func Shade(atlas *image.RGBA, sh *[9]vmath.Vec3, intensity float32, n, v, albedo vmath.Vec3, roughness, metallic float32) vmath.Vec3 {
	ndv := min(max(n.Dot(v), 0), 1)
	f0 := vmath.Vec3{0.04, 0.04, 0.04}.Lerp(albedo, metallic)
	x := 1 - ndv
	x5 := x * x * x * x * x
	edge := vmath.Vec3{1 - roughness, 1 - roughness, 1 - roughness}.Max(f0)
	fr := f0.Add(edge.Sub(f0).Mul(x5))
	diffuse := Diffuse(sh, n).MulVec(albedo).MulVec(vmath.Vec3{1, 1, 1}.Sub(fr)).Mul(1 - metallic)
	r := n.Mul(2 * n.Dot(v)).Sub(v)
	scale, bias := BRDF(atlas, ndv, roughness)
	spec := Specular(atlas, r.Normalize(), roughness).MulVec(f0.Mul(scale).Add(vmath.Vec3{bias, bias, bias}))
	return diffuse.Add(spec).Mul(intensity)
}

// tileLight reads the square tile of side size at column x0 of row 0
// along dir, as linear light.
func tileLight(atlas *image.RGBA, x0, size float32, dir vmath.Vec3) vmath.Vec3 {
	u, v := octEncode(dir)
	x := x0 + min(max(u*size, 0.5), size-0.5)
	y := min(max(v*size, 0.5), size-0.5)
	c := bilinear(atlas, x, y)
	return vmath.Vec3{c[0] * c[0], c[1] * c[1], c[2] * c[2]}
}

// bilinear filters the atlas at texel coordinates (x, y) (texel centres at
// .5), clamped to its edge, as a linear sampler does.
func bilinear(atlas *image.RGBA, x, y float32) [3]float32 {
	fx, fy := float64(x)-0.5, float64(y)-0.5
	x0, y0 := math.Floor(fx), math.Floor(fy)
	tx, ty := float32(fx-x0), float32(fy-y0)
	w, h := atlas.Rect.Dx(), atlas.Rect.Dy()
	var out [3]float32
	for j := range 2 {
		wy := ty
		if j == 0 {
			wy = 1 - ty
		}
		py := min(max(int(y0)+j, 0), h-1)
		for i := range 2 {
			wx := tx
			if i == 0 {
				wx = 1 - tx
			}
			px := min(max(int(x0)+i, 0), w-1)
			o := atlas.PixOffset(px, py)
			for k := range 3 {
				out[k] += float32(atlas.Pix[o+k]) / 255 * wx * wy
			}
		}
	}
	return out
}
