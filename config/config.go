package config

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/internal/boundedfile"
	"github.com/sleakgo/sleak/internal/safetext"
	"github.com/sleakgo/sleak/internal/tomlpos"
)

// File is a decoded and checked game.toml. Zero or absent sections hold the
// documented defaults.
type File struct {
	Path          string
	Window        Window
	Renderer      Renderer
	Lighting      Lighting
	Effects       Effects
	Environment   Environment
	VertexFormats []formats.Layout // [[vertex_format]], in file order, already validated
	Materials     []Material       // [[material]], in file order
	Entities      []Entity         // [[entity]], in file order
	Shaders       ShaderPolicy
	Game          Game // [game]: what the game declares about itself

	// Positions for errors raised after parsing, by Register, and the
	// format names they belong to.
	idx         *tomlpos.Index
	formatNames []string
}

// Window is the [window] table.
type Window struct {
	Width      int    // pixels, default 1200
	Height     int    // pixels, default 800
	Title      string // default "Sleak"
	VSync      bool   // default true
	Fullscreen bool
}

// Renderer is the [renderer] table.
type Renderer struct {
	// Backend is "vulkan" (the default), "opengl", "d3d11" or "d3d12". The
	// file may use the command line's other spellings (v, vk, o, gl, d11,
	// dx11, directx11, d12, dx12, directx12); they are stored in this
	// canonical form.
	Backend string
	// StrictShaders makes a missing or failing shader variant stop the game
	// at start-up instead of skipping the pass that needed it.
	StrictShaders bool
	// ShadowMapSize is the side of the square shadow map in texels; 0 is
	// the backends' default (backends.DefaultShadowMapSize).
	ShadowMapSize int
	// CascadeInterval is how many frames apart each far shadow cascade
	// is redrawn, 1 to 16 (frame.Environment.CascadeInterval); 0 is 1,
	// every cascade every frame.
	CascadeInterval int
	// DebugLines turns on the debug lines game code draws through
	// debugdraw (the debug pass); off, every call is ignored.
	DebugLines bool
}

// Lighting is the [lighting] table: which of the engine's lighting
// features the game turns on.
type Lighting struct {
	// PunctualLightsOff is point_lights = false: point and spot light
	// entities are data only, and the shaders skip them at the cost of one
	// texel fetch. The zero value shades them, as the file's default does.
	PunctualLightsOff bool
	// MaxLights caps the lights a frame shades, the nearest to the camera
	// first: 1 to 1024 (backends.MaxLights), default 1024; 0 means 1024.
	MaxLights int
}

// Effects is the [effects] table: the post-processing passes the game
// turns on, with their settings. Both are off unless the file turns them on.
type Effects struct {
	// SSAO darkens the ambient light of deferred pixels in creases and at
	// the foot of objects (backends.SSAO).
	SSAO bool
	// SSAORadius is how far, in world units, the occlusion reaches: 0.05
	// to 16, default 0.5.
	SSAORadius float32
	// SSAOStrength scales it: 0.01 to 1, default 1.
	SSAOStrength float32
	// Bloom makes light brighter than BloomThreshold bleed into its
	// surroundings (backends.Bloom).
	Bloom bool
	// BloomThreshold is the exposed luminance above which light blooms:
	// 0.01 to 1000, default 1.
	BloomThreshold float32
	// BloomStrength is how much of the blurred light is added: 0.01 to
	// 16, default 0.3.
	BloomStrength float32
	// SSR adds screen-space reflections to glossy deferred surfaces
	// (backends.SSR).
	SSR bool
	// SSRReach is how far, in world units, a reflection is followed: 0.5
	// to 256, default 8.
	SSRReach float32
	// SSRStrength scales the reflections: 0.01 to 1, default 1.
	SSRStrength float32
	// Antialias smooths the composited image's edges (the antialias pass).
	Antialias bool
	// TAA runs the antialias pass as temporal antialiasing instead
	// (backends.Effects.TAA); the file may not turn both on.
	TAA bool
}

// Environment is the [environment] table: image-based lighting from an
// environment map. Off unless Map names one.
type Environment struct {
	// Map is the environment map, an equirectangular LDR PNG twice as
	// wide as high (package ibl), an asset path as a material's texture
	// is. Its light replaces the flat ambient light and it is drawn as the
	// sky.
	Map string
	// Intensity scales the map's light and sky: 0.01 to 16, default 1.
	Intensity float32
}

// DefaultEnvironmentIntensity is [environment]'s default intensity.
const DefaultEnvironmentIntensity = 1

// The defaults of [effects].
const (
	DefaultSSAORadius     = 0.5
	DefaultSSAOStrength   = 1
	DefaultBloomThreshold = 1
	DefaultBloomStrength  = 0.3
	DefaultSSRReach       = 8
	DefaultSSRStrength    = 1
)

// Settings returns the effects as the frame data carries them: an effect
// that is off has strength 0.
func (e *Effects) Settings() backends.Effects {
	var d backends.Effects
	if e.SSAO {
		d.SSAO = backends.SSAO{Radius: orDefault(e.SSAORadius, DefaultSSAORadius), Strength: orDefault(e.SSAOStrength, DefaultSSAOStrength)}
	}
	if e.SSR {
		d.SSR = backends.SSR{Reach: orDefault(e.SSRReach, DefaultSSRReach), Strength: orDefault(e.SSRStrength, DefaultSSRStrength)}
	}
	if e.Bloom {
		d.Bloom = backends.Bloom{Threshold: orDefault(e.BloomThreshold, DefaultBloomThreshold), Strength: orDefault(e.BloomStrength, DefaultBloomStrength)}
	}
	d.Antialias, d.TAA = e.Antialias, e.TAA
	return d
}

// orDefault is v, or def when v was left out (0).
func orDefault(v, def float32) float32 {
	if v == 0 {
		return def
	}
	return v
}

// Material is one [[material]] table.
type Material struct {
	Name string
	// Shader is the canonical .hlsl path, e.g. "assets/shaders/flat_shader.hlsl";
	// each backend derives its own file names from it. Empty means the
	// engine's default shader.
	Shader      string
	Color       [4]float32 // RGBA, default opaque white
	Texture     string     // optional path
	Transparent bool
	TwoSided    bool
	CastShadows bool     // default true
	Roughness   *float32 // optional, 0 to 1
	Metallic    *float32 // optional, 0 to 1
	Emissive    *float32 // optional, 0 to MaxEmissive: light of its own, in multiples of its colour
	NormalMap   string   // optional path: a tangent-space normal map (OpenGL convention, +Y up)
	NormalScale *float32 // optional, 0 to MaxNormalScale: the normal map's strength, default 1
	EmissiveMap string   // optional path: tints the emission per texel, default white
}

// MaxNormalScale bounds a normal map's strength: beyond it the tilted
// normals fold over.
const MaxNormalScale = 10

// MaxEmissive bounds a material's emissive factor: brighter than the sun
// many times over is a typo.
const MaxEmissive = 100

// Entity is one [[entity]] table.
type Entity struct {
	Name string // optional; unique when set
	Mesh string // "cube", "plane", "sphere", a .gltf or .glb file, or "" for none
	// ModelMesh names the mesh inside a glTF file; empty means its first.
	ModelMesh string
	// Animation names the glTF animation a skinned mesh plays, looping;
	// empty means the file's first. A mesh with a skin and no [[vertex_format]]
	// is drawn in the engine's skinned format (formats.SkinnedLayout).
	Animation string
	// Format is the [[vertex_format]] the mesh is built in; empty (or
	// "default") means the engine's default format. Built-in meshes exist
	// in the default format only.
	Format   string
	Material string // name of a [[material]]; "" for the default material
	Position [3]float32
	Rotation [3]float32 // Euler angles in degrees, applied X, then Y, then Z
	Scale    [3]float32 // default 1, 1, 1; components are positive

	Camera           *Camera           // [entity.camera]
	DirectionalLight *DirectionalLight // [entity.directional_light]
	PointLight       *PointLight       // [entity.point_light]
	SpotLight        *SpotLight        // [entity.spot_light]
}

// Camera is an entity's [entity.camera] table.
type Camera struct {
	FOV  float32 // vertical field of view in degrees, default 60
	Near float32 // default 0.1
	Far  float32 // default 1000
}

// DirectionalLight is an entity's [entity.directional_light] table.
type DirectionalLight struct {
	Direction   [3]float32 // the way the light travels, default straight down
	Color       [3]float32 // default white
	Intensity   float32    // default 1
	CastShadows bool       // default true
}

// PointLight is an entity's [entity.point_light] table.
type PointLight struct {
	Color     [3]float32 // default white
	Intensity float32    // default 1
	Range     float32    // default 10
}

// SpotLight is an entity's [entity.spot_light] table.
type SpotLight struct {
	Direction  [3]float32 // in the entity's space, default -Z
	Color      [3]float32 // default white
	Intensity  float32    // default 1
	Range      float32    // default 10
	InnerAngle float32    // half-angle in degrees of the full cone, default 20
	OuterAngle float32    // half-angle in degrees where the light ends, default 30
}

// ShaderPolicy is the [shaders] table: the stems the game knowingly ships for
// only some backends, so that shader tools report their missing variants as
// expected rather than as mistakes.
type ShaderPolicy struct {
	Limited []LimitedStem
	// Dirs are the game's own shader folders, relative to game.toml: the
	// files a game embeds and mounts at assets/shaders (assets.Mount), so
	// its stems are found there at run time. Shader tools look for the
	// game's stems in them.
	Dirs []string
	// HotReload watches the shader files in the working directory's
	// assets/shaders and in Dirs while the game runs, and rebuilds the
	// programs an edit touches (see docs/SHADERS.md); the runner's
	// -hot-reload flag does the same.
	HotReload bool
}

// LimitedStem is one entry of [shaders] limited.
type LimitedStem struct {
	Stem     string   // a bare stem, e.g. "ssr"
	Backends []string // canonical backend names the stem exists for
}

// Backends returns the backends stem is limited to, and whether it is
// limited at all.
func (p ShaderPolicy) Backends(stem string) ([]string, bool) {
	for _, l := range p.Limited {
		if l.Stem == stem {
			return l.Backends, true
		}
	}
	return nil, false
}

// Section is an extra top-level table that the game decodes itself, such as
// [world]. Into must be a non-nil pointer, normally to a struct. It is
// decoded with the TOML decoder's usual rules (field names or `toml` tags),
// and keys under the section that Into has no field for are reported like
// any other unknown key. Parts decoded into maps or interfaces accept any
// key.
type Section struct {
	Name string
	Into any
	// Check, when set, runs after Into decoded without problems and
	// reports each remaining one by its key below the section (such as
	// "render_distance"), so the game's own range checks come out as
	// FILE:LINE:COL like the engine's.
	Check func(report func(key, msg string))
}

// Engine sections, in the order the file is decoded.
var engineSections = []string{"window", "renderer", "lighting", "effects", "environment", "vertex_format", "material", "entity", "shaders", "game"}

func defaults(path string) *File {
	return &File{
		Path:     path,
		Window:   Window{Width: 1200, Height: 800, Title: "Sleak", VSync: true},
		Renderer: Renderer{Backend: "vulkan"},
		Lighting: Lighting{MaxLights: 1024},
	}
}

// Limits on a game.toml, checked before the TOML decoder sees the file: the
// decoder's time grows with the square of the nesting depth, so 60 KB of
// nested inline tables took it 46 s and 4 GB. Within these limits the worst
// file decodes in about a second. docs/LIMITS.md lists every limit.
const (
	// MaxFileSize is the most bytes a game.toml or scene may have.
	MaxFileSize = 1 << 20
	// MaxDepth is the most segments a key path may have, counting table
	// headers, dotted keys, inline tables and arrays: [[a]] [[a.b]] c = 1
	// is 5 deep (a, its index, b, its index, c).
	MaxDepth = 32
)

// Load reads and parses the game.toml at path. See [Parse]. Only a regular
// file of at most MaxFileSize bytes is read.
func Load(path string, extra ...Section) (*File, error) {
	data, err := boundedfile.ReadFile(path, boundedfile.Config)
	if err != nil {
		return nil, fmt.Errorf("load game config: %w", err)
	}
	return Parse(path, data, extra...)
}

// Parse decodes a game.toml. path is used only in messages. On failure it
// returns a nil *File and an [Errors] holding every problem found, each as
// "FILE:LINE:COL: message", sorted by position: values of the wrong type,
// unknown keys, vertex format problems, out-of-range values and broken
// references. A syntax error stops decoding, so it is reported alone.
func Parse(path string, data []byte, extra ...Section) (*File, error) {
	// The TOML decoder drops a byte order mark before computing offsets;
	// drop it here too so columns agree.
	for _, bom := range []string{"\xef\xbb\xbf", "\xff\xfe", "\xfe\xff"} {
		data = bytes.TrimPrefix(data, []byte(bom))
	}
	d := &decoder{file: path, data: data}
	if err := checkSections(extra); err != nil {
		return nil, Errors{{File: path, Msg: err.Error(), Err: err}}
	}

	if len(data) > MaxFileSize {
		return nil, Errors{{File: path, Msg: fmt.Sprintf("the file is %d bytes; a game config may have at most %d", len(data), MaxFileSize)}}
	}
	d.idx = tomlpos.Scan(data)
	if depth, at := d.idx.Depth(); depth > MaxDepth {
		return nil, Errors{{File: path, Line: at.Line, Col: at.Col,
			Msg: fmt.Sprintf("keys are nested %d levels deep here; at most %d are allowed", depth, MaxDepth)}}
	}

	var root map[string]toml.Primitive
	md, err := decodeTOML(data, &root)
	if err != nil {
		return nil, Errors{syntaxError(path, data, err)}
	}

	f := defaults(path)
	f.idx = d.idx
	top := &obj{d: d, m: make(map[string]any, len(root))}
	for k := range root {
		top.m[k] = nil // values are fetched per section below
	}
	for _, name := range engineSections {
		if _, ok := root[name]; !ok {
			top.known = append(top.known, name)
			continue
		}
		v, err := primitive(&md, root[name])
		if err != nil {
			d.at([]any{name}, err, "%s: %v", name, err)
			top.known = append(top.known, name)
			continue
		}
		top.m[name] = v
		d.section(f, top, name)
	}
	for _, s := range extra {
		top.known = append(top.known, s.Name)
		if prim, ok := root[s.Name]; ok {
			d.extra(&md, s, prim)
		}
	}
	top.known = append(top.known, f.Game.Sections...)
	top.finish()
	d.references(f)
	d.entityFormats(f)

	if len(d.errs) > 0 {
		d.errs.sortByPosition()
		return nil, d.errs
	}
	for _, l := range f.VertexFormats {
		f.formatNames = append(f.formatNames, l.Name)
	}
	return f, nil
}

// section decodes one engine section of the top-level table.
func (d *decoder) section(f *File, top *obj, name string) {
	switch name {
	case "window":
		if o, ok := top.sub(name); ok {
			d.window(o, &f.Window)
		}
	case "renderer":
		if o, ok := top.sub(name); ok {
			d.renderer(o, &f.Renderer)
		}
	case "lighting":
		if o, ok := top.sub(name); ok {
			d.lighting(o, &f.Lighting)
		}
	case "effects":
		if o, ok := top.sub(name); ok {
			d.effects(o, &f.Effects)
		}
	case "environment":
		if o, ok := top.sub(name); ok {
			d.environment(o, &f.Environment)
		}
	case "vertex_format":
		f.VertexFormats = d.vertexFormats(top.tables(name))
	case "material":
		for _, o := range top.tables(name) {
			f.Materials = append(f.Materials, d.material(o))
			d.matPaths = append(d.matPaths, o.path)
		}
	case "entity":
		for _, o := range top.tables(name) {
			f.Entities = append(f.Entities, d.entity(o))
			d.entPaths = append(d.entPaths, o.path)
		}
	case "shaders":
		if o, ok := top.sub(name); ok {
			f.Shaders = d.shaders(o)
		}
	case "game":
		if o, ok := top.sub(name); ok {
			f.Game = d.game(o)
		}
	}
}

func checkSections(extra []Section) error {
	seen := map[string]bool{}
	for _, s := range extra {
		switch {
		case s.Name == "":
			return errors.New("config: an extra section has no name")
		case contains(engineSections, s.Name):
			return fmt.Errorf("config: extra section %q is decoded by the engine", s.Name)
		case seen[s.Name]:
			return fmt.Errorf("config: extra section %q is given twice", s.Name)
		case !isPointer(s.Into):
			return fmt.Errorf("config: extra section %q: Into must be a non-nil pointer, not %T", s.Name, s.Into)
		}
		seen[s.Name] = true
	}
	return nil
}

// decodeTOML runs the TOML decoder, turning a panic inside it into an
// error: a malformed file must never bring the game down.
func decodeTOML(data []byte, v any) (md toml.MetaData, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("TOML decoder failed: %v", r)
		}
	}()
	return toml.Decode(string(data), v)
}

func primitive(md *toml.MetaData, p toml.Primitive) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("TOML decoder failed: %v", r)
		}
	}()
	err = md.PrimitiveDecode(p, &v)
	return v, err
}

// syntaxError positions a decoder error. The decoder counts a line when it
// reads the newline token, so an error on that token is reported on the
// next line, and its column is off by a line's length when the error starts
// a line; both are recomputed from the byte offset.
func syntaxError(path string, data []byte, err error) *Error {
	e := &Error{File: path, Msg: err.Error(), Err: err}
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return e
	}
	e.Msg = pe.Message
	e.Line, e.Col = pe.Position.Line, pe.Position.Col
	if start := pe.Position.Start; start >= 0 && start <= len(data) {
		before := data[:start]
		e.Line = bytes.Count(before, []byte("\n")) + 1
		e.Col = start - (bytes.LastIndexByte(before, '\n') + 1) + 1
	}
	if e.Line < 1 {
		e.Line, e.Col = 1, 1
	}
	return e
}

// lineStart returns the byte offset where 1-based line n begins.
func lineStart(data []byte, n int) (int, bool) {
	if n < 1 {
		return 0, false
	}
	off := 0
	for line := 1; line < n; line++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	return off, true
}

func (d *decoder) window(o *obj, w *Window) {
	if n, ok := o.integer("width", 1, math.MaxInt32); ok {
		w.Width = int(n)
	}
	if n, ok := o.integer("height", 1, math.MaxInt32); ok {
		w.Height = int(n)
	}
	o.str("title", &w.Title)
	o.boolean("vsync", &w.VSync)
	o.boolean("fullscreen", &w.Fullscreen)
	o.finish()
}

var backendNames = []string{"vulkan", "opengl", "d3d11", "d3d12"}

// backend canonicalizes the backend at path, reporting an unknown name. It
// accepts what the command line's -r accepts (backends.ParseKind), so a
// name that works there works here.
func (d *decoder) backend(path []any, key, name string) (string, bool) {
	if k, err := backends.ParseKind(name); err == nil {
		return k.String(), true
	}
	d.at(path, nil, "%s: unknown backend %s%s", key, safetext.Quote(name), hint(name, backendNames))
	return "", false
}

// hint suggests the closest option, or lists them all.
func hint(s string, options []string) string {
	if c := suggest(s, options); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return " (want " + orList(options) + ")"
}

func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func (d *decoder) renderer(o *obj, r *Renderer) {
	var name string
	if o.str("backend", &name) {
		if c, ok := d.backend(with(o.path, "backend"), o.key("backend"), name); ok {
			r.Backend = c
		}
	}
	o.boolean("strict_shaders", &r.StrictShaders)
	if n, ok := o.integer("shadow_map_size", 1, backends.MaxTargetSize); ok {
		r.ShadowMapSize = int(n)
	}
	if n, ok := o.integer("cascade_interval", 1, 16); ok {
		r.CascadeInterval = int(n)
	}
	o.boolean("debug_lines", &r.DebugLines)
	o.finish()
}

func (d *decoder) effects(o *obj, e *Effects) {
	o.boolean("ssao", &e.SSAO)
	if v := d.ranged(o, "ssao_radius", 0.05, 16); v != nil {
		e.SSAORadius = *v
	}
	// The lower bounds are above 0, which stands for the default: ssao =
	// false and bloom = false are how an effect is turned off.
	if v := d.ranged(o, "ssao_strength", 0.01, 1); v != nil {
		e.SSAOStrength = *v
	}
	o.boolean("ssr", &e.SSR)
	if v := d.ranged(o, "ssr_reach", 0.5, 256); v != nil {
		e.SSRReach = *v
	}
	if v := d.ranged(o, "ssr_strength", 0.01, 1); v != nil {
		e.SSRStrength = *v
	}
	o.boolean("antialias", &e.Antialias)
	o.boolean("taa", &e.TAA)
	if e.Antialias && e.TAA {
		d.at(with(o.path, "taa"), nil, "%s: the antialias pass runs as one of %s and %s: turn on one", o.key("taa"), o.key("antialias"), o.key("taa"))
	}
	o.boolean("bloom", &e.Bloom)
	if v := d.ranged(o, "bloom_threshold", 0.01, 1000); v != nil {
		e.BloomThreshold = *v
	}
	if v := d.ranged(o, "bloom_strength", 0.01, 16); v != nil {
		e.BloomStrength = *v
	}
	o.finish()
}

func (d *decoder) environment(o *obj, e *Environment) {
	if o.str("map", &e.Map) {
		if clean, err := CleanAssetPath(e.Map); err != nil {
			d.at(with(o.path, "map"), err, "%s: %s: %v", o.key("map"), safetext.Quote(e.Map), err)
			e.Map = ""
		} else {
			e.Map = clean
		}
	}
	if v := d.ranged(o, "intensity", 0.01, 16); v != nil {
		e.Intensity = *v
	}
	o.finish()
}

func (d *decoder) lighting(o *obj, l *Lighting) {
	on := true
	if o.boolean("point_lights", &on) {
		l.PunctualLightsOff = !on
	}
	if n, ok := o.integer("max_lights", 1, 1024); ok {
		l.MaxLights = int(n)
	}
	o.finish()
}

func (d *decoder) shaders(o *obj) ShaderPolicy {
	var p ShaderPolicy
	seen := map[string][]any{}
	for _, e := range o.tables("limited") {
		var l LimitedStem
		if e.require("stem") && e.str("stem", &l.Stem) {
			at := with(e.path, "stem")
			if !formats.ValidStem(l.Stem) {
				d.at(at, nil, "%s: %s is not a bare stem (letters, digits, '_' and '-', without extension or folder)", e.key("stem"), safetext.Quote(l.Stem))
			} else {
				d.unique(seen, at, e.key("stem"), "stem", l.Stem)
			}
		}
		if e.require("backends") {
			names, _ := e.strs("backends")
			for i, n := range names {
				if c, ok := d.backend(with(e.path, "backends", i), e.key("backends"), n); ok && !contains(l.Backends, c) {
					l.Backends = append(l.Backends, c)
				}
			}
			if a, isArray := e.m["backends"].([]any); isArray && len(a) == 0 {
				d.at(with(e.path, "backends"), nil, "%s: must name at least one backend", e.key("backends"))
			}
		}
		e.finish()
		p.Limited = append(p.Limited, l)
	}
	if dirs, ok := o.strs("dirs"); ok {
		for i, dir := range dirs {
			clean, err := CleanAssetPath(dir)
			if err != nil {
				d.at(with(o.path, "dirs", i), err, "%s[%d]: %s must be a folder below game.toml's, written with '/'", o.key("dirs"), i, safetext.Quote(dir))
				continue
			}
			p.Dirs = append(p.Dirs, clean)
		}
	}
	o.boolean("hot_reload", &p.HotReload)
	o.finish()
	return p
}

// unique reports name at path when an earlier entry already used it.
func (d *decoder) unique(seen map[string][]any, path []any, key, kind, name string) bool {
	if first, dup := seen[name]; dup {
		if line, _, ok := d.idx.Pos(first...); ok {
			d.at(path, nil, "%s: duplicate %s name %s (first defined at line %d)", key, kind, safetext.Quote(name), line)
		} else {
			d.at(path, nil, "%s: duplicate %s name %s", key, kind, safetext.Quote(name))
		}
		return false
	}
	seen[name] = path
	return true
}
