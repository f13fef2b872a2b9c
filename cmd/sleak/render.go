package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/sleakgo/sleak/app"
)

type renderFlags struct {
	backend  string
	scene    string
	size     string
	frames   int
	out      string
	stats    string
	headless bool
	strict   bool
}

func renderCommand(args []string, stdout, stderr io.Writer) int {
	var fl renderFlags
	fs := flag.NewFlagSet("sleak render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&fl.backend, "r", "", "backend: vulkan (v), opengl (o), d3d11 (d11), d3d12 (d12); default: the scene's [renderer] backend")
	fs.StringVar(&fl.scene, "scene", "scenes/showcase.toml", "the scene: a TOML file with [[material]] and [[entity]] tables")
	fs.StringVar(&fl.size, "size", "", "framebuffer size WxH; default: the scene's [window] size")
	fs.IntVar(&fl.frames, "frames", 0, "frames to render, then exit (0: until the window closes; headless default 1)")
	fs.StringVar(&fl.out, "out", "", "write the last frame as a PNG to this file")
	fs.StringVar(&fl.stats, "stats", "", "write frame statistics as JSON to this file ('-' for stdout)")
	fs.BoolVar(&fl.headless, "headless", false, "render offscreen, with no window (implied by -out or -stats, and when DISPLAY is unset)")
	fs.BoolVar(&fl.strict, "strict-shaders", false, "refuse to start when any shader variant the scene needs is missing")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sleak render: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := renderScene(fl, stdout, stderr); err != nil {
		printConfigErrors(stderr, err)
		return 1
	}
	return 0
}

// Summary is what `sleak render -stats` writes.
type Summary = app.Summary

// renderScene runs a data-only scene through the application runner, so
// the tool renders exactly as a game built on it would.
func renderScene(fl renderFlags, stdout, stderr io.Writer) error {
	// A picture or statistics asked for are the run's result: render them
	// offscreen, so a display does not turn the run into a window that
	// waits to be closed.
	headless := fl.headless || fl.out != "" || fl.stats != ""
	o := app.Options{Config: fl.scene, Backend: fl.backend, Headless: headless, Frames: fl.frames,
		Screenshot: fl.out, Stats: fl.stats, Strict: fl.strict, Stdout: stdout, Stderr: stderr,
		Logger: slog.New(slog.NewTextHandler(stderr, nil))}
	if fl.size != "" {
		w, h, err := app.ParseSize(fl.size)
		if err != nil {
			return err
		}
		o.Width, o.Height = w, h
	}
	r, err := app.Start(app.Game{Name: "sleak render"}, o)
	if err != nil {
		return err
	}
	if err := r.Run(); err != nil {
		r.Close()
		return err
	}
	return r.Close()
}
