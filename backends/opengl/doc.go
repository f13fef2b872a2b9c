// Package opengl is the OpenGL backend: it implements backends.Backend on
// go-gl's v4.1-core bindings and GLFW, in an OpenGL 4.3 core context. The
// entry points of 4.2 and 4.3 it uses (base instances and compute
// shaders), which those bindings lack, are loaded by name.
//
// # Contexts
//
// With Config.Window, New opens a GLFW window. Without one it renders
// offscreen into framebuffer objects: in a hidden GLFW window when an X
// server is reachable (DISPLAY, for example under xvfb-run), otherwise in an
// EGL surfaceless context (Mesa's EGL_PLATFORM_SURFACELESS_MESA), which needs
// no display at all. When neither works the error names both attempts.
//
// # Threads
//
// A GL context is current on one OS thread, but callers move between
// goroutines. Every backend therefore owns a goroutine locked to its own
// thread, and every GL and GLFW call runs there. Draw calls are only recorded
// (into a slice reused from frame to frame) and replayed on that thread at
// EndPass, so a frame costs one hand-off per pass and allocates nothing once
// it has reached its steady state. Window.PollEvents also runs there, and
// with it GLFW's input callbacks: a callback must not call the backend.
//
// # Meshes
//
// A mesh has its own vertex, index and instance buffers under a vertex
// array object of its own, set up once from its format. Meshes of an
// instanced format with no per-vertex attributes (instanced quads) share
// their format's instance and index buffers instead, under one vertex
// array object, each a range of them, and draw with a base instance
// (glDrawElementsInstancedBaseInstance), so that a run of such draws binds
// nothing between draws. Either way gl_InstanceID starts at 0 in every
// draw.
//
// # Passes
//
// The passes match the Vulkan backend's: a depth-only shadow map (depth bias
// slope 1.75, constant 1.25, GL_DEPTH_CLAMP on), a gbuffer (albedo+AO and normal+roughness
// RGBA8, metal+emissive RGBA8, 32-bit float depth), lighting into an
// RGBA16F HDR target, forward opaque and transparent draws into that
// target against the gbuffer depth, and composite (exposure, ACES, gamma)
// into an RGBA8 image that ReadPixels returns top row first; the antialias
// pass, on, writes from an RGBA8 copy target into that image, or, under
// TAA, into one of two history targets in turn, copied into it
// (glCopyImageSubData).
//
// Every fullscreen step (lighting, composite, and the steps of the SSAO,
// SSR, bloom and antialias passes) is a compute shader
// (backends.IsComputeStem), dispatched in 8x8 groups over its target,
// which is bound to image unit 0; a glMemoryBarrier after each dispatch
// makes its image stores visible to whatever reads the target next. An
// effect that is off clears the target the later pass reads instead. A window gets
// that image by a blit into its default framebuffer before the swap, so
// ReadPixels works the same windowed and offscreen. A pass the caller skips
// runs empty when a later one starts (a skipped shadow pass clears the whole
// map), so the image is always complete. A frame that keeps some shadow
// cascades' tiles (RedrawCascades) clears each tile it redraws with a
// scissored glClear. The engine shaders remap clip depth from the engine's 0..1 to
// OpenGL's -1..1, so depth buffers hold the same values as on Vulkan.
//
// # Shaders
//
// Material shaders load foo_gl.vert and foo_gl.frag for the canonical
// assets/shaders/foo.hlsl (backends.Resolve), through assets.ReadFile; the
// fullscreen steps load one foo_gl.comp each (backends.ResolveEngine).
// Custom vertex formats build one program per (format, pass) from their
// stems (backends.ResolveStem) through a backends.PipelineTable: failures
// are logged once, stick until Resize or Close, and drop the draws. Unlike
// the C++ engine's OpenGL renderer, stems are honoured; nothing falls back
// to another shader. Errors repeat the engine's lines: "Cannot open shader
// file: {path}", "Failed to read shader files: {vert} and {frag}",
// "Shader compilation failed: {log}" and "Shader program linking failed:
// {log}", with the driver's log.
//
// The Frame uniform block is bound to binding 0 with glUniformBlockBinding
// (GLSL 4.10, which material shaders may be written in, has no
// layout(binding)); samplers get fixed units when a
// program is linked: u_texture 0, u_shadowMap 1, u_gAlbedo 2, u_gNormal 3,
// u_gMaterial 4, u_gDepth 5, u_hdrColor 6.
package opengl
