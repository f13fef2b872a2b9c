package save

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sleakgo/sleak/internal/safetext"

	"github.com/sleakgo/sleak/voxel/block"
	"github.com/sleakgo/sleak/voxel/chunk"
)

// Player is the player state kept in the world file.
type Player struct {
	Position [3]float64 `json:"position"` // feet, in blocks
	Yaw      float64    `json:"yaw"`      // radians
	Pitch    float64    `json:"pitch"`    // radians
	Flying   bool       `json:"flying"`
	Hotbar   [9]string  `json:"hotbar"`   // block names, "" for an empty slot
	Selected int        `json:"selected"` // hotbar slot 0..8
}

// HotbarIDs returns the hotbar as block IDs; unknown names read as Air.
func (p *Player) HotbarIDs() [9]block.ID {
	var out [9]block.ID
	for i, n := range p.Hotbar {
		out[i], _ = block.ByName(n)
	}
	return out
}

// SetHotbar stores a hotbar of block IDs by name.
func (p *Player) SetHotbar(ids [9]block.ID) {
	for i, id := range ids {
		p.Hotbar[i] = ""
		if id != block.Air {
			p.Hotbar[i] = id.String()
		}
	}
}

// WorldInfo is the world file, world.json: everything about a save except
// chunks. It is small and rewritten atomically with every save.
type WorldInfo struct {
	Format    int    `json:"format"`    // FormatVersion that wrote it
	Seed      int64  `json:"seed"`      // terrain seed
	Generator int    `json:"generator"` // world.GeneratorVersion that made the terrain
	ChunkSize int    `json:"chunkSize"` // chunk.Size
	Height    int    `json:"height"`    // chunk.Height
	Player    Player `json:"player"`
	// TimeOfDay is the world's clock, a fraction of a day from midnight;
	// nil in worlds saved before the clock existed.
	TimeOfDay *float64 `json:"timeOfDay,omitempty"`
}

// NewWorldInfo returns the world file of a new world.
func NewWorldInfo(seed int64, generator int) *WorldInfo {
	return &WorldInfo{Format: FormatVersion, Seed: seed, Generator: generator, ChunkSize: chunk.Size, Height: chunk.Height}
}

func decodeWorld(data []byte) (*WorldInfo, error) {
	var probe struct {
		Format int `json:"format"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if probe.Format > FormatVersion {
		return nil, &VersionError{probe.Format, FormatVersion}
	}
	if probe.Format < 1 {
		return nil, corrupt("format version %d", probe.Format)
	}
	var w WorldInfo
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if w.ChunkSize != chunk.Size || w.Height != chunk.Height {
		return nil, fmt.Errorf("world of %dx%d chunks, this build uses %dx%d", w.ChunkSize, w.Height, chunk.Size, chunk.Height)
	}
	if w.Player.Selected < 0 || w.Player.Selected > 8 {
		w.Player.Selected = 0
	}
	if t := w.TimeOfDay; t != nil && !(*t >= 0 && *t < 1) {
		w.TimeOfDay = nil // a hand-edited clock: the game starts it afresh
	}
	return &w, nil
}

// MaxWorldNameLen bounds a world's name, which is a folder name: most file
// systems allow 255 bytes, and a name is typed by a player.
const MaxWorldNameLen = 64

// CheckWorldName accepts a world name that is one plain folder name under
// the saves folder: not empty, not "." or "..", without '/', '\\', ':' or
// control characters, at most MaxWorldNameLen bytes. Any other name could
// put the save (and the cleanup of its temporary files) outside the saves
// folder.
func CheckWorldName(name string) error {
	switch {
	case name == "":
		return errors.New("the world name is empty")
	case len(name) > MaxWorldNameLen:
		return fmt.Errorf("the world name is %d bytes; at most %d are allowed", len(name), MaxWorldNameLen)
	case name == "." || name == "..":
		return fmt.Errorf("%q is not a world name", name)
	case strings.ContainsAny(name, `/\:`):
		return fmt.Errorf("%s: a world name is a single folder name, without '/', '\\' or ':'", safetext.Quote(name))
	case strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return fmt.Errorf("%s: a world name has no control characters", safetext.Quote(name))
	}
	return nil
}
