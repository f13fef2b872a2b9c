// The chunk quad (voxel/mesh.Quad: see its documentation for the bit
// layout): one instance of two packed words, expanded into the corner that
// the vertex index picks. Included by every chunk vertex shader, Vulkan's
// (vertex index gl_VertexIndex) and OpenGL's (gl_VertexID) alike.
layout(location = 0) in uint data0;
layout(location = 1) in uint data1;

struct VoxelCorner {
    vec3 pos;    // in the chunk, in blocks
    vec3 normal;
    float ao;    // ambient occlusion as a brightness
    vec2 uv;     // in tiles: the tile repeats across a merged quad
    vec4 tile;   // the atlas tile as origin and size in texture space
};

VoxelCorner voxelCorner(uint vertexIndex) {
    VoxelCorner c;
    uint face = (data0 >> 21) & 7u;
    uint axis = face >> 1;
    // corner k of the face's counter-clockwise order; the flip bit moves
    // the diagonal of the index list 0 1 2, 0 2 3 to the corners 1 and 3
    uint k = (vertexIndex + ((data0 >> 25) & 1u)) & 3u;
    uint mid = (k == 1u || k == 2u) ? 1u : 0u;
    uint hi = k >> 1;
    // (0,0), (1,0), (1,1), (0,1) on +X, +Y and -Z; (0,0), (0,1), (1,1),
    // (1,0) on the others
    bool along = face == 0u || face == 2u || face == 5u;
    float cu = float(along ? mid : hi);
    float cv = float(along ? hi : mid);
    float nu = float((data1 >> 10) & 63u);
    float nv = float((data1 >> 16) & 63u);
    float s = ((face & 1u) == 0u) ? 1.0 : -1.0;
    c.normal = vec3(axis == 0u ? s : 0.0, axis == 1u ? s : 0.0, axis == 2u ? s : 0.0);
    vec3 u = axis == 1u ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
    vec3 v = axis == 0u ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
    c.pos = vec3(float(data0 & 63u), float((data0 >> 6) & 511u), float((data0 >> 15) & 63u)) +
            max(c.normal, vec3(0.0)) + u * (cu * nu) + v * (cv * nv);
    if (((data0 >> 24) & 1u) != 0u && (cu == 1.0 || axis == 1u)) {
        c.pos.y -= 0.125; // lowered water surface
    }
    // the corners' AO, two bits each for (0,0), (1,0), (1,1), (0,1)
    uint corner = cu == 0.0 ? (cv == 0.0 ? 0u : 3u) : (cv == 0.0 ? 1u : 2u);
    uint ao = (data1 >> (22u + 2u * corner)) & 3u;
    c.ao = ao == 0u ? 0.45 : (ao == 1u ? 0.65 : (ao == 2u ? 0.82 : 1.0));
    // atlas images upright and not mirrored seen from outside
    float fu = (face == 0u || face == 5u) ? 1.0 - cv : cv;
    float fv = axis == 1u ? cu : 1.0 - cu;
    c.uv = vec2(fu * nv, fv * nu);
    uint t = data1 & 1023u;
    c.tile = vec4(float(t % 16u), float(t / 16u), 1.0, 1.0) / 16.0;
    return c;
}
