package conformance

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"log/slog"
	"math"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/ibl"
	"github.com/sleakgo/sleak/vmath"
)

// tracer is a CPU driver for testing the suite itself: beneath the shared
// backend core, like every real backend, it renders each frame by ray
// tracing the triangles the core hands it, lit the way the engine's shaders
// light them. Its bugs are switchable, so the suite's tests can show that
// each check catches the fault it is for.
type tracer struct {
	gamma float64 // the composite's, read from its shader when it is reloaded; 0 is 2.2
	kind  backends.Kind
	w, h  int
	log   *slog.Logger
	frame backends.FrameData
	// zenith and discCos are the Frame block's sky: the colour straight up
	// and the cosine of the light disc's radius (0: none).
	zenith  vmath.Vec3
	discCos float32
	lights  []backends.Light
	// palette is the light grid texture's texels as uploaded, whose rows
	// past the lights hold the frame's joint matrices, read as the
	// skinning shaders read them.
	palette []float32
	draws   [formats.NumPasses][]traceDraw
	// kept are the casters drawn into each shadow cascade when it was last
	// redrawn (RedrawCascades), the shadow pass's draws the union of them.
	kept   [backends.NumCascades][]traceDraw
	redraw uint8
	img    *image.RGBA
	depth  []float32 // the nearest opaque hit's depth per pixel, 0..1 as a depth buffer holds it; 1 for the sky
	lines  core.Lines
	frames uint64
	bugs   bugs
	// effects says which effect passes the frame ran on; the block's
	// words 76 to 79 are their settings.
	effects [formats.NumPasses]bool
	fx      [4]float32
	post    [4]float32 // the block's post vec4: SSR strength and reach, antialias
	// reproject and taa are the block's temporal antialiasing words;
	// history is the antialias pass's result of the frame before under it.
	reproject vmath.Mat4
	taa       [4]float32
	history   *image.RGBA
	// env is the environment atlas, nil without one; envIntensity,
	// overlay and irradiance are the block's (its ibl.x, 0 unless a map
	// lights the frame, ibl.z, 0 without an overlay map, and the
	// coefficients).
	env          *image.RGBA
	envIntensity float32
	overlay      float32
	irradiance   [9]vmath.Vec3
}

// bugs are faults a broken backend might have.
type bugs struct {
	noShadows     bool // ignores the shadow pass
	opaqueGlass   bool // draws transparent draws without blending
	tint          bool // renders everything slightly off colour
	validation    int  // reports this many validation errors
	closeErr      bool // Close fails
	noDriver      bool // Open fails
	keepOldStems  bool // Resize does not rebuild pipelines
	noisy         bool // logs an error every frame
	linesUntested bool // draws depth-tested debug lines over everything
	noMaps        bool // binds white for the normal and emissive maps
	noEnvironment bool // binds no environment atlas: the map is neither seen nor lights
}

type traceMesh struct {
	pos     []vmath.Vec3
	normal  []vmath.Vec3
	tangent []vmath.Vec4
	color   []vmath.Vec4
	uv      []vmath.Vec2
	index   []uint32
	// bones and weights are each vertex's joints, for draws that skin
	// (the skinned format's stems); nil when the layout has none.
	bones   [][4]int32
	weights []vmath.Vec4
}

// The tracer keeps no programs: it only checks that the files a program
// needs exist. It keeps textures for the normal and emissive maps and the
// environment atlas it shades with, and draws base textures as white.
type (
	// traceTexture is a texture's image, nil for the white one.
	traceTexture struct{ img *image.RGBA }
	// traceProgram is flat for the hot reload scenes' material, whose
	// colour the tracer reads from its include as a compiler would.
	traceProgram struct {
		flat     bool
		color    vmath.Vec4
		twoSided bool // drawn from behind too; other opaque faces are culled
	}
	traceDraw = core.Draw[*traceMesh, traceTexture, traceProgram]
)

func openTracer(kind backends.Kind, b bugs) func(cfg backends.Config) (backends.Backend, error) {
	return func(cfg backends.Config) (backends.Backend, error) {
		if b.noDriver {
			return nil, errors.New("tracer: no such driver on this machine")
		}
		cb, err := core.New(kind, cfg, func(cfg backends.Config) (core.Driver[*traceMesh, traceTexture, traceProgram], error) {
			return &tracer{kind: kind, w: cfg.Width, h: cfg.Height, log: cfg.Logger, bugs: b,
				img: image.NewRGBA(image.Rect(0, 0, cfg.Width, cfg.Height)), depth: make([]float32, cfg.Width*cfg.Height)}, nil
		})
		if err != nil {
			return nil, err
		}
		if b.keepOldStems {
			return keepStems{cb}, nil
		}
		return cb, nil
	}
}

// keepStems is a backend whose Resize keeps every program and failure as
// it was (at an unchanged size, the only one the scenes resize to).
type keepStems struct {
	*core.Backend[*traceMesh, traceTexture, traceProgram]
}

func (keepStems) Resize(int, int) error { return nil }

// NewProgram "compiles" a stem or material: every file must exist.
// ReloadEngine reads the gamma the engine's composite shader source
// applies, as a compiler would read the new file: the tracer composites
// with it from then on.
func (r *tracer) ReloadEngine(func(string) bool) error {
	files, err := backends.ResolveEngine(r.kind, backends.ShaderDir, "composite")
	if err != nil {
		return err
	}
	out, _ := files.Output()
	src := out.Path
	if r.kind == backends.Vulkan {
		src = backends.SourceOf(src)
	}
	text, err := assets.ReadFile(src)
	if err != nil {
		return err
	}
	m := regexp.MustCompile(`1\.0 / ([0-9.]+)`).FindSubmatch(text)
	if m == nil {
		return fmt.Errorf("%s: no gamma", src)
	}
	g, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil || g <= 0 {
		return fmt.Errorf("%s: gamma %q", src, m[1])
	}
	r.gamma = g
	return nil
}

func (r *tracer) NewProgram(spec core.ProgramSpec) (traceProgram, error) {
	var missing []string
	var first *backends.ShaderError
	for _, f := range spec.Files.All() {
		if !assets.Exists(f.Path) {
			missing = append(missing, f.Path)
			if first == nil {
				first = &backends.ShaderError{Path: f.Path, Stage: f.Stage, Err: errors.New("no such file")}
			}
		}
	}
	if first != nil {
		return traceProgram{}, fmt.Errorf("missing %s: %w", strings.Join(missing, ", "), first)
	}
	if f := spec.Files.Fragment; f != nil && strings.HasPrefix(path.Base(f.Path), "reload") {
		return reloadProgram(*f)
	}
	return traceProgram{twoSided: spec.TwoSided}, nil
}

// reloadProgram "compiles" the hot reload material: its colour is the
// RELOAD_COLOR its include defines, and a line that is no shader fails it
// with the include's file and line, as a compiler reports it.
func reloadProgram(f backends.ShaderFile) (traceProgram, error) {
	src := f.Path
	if s := backends.SourceOf(src); s != "" {
		src = s // Vulkan: the .spv's source, which the watcher just compiled
	}
	sh, err := assets.ReadShader(src)
	if err != nil {
		return traceProgram{}, &backends.ShaderError{Path: f.Path, Stage: f.Stage, Err: err}
	}
	p := traceProgram{flat: true}
	for i, line := range strings.Split(string(sh.Text), "\n") {
		if strings.Contains(line, "no shader") {
			return traceProgram{}, &backends.ShaderError{Path: f.Path, Stage: f.Stage,
				Err: fmt.Errorf("%s:%d: error: syntax error", sh.Files[len(sh.Files)-1], reloadLine(sh, i))}
		}
		if rest, ok := strings.CutPrefix(line, "#define RELOAD_COLOR "); ok {
			_, rest, _ = strings.Cut(rest, "(")
			fmt.Sscanf(strings.NewReplacer(",", " ").Replace(rest), "%f %f %f %f", &p.color[0], &p.color[1], &p.color[2], &p.color[3])
		}
	}
	return p, nil
}

// reloadLine is the line within its own file of line i of the expanded
// text: the count since the last #line directive.
func reloadLine(sh *assets.ShaderSource, i int) int {
	lines := strings.Split(string(sh.Text), "\n")
	for j := i - 1; j >= 0; j-- {
		if rest, ok := strings.CutPrefix(lines[j], "#line "); ok {
			var n int
			fmt.Sscanf(rest, "%d", &n)
			return n + i - j - 1
		}
	}
	return i + 1
}

func (r *tracer) FreeProgram(traceProgram)                                  {}
func (r *tracer) FreeMesh(*traceMesh)                                       {}
func (r *tracer) FreeTexture(traceTexture)                                  {}
func (r *tracer) White() traceTexture                                       { return traceTexture{} }
func (r *tracer) ShadowProgram() traceProgram                               { return traceProgram{} }
func (r *tracer) UIProgram() traceProgram                                   { return traceProgram{} }
func (r *tracer) Window() core.NativeWindow                                 { return nil }
func (r *tracer) SetVSync(bool) error                                       { return nil }
func (r *tracer) ValidationErrors() int                                     { return r.bugs.validation }
func (r *tracer) Completed() uint64                                         { return r.frames }
func (r *tracer) WaitIdle()                                                 {}
func (r *tracer) GPUTimes(*[formats.NumPasses]time.Duration) (uint64, bool) { return 0, false }
func (r *tracer) WaitEvents()                                               {}
func (r *tracer) Surface() (int, int, bool)                                 { return 0, 0, false }
func (r *tracer) NewTexture(img *image.RGBA, _ backends.TextureOptions) (traceTexture, error) {
	c := image.NewRGBA(image.Rect(0, 0, img.Rect.Dx(), img.Rect.Dy()))
	for y := range c.Rect.Dy() {
		copy(c.Pix[y*c.Stride:], img.Pix[img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y):][:4*c.Rect.Dx()])
	}
	return traceTexture{c}, nil
}

// sample reads the texture at uv as a linear, repeating sampler does; the
// white texture is 1 everywhere.
func (t traceTexture) sample(uv vmath.Vec2) vmath.Vec4 {
	if t.img == nil {
		return vmath.Vec4{1, 1, 1, 1}
	}
	w, h := t.img.Rect.Dx(), t.img.Rect.Dy()
	x, y := float64(uv[0])*float64(w)-0.5, float64(uv[1])*float64(h)-0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := float32(x-x0), float32(y-y0)
	at := func(i, j int) vmath.Vec4 {
		c := t.img.RGBAAt(((i%w)+w)%w, ((j%h)+h)%h)
		return vmath.Vec4{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
	}
	i, j := int(x0), int(y0)
	lerp := func(a, b vmath.Vec4, f float32) vmath.Vec4 {
		var o vmath.Vec4
		for k := range o {
			o[k] = a[k] + (b[k]-a[k])*f
		}
		return o
	}
	return lerp(lerp(at(i, j), at(i+1, j), fx), lerp(at(i, j+1), at(i+1, j+1), fx), fy)

}

// SetEnvironment keeps the frame's environment atlas (nil for White).
func (r *tracer) SetEnvironment(t traceTexture) {
	r.env = t.img
	if r.bugs.noEnvironment {
		r.env = nil
	}
}

func (r *tracer) NewMesh(l *formats.Layout, data core.MeshData) (*traceMesh, error) {
	if l.Instanced() {
		return nil, fmt.Errorf("the reference renderer draws no instanced format (%s)", l.Name)
	}
	vertices, indices := data.Vertices, data.Indices
	n := len(vertices) / int(l.Stride)
	m := &traceMesh{index: indices}
	for i := range n {
		v := vertices[i*int(l.Stride):]
		p, nn, tg, c, uv := vmath.Vec4{}, vmath.Vec4{}, vmath.Vec4{}, vmath.Vec4{1, 1, 1, 1}, vmath.Vec4{}
		for _, a := range l.Attributes {
			switch a.Name {
			case "position":
				p = decode(v[a.Offset:], a.Format)
			case "normal":
				nn = decode(v[a.Offset:], a.Format)
			case "tangent":
				tg = decode(v[a.Offset:], a.Format)
			case "color":
				c = decode(v[a.Offset:], a.Format)
			case "bone_ids":
				if l.Shader != formats.SkinnedStem {
					continue // only the skinned stems blend by joints
				}
				var ids [4]int32
				for k := range ids {
					ids[k] = int32(binary.LittleEndian.Uint32(v[a.Offset+4*uint32(k):]))
				}
				m.bones = append(m.bones, ids)
			case "bone_weights":
				if l.Shader == formats.SkinnedStem {
					m.weights = append(m.weights, decode(v[a.Offset:], a.Format))
				}
			case "uv":
				uv = decode(v[a.Offset:], a.Format)
			}
		}
		m.pos = append(m.pos, p.Vec3())
		m.normal = append(m.normal, nn.Vec3())
		m.tangent = append(m.tangent, tg)
		m.color = append(m.color, c)
		m.uv = append(m.uv, vmath.Vec2{uv[0], uv[1]})
	}
	return m, nil
}

func decode(b []byte, f formats.AttributeFormat) vmath.Vec4 {
	var out vmath.Vec4
	for k := range f.Components() {
		switch f.Component() {
		case formats.CompF32:
			out[k] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*k:]))
		case formats.CompI16:
			out[k] = max(-1, float32(int16(binary.LittleEndian.Uint16(b[2*k:])))/math.MaxInt16)
		case formats.CompU8:
			out[k] = float32(b[k]) / 255
		}
	}
	return out
}

// BeginFrame unpacks the Frame block into what the tracer shades with.
func (r *tracer) BeginFrame(b *backends.FrameBlock) error {
	f := &r.frame
	copy(f.ViewProj[:], b[0:16])
	copy(f.InvViewProj[:], b[16:32])
	copy(f.LightViewProj[:], b[32:48])
	f.CameraPos = vmath.Vec3{b[48], b[49], b[50]}
	f.LightDir, f.Shadows = vmath.Vec3{b[52], b[53], b[54]}, b[55] != 0
	f.LightColor = vmath.Vec3{b[56], b[57], b[58]}
	f.Ambient, f.Exposure = vmath.Vec3{b[60], b[61], b[62]}, b[63]
	f.FogColor = vmath.Vec3{b[64], b[65], b[66]}
	r.zenith, r.discCos = vmath.Vec3{b[72], b[73], b[74]}, b[75]
	copy(r.fx[:], b[76:80])
	copy(r.post[:], b[144:148])
	copy(r.reproject[:], b[188:204])
	copy(r.taa[:], b[204:208])
	r.envIntensity, r.overlay = b[148], b[150]
	if b[149] == 0 && r.overlay == 0 {
		r.env = nil
	}
	for i := range r.irradiance {
		r.irradiance[i] = vmath.Vec3{b[152+4*i], b[153+4*i], b[154+4*i]}
	}
	for i := range r.draws {
		r.draws[i] = r.draws[i][:0]
	}
	r.lines.Tested, r.lines.OnTop = r.lines.Tested[:0], r.lines.OnTop[:0]
	return nil
}

// UploadLights keeps the frame's lights; the tracer shades every one of
// them (it does not clip clusters).
func (r *tracer) UploadLights(g *backends.LightGrid) error {
	r.lights = append(r.lights[:0], g.All...)
	r.palette = append(r.palette[:0], g.Texels[:g.Rows*backends.LightGridWidth*4]...)
	return nil
}

// RedrawCascades sets the cascades the next shadow pass redraws.
func (r *tracer) RedrawCascades(cascades uint8) { r.redraw = cascades }

func (r *tracer) RunPass(p formats.Pass, draws []traceDraw) error {
	if p != formats.PassShadow {
		r.draws[p] = append(r.draws[p], draws...)
		return nil
	}
	for i := range r.kept {
		if r.redraw&(1<<i) == 0 {
			continue
		}
		r.kept[i] = r.kept[i][:0]
		for _, d := range draws {
			if d.Cascades&(1<<i) != 0 {
				r.kept[i] = append(r.kept[i], d)
			}
		}
	}
	// The tracer shades a point against every caster, whichever cascade
	// holds it: the union of the cascades' casters, each once.
	for i, k := range r.kept {
		for _, d := range k {
			seen := false
			for _, e := range r.kept[:i] {
				seen = seen || slices.ContainsFunc(e, func(o traceDraw) bool { return o.Mesh == d.Mesh && o.Model == d.Model })
			}
			if !seen {
				r.draws[p] = append(r.draws[p], d)
			}
		}
	}
	return nil
}

func (r *tracer) RunEffect(p formats.Pass, mode core.EffectMode) error {
	r.effects[p] = mode == core.EffectOn
	return nil
}

func (r *tracer) RunLines(l *core.Lines) error {
	r.lines.Tested = append(r.lines.Tested[:0], l.Tested...)
	r.lines.OnTop = append(r.lines.OnTop[:0], l.OnTop...)
	return nil
}

func (r *tracer) Resize(w, h int) error {
	r.w, r.h = w, h
	r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	r.depth = make([]float32, w*h)
	return nil
}

func (r *tracer) ReadPixels(dst *image.RGBA) error {
	copy(dst.Pix, r.img.Pix)
	return nil
}

func (r *tracer) Close() error {
	if r.bugs.closeErr {
		return errors.New("tracer: close failed")
	}
	return nil
}

// tri is a world-space triangle of one draw.
type tri struct {
	a, b, c vmath.Vec3
	n       vmath.Vec3
	color   vmath.Vec4
	flat    bool       // unlit, in color
	surface vmath.Vec4 // roughness, metallic, emissive, normal-map strength (core.Draw.Surface)
	cull    bool       // seen from behind, it is not drawn
	// uv are the corners' texture coordinates; tangent is the first
	// corner's, the frame the normal map is read in (world space, w the
	// bitangent's sign; zero, where the mesh has none, leaves the normal
	// unchanged, as sleak_maps.glsl does).
	uv                     [3]vmath.Vec2
	tangent                vmath.Vec4
	normalMap, emissiveMap traceTexture
}

// at returns the texture coordinates at world point p on the triangle.
func (t *tri) at(p vmath.Vec3) vmath.Vec2 {
	e1, e2, d := t.b.Sub(t.a), t.c.Sub(t.a), p.Sub(t.a)
	d11, d12, d22 := e1.Dot(e1), e1.Dot(e2), e2.Dot(e2)
	d1, d2 := d.Dot(e1), d.Dot(e2)
	den := d11*d22 - d12*d12
	if den == 0 {
		return t.uv[0]
	}
	v := (d22*d1 - d12*d2) / den
	w := (d11*d2 - d12*d1) / den
	u := 1 - v - w
	return vmath.Vec2{u*t.uv[0][0] + v*t.uv[1][0] + w*t.uv[2][0], u*t.uv[0][1] + v*t.uv[1][1] + w*t.uv[2][1]}
}

// mapped is the normal at p as sleak_maps.glsl reads the normal map: n, the
// interpolated normal turned toward the eye, in the triangle's frame.
func (t *tri) mapped(n vmath.Vec3, p vmath.Vec3) vmath.Vec3 {
	s := t.surface[3]
	if s == 0 {
		return n
	}
	texel := t.normalMap.sample(t.at(p))
	m := vmath.Vec3{(texel[0]*2 - 1) * s, (texel[1]*2 - 1) * s, texel[2]*2 - 1}
	tg := t.tangent.Vec3()
	tg = tg.Sub(n.Mul(n.Dot(tg)))
	if tg.Dot(tg) < 1e-8 {
		return n
	}
	tg = tg.Normalize()
	b := n.Cross(tg).Mul(t.tangent[3])
	return tg.Mul(m[0]).Add(b.Mul(m[1])).Add(n.Mul(m[2])).Normalize()
}

func (r *tracer) triangles(ds []traceDraw) []tri {
	var out []tri
	for _, d := range ds {
		m := d.Mesh
		// A skinned draw's vertex is blended by its joints before the
		// model matrix, as the skinned stems blend it.
		at := func(i uint32) vmath.Mat4 { return d.Model }
		if base := d.Surface[3]; base > 0 && m.bones != nil {
			at = func(i uint32) vmath.Mat4 { return d.Model.Mul(r.skin(base, m.bones[i], m.weights[i])) }
		}
		for i := 0; i+2 < len(m.index); i += 3 {
			ia, ib, ic := m.index[i], m.index[i+1], m.index[i+2]
			ma := at(ia)
			n := ma.MulVec4(m.normal[ia].Vec4(0)).Vec3().Normalize()
			c := m.color[ia]
			t := tri{
				a: ma.MulPoint(m.pos[ia]), b: at(ib).MulPoint(m.pos[ib]), c: at(ic).MulPoint(m.pos[ic]),
				n: n, color: vmath.Vec4{c[0] * d.Color[0], c[1] * d.Color[1], c[2] * d.Color[2], c[3] * d.Color[3]},
				surface: d.Surface, cull: !d.Program.twoSided,
				uv:        [3]vmath.Vec2{m.uv[ia], m.uv[ib], m.uv[ic]},
				normalMap: d.NormalMap, emissiveMap: d.EmissiveMap,
			}
			if r.bugs.noMaps {
				t.normalMap, t.emissiveMap = traceTexture{}, traceTexture{}
			}
			tg := m.tangent[ia]
			t.tangent = d.Model.MulVec4(tg.Vec3().Vec4(0)).Vec3().Vec4(tg[3])
			if d.Program.flat {
				t.color, t.flat = d.Program.color, true
			}
			out = append(out, t)
		}
	}
	return out
}

// skin is the blend of a vertex's four joints from the uploaded palette:
// joint j of the texture is three texels from column 3*(j mod
// JointsPerRow) of row j / JointsPerRow, the rows of its matrix.
func (r *tracer) skin(base float32, ids [4]int32, w vmath.Vec4) vmath.Mat4 {
	var out vmath.Mat4
	for k, id := range ids {
		j := int(base) + int(id)
		t := r.palette[((j/backends.JointsPerRow)*backends.LightGridWidth+3*(j%backends.JointsPerRow))*4:]
		for row := range 3 {
			for col := range 4 {
				out[col*4+row] += w[k] * t[4*row+col]
			}
		}
	}
	out[15] = 1
	return out
}

// hitTri is the Möller-Trumbore test; it returns the distance along d.
func hitTri(o, d vmath.Vec3, t *tri) (float32, bool) {
	e1, e2 := t.b.Sub(t.a), t.c.Sub(t.a)
	p := d.Cross(e2)
	det := e1.Dot(p)
	if det > -1e-9 && det < 1e-9 {
		return 0, false
	}
	inv := 1 / det
	s := o.Sub(t.a)
	u := s.Dot(p) * inv
	if u < 0 || u > 1 {
		return 0, false
	}
	q := s.Cross(e1)
	v := d.Dot(q) * inv
	if v < 0 || u+v > 1 {
		return 0, false
	}
	dist := e2.Dot(q) * inv
	return dist, dist > 1e-5
}

func (r *tracer) EndFrame() error {
	if r.bugs.noisy {
		r.log.Error("tracer: something went wrong this frame")
	}
	f := &r.frame
	deferred := r.triangles(r.draws[formats.PassGBuffer])
	opaque := append(deferred, r.triangles(r.draws[formats.PassForward])...)
	casters := r.triangles(r.draws[formats.PassShadow])
	glass := r.triangles(r.draws[formats.PassTransparent])
	if r.bugs.noShadows {
		casters = nil
	}
	toSun := f.LightDir.Mul(-1)
	shade := func(t *tri, at vmath.Vec3, eye vmath.Vec3, ao float32) vmath.Vec3 {
		if t.flat {
			return t.color.Vec3()
		}
		n := t.n
		if n.Dot(eye.Sub(at)) < 0 {
			n = n.Mul(-1)
		}
		n = t.mapped(n, at)
		sun := max(n.Dot(toSun), 0)
		if f.Shadows && sun > 0 {
			from := at.Add(toSun.Mul(1e-3))
			for i := range casters {
				if _, ok := hitTri(from, toSun, &casters[i]); ok {
					sun = 0
					break
				}
			}
		}
		albedo := t.color.Vec3()
		rough, metal := t.surface[0], t.surface[1]
		view := eye.Sub(at).Normalize()
		ambient := f.Ambient.Mul(ao)
		lit := r.env != nil && r.envIntensity > 0
		if lit {
			// The environment map's light replaces the flat ambient.
			ambient = vmath.Vec3{}
		}
		out := albedo.MulVec(ambient.Add(f.LightColor.Mul(sun)))
		if lit {
			out = out.Add(ibl.Shade(r.env, &r.irradiance, r.envIntensity, n, view, albedo, rough, metal).Mul(ao))
		}
		a := max(rough*rough, 0.002)
		a2, k := a*a, a*0.5
		f0 := vmath.Vec3{0.04, 0.04, 0.04}.Lerp(albedo, metal)
		diffuse := albedo.Mul(1 - metal)
		ndv := max(n.Dot(view), 1e-4)
		for _, l := range r.lights {
			// sleak_lights.glsl's GGX, with Smith-Schlick visibility and
			// Schlick's Fresnel.
			v := l.Position.Sub(at)
			d2 := v.Dot(v)
			dir := v.Normalize()
			q := d2 / (l.Range * l.Range)
			win := min(max(1-q*q, 0), 1)
			cone := float32(1)
			if l.Direction != (vmath.Vec3{}) {
				scale := 1 / max(l.InnerCos-l.OuterCos, 1e-4)
				cone = min(max(dir.Mul(-1).Dot(l.Direction)*scale-l.OuterCos*scale, 0), 1)
			}
			ndl := max(n.Dot(dir), 0)
			h := dir.Add(view).Normalize()
			ndh := max(n.Dot(h), 0)
			q2 := ndh*ndh*(a2-1) + 1
			vis := 0.25 / ((ndl*(1-k) + k) * (ndv*(1-k) + k))
			x := 1 - max(view.Dot(h), 0)
			fr := f0.Add(vmath.Vec3{1, 1, 1}.Sub(f0).Mul(x * x * x * x * x))
			spec := fr.Mul(a2 / (q2 * q2) * vis)
			out = out.Add(diffuse.Add(spec).MulVec(l.Color).Mul(win * win / (d2 + 1) * cone * cone * ndl))
		}
		// Emission, as the default shader and the lighting pass add it.
		return out.Add(albedo.Mul(t.surface[2]).MulVec(t.emissiveMap.sample(t.at(at)).Vec3()))
	}
	// First what each pixel sees, as the gbuffer and forward passes leave
	// it; then the SSAO pass over the depth buffer; then the shading.
	type hit struct {
		o, d vmath.Vec3
		tri  int // into opaque; -1 for the sky
		t    float32
	}
	hits := make([]hit, r.w*r.h)
	for py := range r.h {
		for px := range r.w {
			nx := (float64(px)+0.5)/float64(r.w)*2 - 1
			ny := 1 - (float64(py)+0.5)/float64(r.h)*2
			n64 := unproject(f.InvViewProj, nx, ny, 0)
			f64 := unproject(f.InvViewProj, nx, ny, 1)
			o := vmath.Vec3{float32(n64[0]), float32(n64[1]), float32(n64[2])}
			d := vmath.Vec3{float32(f64[0]), float32(f64[1]), float32(f64[2])}.Sub(o)
			h := hit{o: o, d: d, tri: -1, t: float32(math.Inf(1))}
			for i := range opaque {
				if opaque[i].cull && opaque[i].n.Dot(d) > 0 {
					continue // the pipelines cull back faces
				}
				if t, ok := hitTri(o, d, &opaque[i]); ok && t < h.t {
					h.t, h.tri = t, i
				}
			}
			r.depth[py*r.w+px] = 1
			if h.tri >= 0 {
				c := f.ViewProj.MulVec4(o.Add(d.Mul(h.t)).Vec4(1))
				r.depth[py*r.w+px] = c[2] / c[3]
			}
			hits[py*r.w+px] = h
		}
	}
	ao := r.occlusion(func(i int) (vmath.Vec3, bool) {
		if h := hits[i]; h.tri >= 0 && h.tri < len(deferred) {
			return deferred[h.tri].n, true
		}
		return vmath.Vec3{}, false
	})
	hdr := make([]vmath.Vec3, r.w*r.h)
	for py := range r.h {
		for px := range r.w {
			h := hits[py*r.w+px]
			o, d, best := h.o, h.d, h.t
			col := skyColor(f, r.zenith, r.discCos, d.Normalize())
			if r.env != nil {
				// The map in place of the procedural sky, or over it.
				env := ibl.Sky(r.env, d.Normalize())
				if r.envIntensity > 0 {
					col = env.Mul(r.envIntensity)
				}
				col = col.Add(env.Mul(r.overlay))
			}
			if h.tri >= 0 {
				occ := float32(1)
				if h.tri < len(deferred) {
					occ = ao[py*r.w+px]
				}
				col = shade(&opaque[h.tri], o.Add(d.Mul(best)), f.CameraPos, occ)
			}
			type layer struct {
				t float32
				c vmath.Vec4
			}
			var layers []layer
			for i := range glass {
				if t, ok := hitTri(o, d, &glass[i]); ok && t < best {
					c := shade(&glass[i], o.Add(d.Mul(t)), f.CameraPos, 1)
					layers = append(layers, layer{t, c.Vec4(glass[i].color[3])})
				}
			}
			sort.Slice(layers, func(i, j int) bool { return layers[i].t > layers[j].t })
			for _, l := range layers {
				a := l.c[3]
				if r.bugs.opaqueGlass {
					a = 1
				}
				col = col.Mul(1 - a).Add(l.c.Vec3().Mul(a))
			}
			hdr[py*r.w+px] = col
		}
	}
	ssr := r.reflections(hdr, func(i int) (*tri, bool) {
		if h := hits[i]; h.tri >= 0 && h.tri < len(deferred) {
			return &deferred[h.tri], true
		}
		return nil, false
	})
	bloom := r.bloom(hdr)
	for py := range r.h {
		for px := range r.w {
			c := hdr[py*r.w+px]
			if ssr != nil {
				c = c.Add(ssr[py*r.w+px])
			}
			if bloom != nil {
				// The composite adds the bloom to the exposed colour.
				c = c.Add(bloom[py*r.w+px].Mul(1 / r.frame.Exposure))
			}
			r.img.SetRGBA(px, py, r.composite(c))
		}
	}
	if r.taa[3] > 0 {
		r.temporal()
	} else {
		r.antialias()
	}
	r.drawLines(r.lines.Tested, !r.bugs.linesUntested)
	r.drawLines(r.lines.OnTop, false)
	r.drawUI()
	r.frames++
	return nil
}

// drawLines blends the debug pass's lines over the composited image: each
// segment sampled four times per pixel of its length on screen, each pixel
// it passes through blended once, and where tested only when the line is
// no deeper than the scene there.
func (r *tracer) drawLines(v []backends.LineVertex, tested bool) {
	vp := r.frame.ViewProj
	screen := func(p vmath.Vec3) (x, y, z, w float32) {
		c := vp.MulVec4(p.Vec4(1))
		return (c[0]/c[3] + 1) / 2 * float32(r.w), (1 - c[1]/c[3]) / 2 * float32(r.h), c[2] / c[3], c[3]
	}
	for i := 0; i+1 < len(v); i += 2 {
		a, b := v[i].Pos, v[i+1].Pos
		ax, ay, _, aw := screen(a)
		bx, by, _, bw := screen(b)
		if aw <= 0 || bw <= 0 {
			continue // the scenes keep lines in front of the camera
		}
		n := int(4*max(vmath.Abs32(bx-ax), vmath.Abs32(by-ay))) + 1
		c := v[i].Color
		col := [4]float32{float32(c&0xff) / 255, float32(c>>8&0xff) / 255, float32(c>>16&0xff) / 255, float32(c>>24) / 255}
		lastX, lastY := -1, -1
		for k := 0; k <= n; k++ {
			p := a.Add(b.Sub(a).Mul(float32(k) / float32(n)))
			x, y, z, _ := screen(p)
			px, py := int(math.Floor(float64(x))), int(math.Floor(float64(y)))
			if px == lastX && py == lastY {
				continue // blend each pixel once per line
			}
			lastX, lastY = px, py
			if px < 0 || py < 0 || px >= r.w || py >= r.h || z < 0 || z > 1 {
				continue
			}
			// Nearer the eye by a thousandth, as the debug_lines shader.
			z -= 0.001 * (1 - z)
			if tested && z > r.depth[py*r.w+px] {
				continue
			}
			dst := r.img.RGBAAt(px, py)
			mix := func(d uint8, s float32) uint8 {
				return uint8(math.Round(float64((float32(d)/255*(1-col[3]) + s*col[3]) * 255)))
			}
			r.img.SetRGBA(px, py, color.RGBA{mix(dst.R, col[0]), mix(dst.G, col[1]), mix(dst.B, col[2]), 255})
		}
	}
}

// drawUI blends the UI pass's quads over the composited image as the ui
// shader does, rectangle from the model matrix's first column, covering the
// pixels whose centres it contains. The tracer keeps no textures, so every
// quad is its colour alone: glyphs come out as solid boxes.
func (r *tracer) drawUI() {
	for _, d := range r.draws[formats.PassUI] {
		m := d.Model
		for py := max(0, int(math.Ceil(float64(m[1])-0.5))); py < min(r.h, int(math.Ceil(float64(m[3])-0.5))); py++ {
			for px := max(0, int(math.Ceil(float64(m[0])-0.5))); px < min(r.w, int(math.Ceil(float64(m[2])-0.5))); px++ {
				dst := r.img.RGBAAt(px, py)
				a := d.Color[3]
				mix := func(c uint8, s float32) uint8 {
					return uint8(math.Round(float64((float32(c)/255*(1-a) + s*a) * 255)))
				}
				r.img.SetRGBA(px, py, color.RGBA{mix(dst.R, d.Color[0]), mix(dst.G, d.Color[1]), mix(dst.B, d.Color[2]), 255})
			}
		}
	}
}

// occlusion is the SSAO pass, as sleak_ssao.glsl computes it, over the
// depth buffer at half the resolution: per pixel the blurred share of the
// sky left, 1 where the pass is off, for forward pixels and the sky. normal returns a deferred
// pixel's normal.
func (r *tracer) occlusion(normal func(i int) (vmath.Vec3, bool)) []float32 {
	w, h := r.w, r.h
	out := make([]float32, w*h)
	for i := range out {
		out[i] = 1
	}
	if !r.effects[formats.PassSSAO] {
		return out
	}
	f := &r.frame
	radius, strength := r.fx[0], r.fx[1]
	size := [2]float64{float64(w), float64(h)}
	worldAt := func(x, y int) vmath.Vec3 {
		nx := (float64(x)+0.5)/size[0]*2 - 1
		ny := 1 - (float64(y)+0.5)/size[1]*2
		p := unproject(f.InvViewProj, nx, ny, float64(r.depth[y*w+x]))
		return vmath.Vec3{float32(p[0]), float32(p[1]), float32(p[2])}
	}
	// At half the resolution: texel (qx, qy) stands for the top-left pixel
	// of its 2x2 block.
	hw, hh := backends.SSAOSize(w), backends.SSAOSize(h)
	raw := make([]float32, hw*hh)
	for qy := range hh {
		for qx := range hw {
			raw[qy*hw+qx] = 1
			x, y := min(2*qx, w-1), min(2*qy, h-1)
			n, ok := normal(y*w + x)
			if !ok {
				continue
			}
			pos := worldAt(x, y)
			helper := vmath.Vec3{1, 0, 0}.Lerp(vmath.Vec3{0, 1, 0}, min(max((0.99-vmath.Abs32(n[1]))*1e4, 0), 1))
			t0 := n.Cross(helper).Normalize()
			b0 := n.Cross(t0)
			angle := float64(qx&3)*math.Pi/2 + float64(qy&3)*math.Pi/8
			t := t0.Mul(float32(math.Cos(angle))).Add(b0.Mul(float32(math.Sin(angle))))
			b := n.Cross(t)
			hidden := float32(0)
			for _, k := range ssaoKernel {
				s := pos.Add(t.Mul(k[0]).Add(b.Mul(k[1])).Add(n.Mul(k[2])).Mul(radius))
				c := f.ViewProj.MulVec4(s.Vec4(1))
				px := int(math.Floor(float64((c[0]/c[3]*0.5 + 0.5) * float32(w))))
				py := int(math.Floor(float64((0.5 - 0.5*c[1]/c[3]) * float32(h))))
				px, py = min(max(px, 0), w-1), min(max(py, 0), h-1)
				seen := worldAt(px, py)
				behind := min(max((s.Sub(f.CameraPos).Len()-0.03*radius-seen.Sub(f.CameraPos).Len())*1000, 0), 1)
				hidden += behind * min(max(radius/max(seen.Sub(pos).Len(), 1e-4), 0), 1)
			}
			raw[qy*hw+qx] = 1 - strength*hidden/float32(len(ssaoKernel))
		}
	}
	blurred := make([]float32, hw*hh)
	for qy := range hh {
		for qx := range hw {
			sum := float32(0)
			for dy := -2; dy < 2; dy++ {
				for dx := -2; dx < 2; dx++ {
					sum += raw[min(max(qy+dy, 0), hh-1)*hw+min(max(qx+dx, 0), hw-1)]
				}
			}
			blurred[qy*hw+qx] = sum / 16
		}
	}
	for y := range h {
		for x := range w {
			out[y*w+x] = blurred[(y/2)*hw+x/2]
		}
	}
	return out
}

// reflections is the SSR pass, as sleak_ssr.glsl computes it, over the
// depth buffer and the HDR image: per pixel the reflected light the
// composite adds, or nil when the pass is off. surface returns the
// deferred triangle a pixel shows.
func (r *tracer) reflections(hdr []vmath.Vec3, surface func(i int) (*tri, bool)) []vmath.Vec3 {
	if !r.effects[formats.PassSSR] {
		return nil
	}
	w, h := r.w, r.h
	f := &r.frame
	strength, reach := r.post[0], r.post[1]
	worldAt := func(x, y int) vmath.Vec3 {
		nx := (float64(x)+0.5)/float64(w)*2 - 1
		ny := 1 - (float64(y)+0.5)/float64(h)*2
		p := unproject(f.InvViewProj, nx, ny, float64(r.depth[y*w+x]))
		return vmath.Vec3{float32(p[0]), float32(p[1]), float32(p[2])}
	}
	out := make([]vmath.Vec3, w*h)
	for y := range h {
		for x := range w {
			t, ok := surface(y*w + x)
			if !ok {
				continue
			}
			gloss := min(max(1-t.surface[0]/0.6, 0), 1)
			if gloss <= 0 {
				continue
			}
			pos := worldAt(x, y)
			n := t.n
			v := pos.Sub(f.CameraPos).Normalize()
			if n.Dot(v) > 0 {
				n = n.Mul(-1)
			}
			refl := v.Sub(n.Mul(2 * v.Dot(n)))
			stepLen := reach / 24
			var color vmath.Vec3
			for i := 1; i <= 24; i++ {
				s := pos.Add(refl.Mul(stepLen * float32(i)))
				c := f.ViewProj.MulVec4(s.Vec4(1))
				if c[3] <= 0 || vmath.Abs32(c[0]/c[3]) > 1 || vmath.Abs32(c[1]/c[3]) > 1 {
					break
				}
				qx := min(max(int(math.Floor(float64((c[0]/c[3]*0.5+0.5)*float32(w)))), 0), w-1)
				qy := min(max(int(math.Floor(float64((0.5-0.5*c[1]/c[3])*float32(h)))), 0), h-1)
				d := r.depth[qy*w+qx]
				behind := s.Sub(f.CameraPos).Len() - worldAt(qx, qy).Sub(f.CameraPos).Len()
				if d < 1 && behind > 0 && behind < 2*stepLen {
					color = hdr[qy*w+qx]
					break
				}
			}
			f0 := 0.04 + (1-0.04)*t.surface[1]
			k := 1 - max(v.Mul(-1).Dot(n), 0)
			fresnel := f0 + (1-f0)*k*k*k*k*k
			out[y*w+x] = color.Mul(fresnel * gloss * strength)
		}
	}
	return out
}

// antialias is the antialias pass, as sleak_antialias.glsl computes it,
// over the composited image, when the frame turned it on.
func (r *tracer) antialias() {
	if !r.effects[formats.PassAntialias] {
		return
	}
	w, h := r.w, r.h
	src := image.NewRGBA(r.img.Rect)
	copy(src.Pix, r.img.Pix)
	luma := func(c vmath.Vec3) float32 { return c.Dot(vmath.Vec3{0.299, 0.587, 0.114}) }
	for y := range h {
		for x := range w {
			lM := luma(texel(src, x, y))
			lNW, lNE, lSW, lSE := luma(texel(src, x-1, y-1)), luma(texel(src, x+1, y-1)), luma(texel(src, x-1, y+1)), luma(texel(src, x+1, y+1))
			lMin := min(lM, lNW, lNE, lSW, lSE)
			lMax := max(lM, lNW, lNE, lSW, lSE)
			dx, dy := -((lNW + lNE) - (lSW + lSE)), (lNW+lSW)-(lNE+lSE)
			reduce := max((lNW+lNE+lSW+lSE)*(0.25/8), 1.0/128)
			k := 1 / (min(vmath.Abs32(dx), vmath.Abs32(dy)) + reduce)
			dx, dy = min(max(dx*k, -8), 8), min(max(dy*k, -8), 8)
			cx, cy := float32(x)+0.5, float32(y)+0.5
			near := bilinear(src, cx-dx/6, cy-dy/6).Add(bilinear(src, cx+dx/6, cy+dy/6)).Mul(0.5)
			far := near.Mul(0.5).Add(bilinear(src, cx-dx/2, cy-dy/2).Add(bilinear(src, cx+dx/2, cy+dy/2)).Mul(0.25))
			c := far
			if l := luma(far); l < lMin || l > lMax {
				c = near
			}
			r.img.SetRGBA(x, y, rgba8(c))
		}
	}
}

// temporal is the antialias pass as temporal antialiasing, as
// sleak_taa.glsl computes it, over the composited image, when the frame
// turned it on: the history read where the block's reproject takes each
// pixel's depth, held to the colours around the pixel, blended by the
// block's weight. Its result is the next frame's history.
func (r *tracer) temporal() {
	if !r.effects[formats.PassAntialias] {
		return
	}
	w, h := r.w, r.h
	if r.history == nil || r.history.Rect != r.img.Rect {
		r.history = image.NewRGBA(r.img.Rect) // its weight is 0 until a frame drew it
	}
	src := image.NewRGBA(r.img.Rect)
	copy(src.Pix, r.img.Pix)
	step := func(edge, x float32) float32 {
		if x >= edge {
			return 1
		}
		return 0
	}
	for y := range h {
		for x := range w {
			c := texel(src, x, y)
			lo, hi := c, c
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					n := texel(src, x+dx, y+dy)
					for i := range 3 {
						lo[i], hi[i] = min(lo[i], n[i]), max(hi[i], n[i])
					}
				}
			}
			nx, ny := (float32(x)+0.5)/float32(w)*2-1, 1-(float32(y)+0.5)/float32(h)*2
			was := r.reproject.MulVec4(vmath.Vec4{nx, ny, r.depth[y*w+x], 1})
			ww := max(was[3], 1e-6)
			u, v := 0.5+0.5*was[0]/ww, 0.5-0.5*was[1]/ww
			seen := step(1e-6, was[3]) * step(0, min(u, v)) * step(max(u, v), 1)
			past := catmullRom(r.history, u*float32(w), v*float32(h))
			for i := range 3 {
				past[i] = min(max(past[i], lo[i]), hi[i])
			}
			r.img.SetRGBA(x, y, rgba8(c.Lerp(past, r.taa[0]*seen)))
		}
	}
	copy(r.history.Pix, r.img.Pix)
}

// texel is img's colour at (x, y), clamped to its edges, in 0..1.
func texel(img *image.RGBA, x, y int) vmath.Vec3 {
	b := img.Rect
	c := img.RGBAAt(min(max(x, b.Min.X), b.Max.X-1), min(max(y, b.Min.Y), b.Max.Y-1))
	return vmath.Vec3{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255}
}

// bilinear reads img at (px, py), in texels (centres at .5), as a linear,
// clamped sampler does.
func bilinear(img *image.RGBA, px, py float32) vmath.Vec3 {
	tx, ty := px-0.5, py-0.5
	ix, iy := float32(math.Floor(float64(tx))), float32(math.Floor(float64(ty)))
	fx, fy := tx-ix, ty-iy
	x0, y0 := int(ix), int(iy)
	a := texel(img, x0, y0).Lerp(texel(img, x0+1, y0), fx)
	b := texel(img, x0, y0+1).Lerp(texel(img, x0+1, y0+1), fx)
	return a.Lerp(b, fy)
}

// catmullRom reads img at (px, py), in texels (centres at .5), through
// the Catmull-Rom filter of sleak_taa.glsl: its five bilinear reads,
// normalised by their weights.
func catmullRom(img *image.RGBA, px, py float32) vmath.Vec3 {
	var c1, f, w0, w12, w3, t0, t12, t3 [2]float32
	for i, p := range [2]float32{px, py} {
		c1[i] = float32(math.Floor(float64(p-0.5))) + 0.5
		f[i] = p - c1[i]
		x := f[i]
		w0[i] = x * (-0.5 + x*(1-0.5*x))
		w1 := 1 + x*x*(-2.5+1.5*x)
		w2 := x * (0.5 + x*(2-1.5*x))
		w3[i] = x * x * (-0.5 + 0.5*x)
		w12[i] = w1 + w2
		t0[i], t12[i], t3[i] = c1[i]-1, c1[i]+w2/w12[i], c1[i]+2
	}
	taps := [5]struct {
		x, y, w float32
	}{
		{t12[0], t0[1], w12[0] * w0[1]}, {t0[0], t12[1], w0[0] * w12[1]}, {t12[0], t12[1], w12[0] * w12[1]},
		{t3[0], t12[1], w3[0] * w12[1]}, {t12[0], t3[1], w12[0] * w3[1]},
	}
	var sum vmath.Vec3
	var weight float32
	for _, t := range taps {
		sum, weight = sum.Add(bilinear(img, t.x, t.y).Mul(t.w)), weight+t.w
	}
	return sum.Mul(1 / weight)
}

// rgba8 is an opaque colour of 0..1 channels as an 8-bit target stores it.
func rgba8(c vmath.Vec3) color.RGBA {
	return color.RGBA{R: uint8(math.Round(float64(c[0]) * 255)), G: uint8(math.Round(float64(c[1]) * 255)), B: uint8(math.Round(float64(c[2]) * 255)), A: 255}
}

// ssaoKernel is sleak_ssao.glsl's hemisphere.
var ssaoKernel = [...][3]float32{
	{-0.0841, 0.0771, 0.2355}, {0.1226, 0.1599, 0.2406}, {0.2661, -0.1693, 0.2581},
	{-0.2167, -0.4173, 0.2715}, {-0.6192, 0.2556, 0.2640}, {0.2732, 0.8710, 0.2191},
}

// bloom is the bloom pass and the composite's read of it, as
// sleak_bloom.glsl computes them: per pixel the light to add to the
// exposed colour (strength included), or nil when the pass is off.
func (r *tracer) bloom(hdr []vmath.Vec3) []vmath.Vec3 {
	if !r.effects[formats.PassBloom] {
		return nil
	}
	w, h := r.w, r.h
	bw, bh := backends.BloomSize(w), backends.BloomSize(h)
	threshold, strength := r.fx[2], r.fx[3]
	bright := make([]vmath.Vec3, bw*bh)
	for qy := range bh {
		for qx := range bw {
			var sum vmath.Vec3
			for y := range 4 {
				for x := range 4 {
					sum = sum.Add(hdr[min(qy*4+y, h-1)*w+min(qx*4+x, w-1)])
				}
			}
			c := sum.Mul(r.frame.Exposure / 16)
			lum := c.Dot(vmath.Vec3{0.2126, 0.7152, 0.0722})
			bright[qy*bw+qx] = c.Mul(max(lum-threshold, 0) / max(lum, 1e-4))
		}
	}
	weights := [7]float32{1, 6, 15, 20, 15, 6, 1}
	blurred := make([]vmath.Vec3, bw*bh)
	for qy := range bh {
		for qx := range bw {
			var sum vmath.Vec3
			for y := range 7 {
				for x := range 7 {
					p := bright[min(max(qy+y-3, 0), bh-1)*bw+min(max(qx+x-3, 0), bw-1)]
					sum = sum.Add(p.Mul(weights[x] * weights[y]))
				}
			}
			blurred[qy*bw+qx] = sum.Mul(1.0 / 4096)
		}
	}
	out := make([]vmath.Vec3, w*h)
	for py := range h {
		for px := range w {
			tx, ty := (float64(px)+0.5)/4-0.5, (float64(py)+0.5)/4-0.5
			ix, iy := math.Floor(tx), math.Floor(ty)
			fx, fy := float32(tx-ix), float32(ty-iy)
			x0, y0 := min(max(int(ix), 0), bw-1), min(max(int(iy), 0), bh-1)
			x1, y1 := min(max(int(ix)+1, 0), bw-1), min(max(int(iy)+1, 0), bh-1)
			top := blurred[y0*bw+x0].Lerp(blurred[y0*bw+x1], fx)
			bottom := blurred[y1*bw+x0].Lerp(blurred[y1*bw+x1], fx)
			out[py*w+px] = top.Lerp(bottom, fy).Mul(strength)
		}
	}
	return out
}

// composite is the engine's: exposure, Narkowicz's ACES fit, gamma 2.2.
func (r *tracer) composite(c vmath.Vec3) color.RGBA {
	gamma := r.gamma
	if gamma == 0 {
		gamma = 2.2
	}
	d := displayedGamma(c, r.frame.Exposure, gamma)
	var out [3]uint8
	for i, y := range d {
		v := y * 255
		if r.bugs.tint && i == 1 {
			v *= 0.9
		}
		out[i] = uint8(math.Round(v))
	}
	return color.RGBA{R: out[0], G: out[1], B: out[2], A: 255}
}
