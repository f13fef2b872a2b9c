package config

import (
	"errors"
	"path"
	"strings"
)

// CleanAssetPath checks a path that game.toml names (a material's shader or
// texture, a shader folder) against the one path policy of the engine and
// its tools, and returns it cleaned:
//
//   - it is relative to the game's folder (the folder of game.toml, which is
//     the working directory the game runs in), never absolute, never a
//     drive or UNC path;
//   - it stays inside that folder: after cleaning it does not start with
//     "..";
//   - it is written with '/' and holds no control characters.
//
// The game (through package assets) and the shader checker both resolve
// the cleaned path against the game's folder, so they find the same file.
func CleanAssetPath(p string) (string, error) {
	switch {
	case p == "":
		return "", errors.New("the path is empty")
	case strings.ContainsRune(p, '\\'):
		return "", errors.New("write the path with '/', not '\\'")
	case path.IsAbs(p) || hasVolume(p):
		return "", errors.New("the path is absolute; name it relative to the game's folder")
	case strings.ContainsFunc(p, isControl):
		return "", errors.New("the path contains control characters")
	}
	clean := path.Clean(p)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", errors.New("the path climbs out of the game's folder")
	}
	return clean, nil
}

// hasVolume reports a Windows drive ("C:x"), which is absolute enough to
// escape the game's folder even without a slash.
func hasVolume(p string) bool {
	return len(p) >= 2 && p[1] == ':' && (p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z')
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
