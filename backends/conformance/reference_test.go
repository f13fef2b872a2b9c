package conformance

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"log/slog"
	"math"
	"sort"
	"strings"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// tracer is a CPU backend for testing the suite itself: it keeps the
// backend contract (file lookups, the shared PipelineTable, draws per pass)
// and renders each frame by ray tracing the triangles it was given, lit the
// way the engine's shaders light them. Its bugs are switchable, so the
// suite's tests can show that each check catches the fault it is for.
type tracer struct {
	kind    backends.Kind
	w, h    int
	reg     *formats.Registry
	log     *slog.Logger
	table   *backends.PipelineTable
	meshes  map[backends.MeshID]*traceMesh
	nextID  backends.MeshID
	shaders map[string]backends.ShaderID
	failed  map[string]error // material shaders that failed, until Resize
	stats   backends.Stats
	frame   backends.FrameData
	pass    backends.RenderPass
	draws   [backends.NumRenderPasses][]backends.Draw
	img     *image.RGBA
	closed  bool
	bugs    bugs
}

// bugs are faults a broken backend might have.
type bugs struct {
	noShadows    bool // ignores the shadow pass
	opaqueGlass  bool // draws transparent draws without blending
	tint         bool // renders everything slightly off colour
	validation   int  // reports this many validation errors
	closeErr     bool // Close fails
	noDriver     bool // Open fails
	keepOldStems bool // Resize does not rebuild pipelines
	alwaysReady  bool // never refuses a format: draws failed stems with something else
	noisy        bool // logs an error every frame
}

type traceMesh struct {
	format formats.Handle
	pos    []vmath.Vec3
	normal []vmath.Vec3
	color  []vmath.Vec4
	index  []uint32
}

func openTracer(kind backends.Kind, b bugs) func(cfg backends.Config) (backends.Backend, error) {
	return func(cfg backends.Config) (backends.Backend, error) {
		if b.noDriver {
			return nil, errors.New("tracer: no such driver on this machine")
		}
		r := &tracer{
			kind: kind, w: cfg.Width, h: cfg.Height, reg: cfg.Formats, log: cfg.Logger,
			meshes: map[backends.MeshID]*traceMesh{}, shaders: map[string]backends.ShaderID{}, failed: map[string]error{}, bugs: b,
			img: image.NewRGBA(image.Rect(0, 0, cfg.Width, cfg.Height)),
		}
		r.table = backends.NewPipelineTable(kind, cfg.Formats, r.build, cfg.Logger)
		return r, nil
	}
}

// build "compiles" a stem: every file must exist.
func (r *tracer) build(_ formats.Handle, _ *formats.Layout, _ formats.Pass, files backends.ShaderFiles) error {
	for _, f := range files.All() {
		if !assets.Exists(f.Path) {
			return &backends.ShaderError{Path: f.Path, Stage: f.Stage, Err: errors.New("no such file")}
		}
	}
	return nil
}

func (r *tracer) Kind() backends.Kind               { return r.kind }
func (r *tracer) Size() (int, int)                  { return r.w, r.h }
func (r *tracer) Window() backends.Window           { return nil }
func (r *tracer) ValidationErrors() int             { return r.bugs.validation }
func (r *tracer) DestroyMesh(id backends.MeshID)    { delete(r.meshes, id) }
func (r *tracer) DestroyTexture(backends.TextureID) {}
func (r *tracer) DestroyShader(backends.ShaderID)   {}
func (r *tracer) Stats() *backends.Stats            { return &r.stats }

func (r *tracer) CreateTexture(*image.RGBA, backends.TextureOptions) (backends.TextureID, error) {
	return 0, errors.New("tracer: textures are not supported")
}

func (r *tracer) CreateShader(canonical string) (backends.ShaderID, error) {
	if id, ok := r.shaders[canonical]; ok {
		return id, nil
	}
	if err, ok := r.failed[canonical]; ok {
		return 0, err
	}
	files, err := backends.Resolve(r.kind, canonical)
	if err != nil {
		return 0, err
	}
	var missing []string
	for _, p := range files.Paths() {
		if !assets.Exists(p) {
			missing = append(missing, p)
		}
	}
	if len(missing) > 0 {
		r.failed[canonical] = fmt.Errorf("%s: missing %s", r.kind, strings.Join(missing, ", "))
		return 0, r.failed[canonical]
	}
	id := backends.ShaderID(len(r.shaders) + 1)
	r.shaders[canonical] = id
	return id, nil
}

func (r *tracer) CreateMesh(h formats.Handle, vertices []byte, indices []uint32) (backends.MeshID, error) {
	l, ok := r.reg.Get(h)
	if !ok {
		return 0, fmt.Errorf("tracer: format %d not registered", h)
	}
	if len(vertices) == 0 || len(vertices)%int(l.Stride) != 0 || len(indices) == 0 {
		return 0, errors.New("tracer: bad mesh data")
	}
	n := len(vertices) / int(l.Stride)
	m := &traceMesh{format: h, index: indices}
	for i := range n {
		v := vertices[i*int(l.Stride):]
		p, nn, c := vmath.Vec4{}, vmath.Vec4{}, vmath.Vec4{1, 1, 1, 1}
		for _, a := range l.Attributes {
			switch a.Name {
			case "position":
				p = decode(v[a.Offset:], a.Format)
			case "normal":
				nn = decode(v[a.Offset:], a.Format)
			case "color":
				c = decode(v[a.Offset:], a.Format)
			}
		}
		m.pos = append(m.pos, p.Vec3())
		m.normal = append(m.normal, nn.Vec3())
		m.color = append(m.color, c)
	}
	for _, i := range indices {
		if int(i) >= n {
			return 0, errors.New("tracer: index out of range")
		}
	}
	r.nextID++
	r.meshes[r.nextID] = m
	return r.nextID, nil
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

func (r *tracer) FormatReady(h formats.Handle, p formats.Pass) bool {
	return r.table.Ready(h, p) || r.bugs.alwaysReady
}

func (r *tracer) BeginFrame(f *backends.FrameData) error {
	if r.closed {
		return errors.New("tracer: closed")
	}
	r.frame = *f
	r.stats.Reset()
	for i := range r.draws {
		r.draws[i] = r.draws[i][:0]
	}
	return nil
}

func (r *tracer) BeginPass(p backends.RenderPass) error { r.pass = p; return nil }
func (r *tracer) Draw(d *backends.Draw) {
	r.stats.Draws[r.pass]++
	r.draws[r.pass] = append(r.draws[r.pass], *d)
}
func (r *tracer) EndPass() error { return nil }

func (r *tracer) Resize(w, h int) error {
	r.w, r.h = w, h
	r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	if !r.bugs.keepOldStems {
		r.table.Reset()
		clear(r.failed)
	}
	return nil
}

func (r *tracer) ReadPixels(dst *image.RGBA) error {
	if dst.Bounds() != r.img.Bounds() {
		return errors.New("tracer: ReadPixels: wrong size")
	}
	copy(dst.Pix, r.img.Pix)
	return nil
}

func (r *tracer) Close() error {
	r.closed = true
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
}

func (r *tracer) triangles(ds []backends.Draw) []tri {
	var out []tri
	for _, d := range ds {
		m := r.meshes[d.Mesh]
		if m == nil {
			continue
		}
		for i := 0; i+2 < len(m.index); i += 3 {
			ia, ib, ic := m.index[i], m.index[i+1], m.index[i+2]
			n := d.Model.MulVec4(m.normal[ia].Vec4(0)).Vec3().Normalize()
			c := m.color[ia]
			out = append(out, tri{
				a: d.Model.MulPoint(m.pos[ia]), b: d.Model.MulPoint(m.pos[ib]), c: d.Model.MulPoint(m.pos[ic]),
				n: n, color: vmath.Vec4{c[0] * d.Color[0], c[1] * d.Color[1], c[2] * d.Color[2], c[3] * d.Color[3]},
			})
		}
	}
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
	opaque := r.triangles(append(append([]backends.Draw(nil), r.draws[backends.PassGBuffer]...), r.draws[backends.PassForward]...))
	casters := r.triangles(r.draws[backends.PassShadow])
	glass := r.triangles(r.draws[backends.PassTransparent])
	if r.bugs.noShadows {
		casters = nil
	}
	toSun := f.LightDir.Mul(-1)
	shade := func(t *tri, at vmath.Vec3, eye vmath.Vec3) vmath.Vec3 {
		n := t.n
		if n.Dot(eye.Sub(at)) < 0 {
			n = n.Mul(-1)
		}
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
		return albedo.MulVec(f.Ambient.Add(f.LightColor.Mul(sun)))
	}
	for py := range r.h {
		for px := range r.w {
			nx := (float64(px)+0.5)/float64(r.w)*2 - 1
			ny := 1 - (float64(py)+0.5)/float64(r.h)*2
			n64 := unproject(f.InvViewProj, nx, ny, 0)
			f64 := unproject(f.InvViewProj, nx, ny, 1)
			o := vmath.Vec3{float32(n64[0]), float32(n64[1]), float32(n64[2])}
			d := vmath.Vec3{float32(f64[0]), float32(f64[1]), float32(f64[2])}.Sub(o)
			best := float32(math.Inf(1))
			col := f.FogColor
			for i := range opaque {
				if t, ok := hitTri(o, d, &opaque[i]); ok && t < best {
					best = t
					col = shade(&opaque[i], o.Add(d.Mul(t)), f.CameraPos)
				}
			}
			type layer struct {
				t float32
				c vmath.Vec4
			}
			var layers []layer
			for i := range glass {
				if t, ok := hitTri(o, d, &glass[i]); ok && t < best {
					c := shade(&glass[i], o.Add(d.Mul(t)), f.CameraPos)
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
			r.img.SetRGBA(px, py, r.composite(col))
		}
	}
	return nil
}

// composite is the engine's: exposure, Narkowicz's ACES fit, gamma 2.2.
func (r *tracer) composite(c vmath.Vec3) color.RGBA {
	exp := r.frame.Exposure
	if exp == 0 {
		exp = 1
	}
	var out [3]uint8
	for i, x := range c {
		x *= exp
		y := (x * (2.51*x + 0.03)) / (x*(2.43*x+0.59) + 0.14)
		y = max(0, min(1, y))
		v := math.Pow(float64(y), 1/2.2) * 255
		if r.bugs.tint && i == 1 {
			v *= 0.9
		}
		out[i] = uint8(math.Round(v))
	}
	return color.RGBA{R: out[0], G: out[1], B: out[2], A: 255}
}
