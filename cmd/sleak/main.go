// Command sleak is the engine's tool: it resolves and checks shader variants,
// checks the vertex formats of a game.toml, and renders a data-declared scene
// on any backend, headless or in a window.
//
// Usage:
//
//	sleak shaders resolve -r BACKEND PATH.hlsl
//	sleak shaders resolve -r BACKEND --stem NAME --pass main|shadow|gbuffer|transparent
//	sleak shaders resolve -r BACKEND --engine NAME
//	sleak shaders compile [-j N] [DIR...]
//	sleak shaders check [--json] [-config game.toml] [-j N] [DIR...]
//	sleak shaders generate [DIR...]
//	sleak formats check [FILE]
//	sleak render [-r BACKEND] [-scene scenes/showcase.toml] [-size WxH] [-frames N] [-out OUT.png] [-stats OUT.json] [-headless] [-strict-shaders]
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage:
  sleak shaders resolve -r BACKEND PATH.hlsl
  sleak shaders resolve -r BACKEND --stem NAME --pass main|shadow|gbuffer|transparent
  sleak shaders resolve -r BACKEND --engine NAME   (an engine stem: compute where the backend runs it so)
  sleak shaders compile [-j N] [DIR...]
                                      (glslc, incremental; default: the folders the game loads)
  sleak shaders check [--json] [-config game.toml] [-j N] [DIR...]
                                      (variant coverage, staleness, compile and layout checks)
  sleak shaders generate [DIR...]     (missing foo_gl.vert/.frag from the Vulkan SPIR-V)
  sleak formats check [FILE]          (default game.toml)
  sleak render [flags]                (sleak render -h lists them)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command and returns the process exit code, so tests can
// drive the tool without a subprocess.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "shaders":
		if len(args) < 2 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		switch args[1] {
		case "resolve":
			return shadersResolve(args[2:], stdout, stderr)
		case "compile":
			return shadersCompile(args[2:], stdout, stderr)
		case "check":
			return shadersCheck(args[2:], stdout, stderr)
		case "generate":
			return shadersGenerate(args[2:], stdout, stderr)
		}
	case "formats":
		if len(args) >= 2 && args[1] == "check" {
			return formatsCheck(args[2:], stdout, stderr)
		}
	case "render":
		return renderCommand(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "sleak: unknown command %q\n%s", joinArgs(args), usage)
	return 2
}

func joinArgs(args []string) string {
	if len(args) > 2 {
		args = args[:2]
	}
	s := ""
	for i, a := range args {
		if i > 0 {
			s += " "
		}
		s += a
	}
	return s
}
