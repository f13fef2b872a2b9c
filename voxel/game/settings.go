package game

import (
	"fmt"
	"time"

	"github.com/sleakgo/sleak/config"
	"github.com/sleakgo/sleak/voxel/save"
)

// WorldSettings is game.toml's [world] table.
type WorldSettings struct {
	Name           string `toml:"name"`            // save folder under saves/: one folder name (save.CheckWorldName)
	Seed           int64  `toml:"seed"`            // for a new world
	RenderDistance int    `toml:"render_distance"` // in chunks
	// CoarseDistance meshes the chunks farther than it (in chunks) at
	// half resolution and those farther than twice it at a quarter, so
	// far terrain draws fewer quads; 0 is off.
	CoarseDistance int     `toml:"coarse_distance"`
	Greedy         bool    `toml:"greedy"`           // greedy meshing
	AutosaveSec    float64 `toml:"autosave_seconds"` // 0 is off
	SavesDir       string  `toml:"saves_dir"`
	DayMinutes     float64 `toml:"day_minutes"` // length of a day and night; 0 stops the clock
}

// DefaultWorldSettings are used for what game.toml leaves out.
func DefaultWorldSettings() WorldSettings {
	return WorldSettings{Name: "world", Seed: 1337, RenderDistance: 8, AutosaveSec: 60, SavesDir: "saves", DayMinutes: 20}
}

// MinRenderDistance and MaxRenderDistance bound the render distance.
const (
	MinRenderDistance = 2
	MaxRenderDistance = 32
)

// MaxAutosave is the longest autosave interval, a day: a longer one is a
// typo, and 1e300 seconds overflowed the interval into a negative one.
const MaxAutosave = 24 * 60 * 60

// MaxDayMinutes is the longest day, a real day.
const MaxDayMinutes = 24 * 60

// Validate checks the settings and returns the first problem, naming the
// field at fault.
func (s *WorldSettings) Validate() error {
	var first error
	s.check(func(key, msg string) {
		if first == nil {
			first = fmt.Errorf("%s: %s", key, msg)
		}
	})
	return first
}

// check reports each problem by its key in [world].
func (s *WorldSettings) check(report func(key, msg string)) {
	if s.RenderDistance < MinRenderDistance || s.RenderDistance > MaxRenderDistance {
		report("render_distance", fmt.Sprintf("%d is out of range %d to %d chunks", s.RenderDistance, MinRenderDistance, MaxRenderDistance))
	}
	if s.CoarseDistance < 0 || s.CoarseDistance > MaxRenderDistance {
		report("coarse_distance", fmt.Sprintf("%d is out of range 0 (off) to %d chunks", s.CoarseDistance, MaxRenderDistance))
	}
	if err := save.CheckWorldName(s.Name); err != nil {
		report("name", err.Error())
	}
	if !(s.DayMinutes >= 0 && s.DayMinutes <= MaxDayMinutes) {
		report("day_minutes", fmt.Sprintf("%v: must be 0 (the clock stands still) to %d", s.DayMinutes, MaxDayMinutes))
	}
	if !(s.AutosaveSec >= 0 && s.AutosaveSec <= MaxAutosave) {
		report("autosave_seconds", fmt.Sprintf("%v: must be 0 (off) to %d", s.AutosaveSec, MaxAutosave))
	}
}

// Autosave returns the autosave interval; 0 is off.
func (s *WorldSettings) Autosave() time.Duration {
	return time.Duration(s.AutosaveSec * float64(time.Second))
}

// LoadConfig reads game.toml with its [world] table, whose problems are
// reported with their place in the file.
func LoadConfig(path string) (*config.File, WorldSettings, error) {
	ws := DefaultWorldSettings()
	f, err := config.Load(path, config.Section{Name: "world", Into: &ws, Check: ws.check})
	if err != nil {
		return nil, ws, err
	}
	return f, ws, nil
}
