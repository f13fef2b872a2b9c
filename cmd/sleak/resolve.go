package main

import (
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/shadertool"
)

func shadersResolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sleak shaders resolve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	backend := fs.String("r", "vulkan", "backend: vulkan (v), opengl (o), d3d11 (d11, directx11), d3d12 (d12, directx12)")
	stem := fs.String("stem", "", "a vertex format's stem instead of a material path")
	pass := fs.String("pass", "main", "the stem's pass: main, shadow, gbuffer or transparent")
	stage := fs.String("gbuffer-stage", "smooth", "the format's gbuffer_stage, which picks the engine fragment stage of the gbuffer pass: smooth or flat")
	engine := fs.String("engine", "", "one of the engine's own stems (lighting_pass, composite, ...): its files, one compute stage where the backend runs it so")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	kind, err := backends.ParseKind(*backend)
	if err != nil {
		fmt.Fprintln(stderr, "sleak:", err)
		return 2
	}
	var files backends.ShaderFiles
	switch {
	case *engine != "" && *stem == "" && fs.NArg() == 0:
		if !slices.ContainsFunc(shadertool.EngineStems, func(e shadertool.EngineStem) bool { return e.Stem == *engine }) {
			fmt.Fprintf(stderr, "sleak: %q is not one of the engine's stems (sleak shaders check assets/shaders lists them)\n", *engine)
			return 1
		}
		files, err = backends.ResolveEngine(kind, backends.ShaderDir, *engine)
	case *stem != "" && fs.NArg() == 0:
		p, perr := formats.ParsePass(*pass)
		if perr != nil {
			fmt.Fprintln(stderr, "sleak:", perr)
			return 2
		}
		g, gerr := formats.ParseGBufferStage(*stage)
		if gerr != nil {
			fmt.Fprintln(stderr, "sleak:", gerr)
			return 2
		}
		files, err = backends.ResolveStem(kind, *stem, p, g)
	case *stem == "" && fs.NArg() == 1:
		files, err = backends.Resolve(kind, fs.Arg(0))
	default:
		fmt.Fprintln(stderr, "sleak shaders resolve: give one PATH.hlsl, or --stem NAME --pass PASS [--gbuffer-stage flat], or --engine NAME")
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "sleak:", err)
		return 1
	}
	for _, f := range files.All() {
		fmt.Fprintf(stdout, "%s\t%s\t%s\n", f.Stage, f.Path, f.Entry)
	}
	return 0
}
