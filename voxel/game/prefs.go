package game

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"

	"github.com/sleakgo/sleak/internal/atomicfile"
)

// Prefs are the player's settings, kept in their own file (settings.toml
// in the saves folder unless -settings names another) so that they follow
// the player from world to world, and edited in the pause menu.
type Prefs struct {
	MouseSensitivity float64 `toml:"mouse_sensitivity"` // times the base turn rate
	InvertY          bool    `toml:"invert_y"`
	FOV              int     `toml:"fov"`             // vertical, degrees
	RenderDistance   int     `toml:"render_distance"` // chunks; 0: game.toml's
	VSync            bool    `toml:"vsync"`
	ShowFPS          bool    `toml:"show_fps"` // a small FPS counter when F3's overlay is off
	// NoSSAO, NoBloom and NoAntialias turn off an effect game.toml's
	// [effects] turns on (false keeps the game's choice). Antialiasing
	// starts off (DefaultPrefs): it softens the blocks' texels along with
	// their edges, and costs the H200 0.73 ms a frame (docs/PERFORMANCE.md).
	NoSSAO      bool `toml:"ssao_off"`
	NoBloom     bool `toml:"bloom_off"`
	NoAntialias bool `toml:"antialias_off"`
	// TemporalAA antialiases by temporal antialiasing instead of edge
	// smoothing, where the game antialiases and NoAntialias leaves it on:
	// it smooths the blocks' texels as the view moves, where edge
	// smoothing leaves them to shimmer.
	TemporalAA bool `toml:"antialias_temporal"`
}

// Limits of the settings, shared by the menu's steps and the file check.
const (
	MinSensitivity = 0.1
	MaxSensitivity = 5.0
	MinFOV         = 50
	MaxFOV         = 110
)

// DefaultPrefs are the settings of a player without a settings file.
func DefaultPrefs() Prefs {
	return Prefs{MouseSensitivity: 1, FOV: 70, VSync: true, NoAntialias: true}
}

// SettingsFile is the default settings file's name in the saves folder.
const SettingsFile = "settings.toml"

// LoadPrefs reads a settings file. A missing file gives the defaults; a
// value out of range is clamped and reported in the returned warnings, so a
// hand-edited file never stops the game; a file that is not TOML is an
// error naming it.
func LoadPrefs(path string) (Prefs, []string, error) {
	p := DefaultPrefs()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil, nil
	}
	if err != nil {
		return p, nil, fmt.Errorf("settings: %w", err)
	}
	if len(data) > 64<<10 {
		return p, nil, fmt.Errorf("settings %s: %d bytes is not a settings file (at most 64 KiB)", path, len(data))
	}
	md, err := toml.Decode(string(data), &p)
	if err != nil {
		return DefaultPrefs(), nil, fmt.Errorf("settings %s: %w", path, err)
	}
	var warn []string
	for _, k := range md.Undecoded() {
		warn = append(warn, fmt.Sprintf("settings %s: unknown key %s ignored", path, k))
	}
	return p, append(warn, p.clamp(path)...), nil
}

// clamp brings every value into range and says what it changed.
func (p *Prefs) clamp(path string) []string {
	var warn []string
	if !(p.MouseSensitivity >= MinSensitivity && p.MouseSensitivity <= MaxSensitivity) {
		v := p.MouseSensitivity
		if math.IsNaN(v) {
			v = 1
		}
		p.MouseSensitivity = min(max(v, MinSensitivity), MaxSensitivity)
		warn = append(warn, fmt.Sprintf("settings %s: mouse_sensitivity %v out of range %v to %v: using %v", path, v, MinSensitivity, MaxSensitivity, p.MouseSensitivity))
	}
	if p.FOV < MinFOV || p.FOV > MaxFOV {
		v := p.FOV
		p.FOV = min(max(v, MinFOV), MaxFOV)
		warn = append(warn, fmt.Sprintf("settings %s: fov %d out of range %d to %d: using %d", path, v, MinFOV, MaxFOV, p.FOV))
	}
	if p.RenderDistance != 0 && (p.RenderDistance < MinRenderDistance || p.RenderDistance > MaxRenderDistance) {
		v := p.RenderDistance
		p.RenderDistance = min(max(v, MinRenderDistance), MaxRenderDistance)
		warn = append(warn, fmt.Sprintf("settings %s: render_distance %d out of range %d to %d: using %d", path, v, MinRenderDistance, MaxRenderDistance, p.RenderDistance))
	}
	return warn
}

// Save writes the settings, replacing the file only once the new one is
// complete.
func (p Prefs) Save(path string) error {
	var buf bytes.Buffer
	buf.WriteString("# Sleakcraft settings, written by the pause menu.\n")
	if err := toml.NewEncoder(&buf).Encode(p); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := atomicfile.Write(path, buf.Bytes()); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}
