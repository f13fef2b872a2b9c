package game

import (
	"image"
	"math"

	"github.com/sleakgo/sleak/vmath"
)

// The night sky: stars and the faint band of the galaxy, drawn over the
// procedural sky as an overlay environment map (backends.Environment
// Overlay) that lights nothing, in proportion to the night (1 - dayLight),
// so the day looks exactly as it does without it.
const (
	nightSkyHeight = 512   // the equirectangular picture's, twice as wide
	starDensity    = 0.004 // stars per pixel at the equator
	starIntensity  = 0.8   // the overlay's intensity at full night
)

// galaxyPole is the axis the galaxy's band circles.
var galaxyPole = vmath.Vec3{0.35, 0.55, 0.76}.Normalize()

// nightSky paints the stars and the galaxy's band as an equirectangular
// sRGB picture, the same one every run: each pixel's star comes from a
// hash of its place, thinned towards the poles, where pixels cover less
// of the sky.
func nightSky() *image.RGBA {
	const w, h = 2 * nightSkyHeight, nightSkyHeight
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		theta := (float64(y) + 0.5) / h * math.Pi
		for x := range w {
			phi := ((float64(x)+0.5)/w - 0.5) * 2 * math.Pi
			// The picture's direction: row 0 up, the middle column -Z.
			d := vmath.Vec3{float32(math.Sin(theta) * math.Sin(phi)), float32(math.Cos(theta)), float32(-math.Sin(theta) * math.Cos(phi))}
			across := float64(d.Dot(galaxyPole))
			band := 0.05 * math.Exp(-across*across/0.015)
			c := [3]float64{band * 0.8, band * 0.85, band}
			r := starHash(uint64(y)*w + uint64(x))
			if float64(r>>40)/(1<<24) < starDensity*math.Sin(theta) {
				// Brightness from another part of the hash: most stars
				// faint, a few bright; a slight tint either way.
				b := 0.15 + 0.85*math.Pow(float64(r&0xffff)/0xffff, 4)
				tint := float64((r>>16)&0xff)/255*0.3 - 0.15
				c = [3]float64{c[0] + b*(1+tint), c[1] + b, c[2] + b*(1-tint)}
			}
			o := img.PixOffset(x, y)
			for k := range 3 {
				img.Pix[o+k] = srgbByte(c[k])
			}
			img.Pix[o+3] = 255
		}
	}
	return img
}

// starHash is splitmix64's finalizer: well spread bits from a counter.
func starHash(i uint64) uint64 {
	i += 0x9e3779b97f4a7c15
	i = (i ^ i>>30) * 0xbf58476d1ce4e5b9
	i = (i ^ i>>27) * 0x94d049bb133111eb
	return i ^ i>>31
}

// srgbByte encodes linear light in 0..1 as an sRGB byte.
func srgbByte(v float64) uint8 {
	v = min(max(v, 0), 1)
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return uint8(math.Round(v * 255))
}
