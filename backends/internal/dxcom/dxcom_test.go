package dxcom

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

func TestEveryAttributeFormatHasADXGIFormat(t *testing.T) {
	want := map[formats.AttributeFormat]DXGIFormat{
		formats.Float3: FormatR32G32B32Float, formats.UByte4Norm: FormatR8G8B8A8UNorm,
		formats.Short4Norm: FormatR16G16B16A16SNorm, formats.Int4: FormatR32G32B32A32SInt, formats.Half2: FormatR16G16Float,
	}
	for _, f := range formats.AttributeFormats() {
		d, err := AttributeFormat(f)
		if err != nil || d == FormatUnknown {
			t.Errorf("%v: %v, %v", f, d, err)
		}
		if w, ok := want[f]; ok && d != w {
			t.Errorf("%v = %d, want %d", f, d, w)
		}
	}
	if _, err := AttributeFormat(0); err == nil {
		t.Error("the invalid format 0 has a DXGI format")
	}
	elems, err := InputElements(formats.DefaultLayout())
	if err != nil || len(elems) != 7 || elems[3] != (InputElement{Index: 3, Format: FormatR32G32B32A32Float, Offset: 40}) {
		t.Errorf("default layout: %+v, %v", elems, err)
	}
}

func TestHRESULTString(t *testing.T) {
	if s := ERROR_FILE_NOT_FOUND.String(); !strings.HasPrefix(s, "0x80070002 (ERROR_FILE_NOT_FOUND") {
		t.Errorf("got %q", s)
	}
	if s := HRESULT(0x80001234).String(); s != "0x80001234" {
		t.Errorf("got %q", s)
	}
	if Check("X", S_OK) != nil || Check("X", E_FAIL) == nil || !HRESULT(0x80000000).Failed() {
		t.Error("Check or Failed is wrong")
	}
}

func TestMaterialSamplers(t *testing.T) {
	for _, c := range []struct {
		opts            backends.TextureOptions
		filter, address uint32
	}{
		{backends.TextureOptions{}, FilterLinear, AddressWrap},
		{backends.TextureOptions{Nearest: true}, FilterPoint, AddressWrap},
		{backends.TextureOptions{Clamp: true}, FilterLinear, AddressClamp},
		{backends.TextureOptions{Nearest: true, Clamp: true}, FilterPoint, AddressClamp},
	} {
		i := c.opts.SamplerIndex()
		d := MaterialSampler(i)
		if i >= backends.NumSamplers || d.Filter != c.filter || d.AddressU != c.address || d.AddressV != c.address || d.AddressW != c.address {
			t.Errorf("%+v: sampler %d = %+v, want filter %#x, address %d", c.opts, i, d, c.filter, c.address)
		}
	}
}

// The sizes the Windows headers give the shared structs on 64-bit Windows.
func TestStructSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the sizes are those of 64-bit Windows")
	}
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"SamplerDesc", unsafe.Sizeof(SamplerDesc{}), 52},
		{"DepthStencilDesc", unsafe.Sizeof(DepthStencilDesc{}), 52},
		{"DSVDesc", unsafe.Sizeof(DSVDesc{}), 24},
		{"InputElementDesc", unsafe.Sizeof(InputElementDesc{}), 32},
		{"Viewport", unsafe.Sizeof(Viewport{}), 24},
	} {
		if c.got != c.want {
			t.Errorf("sizeof %s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if d := DepthState(true, false); d.DepthEnable != 1 || d.DepthWriteMask != DepthWriteZero || d.DepthFunc != ComparisonLess {
		t.Errorf("DepthState(true, false) = %+v", d)
	}
}
