package physics

import "math"

// Vec3 is a point or a vector in blocks.
type Vec3 struct{ X, Y, Z float64 }

// Add returns v + w.
func (v Vec3) Add(w Vec3) Vec3 { return Vec3{v.X + w.X, v.Y + w.Y, v.Z + w.Z} }

// Scale returns v * s.
func (v Vec3) Scale(s float64) Vec3 { return Vec3{v.X * s, v.Y * s, v.Z * s} }

func (v Vec3) axis(a int) float64 {
	switch a {
	case 0:
		return v.X
	case 1:
		return v.Y
	}
	return v.Z
}

func (v *Vec3) setAxis(a int, f float64) {
	switch a {
	case 0:
		v.X = f
	case 1:
		v.Y = f
	default:
		v.Z = f
	}
}

// AABB is an axis-aligned box.
type AABB struct{ Min, Max Vec3 }

// Solid reports whether block (x, y, z) collides.
type Solid func(x, y, z int) bool

// eps keeps a box that merely touches a block face from counting as
// overlapping it.
const eps = 1e-7

func ifloor(f float64) int { return int(math.Floor(f)) }

// MaxCoord bounds every coordinate physics works with, in blocks. Beyond
// it a float64 to int conversion can wrap (a saved position of -1e19 made
// sweep loop for ever), so bodies are kept inside and boxes outside it do
// not move. At 3e7 a float64 still resolves 1e-8 of a block and chunk
// coordinates fit an int32.
const MaxCoord = 3e7

// clampCoord brings f inside ±MaxCoord; NaN becomes 0.
func clampCoord(f float64) float64 {
	if f != f {
		return 0
	}
	return math.Max(-MaxCoord, math.Min(MaxCoord, f))
}

// ClampPos brings each coordinate of p inside ±MaxCoord (NaN becomes 0), so
// a position read from a damaged or edited save cannot hang a sweep.
func ClampPos(p Vec3) Vec3 { return Vec3{clampCoord(p.X), clampCoord(p.Y), clampCoord(p.Z)} }

// inWorld reports whether every coordinate of b is finite and inside
// ±MaxCoord.
func (b AABB) inWorld() bool {
	for a := range 3 {
		for _, f := range [2]float64{b.Min.axis(a), b.Max.axis(a)} {
			if !(f >= -MaxCoord && f <= MaxCoord) {
				return false
			}
		}
	}
	return true
}

// Move moves box by delta, one axis at a time in the order Y, X, Z, each
// stopped at the first solid block in its way. It returns the moved box,
// the displacement it made, and which axes were blocked. A box outside
// ±MaxCoord does not move; a move is cut where it would leave.
func Move(box AABB, delta Vec3, solid Solid) (AABB, Vec3, [3]bool) {
	var moved Vec3
	var blocked [3]bool
	if !box.inWorld() {
		return box, moved, [3]bool{true, true, true}
	}
	for _, a := range [3]int{1, 0, 2} {
		d := delta.axis(a)
		if d != d {
			d = 0
		}
		// Keep the box inside the world, which also bounds the sweep's
		// loop by the distance left.
		d = math.Max(-MaxCoord-box.Min.axis(a), math.Min(MaxCoord-box.Max.axis(a), d))
		if d == 0 {
			continue
		}
		d, blocked[a] = sweep(box, a, d, solid)
		box.Min.setAxis(a, box.Min.axis(a)+d)
		box.Max.setAxis(a, box.Max.axis(a)+d)
		moved.setAxis(a, d)
	}
	return box, moved, blocked
}

// sweep returns how far box can move along axis a, up to d.
func sweep(box AABB, a int, d float64, solid Solid) (float64, bool) {
	// the cross-section of cells the box covers on the other two axes
	b, c := (a+1)%3, (a+2)%3
	b0, b1 := ifloor(box.Min.axis(b)+eps), ifloor(box.Max.axis(b)-eps)
	c0, c1 := ifloor(box.Min.axis(c)+eps), ifloor(box.Max.axis(c)-eps)
	layerSolid := func(l int) bool {
		for i := b0; i <= b1; i++ {
			for j := c0; j <= c1; j++ {
				var p [3]int
				p[a], p[b], p[c] = l, i, j
				if solid(p[0], p[1], p[2]) {
					return true
				}
			}
		}
		return false
	}
	if d > 0 {
		hi := box.Max.axis(a)
		for l := ifloor(hi-eps) + 1; float64(l) < hi+d; l++ {
			if layerSolid(l) {
				return math.Max(0, float64(l)-hi), true
			}
		}
		return d, false
	}
	lo := box.Min.axis(a)
	for l := ifloor(lo+eps) - 1; float64(l+1) > lo+d; l-- {
		if layerSolid(l) {
			return math.Min(0, float64(l+1)-lo), true
		}
	}
	return d, false
}

// Params are the player's movement numbers, in blocks and seconds.
type Params struct {
	Width, Height float64 // collision box (square footprint)
	EyeHeight     float64 // camera above the feet
	WalkSpeed     float64
	SprintSpeed   float64
	FlySpeed      float64 // horizontal and vertical
	FlySprint     float64
	Gravity       float64 // acceleration, blocks/s^2
	JumpSpeed     float64 // initial upward speed of a jump
	MaxFall       float64 // terminal speed
	GroundAccel   float64 // how fast horizontal speed reaches the wish, 1/s
	AirAccel      float64
	FlyAccel      float64
	MaxStep       float64 // longest integration step; longer frames are split
}

// DefaultParams are the classic block game's numbers: a 0.6 x 1.8 box,
// walking 4.3 blocks/s, sprinting 5.6, flying 10.9, and a jump that clears
// one block (about 1.25 high).
func DefaultParams() Params {
	return Params{
		Width: 0.6, Height: 1.8, EyeHeight: 1.62,
		WalkSpeed: 4.317, SprintSpeed: 5.612, FlySpeed: 10.92, FlySprint: 21.6,
		Gravity: 32, JumpSpeed: 8.95, MaxFall: 78.4,
		GroundAccel: 20, AirAccel: 4, FlyAccel: 8,
		MaxStep: 1.0 / 60,
	}
}

// Body is the player's physical state.
type Body struct {
	Pos      Vec3 // centre of the feet
	Vel      Vec3
	OnGround bool
	Flying   bool
}

// Box is the body's collision box.
func (b *Body) Box(p *Params) AABB {
	h := p.Width / 2
	return AABB{Vec3{b.Pos.X - h, b.Pos.Y, b.Pos.Z - h}, Vec3{b.Pos.X + h, b.Pos.Y + p.Height, b.Pos.Z + h}}
}

// Eye is the camera position.
func (b *Body) Eye(p *Params) Vec3 { return Vec3{b.Pos.X, b.Pos.Y + p.EyeHeight, b.Pos.Z} }

// Input is one frame of player intent.
type Input struct {
	Forward, Right float64 // -1..1 each
	Yaw            float64 // radians, 0 looks towards -Z
	Jump           bool    // jump on the ground; rise when flying
	Descend        bool    // sink when flying
	Sprint         bool
}

// Forward is the horizontal unit vector the yaw looks along.
func Forward(yaw float64) Vec3 { return Vec3{math.Sin(yaw), 0, -math.Cos(yaw)} }

// Look is the unit view direction for a yaw and pitch.
func Look(yaw, pitch float64) Vec3 {
	c := math.Cos(pitch)
	return Vec3{math.Sin(yaw) * c, math.Sin(pitch), -math.Cos(yaw) * c}
}

// Step advances b by dt seconds of input in.
func Step(b *Body, in Input, dt float64, p *Params, solid Solid) {
	b.Pos = ClampPos(b.Pos)
	for dt > 0 {
		h := math.Min(dt, p.MaxStep)
		step(b, in, h, p, solid)
		dt -= h
	}
}

func step(b *Body, in Input, dt float64, p *Params, solid Solid) {
	f := Forward(in.Yaw)
	r := Vec3{-f.Z, 0, f.X}
	fw, rt := clampUnit(in.Forward), clampUnit(in.Right)
	wish := Vec3{f.X*fw + r.X*rt, 0, f.Z*fw + r.Z*rt}
	if l := math.Hypot(wish.X, wish.Z); l > 1 {
		wish = wish.Scale(1 / l)
	}
	speed, accel := p.WalkSpeed, p.AirAccel
	switch {
	case b.Flying:
		speed, accel = p.FlySpeed, p.FlyAccel
		if in.Sprint {
			speed = p.FlySprint
		}
	case in.Sprint && fw > 0:
		speed = p.SprintSpeed
	}
	if b.OnGround && !b.Flying {
		accel = p.GroundAccel
	}
	k := math.Min(1, accel*dt)
	b.Vel.X += (wish.X*speed - b.Vel.X) * k
	b.Vel.Z += (wish.Z*speed - b.Vel.Z) * k
	if b.Flying {
		v := 0.0
		if in.Jump {
			v += p.FlySpeed
		}
		if in.Descend {
			v -= p.FlySpeed
		}
		b.Vel.Y += (v - b.Vel.Y) * k
	} else {
		if in.Jump && b.OnGround {
			b.Vel.Y = p.JumpSpeed
		}
		b.Vel.Y = math.Max(b.Vel.Y-p.Gravity*dt, -p.MaxFall)
	}
	_, moved, blocked := Move(b.Box(p), b.Vel.Scale(dt), solid)
	b.Pos = b.Pos.Add(moved)
	b.OnGround = blocked[1] && b.Vel.Y < 0
	if blocked[0] {
		b.Vel.X = 0
	}
	if blocked[1] {
		b.Vel.Y = 0
	}
	if blocked[2] {
		b.Vel.Z = 0
	}
}

func clampUnit(v float64) float64 { return math.Max(-1, math.Min(1, v)) }

// Hit is the result of a ray cast.
type Hit struct {
	Block  [3]int  // the block hit
	Normal [3]int  // outward normal of the face the ray entered; zero if it started inside
	Dist   float64 // distance from the origin to the entry point
}

// Place is where a block placed against the hit face goes.
func (h Hit) Place() [3]int {
	return [3]int{h.Block[0] + h.Normal[0], h.Block[1] + h.Normal[1], h.Block[2] + h.Normal[2]}
}

// Raycast walks the blocks along the ray from origin in direction dir (any
// length but zero) for up to maxDist blocks, and returns the first for
// which target is true.
func Raycast(origin, dir Vec3, maxDist float64, target func(x, y, z int) bool) (Hit, bool) {
	l := math.Sqrt(dir.X*dir.X + dir.Y*dir.Y + dir.Z*dir.Z)
	if l == 0 || !(maxDist >= 0) || math.IsInf(maxDist, 0) || ClampPos(origin) != origin {
		return Hit{}, false
	}
	d := [3]float64{dir.X / l, dir.Y / l, dir.Z / l}
	o := [3]float64{origin.X, origin.Y, origin.Z}
	var cell, step [3]int
	var tMax, tDelta [3]float64
	for a := range 3 {
		cell[a] = ifloor(o[a])
		switch {
		case d[a] > 0:
			step[a] = 1
			tDelta[a] = 1 / d[a]
			tMax[a] = (float64(cell[a]+1) - o[a]) / d[a]
		case d[a] < 0:
			step[a] = -1
			tDelta[a] = -1 / d[a]
			tMax[a] = (float64(cell[a]) - o[a]) / d[a]
		default:
			tDelta[a] = math.Inf(1)
			tMax[a] = math.Inf(1)
		}
	}
	var normal [3]int
	t := 0.0
	for t <= maxDist {
		if target(cell[0], cell[1], cell[2]) {
			return Hit{Block: cell, Normal: normal, Dist: t}, true
		}
		a := 0
		if tMax[1] < tMax[a] {
			a = 1
		}
		if tMax[2] < tMax[a] {
			a = 2
		}
		t = tMax[a]
		tMax[a] += tDelta[a]
		cell[a] += step[a]
		normal = [3]int{}
		normal[a] = -step[a]
	}
	return Hit{}, false
}
