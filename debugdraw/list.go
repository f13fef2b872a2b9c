package debugdraw

import (
	"math"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// Colours for quick use.
var (
	White   = vmath.Vec4{1, 1, 1, 1}
	Red     = vmath.Vec4{1, 0, 0, 1}
	Green   = vmath.Vec4{0, 1, 0, 1}
	Blue    = vmath.Vec4{0, 0, 1, 1}
	Yellow  = vmath.Vec4{1, 1, 0, 1}
	Cyan    = vmath.Vec4{0, 1, 1, 1}
	Magenta = vmath.Vec4{1, 0, 1, 1}
)

// List is one frame's debug lines: the embedded Layer's are depth-tested
// against the scene, OnTop's are drawn over it.
type List struct {
	Layer
	OnTop Layer
}

// New returns an empty list; a list made with on false ignores every call.
func New(on bool) *List {
	l := &List{}
	l.SetEnabled(on)
	return l
}

// SetEnabled turns drawing on or off; turning it off empties the list.
func (l *List) SetEnabled(on bool) {
	l.Layer.on, l.OnTop.on = on, on
	if !on {
		l.Reset()
	}
}

// Enabled reports whether the list records lines.
func (l *List) Enabled() bool { return l.Layer.on }

// Reset empties both layers, keeping their memory.
func (l *List) Reset() {
	l.Layer.v = l.Layer.v[:0]
	l.OnTop.v = l.OnTop.v[:0]
}

// Lines returns how many lines both layers hold.
func (l *List) Lines() int { return (len(l.Layer.v) + len(l.OnTop.v)) / 2 }

// Layer is lines drawn one way: depth-tested (List's own) or on top
// (List.OnTop).
type Layer struct {
	v  []backends.LineVertex
	on bool
}

// Vertices returns the layer's lines, two vertices each, valid until the
// next call that adds to it or Reset.
func (l *Layer) Vertices() []backends.LineVertex { return l.v }

// Line adds the segment from a to b.
func (l *Layer) Line(a, b vmath.Vec3, color vmath.Vec4) {
	if !l.on {
		return
	}
	c := backends.PackColor(color)
	l.v = append(l.v, backends.LineVertex{Pos: a, Color: c}, backends.LineVertex{Pos: b, Color: c})
}

// boxEdges are the twelve edges of a box as pairs of corner numbers; bit 0
// of a corner is x at max, bit 1 y, bit 2 z.
var boxEdges = [12][2]uint8{
	{0, 1}, {2, 3}, {4, 5}, {6, 7}, // along x
	{0, 2}, {1, 3}, {4, 6}, {5, 7}, // along y
	{0, 4}, {1, 5}, {2, 6}, {3, 7}, // along z
}

// Box adds the twelve edges of the axis-aligned box from min to max.
func (l *Layer) Box(min, max vmath.Vec3, color vmath.Vec4) {
	if !l.on {
		return
	}
	var corners [8]vmath.Vec3
	for i := range corners {
		corners[i] = vmath.Vec3{pick(i&1, min[0], max[0]), pick(i&2, min[1], max[1]), pick(i&4, min[2], max[2])}
	}
	l.edges(&corners, color)
}

// TransformedBox adds the edges of box b carried by m: an oriented box,
// such as an entity's local bounds under its world transform.
func (l *Layer) TransformedBox(m vmath.Mat4, b vmath.AABB, color vmath.Vec4) {
	if !l.on {
		return
	}
	var corners [8]vmath.Vec3
	for i := range corners {
		p := vmath.Vec3{pick(i&1, b.Min[0], b.Max[0]), pick(i&2, b.Min[1], b.Max[1]), pick(i&4, b.Min[2], b.Max[2])}
		corners[i] = m.MulPoint(p)
	}
	l.edges(&corners, color)
}

func (l *Layer) edges(corners *[8]vmath.Vec3, color vmath.Vec4) {
	c := backends.PackColor(color)
	for _, e := range boxEdges {
		l.v = append(l.v, backends.LineVertex{Pos: corners[e[0]], Color: c}, backends.LineVertex{Pos: corners[e[1]], Color: c})
	}
}

// Cross adds three lines through at along the axes, size long each: a
// point marker.
func (l *Layer) Cross(at vmath.Vec3, size float32, color vmath.Vec4) {
	if !l.on {
		return
	}
	h := size / 2
	for axis := range 3 {
		var d vmath.Vec3
		d[axis] = h
		l.Line(at.Sub(d), at.Add(d), color)
	}
}

// circleSegments is how many lines make each circle of Sphere.
const circleSegments = 24

// unitCircle is the circle's points at radius 1, computed once.
var unitCircle = func() (c [circleSegments + 1][2]float32) {
	for i := range c {
		a := 2 * math.Pi * float64(i) / circleSegments
		c[i] = [2]float32{float32(math.Cos(a)), float32(math.Sin(a))}
	}
	return c
}()

// Sphere adds three circles of the sphere at center, one round each axis:
// 72 lines.
func (l *Layer) Sphere(center vmath.Vec3, radius float32, color vmath.Vec4) {
	if !l.on {
		return
	}
	for axis := range 3 {
		u, w := (axis+1)%3, (axis+2)%3
		point := func(i int) vmath.Vec3 {
			p := center
			p[u] += radius * unitCircle[i][0]
			p[w] += radius * unitCircle[i][1]
			return p
		}
		for i := range circleSegments {
			l.Line(point(i), point(i+1), color)
		}
	}
}

func pick(bit int, lo, hi float32) float32 {
	if bit != 0 {
		return hi
	}
	return lo
}
