package frame_test

import (
	"fmt"
	"image"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/systems/frame"
	"github.com/sleakgo/sleak/systems/frame/frametest"
	"github.com/sleakgo/sleak/vmath"
)

// A frame gathered in parts on several goroutines draws exactly what one
// goroutine draws, in the same order, and counts the same: a world of
// default and custom formats, materials whose shaders load in the first
// frame (left to the render thread) or fail, a failing stem, transparent,
// occluded, turned-away and culled entities, over frames with the camera
// moving.
func TestGatherInPartsIsTheSameAsInOne(t *testing.T) {
	const n = 5*2048 + 77
	run := func(procs int) []string {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		noShadow := frametest.Blob
		noShadow.Name, noShadow.ShadowShader = "noshadow", ""
		s := frametest.New(t, frametest.Blob, noShadow)
		s.D.Fail = func(f backends.ShaderFiles) bool {
			return strings.Contains(f.Vertex.Path, "broken") || strings.Contains(f.Vertex.Path, "noshadow_gbuffer")
		}
		shaders := []string{"assets/shaders/default_shader.hlsl", "assets/shaders/water.hlsl", "assets/shaders/broken.hlsl"}
		for i := range n {
			p := vmath.Vec3{float32(i%50)*0.4 - 10, float32(i/50%50)*0.4 - 10, -float32(i / 2500 * 3)}
			if i%7 == 0 {
				p[2] = 50 // behind the camera
			}
			mat := ecs.Material{Shader: shaders[i%3], Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: i%5 != 0, Transparent: i%11 == 0}
			h := formats.Handle(i % 3) // default, blob, noshadow
			s.Cube(h, p, mat)
		}
		// Some meshes occluded, some turned away from the camera.
		i := 0
		q := s.World.Renderables()
		for q.Next() {
			_, m, _ := q.Get()
			switch i % 13 {
			case 3:
				m.Occluded = true
			case 4:
				m.Facing = vmath.Vec3{0, 0, -1}
			case 5:
				m.ShadowUnseen = true
			}
			i++
		}
		var out []string
		for f := range 3 {
			if f > 0 {
				tr, _ := s.World.ActiveCamera()
				tr.Position[0] += 1.5
			}
			s.Begin()
			for _, p := range []formats.Pass{formats.PassShadow, formats.PassGBuffer, formats.PassForward, formats.PassTransparent} {
				if err := s.Ctx.RunPass(p); err != nil {
					t.Fatal(err)
				}
				var b strings.Builder
				for _, d := range s.D.Draws[p] {
					fmt.Fprintf(&b, " %d/%d/%d/%v/%d", d.Mesh.N, d.Program.N, d.Texture.N, d.Model[12:15], d.Cascades)
				}
				out = append(out, fmt.Sprintf("frame %d %s: %d draws%s", f, p, len(s.D.Draws[p]), b.String()))
			}
			st := s.Ctx.Stats
			out = append(out, fmt.Sprintf("frame %d: culled %d occluded %d facing %d shadow-unseen %d dropped-material %d dropped %v",
				f, st.Culled, st.Occluded, st.FacingCulled, st.ShadowUnseen, st.DroppedMaterial, st.Dropped))
			s.End()
		}
		return out
	}
	one, parts := run(1), run(8)
	if len(one) != len(parts) {
		t.Fatalf("%d results in one, %d in parts", len(one), len(parts))
	}
	for i := range one {
		if one[i] != parts[i] {
			a, b := one[i], parts[i]
			at := 0
			for at < min(len(a), len(b)) && a[at] == b[at] {
				at++
			}
			from := max(at-120, 0)
			t.Errorf("one goroutine and parts differ at byte %d of %.40s:\n...%.240s\n...%.240s", at, a, a[from:], b[from:])
		}
	}
	if !reflect.DeepEqual(one, parts) {
		return
	}
	for _, line := range one {
		if strings.Contains(line, ": 0 draws") && !strings.Contains(line, "gbuffer") {
			t.Errorf("a pass drew nothing: %.100s", line)
		}
	}
}

// The goroutines that gather a frame in parts sleep between frames, each
// holding a thread, and end once their Context is collected.
func TestGatherWorkersEndWithTheContext(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	before := settledGoroutines()
	func() {
		s := frametest.New(t)
		for i := range 4096 {
			s.Cube(formats.DefaultHandle, vmath.Vec3{float32(i%64)*0.2 - 6, float32(i/64)*0.2 - 6, -5}, ecs.Material{Shader: "assets/shaders/default_shader.hlsl", Color: vmath.Vec4{1, 1, 1, 1}})
		}
		for range 3 {
			s.Begin()
			s.End()
		}
		if got := runtime.NumGoroutine(); got < before+3 {
			t.Fatalf("%d goroutines while the Context lives, %d before: the frame was not gathered in parts", got, before)
		}
	}()
	if after := settledGoroutines(); after > before {
		t.Fatalf("%d goroutines after the Context was dropped, %d before", after, before)
	}
}

// settledGoroutines collects garbage until the count of goroutines has
// not fallen for a while (what earlier tests dropped has ended) and
// returns it.
func settledGoroutines() int {
	n, steady := runtime.NumGoroutine(), 0
	for deadline := time.Now().Add(10 * time.Second); steady < 20 && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		if m := runtime.NumGoroutine(); m < n {
			n, steady = m, 0
		} else {
			steady++
		}
	}
	return n
}

// A pass whose list comes out the same as last frame's keeps last frame's
// order; one that changed, or changed while the pass did not run, is
// ordered again: every frame draws as a fresh Context over the same world
// would, over frames that stand still, change a material or a position,
// and skip the forward pass.
func TestAKeptListDrawsAsAFreshSort(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	s := frametest.New(t)
	tex := make([]backends.TextureID, 3)
	for i := range tex {
		var err error
		if tex[i], err = s.B.CreateTexture(image.NewRGBA(image.Rect(0, 0, 1, 1)), backends.TextureOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	shaders := []string{"assets/shaders/default_shader.hlsl", "assets/shaders/water.hlsl"}
	const n = 4000 // gathered in parts
	for i := range n {
		p := vmath.Vec3{float32(i%40)*0.5 - 10, float32(i/40%40)*0.5 - 10, -float32(i/1600) * 4}
		s.Cube(formats.DefaultHandle, p, ecs.Material{Shader: shaders[i%2], Texture: tex[i%3], Color: vmath.Vec4{1, 1, 1, 1}, CastShadows: true, Transparent: i%17 == 0})
	}
	s.Ctx.Env.CascadeInterval = 1 // a fresh Context redraws every cascade
	passes := []formats.Pass{formats.PassShadow, formats.PassForward, formats.PassTransparent}
	draws := func(ctx *frame.Context, skip formats.Pass) map[formats.Pass]string {
		t.Helper()
		if err := ctx.Begin(s.World); err != nil {
			t.Fatal(err)
		}
		out := map[formats.Pass]string{}
		for _, p := range passes {
			if p == skip {
				continue
			}
			if err := ctx.RunPass(p); err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, d := range s.D.Draws[p] {
				fmt.Fprintf(&b, " %d/%d/%d/%v", d.Mesh.N, d.Program.N, d.Texture.N, d.Model[12:15])
			}
			out[p] = b.String()
		}
		if err := ctx.End(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	// entity returns the Transform and Material of the i-th entity drawn.
	entity := func(i int) (*ecs.Transform, *ecs.Material) {
		q := s.World.Renderables()
		defer q.Close()
		for j := 0; q.Next(); j++ {
			if j == i {
				tr, _, m := q.Get()
				return tr, m
			}
		}
		t.Fatalf("no entity %d", i)
		return nil, nil
	}
	mat := func(i int) *ecs.Material { _, m := entity(i); return m }
	transform := func(i int) *ecs.Transform { tr, _ := entity(i); return tr }
	const none = formats.NumPasses // no pass skipped
	steps := []struct {
		name   string
		change func()
		skip   formats.Pass
	}{
		{"first", func() {}, none},
		{"still", func() {}, none},
		{"still again", func() {}, none},
		{"a texture changed", func() { mat(820).Texture = tex[0] }, none},
		{"still after it", func() {}, none},
		{"an entity moved nearer", func() { transform(2420).Position[2] = 5 }, none},
		{"a texture changed, forward pass skipped", func() { mat(861).Texture = tex[2] }, formats.PassForward},
		{"still after the skip", func() {}, none},
		{"a shader changed", func() { mat(903).Shader = shaders[0] }, none},
		{"still at the end", func() {}, none},
	}
	for _, st := range steps {
		st.change()
		got := draws(s.Ctx, st.skip)
		fresh := frame.NewContext(s.B, s.Ctx.Formats, s.Ctx.Log)
		fresh.Env = s.Ctx.Env
		want := draws(fresh, st.skip)
		for _, p := range passes {
			if got[p] != want[p] {
				t.Errorf("%s: %s pass draws differ from a fresh Context's", st.name, p)
			}
			if p != st.skip && got[p] == "" {
				t.Errorf("%s: %s pass drew nothing", st.name, p)
			}
		}
	}
}
