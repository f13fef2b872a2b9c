package app_test

import (
	"fmt"
	"os"

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/ecs"
)

// A game is its game.toml, its files and its systems; the runner does the
// rest. A real main calls app.Main(game), which reads os.Args; here the
// flags are given, to run three frames offscreen.
func Example() {
	frames := 0
	game := app.Game{
		Name:   "spinner",
		Config: "testdata/firstgame/game.toml",
		Assets: os.DirFS("testdata/firstgame/assets"), // usually an embed.FS
		Setup: func(r *app.Runner) error {
			r.Add(ecs.Update, app.SystemFunc(func(w *ecs.World) error {
				frames++ // your logic: read w.Input, move entities, app.Quit(w)
				return nil
			}))
			return nil
		},
	}
	code := app.RunArgs(game, []string{"-headless", "-frames", "3"}, os.Stdout, os.Stderr)
	fmt.Println("exit", code, "after", frames, "frames")
	// Output: exit 0 after 3 frames
}
