package opengl

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// cubeScene uploads a red unit cube standing on a grey plane and returns the
// draws of a frame that shows it, lit by a shadow-casting sun.
func cubeScene(t testing.TB, b backends.Backend) map[formats.Pass][]backends.Draw {
	t.Helper()
	shader, err := b.CreateShader("assets/shaders/default_shader.hlsl")
	if err != nil {
		t.Fatal(err)
	}
	cv, ci := box(vmath.Vec3{0.5, 0.5, 0.5}, vmath.Vec4{0.9, 0.1, 0.1, 1})
	cube, err := b.CreateMesh(0, packDefault(cv), ci)
	if err != nil {
		t.Fatal(err)
	}
	pv, pi := box(vmath.Vec3{5, 0.05, 5}, vmath.Vec4{0.7, 0.7, 0.7, 1})
	plane, err := b.CreateMesh(0, packDefault(pv), pi)
	if err != nil {
		t.Fatal(err)
	}
	white := vmath.Vec4{1, 1, 1, 1}
	cubeDraw := backends.Draw{Mesh: cube, Shader: shader, Model: vmath.Translate(vmath.Vec3{0, 0.5, 0}), Color: white}
	planeDraw := backends.Draw{Mesh: plane, Shader: shader, Model: vmath.Translate(vmath.Vec3{0, -0.05, 0}), Color: white}
	return map[formats.Pass][]backends.Draw{
		formats.PassShadow:  {cubeDraw, planeDraw},
		formats.PassForward: {cubeDraw, planeDraw},
	}
}

func TestSmokeCubeWithShadow(t *testing.T) {
	r := open(t, backends.Config{Width: 256, Height: 256, ShadowMapSize: 1024})
	s := newScene(256, 256)
	draws := cubeScene(t, r)
	runFrame(t, r, &s.frame, draws)
	img := readPixels(t, r)
	dump(t, "smoke", img)

	sky := tonemap(s.frame.FogColor, 1)
	if got := img.RGBAAt(1, 1); !near(got, sky, 2) {
		t.Errorf("corner %v, want sky %v", got, sky)
	}
	// The top face of the cube faces the sun's -y: clearly red.
	top := s.pixel(vmath.Vec3{0, 1, 0.1})
	if c := img.RGBAAt(top.X, top.Y); !(c.R > 150 && int(c.R) > int(c.G)+80 && int(c.R) > int(c.B)+80) {
		t.Errorf("cube top at %v is %v, want red", top, c)
	}
	// The sun travels +x, -y: the shadow lies on the plane at +x of the cube.
	shadow := s.pixel(vmath.Vec3{1.0, 0, 0})
	lit := s.pixel(vmath.Vec3{-1.5, 0, 1.5})
	cs, cl := img.RGBAAt(shadow.X, shadow.Y), img.RGBAAt(lit.X, lit.Y)
	if luma(cs) > 0.7*luma(cl) {
		t.Errorf("shadowed plane at %v is %v, lit plane at %v is %v: want the shadow clearly darker", shadow, cs, lit, cl)
	}
	if st := r.Stats(); st.TotalDropped() != 0 || st.Draws[formats.PassForward] != 2 {
		t.Errorf("stats: %+v", st)
	}
}
