package block

import "testing"

func TestTable(t *testing.T) {
	names := map[string]bool{}
	for id := Air; id < Count; id++ {
		inf := id.Info()
		if inf.Name == "" || names[inf.Name] {
			t.Errorf("%d: missing or duplicate name %q", id, inf.Name)
		}
		names[inf.Name] = true
		if got, ok := ByName(inf.Name); !ok || got != id {
			t.Errorf("ByName(%q) = %v %v", inf.Name, got, ok)
		}
		for f, tile := range inf.Tiles {
			if id != Air && tile >= TileCount {
				t.Errorf("%v face %d: tile %d out of the atlas", id, f, tile)
			}
		}
		switch {
		case id == Air:
			if inf.Layer != LayerNone || inf.Solid || inf.Opaque {
				t.Errorf("air: %+v", inf)
			}
		case inf.Opaque:
			if inf.Layer != LayerOpaque || !inf.Solid {
				t.Errorf("%v: opaque blocks are solid and in the opaque layer: %+v", id, inf)
			}
		case inf.Liquid:
			if inf.Solid || id.Targetable() {
				t.Errorf("%v: liquids are neither solid nor targetable", id)
			}
		default:
			if inf.Layer == LayerOpaque || inf.Layer == LayerNone {
				t.Errorf("%v: a see-through block in layer %d", id, inf.Layer)
			}
		}
	}
	for _, id := range []ID{Air, Stone, Grass, Dirt, Cobblestone, Sand, Gravel, Log, Planks, Leaves, Bricks, Water, Glass} {
		if !id.Valid() {
			t.Errorf("%d is not valid", id)
		}
	}
	if Count.Valid() || Count.Info().Name != "invalid" || !Count.Opaque() {
		t.Error("IDs past the table must read as an opaque invalid block")
	}
	for _, id := range Hotbar {
		if !id.Solid() {
			t.Errorf("hotbar holds %v, which cannot be placed as a solid block", id)
		}
	}
}

func TestFaces(t *testing.T) {
	for f := FacePosX; f <= FaceNegZ; f++ {
		n, o := f.Normal(), f.Opposite().Normal()
		if n[0]+o[0] != 0 || n[1]+o[1] != 0 || n[2]+o[2] != 0 || n == [3]int{} {
			t.Errorf("face %d: normal %v, opposite %v", f, n, o)
		}
	}
}
