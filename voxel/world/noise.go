package world

// Terrain noise in 16.16 fixed point, integers only. Every operation is an
// integer add, multiply, shift or compare, so a seed gives bit-identical
// terrain on every platform and compiler: no float rounding modes, no fused
// multiply-add, no math library differences.

const (
	fracBits = 16
	one      = 1 << fracBits // 1.0
)

// fx converts a constant to fixed point.
func fx(v float64) int64 { return int64(v * one) }

// mix is the splitmix64 finalizer: a bijective 64-bit hash.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

func hash2(seed uint64, x, z int64) uint64 {
	return mix(mix(seed^uint64(x)) ^ uint64(z))
}

func hash3(seed uint64, x, y, z int64) uint64 {
	return mix(mix(mix(seed^uint64(x))^uint64(y)) ^ uint64(z))
}

// fade is 6t^5 - 15t^4 + 10t^3 for t in [0, one].
func fade(t int64) int64 {
	t3 := t * t >> fracBits * t >> fracBits
	return t3 * (t*(6*t-15*one)>>fracBits + 10*one) >> fracBits
}

func lerp(a, b, t int64) int64 { return a + (b-a)*t>>fracBits }

// grad2 holds eight unit gradient directions, scaled by 64.
var grad2 = [8][2]int64{{64, 0}, {45, 45}, {0, 64}, {-45, 45}, {-64, 0}, {-45, -45}, {0, -64}, {45, -45}}

func dot2(h uint64, x, z int64) int64 {
	g := &grad2[h>>61]
	return (g[0]*x + g[1]*z) >> 6
}

// perlin2 is 2D gradient noise at fixed-point (px, pz), in about [-one, one].
func perlin2(seed uint64, px, pz int64) int64 {
	ix, iz := px>>fracBits, pz>>fracBits
	x, z := px&(one-1), pz&(one-1)
	n00 := dot2(hash2(seed, ix, iz), x, z)
	n10 := dot2(hash2(seed, ix+1, iz), x-one, z)
	n01 := dot2(hash2(seed, ix, iz+1), x, z-one)
	n11 := dot2(hash2(seed, ix+1, iz+1), x-one, z-one)
	u, v := fade(x), fade(z)
	n := lerp(lerp(n00, n10, u), lerp(n01, n11, u), v)
	return n * 92682 >> fracBits // * sqrt(2): the 2D range is +-sqrt(1/2)
}

// grad3 is Perlin's improved-noise gradient set: the 12 edge directions of
// a cube, four of them twice.
func dot3(h uint64, x, y, z int64) int64 {
	switch h >> 60 {
	case 0, 12:
		return x + y
	case 1, 14:
		return -x + y
	case 2:
		return x - y
	case 3:
		return -x - y
	case 4:
		return x + z
	case 5:
		return -x + z
	case 6:
		return x - z
	case 7:
		return -x - z
	case 8:
		return y + z
	case 9, 13:
		return -y + z
	case 10:
		return y - z
	default:
		return -y - z
	}
}

// perlin3 is 3D gradient noise at fixed-point (px, py, pz), in about
// [-one, one].
func perlin3(seed uint64, px, py, pz int64) int64 {
	ix, iy, iz := px>>fracBits, py>>fracBits, pz>>fracBits
	x, y, z := px&(one-1), py&(one-1), pz&(one-1)
	u, v, w := fade(x), fade(y), fade(z)
	c := func(dx, dy, dz int64) int64 {
		return dot3(hash3(seed, ix+dx, iy+dy, iz+dz), x-dx*one, y-dy*one, z-dz*one)
	}
	x00 := lerp(c(0, 0, 0), c(1, 0, 0), u)
	x10 := lerp(c(0, 1, 0), c(1, 1, 0), u)
	x01 := lerp(c(0, 0, 1), c(1, 0, 1), u)
	x11 := lerp(c(0, 1, 1), c(1, 1, 1), u)
	return lerp(lerp(x00, x10, v), lerp(x01, x11, v), w)
}

// fbm2 is fractal noise: octaves of perlin2, each at twice the frequency
// and half the amplitude of the last, normalised to about [-one, one].
// freq is the first octave's frequency in fixed point per block
// (one/period).
type fbm2 struct {
	seed    uint64
	freq    int64
	octaves int
	norm    int64 // one / sum of amplitudes, fixed point
}

func newFBM2(seed uint64, period int64, octaves int) fbm2 {
	var sum int64
	for i := range octaves {
		sum += one >> i
	}
	return fbm2{seed: seed, freq: one / period, octaves: octaves, norm: one * one / sum}
}

func (f *fbm2) at(x, z int64) int64 {
	var s int64
	freq := f.freq
	for i := range f.octaves {
		s += perlin2(f.seed+uint64(i)*0x9E3779B97F4A7C15, x*freq, z*freq) >> i
		freq *= 2
	}
	return s * f.norm >> fracBits
}

func clamp(v, lo, hi int64) int64 { return min(max(v, lo), hi) }

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// remap maps v from [a, b] to [0, one], clamped.
func remap(v, a, b int64) int64 { return clamp((v-a)*one/(b-a), 0, one) }

// spline is a piecewise-linear curve through fixed-point knots sorted by x.
type spline [][2]int64

func (s spline) at(x int64) int64 {
	if x <= s[0][0] {
		return s[0][1]
	}
	for i := 1; i < len(s); i++ {
		if x <= s[i][0] {
			a, b := s[i-1], s[i]
			return a[1] + (b[1]-a[1])*(x-a[0])/(b[0]-a[0])
		}
	}
	return s[len(s)-1][1]
}
