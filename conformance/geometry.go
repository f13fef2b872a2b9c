package conformance

import (
	"image"
	"math"

	"github.com/sleakgo/sleak/vmath"
)

// The checks find "the shadowed part of the plane" or "the cube's lit face"
// by casting a ray through every pixel into an analytic copy of the scene,
// built from the same numbers the scene spawns. The copy uses the frame's
// own matrices (frame.Context.Data), so it needs no knowledge of any
// backend, and a scene whose camera or light moves keeps working.

// object is a scene object as the checks see it: an axis-aligned box in
// world space; the plane and the glass quad are flat boxes.
type object struct {
	name  string
	box   vmath.AABB
	casts bool // lies in the sun's way, whether or not its format draws a shadow
	glass bool // seen through, not hit
}

// class is what one pixel shows.
type class struct {
	surface string     // the first opaque object hit; "" for the sky
	face    vmath.Vec3 // the outward normal of the face hit
	glass   bool       // a glass object lies in front of the surface
	shadow  bool       // the point hit is hidden from the sun by a casting object
}

// classMap classifies every pixel of a width x height image, top row first.
type classMap struct {
	w, h    int
	classes []class
}

// classify casts one ray through the centre of each pixel. invViewProj maps
// clip space (depth 0..1, y up, row 0 at y = +1) back to the world;
// lightDir is the direction the sunlight travels.
func classify(w, h int, invViewProj vmath.Mat4, lightDir vmath.Vec3, objs []object) *classMap {
	m := &classMap{w: w, h: h, classes: make([]class, w*h)}
	toSun := vec64(lightDir.Mul(-1))
	for py := range h {
		for px := range w {
			nx := (float64(px)+0.5)/float64(w)*2 - 1
			ny := 1 - (float64(py)+0.5)/float64(h)*2
			near := unproject(invViewProj, nx, ny, 0)
			far := unproject(invViewProj, nx, ny, 1)
			dir := sub64(far, near)
			c := &m.classes[py*w+px]
			best := math.Inf(1)
			var hitAt [3]float64
			for _, o := range objs {
				if o.glass {
					continue
				}
				if t, n, ok := intersect(near, dir, o.box); ok && t < best {
					best = t
					c.surface, c.face = o.name, n
					hitAt = add64(near, scale64(dir, t))
				}
			}
			for _, o := range objs {
				if t, _, ok := intersect(near, dir, o.box); o.glass && ok && t < best {
					c.glass = true
				}
			}
			if c.surface == "" {
				continue
			}
			// Start the shadow ray a hair off the surface so it does not
			// hit the face it starts on.
			start := add64(hitAt, scale64(toSun, 1e-4))
			for _, o := range objs {
				if o.casts && o.name != c.surface {
					if _, _, ok := intersect(start, toSun, o.box); ok {
						c.shadow = true
					}
				}
			}
		}
	}
	return m
}

// region returns the pixels whose class satisfies keep and whose whole
// neighbourhood of the given radius has the very same class, so that edges,
// where rasterizers and shadow filters legitimately differ, are left out.
func (m *classMap) region(radius int, keep func(class) bool) []image.Point {
	var out []image.Point
	for y := radius; y < m.h-radius; y++ {
		for x := radius; x < m.w-radius; x++ {
			c := m.classes[y*m.w+x]
			if !keep(c) {
				continue
			}
			uniform := true
			for dy := -radius; dy <= radius && uniform; dy++ {
				for dx := -radius; dx <= radius; dx++ {
					if m.classes[(y+dy)*m.w+x+dx] != c {
						uniform = false
						break
					}
				}
			}
			if uniform {
				out = append(out, image.Point{X: x, Y: y})
			}
		}
	}
	return out
}

// rgb is a colour with channels in 0..1, as stored (gamma encoded).
type rgb [3]float64

// mean returns the average colour of img over pts.
func mean(img *image.RGBA, pts []image.Point) rgb {
	var sum rgb
	for _, p := range pts {
		c := img.RGBAAt(p.X, p.Y)
		sum[0] += float64(c.R)
		sum[1] += float64(c.G)
		sum[2] += float64(c.B)
	}
	n := float64(max(len(pts), 1)) * 255
	return rgb{sum[0] / n, sum[1] / n, sum[2] / n}
}

// luma is the Rec. 709 weighted brightness.
func (c rgb) luma() float64 { return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2] }

// dist is the largest channel difference.
func (c rgb) dist(o rgb) float64 {
	return max(math.Abs(c[0]-o[0]), math.Abs(c[1]-o[1]), math.Abs(c[2]-o[2]))
}

func unproject(inv vmath.Mat4, x, y, z float64) [3]float64 {
	v := inv.MulVec4(vmath.Vec4{float32(x), float32(y), float32(z), 1})
	w := float64(v[3])
	return [3]float64{float64(v[0]) / w, float64(v[1]) / w, float64(v[2]) / w}
}

// intersect is the slab test of the ray o + t d (t > 0) against b. It
// returns the entry distance and the outward normal of the face entered; a
// ray starting inside the box does not hit it.
func intersect(o, d [3]float64, b vmath.AABB) (float64, vmath.Vec3, bool) {
	tmin, tmax := math.Inf(-1), math.Inf(1)
	axis := -1
	for i := range 3 {
		lo, hi := float64(b.Min[i]), float64(b.Max[i])
		if math.Abs(d[i]) < 1e-12 {
			if o[i] < lo || o[i] > hi {
				return 0, vmath.Vec3{}, false
			}
			continue
		}
		t1, t2 := (lo-o[i])/d[i], (hi-o[i])/d[i]
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		if t1 > tmin {
			tmin, axis = t1, i
		}
		tmax = min(tmax, t2)
	}
	if axis < 0 || tmax < tmin || tmin <= 0 {
		return 0, vmath.Vec3{}, false
	}
	var n vmath.Vec3
	n[axis] = 1
	if d[axis] > 0 {
		n[axis] = -1
	}
	return tmin, n, true
}

func vec64(v vmath.Vec3) [3]float64 {
	return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])}
}

func add64(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func sub64(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func scale64(a [3]float64, s float64) [3]float64 {
	return [3]float64{a[0] * s, a[1] * s, a[2] * s}
}
