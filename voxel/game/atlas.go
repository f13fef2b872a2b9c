package game

import (
	"image"
	"image/color"
	"math"

	"github.com/sleakgo/sleak/voxel/block"
)

// TilePixels is the edge of one atlas tile in texels.
const TilePixels = 16

// Atlas paints the block texture atlas: block.AtlasColumns x
// block.AtlasColumns tiles of TilePixels, laid out as block.Tile says. The
// game ships no image files: every tile is painted from a small palette and a
// hash, so the picture is the same on every machine.
//
// The palette is written in sRGB, as artists pick colours, but stored
// linear: the engine lights in linear space and applies gamma once, at
// composite, so an sRGB texel sampled as linear would come out washed out.
func Atlas() *image.RGBA {
	size := block.AtlasColumns * TilePixels
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for t := block.Tile(0); t < block.TileCount; t++ {
		ox := int(t) % block.AtlasColumns * TilePixels
		oy := int(t) / block.AtlasColumns * TilePixels
		for y := 0; y < TilePixels; y++ {
			for x := 0; x < TilePixels; x++ {
				c := texel(t, x, y)
				img.SetRGBA(ox+x, oy+y, color.RGBA{srgbToLinear[c.R], srgbToLinear[c.G], srgbToLinear[c.B], c.A})
			}
		}
	}
	return img
}

var srgbToLinear = func() (lut [256]uint8) {
	for i := range lut {
		c := float64(i) / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		lut[i] = uint8(math.Round(c * 255))
	}
	return lut
}()

// hash returns a stable pseudo-random value in [0, 1) for a texel.
func hash(t block.Tile, x, y int) float32 {
	h := uint32(t)*0x9E3779B1 ^ uint32(x)*0x85EBCA77 ^ uint32(y)*0xC2B2AE3D
	h ^= h >> 15
	h *= 0x2C1B3C6D
	h ^= h >> 12
	h *= 0x297A2D39
	h ^= h >> 15
	return float32(h&0xFFFF) / 65536
}

func shadeRGB(r, g, b uint8, f float32, a uint8) color.RGBA {
	c := func(v uint8) uint8 {
		s := float32(v) * f
		if s > 255 {
			s = 255
		}
		return uint8(s)
	}
	return color.RGBA{c(r), c(g), c(b), a}
}

func texel(t block.Tile, x, y int) color.RGBA {
	n := hash(t, x, y)
	v := 0.82 + 0.3*n // gentle per-texel variation
	switch t {
	case block.TileGrassTop:
		return shadeRGB(96, 158, 58, v, 255)
	case block.TileGrassSide:
		// A grass fringe of uneven depth over dirt.
		if y < 3+int(hash(t, x, 0)*3) {
			return shadeRGB(96, 158, 58, v, 255)
		}
		return shadeRGB(134, 96, 67, v, 255)
	case block.TileDirt:
		return shadeRGB(134, 96, 67, v, 255)
	case block.TileStone:
		return shadeRGB(128, 128, 128, 0.75+0.35*n, 255)
	case block.TileCobblestone:
		// Rounded stones with dark mortar between them.
		cx, cy := (x+int(hash(t, y/5, 1)*3))%6, (y+int(hash(t, x/6, 2)*3))%5
		if cx == 0 || cy == 0 {
			return shadeRGB(80, 80, 80, v, 255)
		}
		return shadeRGB(122, 122, 122, v, 255)
	case block.TileSand:
		return shadeRGB(219, 207, 163, 0.92+0.12*n, 255)
	case block.TileGravel:
		return shadeRGB(136, 126, 126, 0.6+0.6*n, 255)
	case block.TileLogSide:
		if x%4 == 0 {
			return shadeRGB(78, 58, 34, v, 255)
		}
		return shadeRGB(104, 80, 48, v, 255)
	case block.TileLogTop:
		dx, dy := x-8, y-8
		if (dx*dx+dy*dy)/9%2 == 0 {
			return shadeRGB(176, 144, 92, v, 255)
		}
		return shadeRGB(150, 118, 72, v, 255)
	case block.TilePlanks:
		if y%4 == 3 || (x+y/4*5)%16 == 0 {
			return shadeRGB(120, 92, 56, v, 255)
		}
		return shadeRGB(170, 134, 82, v, 255)
	case block.TileLeaves:
		// Cut-out holes: the gbuffer and forward shaders discard alpha < 0.5.
		if n < 0.22 {
			return color.RGBA{0, 0, 0, 0}
		}
		return shadeRGB(58, 122, 40, 0.7+0.5*n, 255)
	case block.TileBricks:
		row := y / 4
		off := 0
		if row%2 == 1 {
			off = 4
		}
		if y%4 == 3 || (x+off)%8 == 7 {
			return shadeRGB(196, 190, 180, v, 255)
		}
		return shadeRGB(150, 66, 52, v, 255)
	case block.TileWater:
		return shadeRGB(18, 60, 128, 0.9+0.15*n, 232)
	case block.TileGlass:
		if x == 0 || y == 0 || x == TilePixels-1 || y == TilePixels-1 || (x == y && x > 3 && x < 8) {
			return color.RGBA{220, 236, 240, 230}
		}
		return color.RGBA{200, 225, 235, 40}
	case block.TileBedrock:
		return shadeRGB(60, 60, 60, 0.5+0.8*n, 255)
	case block.TileSnow:
		return shadeRGB(240, 245, 250, 0.95+0.05*n, 255)
	case block.TileTorch:
		// A lantern: a dark iron frame around a warm glow, brightest at
		// the middle.
		if x < 2 || y < 2 || x > TilePixels-3 || y > TilePixels-3 || x == TilePixels/2 {
			return shadeRGB(58, 46, 36, v, 255)
		}
		dx, dy := float32(x)-7.5, float32(y)-7.5
		return shadeRGB(255, 196, 96, 1.05-0.012*(dx*dx+dy*dy)+0.1*n, 255)
	}
	return color.RGBA{255, 0, 255, 255} // unpainted: loud on purpose
}
