package scene

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

// smallPNG encodes a w x h image.
func smallPNG(t testing.TB, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// declare rewrites the size a PNG's header declares, with a valid CRC, so
// that only the pixel data disagrees.
func declare(data []byte, w, h uint32) []byte {
	d := bytes.Clone(data)
	binary.BigEndian.PutUint32(d[16:], w)
	binary.BigEndian.PutUint32(d[20:], h)
	binary.BigEndian.PutUint32(d[29:], crc32.ChecksumIEEE(d[12:29]))
	return d
}

// A 995 KB PNG declaring 16000x16000 pixels took 3 GB before failing: the
// size is now checked from the header, before any pixel is decoded.
func TestDecodePNGChecksTheSizeFirst(t *testing.T) {
	base := smallPNG(t, 2, 2)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"area", declare(base, 16000, 16000), "16000x16000 pixels; a texture may have at most 16384 on a side and 67108864 in all"},
		{"side", declare(base, 20000, 1), "20000x1 pixels"},
		{"zero", declare(base, 0, 5), "decode"},
		{"not a PNG", []byte("GIF89a"), "decode"},
	} {
		_, err := DecodePNG("t.png", tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: DecodePNG = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	img, err := DecodePNG("t.png", base)
	if err != nil || img.Bounds().Dx() != 2 || img.RGBAAt(1, 1) == (color.RGBA{}) {
		t.Fatalf("a small PNG: %v", err)
	}
}

// FuzzDecodePNG feeds arbitrary PNG data through the size limits (small
// ones, so each run stays cheap): no panic, and an image that decodes is
// within them.
func FuzzDecodePNG(f *testing.F) {
	base := smallPNG(f, 3, 2)
	f.Add(base)
	f.Add(declare(base, 64, 64))
	f.Add(declare(base, 1<<20, 1))
	f.Add(smallPNG(f, 16, 16))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := decodePNG("f.png", data, 64, 32*32)
		if err != nil {
			return
		}
		if b := img.Bounds(); b.Dx() > 64 || b.Dy() > 64 || b.Dx()*b.Dy() > 32*32 {
			t.Fatalf("a %v image passed the limits", b)
		}
	})
}
