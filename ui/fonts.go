package ui

import (
	"fmt"
	"sync"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// defaultFont is Go Regular, which golang.org/x/image ships as a Go module
// (font/gofont): a real TrueType font under a BSD licence that needs no
// file beside the binary and reads well small, with Latin-1 coverage.
var defaultFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

// Fonts rasterises one font at the pixel sizes a game asks for, once each.
type Fonts struct {
	font  *opentype.Font
	faces map[int]*Face
	err   error
}

// NewFonts returns the faces of a TrueType or OpenType font; nil data means
// the engine's default font (Go Regular).
func NewFonts(data []byte) (*Fonts, error) {
	var f *opentype.Font
	var err error
	if data == nil {
		f, err = defaultFont()
	} else {
		f, err = opentype.Parse(data)
	}
	if err != nil {
		return nil, fmt.Errorf("ui: parse font: %w", err)
	}
	return &Fonts{font: f, faces: map[int]*Face{}}, nil
}

// Face returns the face at px pixels, clamped to MinPx..MaxPx, rasterising
// it on first use. It returns nil only if the font cannot be rasterised at
// all; Err says why.
func (fs *Fonts) Face(px int) *Face {
	if fs == nil {
		return nil
	}
	px = min(max(px, MinPx), MaxPx)
	if f, ok := fs.faces[px]; ok {
		return f
	}
	f, err := NewFace(fs.font, px)
	if err != nil {
		fs.err = err
		return nil
	}
	fs.faces[px] = f
	return f
}

// Err returns the last rasterising error.
func (fs *Fonts) Err() error { return fs.err }

// Each calls fn for every face rasterised so far.
func (fs *Fonts) Each(fn func(*Face)) {
	if fs == nil {
		return
	}
	for _, f := range fs.faces {
		fn(f)
	}
}
