package config

import (
	"math"
	"path"
	"strings"

	"github.com/sleakgo/sleak/internal/safetext"
)

// Limits of scene values that are legal numbers yet draw nothing.
const (
	// MinScale is the smallest scale component: below it an entity is
	// smaller than float32 precision leaves at any useful distance.
	MinScale = 1e-4
	// MinDirection is the shortest light direction accepted: a shorter
	// vector (a denormal, say) normalizes to NaN or zero in float32 and the
	// light silently shines nowhere.
	MinDirection = 1e-6
)

// hasDirection reports whether v is long enough to normalize in float32.
func hasDirection(v [3]float32) bool {
	x, y, z := float64(v[0]), float64(v[1]), float64(v[2])
	return math.Sqrt(x*x+y*y+z*z) >= MinDirection
}

// meshes are the built-in meshes an entity can name.
var meshes = []string{"cube", "plane", "sphere"}

func (d *decoder) material(o *obj) Material {
	m := Material{Color: [4]float32{1, 1, 1, 1}, CastShadows: true}
	if o.require("name") && o.str("name", &m.Name) && m.Name == "" {
		d.at(with(o.path, "name"), nil, "%s: must not be empty", o.key("name"))
	}
	if o.str("shader", &m.Shader) {
		switch clean, err := CleanAssetPath(m.Shader); {
		case err != nil:
			d.at(with(o.path, "shader"), err, "%s: %s: %v", o.key("shader"), safetext.Quote(m.Shader), err)
		case !strings.HasSuffix(m.Shader, ".hlsl"):
			d.at(with(o.path, "shader"), nil, "%s: %s is not a canonical shader path; name the .hlsl file, like %s",
				o.key("shader"), safetext.Quote(m.Shader), safetext.Quote(canonicalShader(m.Shader)))
		default:
			m.Shader = clean
		}
	}
	if o.vector("color", m.Color[:]) {
		d.nonNegative(o, "color", m.Color[:])
	}
	for _, t := range []struct {
		key string
		to  *string
	}{{"texture", &m.Texture}, {"normal_map", &m.NormalMap}, {"emissive_map", &m.EmissiveMap}} {
		if o.str(t.key, t.to) {
			if clean, err := CleanAssetPath(*t.to); err != nil {
				d.at(with(o.path, t.key), err, "%s: %s: %v", o.key(t.key), safetext.Quote(*t.to), err)
				*t.to = ""
			} else {
				*t.to = clean
			}
		}
	}
	o.boolean("transparent", &m.Transparent)
	o.boolean("two_sided", &m.TwoSided)
	o.boolean("cast_shadows", &m.CastShadows)
	m.Roughness = d.unit(o, "roughness")
	m.Metallic = d.unit(o, "metallic")
	m.Emissive = d.ranged(o, "emissive", 0, MaxEmissive)
	m.NormalScale = d.ranged(o, "normal_scale", 0, MaxNormalScale)
	o.finish()
	return m
}

// canonicalShader guesses the .hlsl path meant by a backend-specific file
// name: assets/shaders/flat_gl.vert -> assets/shaders/flat.hlsl.
func canonicalShader(p string) string {
	dir, base := path.Split(strings.ReplaceAll(p, `\`, "/"))
	if i := strings.IndexByte(base, '.'); i >= 0 {
		base = base[:i]
	}
	base = strings.TrimSuffix(strings.TrimSuffix(base, "_gl"), "_dx12")
	if base == "" {
		base = "shader"
	}
	return dir + base + ".hlsl"
}

// unit reads an optional number between 0 and 1.
func (d *decoder) unit(o *obj, k string) *float32 { return d.ranged(o, k, 0, 1) }

// ranged reads an optional number that must lie in [lo, hi].
func (d *decoder) ranged(o *obj, k string, lo, hi float32) *float32 {
	var f float32
	if !o.float(k, &f) {
		return nil
	}
	if !(f >= lo && f <= hi) {
		d.at(with(o.path, k), nil, "%s: must be between %g and %g, got %g", o.key(k), lo, hi, f)
		return nil
	}
	return &f
}

func (d *decoder) nonNegative(o *obj, k string, v []float32) {
	for i, f := range v {
		if f < 0 {
			d.at(with(o.path, k, i), nil, "%s[%d]: must not be negative, got %g", o.key(k), i, f)
		}
	}
}

func (d *decoder) entity(o *obj) Entity {
	e := Entity{Scale: [3]float32{1, 1, 1}}
	o.str("name", &e.Name)
	d.entityMesh(o, &e)
	o.str("material", &e.Material)
	o.vector("position", e.Position[:])
	o.vector("rotation", e.Rotation[:])
	if o.vector("scale", e.Scale[:]) {
		for i, f := range e.Scale {
			switch {
			case f <= 0:
				d.at(with(o.path, "scale", i), nil, "%s[%d]: must be positive, got %g", o.key("scale"), i, f)
			case f < MinScale:
				d.at(with(o.path, "scale", i), nil, "%s[%d]: %g is too small to see; scales are at least %g", o.key("scale"), i, f, MinScale)
			}
		}
	}
	if c, ok := o.sub("camera"); ok {
		e.Camera = d.camera(c)
	}
	if l, ok := o.sub("directional_light"); ok {
		e.DirectionalLight = d.directionalLight(l)
	}
	if l, ok := o.sub("point_light"); ok {
		e.PointLight = d.pointLight(l)
	}
	if l, ok := o.sub("spot_light"); ok {
		e.SpotLight = d.spotLight(l)
	}
	o.finish()
	return e
}

func (d *decoder) camera(o *obj) *Camera {
	c := &Camera{FOV: 60, Near: 0.1, Far: 1000}
	if o.float("fov", &c.FOV) && (c.FOV <= 0 || c.FOV >= 180) {
		d.at(with(o.path, "fov"), nil, "%s: must be between 0 and 180 degrees, got %g", o.key("fov"), c.FOV)
	}
	if o.float("near", &c.Near) && c.Near <= 0 {
		d.at(with(o.path, "near"), nil, "%s: must be positive, got %g", o.key("near"), c.Near)
	}
	if o.float("far", &c.Far) && c.Far <= c.Near {
		d.at(with(o.path, "far"), nil, "%s: must be greater than near (%g), got %g", o.key("far"), c.Near, c.Far)
	}
	o.finish()
	return c
}

func (d *decoder) directionalLight(o *obj) *DirectionalLight {
	l := &DirectionalLight{Direction: [3]float32{0, -1, 0}, Color: [3]float32{1, 1, 1}, Intensity: 1, CastShadows: true}
	if o.vector("direction", l.Direction[:]) {
		switch {
		case l.Direction == [3]float32{}:
			d.at(with(o.path, "direction"), nil, "%s: must not be the zero vector", o.key("direction"))
		case !hasDirection(l.Direction):
			d.at(with(o.path, "direction"), nil, "%s: %v is too short to give a direction; make its length at least %g",
				o.key("direction"), l.Direction, MinDirection)
		}
	}
	if o.vector("color", l.Color[:]) {
		d.nonNegative(o, "color", l.Color[:])
	}
	d.intensity(o, &l.Intensity)
	o.boolean("cast_shadows", &l.CastShadows)
	o.finish()
	return l
}

func (d *decoder) pointLight(o *obj) *PointLight {
	l := &PointLight{Color: [3]float32{1, 1, 1}, Intensity: 1, Range: 10}
	if o.vector("color", l.Color[:]) {
		d.nonNegative(o, "color", l.Color[:])
	}
	d.intensity(o, &l.Intensity)
	if o.float("range", &l.Range) && l.Range <= 0 {
		d.at(with(o.path, "range"), nil, "%s: must be positive, got %g", o.key("range"), l.Range)
	}
	o.finish()
	return l
}

func (d *decoder) spotLight(o *obj) *SpotLight {
	l := &SpotLight{Direction: [3]float32{0, 0, -1}, Color: [3]float32{1, 1, 1}, Intensity: 1, Range: 10, InnerAngle: 20, OuterAngle: 30}
	if o.vector("direction", l.Direction[:]) && !hasDirection(l.Direction) {
		d.at(with(o.path, "direction"), nil, "%s: %v is too short to give a direction; make its length at least %g",
			o.key("direction"), l.Direction, MinDirection)
	}
	if o.vector("color", l.Color[:]) {
		d.nonNegative(o, "color", l.Color[:])
	}
	d.intensity(o, &l.Intensity)
	if o.float("range", &l.Range) && l.Range <= 0 {
		d.at(with(o.path, "range"), nil, "%s: must be positive, got %g", o.key("range"), l.Range)
	}
	for _, a := range []struct {
		key string
		dst *float32
	}{{"inner_angle", &l.InnerAngle}, {"outer_angle", &l.OuterAngle}} {
		if o.float(a.key, a.dst) && (*a.dst < 0 || *a.dst > 90) {
			d.at(with(o.path, a.key), nil, "%s: must be between 0 and 90 degrees, got %g", o.key(a.key), *a.dst)
		}
	}
	if l.InnerAngle > l.OuterAngle {
		d.at(with(o.path, "inner_angle"), nil, "%s: %g is wider than outer_angle (%g)", o.key("inner_angle"), l.InnerAngle, l.OuterAngle)
	}
	o.finish()
	return l
}

func (d *decoder) intensity(o *obj, dst *float32) {
	if o.float("intensity", dst) && *dst < 0 {
		d.at(with(o.path, "intensity"), nil, "%s: must not be negative, got %g", o.key("intensity"), *dst)
	}
}

// references checks what one section says about another: duplicate names
// and entities naming materials that do not exist.
func (d *decoder) references(f *File) {
	mats := map[string][]any{}
	var names []string
	for i, m := range f.Materials {
		if m.Name != "" && d.unique(mats, with(d.matPaths[i], "name"), "material.name", "material", m.Name) {
			names = append(names, m.Name)
		}
	}
	ents := map[string][]any{}
	for i, e := range f.Entities {
		at := d.entPaths[i]
		if e.Name != "" {
			d.unique(ents, with(at, "name"), "entity.name", "entity", e.Name)
		}
		if e.Material != "" && mats[e.Material] == nil {
			msg := "entity.material: no [[material]] is named " + safetext.Quote(e.Material)
			if s := suggest(e.Material, names); s != "" {
				d.at(with(at, "material"), nil, "%s (did you mean %q?)", msg, s)
			} else {
				d.at(with(at, "material"), nil, "%s", msg)
			}
		}
	}
}
