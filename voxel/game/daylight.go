package game

import (
	"fmt"
	"math"

	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/internal/safetext"
	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// The time of day is a fraction of a day: 0 is midnight, 0.25 sunrise,
// 0.5 noon, 0.75 sunset.
const (
	sunrise = 0.25
	// startTimeOfDay is the time a new world starts at: mid-morning, with
	// long but not low shadows.
	startTimeOfDay = 0.35
)

// sunTilt tilts the sun's path towards the south (+Z), so that it never
// stands straight overhead and noon still throws shadows.
const sunTilt = 25 * math.Pi / 180

// Sky and light colours at full day and deep night, and the glow of
// sunrise and sunset near the horizon.
var (
	dayZenith    = vmath.Vec3{0.22, 0.42, 0.85}
	dayHorizon   = vmath.Vec3{0.5, 0.66, 0.9}
	nightZenith  = vmath.Vec3{0.005, 0.01, 0.03}
	nightHorizon = vmath.Vec3{0.03, 0.045, 0.09}
	duskHorizon  = vmath.Vec3{0.95, 0.5, 0.28}
	dayAmbient   = vmath.Vec3{0.22, 0.25, 0.32}
	nightAmbient = vmath.Vec3{0.03, 0.04, 0.075}
	sunColor     = vmath.Vec3{1, 0.95, 0.85}
	duskSunColor = vmath.Vec3{1, 0.55, 0.3}
	moonColor    = vmath.Vec3{0.55, 0.65, 1}
)

const (
	sunIntensity  = 1.6
	moonIntensity = 0.14
	sunDisc       = 0.045 // radians, larger than the real sun's, to be seen
	moonDisc      = 0.035
	// shadowElevation is the lowest sine of elevation at which the light
	// casts shadows: below it shadows stretch across the world and the
	// light is fading anyway.
	shadowElevation = 0.06
)

// daylight is what the time of day sets: the light (the sun by day, the
// moon by night), its disc, the sky and the ambient light.
type daylight struct {
	light    ecs.DirectionalLight
	disc     float32
	zenith   vmath.Vec3
	horizon  vmath.Vec3 // also the fog colour
	ambient  vmath.Vec3
	dayLight float32 // 1 by day, 0 by night
}

// daylightAt returns the daylight at time of day t (any real number; the
// whole part is the day).
func daylightAt(t float64) daylight {
	t -= math.Floor(t)
	// The sun turns once a day, rising in the east (+X) at sunrise and
	// setting in the west; toSun points at it.
	a := 2 * math.Pi * (t - sunrise)
	toSun := vmath.Vec3{
		float32(math.Cos(a)),
		float32(math.Sin(a) * math.Cos(sunTilt)),
		float32(math.Sin(a) * math.Sin(sunTilt)),
	}
	up := toSun[1]
	day := vmath.Smoothstep(-0.12, 0.18, up)
	twilight := float32(math.Exp(-float64(up*up) / (2 * 0.12 * 0.12)))

	var d daylight
	d.dayLight = day
	d.zenith = nightZenith.Lerp(dayZenith, day)
	d.horizon = nightHorizon.Lerp(dayHorizon, day).Lerp(duskHorizon, 0.65*twilight)
	d.ambient = nightAmbient.Lerp(dayAmbient, day)
	if up >= 0 || -up < 0.02 {
		fade := vmath.Smoothstep(-0.02, 0.1, up) // 0 where the moon takes over
		d.light = ecs.DirectionalLight{
			Direction: toSun.Mul(-1),
			Color:     sunColor.Lerp(duskSunColor, twilight),
			Intensity: sunIntensity * fade,
		}
		d.disc = sunDisc
	} else {
		fade := vmath.Smoothstep(0.02, 0.12, -up)
		d.light = ecs.DirectionalLight{Direction: toSun, Color: moonColor, Intensity: moonIntensity * fade}
		d.disc = moonDisc
	}
	d.light.CastShadows = math.Abs(float64(up)) >= shadowElevation
	return d
}

// stars is the night sky's intensity: 0 by full day, starIntensity by
// full night.
func (d *daylight) stars() float32 { return starIntensity * (1 - d.dayLight) }

// advanceDay moves the clock on (not while a menu pauses the game) and
// sets the light, the sky and the ambient light from it.
func (g *Game) advanceDay(w *ecs.World) {
	if mins := g.opts.World.DayMinutes; mins > 0 && !g.Paused() {
		g.timeOfDay += w.Time.Delta.Seconds() / (mins * 60)
		g.timeOfDay -= math.Floor(g.timeOfDay)
	}
	d := daylightAt(g.timeOfDay)
	if sun := w.Sun(); sun != nil {
		*sun = d.light
	}
	env := &g.ctx.Env
	env.FogColor, env.SkyColor, env.SunDisc, env.Ambient = d.horizon, d.zenith, d.disc, d.ambient
	if g.stars != nil {
		// The stars come out as the day goes; by day the frame has no
		// map at all, so the day is drawn as it always was.
		env.Map = nil
		if s := d.stars(); s > 0 {
			g.stars.Intensity = s
			env.Map = g.stars
		}
	}
	g.saver.SetTimeOfDay(g.timeOfDay)
}

// TimeOfDay returns the world's clock, a fraction of a day from midnight.
func (g *Game) TimeOfDay() float64 { return g.timeOfDay }

// followLoaded ends the fog where the drawn chunks end: at the radius
// around the player's chunk within which every chunk is drawn, at most the
// render distance. The fog recedes gently as chunks arrive and closes in
// at once when they are missing, so the edge of the world stays hidden
// while it loads and after a teleport.
func (g *Game) followLoaded(w *ecs.World) {
	pos := g.player.Body.Pos
	c := chunk.PosOf(int(math.Floor(pos.X)), int(math.Floor(pos.Z)))
	if g.fogStale || c != g.fogCenter {
		g.fogStale, g.fogCenter = false, c
		g.loadedRadius = g.drawnRadius(c)
	}
	// A chunk at distance r (in chunks) from the player's covers the
	// ground to r+1/2 chunks from its centre; the player stands within
	// half a chunk of that centre.
	target := float32(max(g.loadedRadius, 1) * chunk.Size)
	if target < g.fog || g.fog == 0 {
		g.fog = target
	} else {
		g.fog += (target - g.fog) * float32(1-math.Exp(-w.Time.Delta.Seconds()/0.6))
	}
	g.ctx.Env.FogEnd = g.fog
	g.ctx.Env.FogStart = g.fog * 0.6
}

// drawnRadius is the largest radius, up to the render distance, within
// which every chunk around c has been handed to the renderer.
func (g *Game) drawnRadius(c chunk.Pos) int {
	rd := g.opts.World.RenderDistance
	for r := 1; r <= rd; r++ {
		// Only the ring between r-1 and r is new at each step.
		for dz := -r; dz <= r; dz++ {
			for dx := -r; dx <= r; dx++ {
				d2 := dx*dx + dz*dz
				if d2 > r*r || d2 <= (r-1)*(r-1) {
					continue
				}
				if _, ok := g.chunks[c.Add(dx, dz)]; !ok {
					return r - 1
				}
			}
		}
	}
	return rd
}

// ParseTimeOfDay reads a time of day written HH:MM (00:00 to 23:59) as a
// fraction of a day from midnight.
func ParseTimeOfDay(s string) (float64, error) {
	var h, m int
	if n, err := fmt.Sscanf(s, "%d:%d", &h, &m); err != nil || n != 2 || len(s) > 5 || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, fmt.Errorf("%s: want a time of day HH:MM, 00:00 to 23:59", safetext.Quote(s))
	}
	return float64(h*60+m) / (24 * 60), nil
}

// clockHour formats a time of day as hours and minutes into buf.
func clockHour(buf []byte, t float64) []byte {
	t -= math.Floor(t)
	m := int(math.Floor(t*24*60+1e-9)) % (24 * 60) // 0.35 of a day is 08:24, not 08:23.999
	h, m := m/60, m%60
	return append(buf, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10))
}
