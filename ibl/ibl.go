// Package ibl turns an environment map into the image-based lighting the
// engine's shaders read (backends.Environment): it precomputes, on the CPU
// and deterministically, the map's diffuse irradiance as nine
// spherical-harmonic coefficients, its specular light prefiltered for each
// roughness step, and the split-sum BRDF table, and lays them out in the
// one atlas texture that every backend samples (backends.EnvAtlasWidth).
//
// The GPU passes a renderer might run for this instead (irradiance,
// prefilter and BRDF stems) are not needed: the map is fixed at load, the
// work takes a fraction of a second once, and the same numbers come out
// on every backend, which is what lets the conformance suite model them.
//
// The lookups (Sky, Specular, BRDF, Diffuse) read an atlas exactly as the
// shaders do, for tests and the suite's reference renderer.
package ibl

import (
	"fmt"
	"image"
	"math"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/internal/imagefile"
	"github.com/sleakgo/sleak/internal/safetext"
	"github.com/sleakgo/sleak/vmath"
)

// Limits of an environment map: an equirectangular picture twice as wide
// as it is high. The atlas is the same size whatever the map's.
const (
	MinHeight = 2
	MaxHeight = 4096
)

// Map is a precomputed environment, ready to upload.
type Map struct {
	// Atlas is the texture the shaders read (backends.EnvAtlasWidth x
	// EnvAtlasHeight).
	Atlas *image.RGBA
	// Irradiance is the diffuse light (backends.Environment.Irradiance).
	Irradiance [9]vmath.Vec3
}

// Load reads an environment map (an equirectangular LDR PNG, through the
// asset lookup) and precomputes it. Errors name the file.
func Load(path string) (*Map, error) {
	data, err := assets.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("environment map: %w", err)
	}
	img, err := imagefile.DecodeWithin(path, data, "png", 2*MaxHeight, 2*MaxHeight*MaxHeight)
	if err != nil {
		return nil, fmt.Errorf("environment map: %w", err)
	}
	return FromImage(path, img)
}

// FromImage precomputes an environment from an equirectangular picture in
// sRGB: column 0 and the last meet behind the viewer of a camera looking
// down -Z, whom the middle column faces; row 0 is straight up. name is
// used in errors only.
func FromImage(name string, img *image.RGBA) (*Map, error) { return build(name, img, true) }

// SkyOnly is FromImage for an overlay map (backends.Environment.Overlay),
// which lights nothing: only the sky tile is computed, the rest of the
// atlas and the coefficients are left zero.
func SkyOnly(name string, img *image.RGBA) (*Map, error) { return build(name, img, false) }

func build(name string, img *image.RGBA, light bool) (*Map, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if h < MinHeight || h > MaxHeight || w != 2*h {
		return nil, fmt.Errorf("environment map %s: %dx%d pixels: want an equirectangular picture twice as wide as high, %d to %d pixels high",
			safetext.Name(name), w, h, MinHeight, MaxHeight)
	}
	src := linearPicture(img)
	m := &Map{Atlas: image.NewRGBA(image.Rect(0, 0, backends.EnvAtlasWidth, backends.EnvAtlasHeight))}

	// The sky tile, and from it a coarser float copy for the integrals.
	const sky = backends.EnvSkySize
	skyLight := make([][3]float64, sky*sky)
	for y := range sky {
		for x := range sky {
			c := src.at(octDecode((float64(x)+0.5)/sky, (float64(y)+0.5)/sky))
			skyLight[y*sky+x] = c
			m.put(x, y, c)
		}
	}
	if !light {
		return m, nil
	}
	coarse := downsample(skyLight, sky, sourceSize)
	dirs, omega := texelDirections(sourceSize)
	m.Irradiance = irradiance(coarse, dirs, omega)

	const lv = backends.EnvLevelSize
	mirror := downsample(skyLight, sky, lv)
	for i := range backends.EnvLevels {
		rough := float64(i) / (backends.EnvLevels - 1)
		for y := range lv {
			for x := range lv {
				c := mirror[y*lv+x]
				if i > 0 {
					c = prefilter(coarse, dirs, omega, octDecode((float64(x)+0.5)/lv, (float64(y)+0.5)/lv), rough)
				}
				m.put(sky+i*lv+x, y, c)
			}
		}
	}
	lut := brdfTable()
	for y := range backends.EnvLUTSize {
		for x := range backends.EnvLUTSize {
			ab := lut[y*backends.EnvLUTSize+x]
			o := m.Atlas.PixOffset(sky+x, lv+y)
			m.Atlas.Pix[o], m.Atlas.Pix[o+1], m.Atlas.Pix[o+2], m.Atlas.Pix[o+3] = unorm(ab[0]), unorm(ab[1]), 0, 255
		}
	}
	return m, nil
}

// Upload creates the atlas texture on b and returns the environment a
// frame names (FrameData.Environment) with the given intensity (0 means 1).
func (m *Map) Upload(b backends.Backend, intensity float32) (*backends.Environment, error) {
	id, err := b.CreateTexture(m.Atlas, backends.TextureOptions{Clamp: true})
	if err != nil {
		return nil, fmt.Errorf("environment atlas: %w", err)
	}
	return &backends.Environment{Texture: id, Irradiance: m.Irradiance, Intensity: intensity}, nil
}

// put stores linear light c at atlas texel (x, y) as its square root.
func (m *Map) put(x, y int, c [3]float64) {
	o := m.Atlas.PixOffset(x, y)
	for k := range 3 {
		m.Atlas.Pix[o+k] = unorm(math.Sqrt(max(c[k], 0)))
	}
	m.Atlas.Pix[o+3] = 255
}

func unorm(v float64) uint8 { return uint8(math.Round(min(max(v, 0), 1) * 255)) }

// sourceSize is the side of the octahedral copy of the sky the integrals
// run over: fine enough for the smallest roughness step above 0.
const sourceSize = 64

// picture is an equirectangular map, read in linear light: its sRGB bytes
// are decoded as they are sampled, so a large map costs no copy.
type picture struct {
	w, h   int
	img    *image.RGBA
	decode [256]float64
}

func linearPicture(img *image.RGBA) *picture {
	p := &picture{w: img.Rect.Dx(), h: img.Rect.Dy(), img: img}
	for i := range p.decode {
		v := float64(i) / 255
		if v <= 0.04045 {
			p.decode[i] = v / 12.92
		} else {
			p.decode[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return p
}

// at is the picture's light along d, bilinear, wrapping around in longitude.
func (p *picture) at(d [3]float64) [3]float64 {
	u := 0.5 + math.Atan2(d[0], -d[2])/(2*math.Pi)
	v := math.Acos(min(max(d[1], -1), 1)) / math.Pi
	fx, fy := u*float64(p.w)-0.5, min(max(v*float64(p.h)-0.5, 0), float64(p.h-1))
	x0, y0 := math.Floor(fx), math.Floor(fy)
	tx, ty := fx-x0, fy-y0
	var out [3]float64
	for j := range 2 {
		y := min(int(y0)+j, p.h-1)
		wy := ty
		if j == 0 {
			wy = 1 - ty
		}
		for i := range 2 {
			x := ((int(x0)+i)%p.w + p.w) % p.w
			wx := tx
			if i == 0 {
				wx = 1 - tx
			}
			o := p.img.PixOffset(p.img.Rect.Min.X+x, p.img.Rect.Min.Y+y)
			for k := range 3 {
				out[k] += p.decode[p.img.Pix[o+k]] * wx * wy
			}
		}
	}
	return out
}

// octDecode is the direction of point (u, v) of an octahedral tile, both
// 0..1: the inverse of the shaders' mapping.
func octDecode(u, v float64) [3]float64 {
	px, pz := 2*u-1, 2*v-1
	y := 1 - math.Abs(px) - math.Abs(pz)
	if y < 0 {
		px, pz = (1-math.Abs(pz))*sign(px), (1-math.Abs(px))*sign(pz)
	}
	return normalize([3]float64{px, y, pz})
}

// octEncode is the point (u, v) of an octahedral tile that direction d
// (normalized) maps to, as the shaders compute it.
func octEncode(d vmath.Vec3) (u, v float32) {
	l := abs32(d[0]) + abs32(d[1]) + abs32(d[2])
	px, pz := d[0]/l, d[2]/l
	if d[1] < 0 {
		px, pz = (1-abs32(pz))*sign32(px), (1-abs32(px))*sign32(pz)
	}
	return px*0.5 + 0.5, pz*0.5 + 0.5
}

func sign(v float64) float64 {
	if v >= 0 {
		return 1
	}
	return -1
}

func sign32(v float32) float32 {
	if v >= 0 {
		return 1
	}
	return -1
}

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

func normalize(d [3]float64) [3]float64 {
	l := math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
	return [3]float64{d[0] / l, d[1] / l, d[2] / l}
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// downsample box-filters a square octahedral tile of side from to side to
// (a divisor of from): the same directions, fewer texels.
func downsample(c [][3]float64, from, to int) [][3]float64 {
	f := from / to
	out := make([][3]float64, to*to)
	for y := range to {
		for x := range to {
			var s [3]float64
			for j := range f {
				for i := range f {
					t := c[(y*f+j)*from+x*f+i]
					s[0], s[1], s[2] = s[0]+t[0], s[1]+t[1], s[2]+t[2]
				}
			}
			n := float64(f * f)
			out[y*to+x] = [3]float64{s[0] / n, s[1] / n, s[2] / n}
		}
	}
	return out
}

// texelDirections returns the direction and solid angle of every texel of
// an octahedral tile of side n. A texel of the octahedron's uv square at
// unnormalized point p covers du dv / |p|³ steradians (the projection
// onto the octahedron's face, then onto the sphere); the sum is scaled to
// exactly 4 pi.
func texelDirections(n int) ([][3]float64, []float64) {
	dirs, omega := make([][3]float64, n*n), make([]float64, n*n)
	total := 0.0
	for y := range n {
		for x := range n {
			px, pz := 2*(float64(x)+0.5)/float64(n)-1, 2*(float64(y)+0.5)/float64(n)-1
			py := 1 - math.Abs(px) - math.Abs(pz)
			if py < 0 {
				px, pz = (1-math.Abs(pz))*sign(px), (1-math.Abs(px))*sign(pz)
			}
			l := math.Sqrt(px*px + py*py + pz*pz)
			i := y*n + x
			dirs[i] = octDecode((float64(x)+0.5)/float64(n), (float64(y)+0.5)/float64(n))
			omega[i] = 1 / (l * l * l)
			total += omega[i]
		}
	}
	for i := range omega {
		omega[i] *= 4 * math.Pi / total
	}
	return dirs, omega
}

// shBasis is the nine real spherical harmonics at d, each with its
// constant, in the order backends.Environment.Irradiance lists them.
func shBasis(d [3]float64) [9]float64 {
	x, y, z := d[0], d[1], d[2]
	return [9]float64{
		0.282095,
		0.488603 * y, 0.488603 * z, 0.488603 * x,
		1.092548 * x * y, 1.092548 * y * z, 0.315392 * (3*z*z - 1), 1.092548 * x * z, 0.546274 * (x*x - y*y),
	}
}

// irradiance projects the light onto the harmonics and folds in the cosine
// lobe's convolution (pi, 2 pi / 3, pi / 4 per band), the division by pi
// and the basis constants, so a shader evaluates a bare polynomial.
func irradiance(c [][3]float64, dirs [][3]float64, omega []float64) [9]vmath.Vec3 {
	var l [9][3]float64
	for i, d := range dirs {
		b := shBasis(d)
		for k := range 9 {
			for ch := range 3 {
				l[k][ch] += c[i][ch] * b[k] * omega[i]
			}
		}
	}
	band := [9]float64{1, 2.0 / 3, 2.0 / 3, 2.0 / 3, 0.25, 0.25, 0.25, 0.25, 0.25}
	constant := [9]float64{0.282095, 0.488603, 0.488603, 0.488603, 1.092548, 1.092548, 0.315392, 1.092548, 0.546274}
	var out [9]vmath.Vec3
	for k := range 9 {
		for ch := range 3 {
			out[k][ch] = float32(l[k][ch] * band[k] * constant[k])
		}
	}
	return out
}

// prefilter is the specular light seen along n by a surface of the given
// roughness, with the split sum's assumption that the view is n itself:
// the light weighted by the GGX distribution of the half vector and n·l.
func prefilter(c [][3]float64, dirs [][3]float64, omega []float64, n [3]float64, rough float64) [3]float64 {
	a := rough * rough
	a2 := a * a
	var sum [3]float64
	weight := 0.0
	for i, l := range dirs {
		ndl := dot(n, l)
		if ndl <= 0 {
			continue
		}
		// The half vector of n and l makes (n·h)² = (1 + n·l) / 2.
		q := (1+ndl)/2*(a2-1) + 1
		w := a2 / (math.Pi * q * q) * ndl * omega[i]
		for ch := range 3 {
			sum[ch] += c[i][ch] * w
		}
		weight += w
	}
	return [3]float64{sum[0] / weight, sum[1] / weight, sum[2] / weight}
}

// brdfSamples is how many importance samples each texel of the BRDF table
// takes.
const brdfSamples = 512

// brdfTable is the split sum's BRDF integral (Schlick's Fresnel, GGX,
// Smith-Schlick with k = a/2) as scale and bias of F0, for n·v along the
// columns and roughness down the rows, both at texel centres.
func brdfTable() [][2]float64 {
	const n = backends.EnvLUTSize
	out := make([][2]float64, n*n)
	for y := range n {
		rough := (float64(y) + 0.5) / n
		a := rough * rough
		k := a / 2
		for x := range n {
			ndv := (float64(x) + 0.5) / n
			v := [3]float64{math.Sqrt(1 - ndv*ndv), 0, ndv}
			var sa, sb float64
			for i := range brdfSamples {
				// Hammersley point i, then the GGX half vector around +z.
				e1 := (float64(i) + 0.5) / brdfSamples
				e2 := radicalInverse(uint32(i))
				phi := 2 * math.Pi * e1
				cosT := math.Sqrt((1 - e2) / (1 + (a*a-1)*e2))
				sinT := math.Sqrt(1 - cosT*cosT)
				h := [3]float64{sinT * math.Cos(phi), sinT * math.Sin(phi), cosT}
				vdh := dot(v, h)
				l := [3]float64{2*vdh*h[0] - v[0], 2*vdh*h[1] - v[1], 2*vdh*h[2] - v[2]}
				ndl, ndh := l[2], h[2]
				if ndl <= 0 {
					continue
				}
				vdh = max(vdh, 0)
				g := ndl / (ndl*(1-k) + k) * ndv / (ndv*(1-k) + k)
				gv := g * vdh / (ndh * ndv)
				fc := math.Pow(1-vdh, 5)
				sa += (1 - fc) * gv
				sb += fc * gv
			}
			out[y*n+x] = [2]float64{sa / brdfSamples, sb / brdfSamples}
		}
	}
	return out
}

func radicalInverse(i uint32) float64 {
	i = (i << 16) | (i >> 16)
	i = ((i & 0x55555555) << 1) | ((i & 0xAAAAAAAA) >> 1)
	i = ((i & 0x33333333) << 2) | ((i & 0xCCCCCCCC) >> 2)
	i = ((i & 0x0F0F0F0F) << 4) | ((i & 0xF0F0F0F0) >> 4)
	i = ((i & 0x00FF00FF) << 8) | ((i & 0xFF00FF00) >> 8)
	return float64(i) / (1 << 32)
}
