package game

import (
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/sleakgo/sleak/vmath"
	"github.com/sleakgo/sleak/voxel/block"
)

func TestDaylight(t *testing.T) {
	tests := []struct {
		name      string
		at        float64
		sunUp     bool // the light is the sun, above the horizon
		shadows   bool
		minDay    float32
		maxDay    float32
		warmHoriz bool // the horizon is redder than it is blue
	}{
		{"noon", 0.5, true, true, 0.99, 1, false},
		{"mid-morning", startTimeOfDay, true, true, 0.9, 1, false},
		{"midnight", 0, false, true, 0, 0.01, false},
		{"sunset", 0.755, false, false, 0.1, 0.9, true},
		{"sunrise", 0.245, false, false, 0.1, 0.9, true},
		{"a day later", 1.5, true, true, 0.99, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := daylightAt(tt.at)
			l := d.light
			if tt.sunUp && (l.Direction[1] >= 0 || l.Intensity < sunIntensity*0.9) {
				t.Errorf("light %+v, want the sun high and bright", l)
			}
			if l.CastShadows != tt.shadows {
				t.Errorf("CastShadows = %v, want %v", l.CastShadows, tt.shadows)
			}
			if d.dayLight < tt.minDay || d.dayLight > tt.maxDay {
				t.Errorf("dayLight = %v, want %v to %v", d.dayLight, tt.minDay, tt.maxDay)
			}
			if got := d.horizon[0] > d.horizon[2]; got != tt.warmHoriz {
				t.Errorf("horizon %v: warm = %v, want %v", d.horizon, got, tt.warmHoriz)
			}
			if n := l.Direction.Len(); math.Abs(float64(n)-1) > 1e-4 {
				t.Errorf("light direction %v has length %v", l.Direction, n)
			}
		})
	}
}

// TestDaylightIsContinuous: minute by minute through a whole day nothing
// the player sees jumps, including where the light passes from the sun to
// the moon.
func TestDaylightIsContinuous(t *testing.T) {
	const minutes = 24 * 60
	prev := daylightAt(0)
	for i := 1; i <= minutes; i++ {
		d := daylightAt(float64(i) / minutes)
		for _, c := range []struct {
			what      string
			a, b      vmath.Vec3
			tolerance float32
		}{
			{"light", prev.light.Color.Mul(prev.light.Intensity), d.light.Color.Mul(d.light.Intensity), 0.1},
			{"zenith", prev.zenith, d.zenith, 0.02},
			{"horizon", prev.horizon, d.horizon, 0.02},
			{"ambient", prev.ambient, d.ambient, 0.02},
		} {
			if diff := c.a.Sub(c.b); max(vmath.Abs32(diff[0]), vmath.Abs32(diff[1]), vmath.Abs32(diff[2])) > c.tolerance {
				t.Fatalf("%s jumps from %v to %v at minute %d", c.what, c.a, c.b, i)
			}
		}
		prev = d
	}
}

func TestParseTimeOfDay(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"00:00", 0, true},
		{"06:00", 0.25, true},
		{"12:00", 0.5, true},
		{"23:59", 1439.0 / 1440, true},
		{"24:00", 0, false},
		{"12:60", 0, false},
		{"-1:00", 0, false},
		{"noon", 0, false},
		{"12", 0, false},
		{"12:00:00", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseTimeOfDay(tt.in)
		if (err == nil) != tt.ok || (tt.ok && math.Abs(got-tt.want) > 1e-12) {
			t.Errorf("ParseTimeOfDay(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	if b := clockHour(nil, 0.35); string(b) != "08:24" {
		t.Errorf("clockHour(0.35) = %q, want 08:24", b)
	}
}

// TestWaterTileInShaders: the water shaders find water by its atlas tile,
// a number written into them; it must be block.TileWater's.
func TestWaterTileInShaders(t *testing.T) {
	want := strconv.Itoa(int(block.TileWater)) + ".0"
	for _, c := range []struct{ file, pattern string }{
		{"assets/shaders/voxel_water_surface.glsl", `#define WATER_TILE (\d+\.0)`},
		{"assets/shaders/voxel_water.hlsl", `abs\(input\.tile\.x \* 16\.0 - (\d+\.0)\)`},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(c.pattern).FindSubmatch(src)
		if m == nil {
			t.Errorf("%s: no water tile number (%s)", c.file, c.pattern)
		} else if string(m[1]) != want {
			t.Errorf("%s: water tile %s, block.TileWater is %s", c.file, m[1], want)
		}
	}
}

// The night sky: none by day (the frame has no map, so the day looks as
// it did without one), full at midnight, the same picture every run, with
// stars in it.
func TestNightSky(t *testing.T) {
	for _, tt := range []struct {
		at       float64
		min, max float32
	}{{0.5, 0, 0}, {startTimeOfDay, 0, 0}, {0, starIntensity * 0.99, starIntensity}, {0.755, 0.01, starIntensity * 0.9}} {
		d := daylightAt(tt.at)
		if s := d.stars(); s < tt.min || s > tt.max {
			t.Errorf("stars at %v = %v, want %v to %v", tt.at, s, tt.min, tt.max)
		}
	}
	a, b := nightSky(), nightSky()
	if !slices.Equal(a.Pix, b.Pix) {
		t.Fatal("two night skies differ")
	}
	stars := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if a.Pix[i+1] > 100 {
			stars++
		}
	}
	if want := starDensity * float64(len(a.Pix)/4) * 2 / math.Pi; float64(stars) < want*0.5 || float64(stars) > want*1.5 {
		t.Errorf("%d bright stars, want about %.0f", stars, want)
	}
}
