package backends

import "github.com/sleakgo/sleak/vmath"

// Environment is image-based lighting from an environment map: the ambient
// light of every lit pixel comes from the map (diffuse from Irradiance,
// specular from the atlas's prefiltered levels through its BRDF table)
// instead of FrameData.Ambient, and the lighting pass draws the map where
// nothing was drawn instead of the procedural sky. Package ibl builds one
// from a picture; docs/SHADERS.md ("Image-based lighting") has the layout.
type Environment struct {
	// Texture is the environment atlas, EnvAtlasWidth x EnvAtlasHeight,
	// made with TextureOptions{Clamp: true} (the shaders read it with a
	// linear, clamped sampler of their own). A texture that is not live
	// turns the environment off for the frame.
	Texture TextureID
	// Irradiance is the map's diffuse light as 9 spherical-harmonic
	// coefficients, already convolved with the cosine lobe, divided by pi
	// and multiplied by their basis constants: the light a white Lambert
	// surface of normal n reflects is c0 + c1 y + c2 z + c3 x + c4 xy +
	// c5 yz + c6 (3z² - 1) + c7 xz + c8 (x² - y²).
	Irradiance [9]vmath.Vec3
	// Intensity scales the map's light and the sky drawn from it; 0 means 1.
	Intensity float32
	// Overlay draws the map over the procedural sky, added to it in
	// Intensity, instead of in its place, and leaves the ambient light
	// flat: a map of stars or clouds that only the sky shows.
	Overlay bool
}

// The environment atlas: one RGBA8 texture, so that every backend reads it
// as the 2D textures it already has. Every direction is mapped to a square
// tile by the octahedral map (y up: the upper hemisphere in the tile's
// inner diamond, the lower one folded into its corners), which needs
// neither a cube texture nor trigonometry in the shaders. Tiles, left to
// right along row 0: the sky (EnvSkySize square), then EnvLevels tiles of
// the specular light prefiltered for roughness i/(EnvLevels-1), each
// EnvLevelSize square; below the first level tile, the BRDF table (EnvLUTSize
// square: column n·v, row roughness, red the scale and green the bias of
// the split sum). Light is stored as the square root of linear colour, so
// eight bits keep the dark end; the table is stored as it is.
const (
	EnvSkySize     = 1024
	EnvLevelSize   = 32
	EnvLevels      = 6
	EnvLUTSize     = 32
	EnvAtlasWidth  = EnvSkySize + EnvLevels*EnvLevelSize
	EnvAtlasHeight = EnvSkySize
)
