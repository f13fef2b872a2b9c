// Command spinner is a first Sleak game: a textured glTF cube in its own
// vertex format, turning until Space stops it. Escape quits.
package main

import (
	"embed"
	"io/fs"

	"github.com/sleakgo/sleak/app"
	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/ecs"
)

//go:embed assets
var files embed.FS

// Settings is game.toml's [spinner] table.
type Settings struct {
	Speed float32 `toml:"speed"` // degrees a second
}

func main() {
	settings := Settings{Speed: 90}
	assets, err := fs.Sub(files, "assets")
	if err != nil {
		panic(err) // the embed line above guarantees the folder
	}
	app.Main(app.Game{
		Name:     "spinner",
		Assets:   assets,
		Sections: []config.Section{{Name: "spinner", Into: &settings}},
		Setup: func(r *app.Runner) error {
			r.Add(ecs.Update, &Spin{Settings: &settings})
			return nil
		},
	})
}
