package game

import (
	"fmt"
	"time"

	"github.com/sleakgo/sleak/config"
)

// WorldSettings is game.toml's [world] table.
type WorldSettings struct {
	Name           string  `toml:"name"`            // save folder under saves/
	Seed           int64   `toml:"seed"`            // for a new world
	RenderDistance int     `toml:"render_distance"` // in chunks
	Greedy         bool    `toml:"greedy"`          // greedy meshing
	AutosaveSec    float64 `toml:"autosave_seconds"`
	SavesDir       string  `toml:"saves_dir"`
}

// DefaultWorldSettings are used for what game.toml leaves out.
func DefaultWorldSettings() WorldSettings {
	return WorldSettings{Name: "world", Seed: 1337, RenderDistance: 8, AutosaveSec: 60, SavesDir: "saves"}
}

// MinRenderDistance and MaxRenderDistance bound the render distance.
const (
	MinRenderDistance = 2
	MaxRenderDistance = 32
)

// Validate checks the settings, naming the field at fault.
func (s *WorldSettings) Validate() error {
	if s.RenderDistance < MinRenderDistance || s.RenderDistance > MaxRenderDistance {
		return fmt.Errorf("render distance %d: valid values are %d to %d chunks", s.RenderDistance, MinRenderDistance, MaxRenderDistance)
	}
	if s.Name == "" {
		return fmt.Errorf("world name is empty")
	}
	if s.AutosaveSec < 0 {
		return fmt.Errorf("autosave_seconds %v: must be 0 (off) or more", s.AutosaveSec)
	}
	return nil
}

// Autosave returns the autosave interval.
func (s *WorldSettings) Autosave() time.Duration {
	return time.Duration(s.AutosaveSec * float64(time.Second))
}

// LoadConfig reads game.toml with its [world] table.
func LoadConfig(path string) (*config.File, WorldSettings, error) {
	ws := DefaultWorldSettings()
	f, err := config.Load(path, config.Section{Name: "world", Into: &ws})
	if err != nil {
		return nil, ws, err
	}
	return f, ws, nil
}
