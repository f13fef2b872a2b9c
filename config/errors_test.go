package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/formats"
)

// twoFormats is a valid file with two vertex formats of three attributes
// each; cases below append to it or replace a line of it, so that line
// numbers in the expected messages can be read off this text.
const twoFormats = `[[vertex_format]]
name = "voxel"
shader = "voxel"
  [[vertex_format.attribute]]
  name = "position"
  location = 0
  format = "Float3"
  [[vertex_format.attribute]]
  name = "normal"
  location = 1
  format = "Float3"
  [[vertex_format.attribute]]
  name = "uv"
  location = 2
  format = "Float2"

[[vertex_format]]
name = "water"
stride = 32
shader = "water"
  [[vertex_format.attribute]]
  name = "position"
  location = 0
  format = "Float3"
  offset = 0
  [[vertex_format.attribute]]
  name = "normal"
  location = 1
  format = "Float3"
  offset = 12
  [[vertex_format.attribute]]
  name = "uv"
  location = 2
  format = "Float2"
  offset = 24
`

// edit replaces line n (1-based) of twoFormats with repl, which may hold
// several lines or none.
func edit(n int, repl string) string {
	lines := strings.Split(twoFormats, "\n")
	var out []string
	out = append(out, lines[:n-1]...)
	if repl != "" {
		out = append(out, strings.Split(repl, "\n")...)
	}
	out = append(out, lines[n:]...)
	return strings.Join(out, "\n")
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // every error, one per line
	}{
		// Syntax errors come from the TOML decoder, positioned by its offset.
		{"duplicate key", "[window]\nwidth = 1\nwidth = 2\n",
			"g.toml:3:1: Key 'window.width' has already been defined."},
		{"unterminated string", "[window]\ntitle = \"abc\n",
			`g.toml:2:13: strings cannot contain newlines`},
		{"bad header", "[window\nwidth = 1\n",
			"g.toml:1:8: expected '.' or ']' to end table name, but got '\\n' instead"},

		// Type errors.
		{"stride not an integer", edit(19, `stride = "x"`),
			`g.toml:19:1: vertex_format.stride: expected an integer, found string "x"`},
		{"location not an integer", edit(28, `  location = 2.0`),
			`g.toml:28:3: vertex_format.attribute.location: expected an integer, found float 2`},
		{"window width a string", "[window]\nwidth = \"wide\"\n",
			`g.toml:2:1: window.width: expected an integer, found string "wide"`},
		{"vsync a number", "[window]\nvsync = 1\n",
			`g.toml:2:1: window.vsync: expected a boolean, found integer 1`},
		{"debug_lines a string", "[renderer]\ndebug_lines = \"yes\"\n",
			`g.toml:2:1: renderer.debug_lines: expected a boolean, found string "yes"`},
		{"cascade_interval out of range", "[renderer]\ncascade_interval = 17\n",
			`g.toml:2:1: renderer.cascade_interval: 17 is out of range 1 to 16`},
		{"debug lines misspelt", "[renderer]\ndebug_line = true\n",
			`g.toml:2:1: unknown key "renderer.debug_line" (did you mean "debug_lines"?)`},
		{"window not a table", "window = 5\n",
			`g.toml:1:1: window: expected a table, found integer 5`},
		{"single vertex_format table", "[vertex_format]\nname = \"x\"\n",
			`g.toml:1:1: vertex_format: expected an array of tables ([[vertex_format]]), found a table ([vertex_format])`},
		{"color too short", "[[material]]\nname = \"m\"\ncolor = [1, 0, 0]\n",
			`g.toml:3:1: material.color: expected an array of 4 numbers, found an array`},
		{"color element", "[[material]]\nname = \"m\"\ncolor = [1, 0, \"red\", 1]\n",
			`g.toml:3:16: material.color[2]: expected a finite number, found string "red"`},
		{"position nan", "[[entity]]\nposition = [0, nan, 0]\n",
			`g.toml:2:16: entity.position[1]: expected a finite number, found float NaN`},
		{"fov inf", "[[entity]]\n[entity.camera]\nfov = inf\n",
			`g.toml:3:1: entity.camera.fov: expected a finite number, found float +Inf`},
		{"backends not strings", "[shaders]\nlimited = [{ stem = \"ssr\", backends = [\"vulkan\", 3] }]\n",
			`g.toml:2:50: shaders.limited.backends[1]: expected a string, found integer 3`},
		{"stride too large", edit(19, `stride = 4294967296`),
			`g.toml:19:1: vertex_format.stride: 4294967296 is out of range 0 to 4294967295`},

		// Values that are numbers yet make no sense, refused where they are.
		{"stride past every backend's limit", edit(19, `stride = 4294967295`),
			`g.toml:19:1: vertex format "water": stride 4294967295 is more than 2048, the largest every backend accepts`},
		{"position beyond float32", "[[entity]]\nposition = [0, 1e300, 0]\n",
			`g.toml:2:16: entity.position[1]: expected a finite number, found float 1e+300`},
		{"huge scale", "[[entity]]\nscale = [1e30, 1, 1]\n",
			`g.toml:2:10: entity.scale[0]: 1e+30 is too large; numbers here are at most 1e+07 in size`},
		{"tiny scale", "[[entity]]\nscale = [1, 1e-30, 1]\n",
			`g.toml:2:13: entity.scale[1]: 1e-30 is too small to see; scales are at least 0.0001`},
		{"denormal light direction", "[[entity]]\n[entity.directional_light]\ndirection = [1e-39, 0, 0]\n",
			`g.toml:3:1: entity.directional_light.direction: [1e-39 0 0] is too short to give a direction; make its length at least 1e-06`},
		{"huge far plane", "[[entity]]\n[entity.camera]\nfar = 1e20\n",
			`g.toml:3:1: entity.camera.far: 1e+20 is too large; numbers here are at most 1e+07 in size`},

		// One path policy: relative to the game, inside it, with '/'.
		{"absolute texture", "[[material]]\nname = \"m\"\ntexture = \"/etc/passwd\"\n",
			`g.toml:3:1: material.texture: "/etc/passwd": the path is absolute; name it relative to the game's folder`},
		{"climbing shader", "[[material]]\nname = \"m\"\nshader = \"assets/../../x.hlsl\"\n",
			`g.toml:3:1: material.shader: "assets/../../x.hlsl": the path climbs out of the game's folder`},
		{"drive letter", "[[material]]\nname = \"m\"\ntexture = \"C:x.png\"\n",
			`g.toml:3:1: material.texture: "C:x.png": the path is absolute; name it relative to the game's folder`},
		{"absolute shader folder", "[shaders]\ndirs = [\"/tmp\"]\n",
			`g.toml:2:9: shaders.dirs[0]: "/tmp" must be a folder below game.toml's, written with '/'`},

		// Echoed values are capped and escaped.
		{"escape sequence in a name", "[[entity]]\nmaterial = \"\\u001b[2J\"\n",
			`g.toml:2:1: entity.material: no [[material]] is named "\x1b[2J"`},
		{"long value", "[[entity]]\nmesh = \"" + strings.Repeat("x", 100000) + "\"\n",
			`g.toml:2:1: entity.mesh: unknown mesh "` + strings.Repeat("x", 120) + `"... (100000 bytes) (want cube, plane or sphere)`},

		// Limits checked before the TOML decoder sees the file.
		{"nested inline tables", "[window]\nx = " + strings.Repeat("{a = ", 5000) + "1" + strings.Repeat("}", 5000) + "\n",
			`g.toml:2:25000: keys are nested 5002 levels deep here; at most 32 are allowed`},
		{"dotted header", "[" + strings.TrimSuffix(strings.Repeat("a.", 10000), ".") + "]\n",
			`g.toml:1:1: keys are nested 10000 levels deep here; at most 32 are allowed`},
		{"file too large", "# " + strings.Repeat("x", MaxFileSize) + "\n",
			`g.toml: the file is 1048579 bytes; a game config may have at most 1048576`},

		{"array element not a table", "vertex_format = [5]\n",
			`g.toml:1:18: vertex_format: expected a table, found integer 5`},
		{"date for a string", "[window]\ntitle = 1979-05-27\n",
			`g.toml:2:1: window.title: expected a string, found a date-time`},
		{"inline attributes", "[[vertex_format]]\nname = \"v\"\nshader = \"v\"\nattribute = [\n  { name = \"p\", location = 0, format = \"Float3\" },\n  { name = \"q\", location = 0, format = \"Float3\" },\n]\n",
			`g.toml:6:17: vertex format "v": attribute "q": location 0 is already used by attribute "p"`},

		// Unknown keys, with a suggestion when one is close.
		{"misspelt location", edit(28, `  locaton = 1`),
			"g.toml:26:3: missing required key \"vertex_format.attribute.location\"\n" +
				`g.toml:28:3: unknown key "vertex_format.attribute.locaton" (did you mean "location"?)`},
		{"misspelt top-level table", "[windw]\nwidth = 1\n",
			`g.toml:1:1: unknown key "windw" (did you mean "window"?)`},
		{"unknown key far from any", "[renderer]\nraytracing = true\n",
			`g.toml:2:1: unknown key "renderer.raytracing"`},
		{"misspelt sub-table", "[[entity]]\n[entity.camra]\nfov = 1\n",
			`g.toml:2:1: unknown key "entity.camra" (did you mean "camera"?)`},
		{"quoted unknown key", "[window]\n\"full screen\" = true\n",
			`g.toml:2:1: unknown key "window.\"full screen\"" (did you mean "fullscreen"?)`},
		{"case of a key", "[window]\nWidth = 5\n",
			`g.toml:2:1: unknown key "window.Width" (did you mean "width"?)`},

		// Missing keys point at the table that lacks them.
		{"attribute without format", edit(34, ""),
			`g.toml:31:3: missing required key "vertex_format.attribute.format"`},
		{"format without name", edit(18, ""),
			`g.toml:17:1: missing required key "vertex_format.name"`},
		{"material without name", "[[material]]\ncolor = [1, 1, 1, 1]\n",
			`g.toml:1:1: missing required key "material.name"`},

		// Vertex format validation, positioned at the right attribute of the
		// right entry.
		{"third attribute of the second format past the stride", edit(35, "  offset = 28"),
			`g.toml:35:3: vertex format "water": attribute "uv": ends at byte 36 (offset 28 + 8 bytes of Float2), past the stride of 32`},
		{"overlap in the second format", edit(35, "  offset = 20"),
			`g.toml:35:3: vertex format "water": attribute "uv": bytes 20..27 overlap attribute "normal" (bytes 12..23)`},
		{"duplicate location in the first format", edit(14, "  location = 1"),
			`g.toml:14:3: vertex format "voxel": attribute "uv": location 1 is already used by attribute "normal"`},
		{"duplicate attribute name", edit(13, `  name = "position"`),
			`g.toml:13:3: vertex format "voxel": attribute "position": the name is already used by attribute 0`},
		{"location out of range", edit(28, "  location = 16"),
			`g.toml:28:3: vertex format "water": attribute "normal": location 16 is out of range 0 to 15`},
		{"unaligned offset", edit(35, "  offset = 26\n  offset2 = 1"),
			"g.toml:35:3: vertex format \"water\": attribute \"uv\": offset 26 is not a multiple of 4\n" +
				"g.toml:35:3: vertex format \"water\": attribute \"uv\": ends at byte 34 (offset 26 + 8 bytes of Float2), past the stride of 32\n" +
				"g.toml:36:3: unknown key \"vertex_format.attribute.offset2\" (did you mean \"offset\"?)"},
		{"stem with extension", edit(20, `shader = "water.vert"`),
			`g.toml:20:1: vertex format "water": shader "water.vert": a stem is a bare name without extension or folder, like "water"`},
		{"stem with folder", edit(20, "shader = \"water\"\nshadow_shader = \"assets/shaders/water_shadow.vert.spv\""),
			`g.toml:21:1: vertex format "water": shadow_shader "assets/shaders/water_shadow.vert.spv": a stem is a bare name without extension or folder, like "water_shadow"`},
		{"missing main stem", edit(20, `gbuffer_shader = "water_gb"`),
			`g.toml:17:1: vertex format "water": shader is empty while gbuffer_shader is set; the main stem gates every pass, so the format would draw nothing`},
		{"zero stride", edit(19, "stride = 0"),
			`g.toml:19:1: vertex format "water": stride is 0; it must be the size of one vertex in bytes`},
		{"no attributes", "[[vertex_format]]\nname = \"empty\"\nshader = \"e\"\n",
			`g.toml:1:1: vertex format "empty": no attributes; a format needs at least one`},
		{"empty format name", edit(2, `name = ""`),
			`g.toml:2:1: vertex format "": the format has no name`},
		{"unknown attribute format", edit(34, `  format = "Vec2"`),
			`g.toml:34:3: vertex_format.attribute.format: unknown attribute format "Vec2" (valid: Float1, Float2, Float3, Float4, UInt1, Int1, UInt2, UInt3, UInt4, Int2, Int3, Int4, UByte4, UByte4Norm, Short2, Short4, Short2Norm, Short4Norm, Half2, Half4)`},
		{"attribute format case", edit(34, `  format = "float2"`),
			`g.toml:34:3: vertex_format.attribute.format: unknown attribute format "float2" (did you mean "Float2"?)`},
		{"duplicate format name", edit(18, `name = "voxel"`),
			`g.toml:18:1: vertex_format.name: duplicate vertex format name "voxel" (first defined at line 2)`},
		{"reserved format name", edit(2, `name = "default"`),
			`g.toml:2:1: vertex_format.name: the name "default" is reserved for the engine's default vertex`},

		// Sizes and ranges.
		{"zero width", "[window]\nwidth = 0\nheight = -1\n",
			"g.toml:2:1: window.width: must be positive, got 0\n" +
				"g.toml:3:1: window.height: must be positive, got -1"},
		{"negative offset", edit(35, "  offset = -4"),
			`g.toml:35:3: vertex_format.attribute.offset: must not be negative, got -4`},
		{"negative scale", "[[entity]]\nscale = [1, -2, 0]\n",
			"g.toml:2:13: entity.scale[1]: must be positive, got -2\n" +
				"g.toml:2:17: entity.scale[2]: must be positive, got 0"},
		{"camera ranges", "[[entity]]\n[entity.camera]\nfov = 180\nnear = 0\nfar = -1\n",
			"g.toml:3:1: entity.camera.fov: must be between 0 and 180 degrees, got 180\n" +
				"g.toml:4:1: entity.camera.near: must be positive, got 0\n" +
				"g.toml:5:1: entity.camera.far: must be greater than near (0), got -1"},
		{"light ranges", "[[entity]]\n[entity.point_light]\nrange = 0\nintensity = -1\ncolor = [1, -1, 1]\n[[entity]]\n[entity.directional_light]\ndirection = [0, 0, 0]\n",
			"g.toml:3:1: entity.point_light.range: must be positive, got 0\n" +
				"g.toml:4:1: entity.point_light.intensity: must not be negative, got -1\n" +
				"g.toml:5:13: entity.point_light.color[1]: must not be negative, got -1\n" +
				"g.toml:8:1: entity.directional_light.direction: must not be the zero vector"},
		{"spot light ranges", "[[entity]]\n[entity.spot_light]\nouter_angle = 95\ndirection = [0, 0, 0]\n[[entity]]\n[entity.spot_light]\ninner_angle = 40\n",
			"g.toml:3:1: entity.spot_light.outer_angle: must be between 0 and 90 degrees, got 95\n" +
				"g.toml:4:1: entity.spot_light.direction: [0 0 0] is too short to give a direction; make its length at least 1e-06\n" +
				"g.toml:7:1: entity.spot_light.inner_angle: 40 is wider than outer_angle (30)"},
		{"lighting ranges", "[lighting]\nmax_lights = 2000\npoint_lights = 1\n",
			"g.toml:2:1: lighting.max_lights: 2000 is out of range 1 to 1024\n" +
				"g.toml:3:1: lighting.point_lights: expected a boolean, found integer 1"},
		{"effects ranges", "[effects]\nssao = 1\nssao_radius = 0\nssao_strength = 2\nbloom_threshold = -1\nbloom_strength = 100\nglow = true\n",
			"g.toml:2:1: effects.ssao: expected a boolean, found integer 1\n" +
				"g.toml:3:1: effects.ssao_radius: must be between 0.05 and 16, got 0\n" +
				"g.toml:4:1: effects.ssao_strength: must be between 0.01 and 1, got 2\n" +
				"g.toml:5:1: effects.bloom_threshold: must be between 0.01 and 1000, got -1\n" +
				"g.toml:6:1: effects.bloom_strength: must be between 0.01 and 16, got 100\n" +
				"g.toml:7:1: unknown key \"effects.glow\""},
		{"roughness range", "[[material]]\nname = \"m\"\nroughness = 1.5\nmetallic = -0.5\n",
			"g.toml:3:1: material.roughness: must be between 0 and 1, got 1.5\n" +
				"g.toml:4:1: material.metallic: must be between 0 and 1, got -0.5"},
		{"emissive range", "[[material]]\nname = \"m\"\nemissive = 1000\n",
			"g.toml:3:1: material.emissive: must be between 0 and 100, got 1000"},
		{"normal scale range", "[[material]]\nname = \"m\"\nnormal_scale = 20\n",
			"g.toml:3:1: material.normal_scale: must be between 0 and 10, got 20"},
		{"absolute maps", "[[material]]\nname = \"m\"\nnormal_map = \"/n.png\"\nemissive_map = \"/e.png\"\n",
			`g.toml:3:1: material.normal_map: "/n.png": the path is absolute; name it relative to the game's folder` + "\n" +
				`g.toml:4:1: material.emissive_map: "/e.png": the path is absolute; name it relative to the game's folder`},

		// References and names.
		{"unknown mesh", "[[entity]]\nmesh = \"cub\"\n[[entity]]\nmesh = \"teapot\"\n",
			"g.toml:2:1: entity.mesh: unknown mesh \"cub\" (did you mean \"cube\"?)\n" +
				`g.toml:4:1: entity.mesh: unknown mesh "teapot" (want cube, plane or sphere)`},
		{"unknown material", "[[material]]\nname = \"red\"\n[[entity]]\nmaterial = \"redd\"\n[[entity]]\nmaterial = \"blue\"\n",
			"g.toml:4:1: entity.material: no [[material]] is named \"redd\" (did you mean \"red\"?)\n" +
				`g.toml:6:1: entity.material: no [[material]] is named "blue"`},
		{"duplicate material", "[[material]]\nname = \"red\"\n[[material]]\nname = \"red\"\n",
			`g.toml:4:1: material.name: duplicate material name "red" (first defined at line 2)`},
		{"duplicate entity", "[[entity]]\nname = \"a\"\n[[entity]]\n[[entity]]\nname = \"a\"\n",
			`g.toml:5:1: entity.name: duplicate entity name "a" (first defined at line 2)`},
		{"empty material name", "[[material]]\nname = \"\"\n",
			`g.toml:2:1: material.name: must not be empty`},
		{"material shader not canonical", "[[material]]\nname = \"m\"\nshader = \"assets/shaders/flat_gl.vert\"\n",
			`g.toml:3:1: material.shader: "assets/shaders/flat_gl.vert" is not a canonical shader path; name the .hlsl file, like "assets/shaders/flat.hlsl"`},
		{"unknown backend", "[renderer]\nbackend = \"vulkn\"\n",
			`g.toml:2:1: renderer.backend: unknown backend "vulkn" (did you mean "vulkan"?)`},
		{"unknown backend far", "[renderer]\nbackend = \"metal\"\n",
			`g.toml:2:1: renderer.backend: unknown backend "metal" (want vulkan, opengl, d3d11 or d3d12)`},

		// [shaders] limited.
		{"limited stems", `[shaders]
limited = [
  { stem = "ssr.frag", backends = ["vulkan"] },
  { stem = "taa", backends = ["vulkan", "dx13"] },
  { stem = "taa", backends = [] },
  { backends = ["vulkan"] },
]
`, "g.toml:3:5: shaders.limited.stem: \"ssr.frag\" is not a bare stem (letters, digits, '_' and '-', without extension or folder)\n" +
			"g.toml:4:41: shaders.limited.backends: unknown backend \"dx13\" (want vulkan, opengl, d3d11 or d3d12)\n" +
			"g.toml:5:5: shaders.limited.stem: duplicate stem name \"taa\" (first defined at line 4)\n" +
			"g.toml:5:19: shaders.limited.backends: must name at least one backend\n" +
			"g.toml:6:3: missing required key \"shaders.limited.stem\""},
		{"limited as array of tables", "[[shaders.limited]]\nstem = \"ssr\"\nbackends = \"vulkan\"\n",
			`g.toml:3:1: shaders.limited.backends: expected an array of strings, found string "vulkan"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("g.toml", []byte(tt.src))
			if err == nil {
				t.Fatalf("no error; want\n%s", tt.want)
			}
			if f != nil {
				t.Error("a File came back with errors")
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("%T is not Errors", err)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestValidationErrorsUnwrap(t *testing.T) {
	_, err := Parse("g.toml", []byte(edit(35, "  offset = 28")))
	var ve *formats.ValidationError
	if !errors.As(err, &ve) || ve.Code != formats.ErrPastStride || ve.Index != 2 || ve.Format != "water" {
		t.Fatalf("errors.As: %+v", ve)
	}
	var e *Error
	if !errors.As(err, &e) || e.Field != "vertex_format.1.attribute.2.offset" || e.Line != 35 || e.Col != 3 {
		t.Errorf("%+v", e)
	}
}

func TestErrorsAreSortedAndComplete(t *testing.T) {
	src := "[[entity]]\nmesh = \"cub\"\n[window]\nwidth = 0\nbogus = 1\n" + "[[material]]\nname = 5\n"
	_, err := Parse("g.toml", []byte(src))
	want := "g.toml:2:1: entity.mesh: unknown mesh \"cub\" (did you mean \"cube\"?)\n" +
		"g.toml:4:1: window.width: must be positive, got 0\n" +
		"g.toml:5:1: unknown key \"window.bogus\"\n" +
		"g.toml:7:1: material.name: expected a string, found integer 5"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestExtraSections(t *testing.T) {
	type World struct {
		Seed  int64  `toml:"seed"`
		Name  string `toml:"name"`
		Biome struct {
			Kind string `toml:"kind"`
		} `toml:"biome"`
		Layers []struct {
			Depth int     `toml:"depth"`
			Ratio float64 `toml:"ratio"`
		} `toml:"layer"`
	}
	tests := []struct {
		name, src, want string
	}{
		{"type error", "[world]\nname = \"x\"\n  seed = \"big\"\n",
			`g.toml:3:3: world.seed: incompatible types: TOML value has type string; destination has type integer`},
		{"type error in a later array entry", "[[world.layer]]\ndepth = 1\n[[world.layer]]\n  depth = \"deep\"\n",
			`g.toml:4:3: world.layer.depth: incompatible types: TOML value has type string; destination has type integer`},
		{"not a table", "world = 3\n",
			`g.toml:1:1: world: type mismatch for config.World: expected table but found int64`},
		{"unknown keys", "[world]\nsed = 1\n[world.biome]\nknd = \"x\"\n[world.extra]\na = 1\nb = 2\n",
			"g.toml:2:1: unknown key \"world.sed\" (did you mean \"seed\"?)\n" +
				"g.toml:4:1: unknown key \"world.biome.knd\" (did you mean \"kind\"?)\n" +
				`g.toml:5:1: unknown key "world.extra"`},
		{"unknown key in array entries", "[[world.layer]]\ndepth = 1\n[[world.layer]]\ndepht = 2\n[[world.layer]]\ndepht = 3\n",
			`g.toml:4:1: unknown key "world.layer.depht" (did you mean "depth"?)`},
		{"nan in a game's section", "[world]\nname = \"x\"\n[[world.layer]]\ndepth = 1\nratio = nan\n",
			`g.toml:5:1: world.layer.0.ratio: expected a finite number, found float NaN`},
		{"engine errors too", "[world]\nseed = 1\n[windw]\n",
			`g.toml:3:1: unknown key "windw" (did you mean "window"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w World
			_, err := Parse("g.toml", []byte(tt.src), Section{Name: "world", Into: &w})
			if err == nil || err.Error() != tt.want {
				t.Errorf("got\n%v\nwant\n%s", err, tt.want)
			}
		})
	}

	var w World
	f, err := Parse("g.toml", []byte("[world]\nseed = 7\n[world.biome]\nkind = \"forest\"\n[[world.layer]]\ndepth = 3\n"),
		Section{Name: "world", Into: &w})
	if err != nil || f == nil || w.Seed != 7 || w.Biome.Kind != "forest" || len(w.Layers) != 1 {
		t.Errorf("%v %+v", err, w)
	}
	// Parts decoded into maps or interfaces take any key.
	var loose struct {
		Seed  int
		Rules map[string]any `toml:"rules"`
		Misc  any            `toml:"misc"`
	}
	_, err = Parse("g.toml", []byte("[world]\nSeed = 1\n[world.rules]\na = 1\n[world.rules.b]\nc = 2\n[world.misc.d]\ne = [1]\n"),
		Section{Name: "world", Into: &loose})
	if err != nil || loose.Rules["b"] == nil || loose.Misc == nil {
		t.Errorf("%v %+v", err, loose)
	}

	// Without the section, [world] is unknown to the engine.
	_, err = Parse("g.toml", []byte("[world]\nseed = 7\n"))
	if err == nil || err.Error() != `g.toml:1:1: unknown key "world"` {
		t.Errorf("got %v", err)
	}
}
