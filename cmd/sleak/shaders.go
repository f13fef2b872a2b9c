package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/sleakgo/sleak/shadertool"
)

const compileUsage = `usage: sleak shaders compile [-C DIR] [-j N] [DIR...]

Compiles every *.vert, *.frag and *.comp below each DIR (skipping *_gl.*)
with glslc into SRC.spv beside it, recompiling only what changed since the
last run (see .spv-manifest.json in each folder). Default DIRs: the folders
the game loads, which are its assets/shaders, the folders game.toml's
[shaders] dirs names and, inside the engine's repository, the engine's.
`

const checkUsage = `usage: sleak shaders check [--json] [-config game.toml] [-j N] [DIR...]

Reports, per shader stem, which backend variants exist and which are missing
(by the exact file names the backends load), stale or misnamed files, HLSL
without VS_Main/PS_Main, compile errors (glslc, glslangValidator), vertex
inputs that do not match game.toml's vertex formats (spirv-cross), and the
backend feature support that follows. Exits 1 on any error.
`

func shadersCompile(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sleak shaders compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, compileUsage); fs.PrintDefaults() }
	jobs := fs.Int("j", 0, "glslc processes at once (default: the number of CPUs)")
	workDir := fs.String("C", "", "run in `DIR` (folders and game.toml are relative to it)")
	dirs, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	res, err := shadertool.Compile(ctx, shadertool.CompileOptions{
		Dirs: dirs, WorkDir: *workDir, Progress: stderr, Terminal: isTerminal(stderr), Jobs: *jobs,
	})
	var missing *shadertool.ToolMissingError
	var failed *shadertool.CompileError
	switch {
	case errors.As(err, &missing):
		fmt.Fprintln(stderr, "sleak:", err)
		if len(res.Stale) == 0 {
			fmt.Fprintln(stderr, "no .spv is stale: every one matches its source")
			return 1
		}
		fmt.Fprintf(stderr, "%d .spv file(s) are stale and were not rebuilt:\n", len(res.Stale))
		for _, s := range res.Stale {
			fmt.Fprintf(stderr, "  %s (%s)\n", s.SPIRV, s.Reason)
		}
		return 1
	case errors.As(err, &failed):
		fmt.Fprintf(stderr, "sleak: %v:\n", err)
		for _, f := range res.Failed {
			fmt.Fprintf(stderr, "  %s\n", f.Source)
		}
		return 1
	case err != nil:
		fmt.Fprintln(stderr, "sleak:", err)
		return 1
	}
	fmt.Fprintf(stderr, "%d compiled, %d up to date (%s)\n", len(res.Compiled), len(res.UpToDate), res.Glslc)
	return 0
}

const generateUsage = `usage: sleak shaders generate [DIR...]

Writes every missing OpenGL variant (foo_gl.vert, foo_gl.frag) below each DIR
from the Vulkan SPIR-V beside it, with spirv-cross (desktop GLSL 4.10, the
engine's clip-depth and y conventions). A generated file says so in its first
line and in .spv-manifest.json; a hand-written one is never overwritten.
Run sleak shaders compile first. Default DIRs as for compile.
`

func shadersGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sleak shaders generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, generateUsage); fs.PrintDefaults() }
	dirs, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := shadertool.Generate(ctx, shadertool.GenerateOptions{Dirs: dirs})
	if res != nil {
		for _, g := range res.Generated {
			fmt.Fprintf(stderr, "generated %s\n", g)
		}
		for _, f := range res.Failed {
			fmt.Fprintf(stderr, "cannot generate from %s: %s\n", f.Source, f.Message)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "sleak:", err)
		return 1
	}
	fmt.Fprintf(stderr, "%d generated, %d generated earlier and up to date, %d hand-written kept\n", len(res.Generated), len(res.UpToDate), len(res.HandWritten))
	return 0
}

func shadersCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sleak shaders check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, checkUsage); fs.PrintDefaults() }
	asJSON := fs.Bool("json", false, "print the whole report as JSON")
	cfg := fs.String("config", "", "the game's game.toml (default: game.toml in the working directory, when present)")
	jobs := fs.Int("j", 0, "tool processes at once (default: the number of CPUs)")
	dirs, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	rep, err := shadertool.Check(ctx, shadertool.CheckOptions{Dirs: dirs, Config: *cfg, Jobs: *jobs})
	if err != nil {
		fmt.Fprintln(stderr, "sleak:", err)
		return 1
	}
	if *asJSON {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sleak:", err)
		return 1
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

// parseInterspersed lets flags follow the folders ("check assets/shaders
// --json"), which the flag package alone stops at.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// isTerminal reports whether w is a terminal, where progress can rewrite
// one line instead of scrolling.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
