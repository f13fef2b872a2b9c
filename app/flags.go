package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/config"
)

// Main runs g with the process's arguments and exits with RunArgs's code.
// It first moves to the executable's folder when that folder holds an
// assets folder (assets.ChdirToExecutable), so an installed game finds its
// game.toml and files wherever it is started from. A game's main is one
// call:
//
//	func main() { app.Main(app.Game{Name: "spinner", Setup: setup}) }
func Main(g Game) {
	if _, err := assets.ChdirToExecutable(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(RunArgs(g, os.Args[1:], os.Stdout, os.Stderr))
}

// RunArgs parses the standard flags and the game's own, runs the game to
// its end and closes it. It returns 0 on success and after -h or -help
// (which print the flags), 2 for a bad command line and 1 when the game
// fails; every error is printed to stderr, a game.toml problem as one
// FILE:LINE:COL line each.
func RunArgs(g Game, args []string, stdout, stderr io.Writer) int {
	name := g.Name
	if name == "" {
		name = "game"
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := Options{Stdout: stdout, Stderr: stderr}
	finish := AddFlags(fs, &o, g.Config)
	if g.Flags != nil {
		g.Flags(fs)
	}
	if code, ok := Parse(fs, args, name); !ok {
		return code
	}
	if err := finish(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	}
	if err := run(g, o); err != nil {
		PrintError(stderr, name, err)
		return 1
	}
	return 0
}

// AddFlags defines the standard flags on fs, filling o. Call the returned
// function after fs.Parse to resolve the flags that need it (-size,
// -vsync). defaultConfig is -config's default ("" for game.toml). A game
// that parses its own command line uses it with Parse to offer the same
// flags as Main.
func AddFlags(fs *flag.FlagSet, o *Options, defaultConfig string) (finish func() error) {
	var size string
	vsync := &optionalBool{}
	if defaultConfig == "" {
		defaultConfig = "game.toml"
	}
	fs.StringVar(&o.Config, "config", defaultConfig, "the game's declaration")
	fs.StringVar(&o.Backend, "r", "", "backend: vulkan (v), opengl (o), d3d11 (d11), d3d12 (d12); default from game.toml")
	fs.StringVar(&size, "size", "", "framebuffer size WIDTHxHEIGHT, like 1280x720; default from game.toml")
	fs.IntVar(&o.Width, "width", 0, "framebuffer width in pixels; default from game.toml")
	fs.IntVar(&o.Height, "height", 0, "framebuffer height in pixels; default from game.toml")
	fs.Var(vsync, "vsync", "wait for the display's refresh: true or false; default from game.toml")
	fs.BoolVar(&o.Validation, "validation", false, "turn on the driver's validation layers")
	fs.BoolVar(&o.Headless, "headless", false, "render offscreen, with no window (implied without a display)")
	fs.IntVar(&o.Frames, "frames", 0, "stop after this many frames (headless default 1; windowed: when the window closes)")
	fs.StringVar(&o.Screenshot, "screenshot", "", "write the last frame as a PNG to this file")
	fs.StringVar(&o.Stats, "stats", "", "write frame statistics as JSON to this file ('-' for stdout)")
	fs.StringVar(&o.CPUProfile, "cpuprofile", "", "write a CPU profile of the run to this file, for go tool pprof")
	fs.BoolVar(&o.HotReload, "hot-reload", false, "watch the shader files and rebuild the programs an edit touches, without a restart (also [shaders] hot_reload)")
	fs.BoolVar(&o.Strict, "strict-shaders", false, "refuse to start unless every shader variant exists and builds (also [renderer] strict_shaders)")
	return func() error {
		if size != "" {
			w, h, err := ParseSize(size)
			if err != nil {
				return fmt.Errorf("-size: %w", err)
			}
			o.Width, o.Height = w, h
		}
		if o.Width < 0 || o.Height < 0 {
			return fmt.Errorf("size %dx%d: width and height must be positive", o.Width, o.Height)
		}
		if o.Frames < 0 {
			// A negative count would never be reached: the run would not end.
			return fmt.Errorf("-frames %d: want a positive number of frames (0 or absent: the default)", o.Frames)
		}
		o.VSync = vsync.value
		return nil
	}
}

// Parse parses args with fs, printing a usage line and the flags for -h and
// -help. It returns false when the command should end now, with the exit
// code: 0 after help, 2 for a bad command line.
func Parse(fs *flag.FlagSet, args []string, name string) (code int, ok bool) {
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s [flags]\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", name, fs.Arg(0))
		return 2, false
	}
	return 0, true
}

func run(g Game, o Options) error {
	stop, err := StartCPUProfile(o.CPUProfile)
	if err != nil {
		return err
	}
	r, err := Start(g, o)
	if err != nil {
		stop()
		return err
	}
	if err := r.Run(); err != nil {
		r.Close()
		stop()
		return err
	}
	return errors.Join(r.Close(), stop())
}

// PrintError prints err to w: a game.toml problem list as one
// FILE:LINE:COL line each, anything else after the command's name.
func PrintError(w io.Writer, name string, err error) {
	var list config.Errors
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	fmt.Fprintf(w, "%s: %v\n", name, err)
}

// ParseSize reads WIDTHxHEIGHT.
func ParseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("size %q: want WIDTHxHEIGHT, like 1280x720", s)
	}
	return w, h, nil
}

// optionalBool is a boolean flag that remembers whether it was given, so
// game.toml's value stands when it was not.
type optionalBool struct{ value *bool }

func (b *optionalBool) String() string {
	if b == nil || b.value == nil {
		return ""
	}
	return strconv.FormatBool(*b.value)
}

func (b *optionalBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	b.value = &v
	return nil
}

func (b *optionalBool) IsBoolFlag() bool { return true }
