package dxcom

import (
	"strings"
	"testing"

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

func TestSequencer(t *testing.T) {
	s := Sequencer{Name: "dx"}
	f := &backends.FrameData{}
	if err := s.BeginPass(backends.PassShadow); err == nil {
		t.Error("BeginPass outside a frame succeeded")
	}
	if err := s.BeginFrame(f); err != nil {
		t.Fatal(err)
	}
	if err := s.BeginPass(backends.PassForward); err != nil {
		t.Fatal(err)
	}
	if got := s.Skipped(backends.PassForward); len(got) != 2 || got[0] != backends.PassGBuffer || got[1] != backends.PassLighting {
		t.Errorf("Skipped = %v, want gbuffer and lighting (never shadow)", got)
	}
	s.Opened(backends.PassForward)
	if err := s.EndFrame(); err == nil {
		t.Error("EndFrame with a pass open succeeded")
	}
	s.Closed()
	if err := s.BeginPass(backends.PassGBuffer); err == nil || !strings.Contains(err.Error(), "in order") {
		t.Errorf("going back a pass: %v", err)
	}
	if got := s.Skipped(backends.NumRenderPasses); len(got) != 2 || got[1] != backends.PassComposite {
		t.Errorf("Skipped at the end = %v", got)
	}
	if err := s.EndFrame(); err != nil {
		t.Fatal(err)
	}
	s.Ended()
}
