package ibl

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/vmath"
)

// uniform is a w x h picture of one sRGB colour.
func uniform(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
	}
	return img
}

// halves is white above the horizon and black below it.
func halves(h int) *image.RGBA {
	img := uniform(2*h, h, color.RGBA{})
	for y := range h / 2 {
		for x := range 2 * h {
			img.SetRGBA(x, y, color.RGBA{255, 255, 255, 255})
		}
	}
	return img
}

func near(a, b vmath.Vec3, eps float32) bool {
	return math.Abs(float64(a[0]-b[0])) <= float64(eps) && math.Abs(float64(a[1]-b[1])) <= float64(eps) && math.Abs(float64(a[2]-b[2])) <= float64(eps)
}

// Under a uniform sky every lookup returns the sky's light: the diffuse
// light of a white surface, every roughness step and the sky tile.
func TestUniformMap(t *testing.T) {
	m, err := FromImage("grey.png", uniform(32, 16, color.RGBA{188, 188, 188, 255}))
	if err != nil {
		t.Fatal(err)
	}
	want := float32(math.Pow((188.0/255+0.055)/1.055, 2.4))
	w := vmath.Vec3{want, want, want}
	for _, d := range []vmath.Vec3{{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, vmath.Vec3{0.3, -0.4, 0.8}.Normalize()} {
		if got := Diffuse(&m.Irradiance, d); !near(got, w, 0.01) {
			t.Errorf("Diffuse(%v) = %v, want %v", d, got, w)
		}
		if got := Sky(m.Atlas, d); !near(got, w, 0.01) {
			t.Errorf("Sky(%v) = %v, want %v", d, got, w)
		}
		for _, r := range []float32{0, 0.3, 0.5, 1} {
			if got := Specular(m.Atlas, d, r); !near(got, w, 0.01) {
				t.Errorf("Specular(%v, %v) = %v, want %v", d, r, got, w)
			}
		}
	}
}

// A sky lit above and dark below: a surface facing up gets more diffuse
// light than one facing down, a side one about half; rougher steps blur
// the horizon, so looking just above it they see less light.
func TestDirectionalMap(t *testing.T) {
	m, err := FromImage("halves.png", halves(64))
	if err != nil {
		t.Fatal(err)
	}
	up, down, side := Diffuse(&m.Irradiance, vmath.Vec3{0, 1, 0}), Diffuse(&m.Irradiance, vmath.Vec3{0, -1, 0}), Diffuse(&m.Irradiance, vmath.Vec3{1, 0, 0})
	if up[0] < 0.9 || down[0] > 0.1 || math.Abs(float64(side[0])-0.5) > 0.05 {
		t.Errorf("diffuse up %v, down %v, side %v: want about 1, 0 and 0.5", up, down, side)
	}
	d := vmath.Vec3{0, 0.15, -1}.Normalize()
	if s0, s1 := Specular(m.Atlas, d, 0)[0], Specular(m.Atlas, d, 1)[0]; s0 < 0.9 || s1 > 0.9 {
		t.Errorf("specular just above the horizon: %.3f smooth, %.3f rough; want about 1 and less", s0, s1)
	}
	if s := Sky(m.Atlas, vmath.Vec3{0, -1, 0}); s[0] > 0.01 {
		t.Errorf("the sky straight down is %v, want black", s)
	}
}

// The BRDF table's scale and bias sum to at most 1 and to nearly 1 for a
// smooth surface seen head on.
func TestBRDFTable(t *testing.T) {
	m, err := FromImage("grey.png", uniform(8, 4, color.RGBA{10, 10, 10, 255}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ ndv, rough float32 }{{1, 0}, {0.5, 0.5}, {0.1, 1}, {0.9, 0.2}} {
		a, b := BRDF(m.Atlas, tt.ndv, tt.rough)
		if a < 0 || b < 0 || a+b > 1.01 {
			t.Errorf("BRDF(%v, %v) = %v, %v: want both positive, summing to at most 1", tt.ndv, tt.rough, a, b)
		}
	}
	if a, b := BRDF(m.Atlas, 1, 0); a+b < 0.9 {
		t.Errorf("BRDF(1, 0) = %v, %v: want about 1 together", a, b)
	}
}

// The same picture gives the same atlas and coefficients, byte for byte.
func TestDeterministic(t *testing.T) {
	a, err := FromImage("a", halves(16))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := FromImage("a", halves(16))
	if !bytes.Equal(a.Atlas.Pix, b.Atlas.Pix) || a.Irradiance != b.Irradiance {
		t.Error("two builds of one picture differ")
	}
}

// The octahedral mapping and its inverse agree at texel centres.
func TestOctRoundTrip(t *testing.T) {
	for y := range 16 {
		for x := range 16 {
			u, v := (float64(x)+0.5)/16, (float64(y)+0.5)/16
			d := octDecode(u, v)
			gu, gv := octEncode(vmath.Vec3{float32(d[0]), float32(d[1]), float32(d[2])})
			if math.Abs(float64(gu)-u) > 1e-5 || math.Abs(float64(gv)-v) > 1e-5 {
				t.Fatalf("octEncode(octDecode(%v, %v)) = %v, %v", u, v, gu, gv)
			}
		}
	}
}

// Bad files are errors naming the file, never a panic.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, img image.Image) string {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	junk := filepath.Join(dir, "junk.png")
	if err := os.WriteFile(junk, []byte("not a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{write("square.png", uniform(16, 16, color.RGBA{})), "twice as wide as high"},
		{write("tiny.png", uniform(2, 1, color.RGBA{})), "twice as wide as high"},
		{junk, "junk.png"},
		{filepath.Join(dir, "missing.png"), "missing.png"},
	} {
		_, err := Load(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), filepath.Base(tt.path)) {
			t.Errorf("Load(%s) = %v, want an error naming the file and saying %q", filepath.Base(tt.path), err, tt.want)
		}
	}
}

// BenchmarkFromImage is the precomputation at load for a 2048 x 1024 map
// (the atlas is the same size whatever the map's).
func BenchmarkFromImage(b *testing.B) {
	img := halves(1024)
	for b.Loop() {
		if _, err := FromImage("bench", img); err != nil {
			b.Fatal(err)
		}
	}
}

// SkyOnly computes the sky tile as FromImage does and nothing else.
func TestSkyOnly(t *testing.T) {
	img := halves(16)
	full, err := FromImage("a", img)
	if err != nil {
		t.Fatal(err)
	}
	sky, err := SkyOnly("a", img)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []vmath.Vec3{{0, 1, 0}, {0, -1, 0}, vmath.Vec3{1, 0.2, -0.3}.Normalize()} {
		if a, b := Sky(full.Atlas, d), Sky(sky.Atlas, d); a != b {
			t.Errorf("Sky(%v): %v from FromImage, %v from SkyOnly", d, a, b)
		}
	}
	if sky.Irradiance != ([9]vmath.Vec3{}) || Specular(sky.Atlas, vmath.Vec3{0, 1, 0}, 0.5) != (vmath.Vec3{}) {
		t.Error("SkyOnly computed more than the sky")
	}
	if _, err := SkyOnly("square.png", uniform(8, 8, color.RGBA{})); err == nil || !strings.Contains(err.Error(), "square.png") {
		t.Errorf("SkyOnly of a square picture = %v, want an error naming it", err)
	}
}

// BenchmarkSkyOnly is the precomputation of an overlay map, 1024 x 512
// (Sleakcraft's night sky).
func BenchmarkSkyOnly(b *testing.B) {
	img := halves(512)
	for b.Loop() {
		if _, err := SkyOnly("bench", img); err != nil {
			b.Fatal(err)
		}
	}
}
