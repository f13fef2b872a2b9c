// Shared lighting term, included by voxel.frag.
float shade(vec3 n) {
    return max(dot(n, normalize(vec3(0.3, 1.0, 0.2))), 0.1);
}
