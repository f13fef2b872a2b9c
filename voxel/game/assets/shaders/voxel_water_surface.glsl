// The water surface, shared by voxel_water.frag (Vulkan) and
// voxel_water_gl.frag (OpenGL); voxel_water.hlsl writes the same out in
// place for Direct3D. Included after shadowFactor and applyFog.
//
// WATER_TILE is block.TileWater, the atlas tile water is drawn with (a test
// keeps the two equal): glass shares the shader and is shaded plainly.
#define WATER_TILE 12.0

// waterWave is a sine wave made of parabolas, 4x(1 - |x|) over each half
// period, smooth where they meet: Wine's HLSL compiler has no sin or cos,
// and the Direct3D shaders compute waves with the same arithmetic.
float waterWave(float a) {
    float x = a * 0.31830989; // a / pi
    x -= 2.0 * floor((x + 1.0) * 0.5); // into [-1, 1)
    return 4.0 * x * (1.0 - abs(x));
}

bool isWater(vec4 tile) {
    return abs(tile.x * 16.0 - WATER_TILE) < 0.5 && tile.y < 0.5 / 16.0;
}

// waterColor shades water: the lit body of the water seen through it, the
// sky reflected more strongly at grazing angles (Schlick's Fresnel term),
// and the light's glint, over a top surface rippled by waves that move
// with time. Alpha rises with the reflection, so water reads as a surface.
vec4 waterColor(vec4 tex, vec3 normal, float ao, vec3 worldPos) {
    vec3 n = normalize(normal);
    float t = frame.cameraPos.w;
    if (n.y > 0.5) {
        vec2 p = worldPos.xz;
        float dx = 0.6 * waterWave(p.x * 1.3 + p.y * 0.4 + t * 1.6) + 0.35 * waterWave(p.x * 2.9 - p.y * 1.7 + t * 2.3);
        float dz = 0.6 * waterWave(p.y * 1.1 - p.x * 0.5 + t * 1.3) + 0.35 * waterWave(p.y * 3.3 + p.x * 1.9 - t * 2.7);
        n = normalize(vec3(-0.08 * dx, 1.0, -0.08 * dz));
    }
    vec3 toEye = normalize(frame.cameraPos.xyz - worldPos);
    float shadow = shadowFactor(worldPos);
    float sun = max(dot(n, -frame.lightDir.xyz), 0.0) * shadow;
    // Water sends back less of the sunlight than a solid surface: most
    // goes down into it.
    vec3 body = tex.rgb * (frame.ambient.rgb * ao + frame.lightColor.rgb * (0.55 * sun));
    float c = 1.0 - max(dot(n, toEye), 0.0);
    float c2 = c * c;
    float fresnel = 0.04 + 0.96 * c2 * c2 * c;
    vec3 r = toEye - 2.0 * dot(n, toEye) * n; // reflect(-toEye, n)
    r = -r;
    r.y = abs(r.y); // a ripple can tilt a reflection below the horizon
    vec3 sky = sleakSky(normalize(r));
    vec3 h = normalize(toEye - frame.lightDir.xyz);
    float s = max(dot(n, h), 0.0);
    s *= s;
    s *= s;
    s *= s;
    s *= s;
    s *= s;
    s *= s; // s^64
    vec3 color = mix(body, sky, fresnel) + frame.lightColor.rgb * (1.5 * s * shadow);
    return vec4(applyFog(color, worldPos), mix(tex.a, 1.0, fresnel));
}
