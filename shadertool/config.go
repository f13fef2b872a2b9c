package shadertool

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sleakgo/sleak/config"
)

// foreignSection stands in for a top-level table the game decodes itself
// ([world] and the like). The shader check has no use for it, and the
// TOML decoder treats everything under a value with an UnmarshalTOML method
// as decoded, so its keys are not reported as unknown.
type foreignSection struct{}

// UnmarshalTOML accepts and ignores the section.
func (foreignSection) UnmarshalTOML(any) error { return nil }

// loadGameConfig loads game.toml for its vertex formats, materials and
// [shaders] policy. The game's own top-level sections are unknown to the
// engine's decoder, so a first load that fails only because of them is
// repeated with those sections ignored. A top-level key close to an engine
// section (the decoder then says "did you mean") is a typo, not the game's,
// and stays an error.
func loadGameConfig(path string) (*config.File, error) {
	f, err := config.Load(path)
	if err == nil {
		return f, nil
	}
	var list config.Errors
	if !errors.As(err, &list) {
		return nil, err
	}
	var extra []config.Section
	seen := map[string]bool{}
	for _, e := range list {
		if e.Field != "" && !strings.ContainsAny(e.Field, ".[") && e.Msg == fmt.Sprintf("unknown key %q", e.Field) && !seen[e.Field] {
			seen[e.Field] = true
			extra = append(extra, config.Section{Name: e.Field, Into: &foreignSection{}})
		}
	}
	if len(extra) == 0 {
		return nil, err
	}
	return config.Load(path, extra...)
}
