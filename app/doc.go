// Package app runs a game: the one main loop every Sleak game shares, in
// the spirit of ebiten.RunGame and Bevy's App.
//
// A game describes itself in a Game value (its game.toml, its embedded
// assets, its own TOML sections and flags) and adds its systems in Setup;
// the runner does the rest:
//
//  1. parses the standard flags (-r, -size, -vsync, -validation, -headless,
//     -frames, -screenshot, -stats, -strict-shaders; -h and -help print
//     them and exit 0),
//  2. loads game.toml with the game's sections, registers its vertex
//     formats and mounts the game's assets,
//  3. chooses the backend (game.toml's [renderer] backend, or -r) and opens
//     it in a window, or offscreen when there is no display or -headless,
//  4. applies strict mode: with [renderer] strict_shaders (or
//     -strict-shaders) every shader file must exist and every pipeline and
//     material shader must build before the first frame, or it refuses to
//     start with every failing file listed once,
//  5. builds the scene's entities (built-in meshes and glTF files in any
//     vertex format) and installs the render systems after the game's,
//  6. runs the scheduler each frame: window events queued into ecs.Input,
//     the framebuffer size into ecs.WindowSize (so the camera follows a
//     resize), a fixed step for FixedUpdate,
//  7. stops on the first error a system, the renderer or the backend
//     reports, when the window closes, after -frames frames, or when a
//     system calls Quit; headless runs default to one frame and a fixed
//     1/60 s clock, and write -screenshot and -stats.
//
// Task index:
//
//   - A game's main: Main(Game{...}).
//   - Tests and tools that drive frames themselves: Start, Runner.Step,
//     Runner.Close; Runner.Run for the whole loop.
//   - Systems that can fail: System, SystemFunc, Runner.Add.
//   - Ending the game from a system: Quit.
//   - Scripted input for headless runs: Runner.Input.
package app
