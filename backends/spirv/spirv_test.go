package spirv

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

func engineSPIRV(t testing.TB, name string) []byte {
	t.Helper()
	data, err := assets.ReadFile("assets/shaders/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// withWord returns a copy of data with word i set to w.
func withWord(data []byte, i int, w uint32) []byte {
	out := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(out[4*i:], w)
	return out
}

func TestParse(t *testing.T) {
	vert := engineSPIRV(t, "default_shader.vert.spv")
	frag := engineSPIRV(t, "default_shader.frag.spv")
	tests := []struct {
		name  string
		data  []byte
		stage backends.Stage
		want  string // in the error; "" parses
	}{
		{"vertex", vert, backends.StageVertex, ""},
		{"fragment", frag, backends.StageFragment, ""},
		{"vertex file as fragment", vert, backends.StageFragment, "no fragment entry point"},
		{"compute", engineSPIRV(t, "lighting_pass.comp.spv"), backends.StageCompute, ""},
		{"fragment file as compute", frag, backends.StageCompute, "no compute entry point"},
		{"fragment file as vertex", frag, backends.StageVertex, "no vertex entry point"},
		{"empty", nil, backends.StageVertex, "not SPIR-V"},
		{"odd length", vert[:len(vert)-1], backends.StageVertex, "multiple of 4"},
		{"truncated mid-instruction", vert[:len(vert)/2+2], backends.StageVertex, ""},
		{"header only", vert[:20], backends.StageVertex, "OpMemoryModel"},
		{"bad magic", withWord(vert, 0, 0xdeadbeef), backends.StageVertex, "magic number"},
		{"huge bound", withWord(vert, 3, 1<<30), backends.StageVertex, "id bound"},
		{"zero bound", withWord(vert, 3, 0), backends.StageVertex, "id bound"},
		{"future version", withWord(vert, 1, 0x00020000), backends.StageVertex, "version"},
		{"zero-length instruction", withWord(vert, 5, 0), backends.StageVertex, "runs past the end"},
		{"instruction too short", withWord(vert, 5, 1<<16|opTypeFloat), backends.StageVertex, "has 1 words"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.data, tt.stage)
			if tt.name == "truncated mid-instruction" {
				// Wherever a module is cut it must be refused.
				if err == nil {
					t.Fatal("a truncated module parsed")
				}
				return
			}
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Parse = %v, %v; want an error containing %q", m, err, tt.want)
			}
		})
	}
}

// TestEveryTruncationIsRefused cuts a real module at every word: none may
// parse, since a driver handed one may crash.
func TestEveryTruncationIsRefused(t *testing.T) {
	vert := engineSPIRV(t, "default_shader.vert.spv")
	for n := 0; n < len(vert); n += 4 {
		if _, err := Parse(vert[:n], backends.StageVertex); err == nil {
			t.Fatalf("the module cut to %d of %d bytes parsed", n, len(vert))
		}
	}
}

func TestVertexInputs(t *testing.T) {
	m, err := Parse(engineSPIRV(t, "default_shader.vert.spv"), backends.StageVertex)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) == 0 {
		t.Fatal("no vertex inputs found")
	}
	for _, in := range m.Inputs {
		if in.Location == 0 && in.Base != formats.BaseFloat {
			t.Errorf("position at location 0 reads %v, want float", in.Base)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(engineSPIRV(f, "default_shader.vert.spv"), uint8(0))
	f.Add(engineSPIRV(f, "default_shader.frag.spv"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, stage uint8) {
		m, err := Parse(data, backends.Stage(stage%2))
		if err == nil && len(m.Words)*4 != len(data) {
			t.Fatalf("parsed %d words from %d bytes", len(m.Words), len(data))
		}
	})
}
