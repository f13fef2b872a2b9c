package save

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sleakgo/sleak/internal/atomicfile"
	"github.com/sleakgo/sleak/voxel/chunk"
	"github.com/sleakgo/sleak/voxel/world"
)

const killChildEnv = "VOXEL_SAVE_KILL_CHILD"

// killChunks are the chunks the child rewrites, in two regions.
var killChunks = []chunk.Pos{{X: 0, Z: 0}, {X: 3, Z: 5}, {X: 7, Z: 7}, {X: 1, Z: 2}, {X: 8, Z: 0}, {X: 9, Z: 4}, {X: 15, Z: 7}}

// killContent is the content of chunk p at save generation k: the first 8
// voxels hold k in base 8, the rest are runs drawn from a generator seeded
// by k and p (so payloads are large and differ every time).
func killContent(k uint64, p chunk.Pos) *chunk.Blocks {
	b := new(chunk.Blocks)
	for i := range 8 {
		b[i] = byte(k >> (3 * i) & 7)
	}
	r := rand.New(rand.NewPCG(k, uint64(p.X)<<32|uint64(uint32(p.Z))))
	for i := 8; i < len(b); {
		n := min(1+r.IntN(40), len(b)-i)
		fill(b[i:i+n], byte(r.IntN(14)))
		i += n
	}
	return b
}

func killGeneration(b *chunk.Blocks) uint64 {
	var k uint64
	for i := range 8 {
		k |= uint64(b[i]) << (3 * i)
	}
	return k
}

// killChild saves forever, until killed.
func killChild(dir string, start uint64) {
	st, err := Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for k := start; ; k++ {
		snaps := make([]world.Snapshot, len(killChunks))
		for i, p := range killChunks {
			snaps[i] = world.Snapshot{Pos: p, Blocks: killContent(k, p), Rev: k}
		}
		if _, err := st.SaveChunks(snaps); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		info := NewWorldInfo(1, world.GeneratorVersion)
		info.Player.Position[0] = float64(k)
		if err := st.SaveWorld(info); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}

// TestKillDuringSave runs a child process (this test binary) that saves in
// a loop, kills it with SIGKILL at random moments, and checks after every
// kill that the save loads: every file decodes, every chunk passes its
// checks, and the chunks of one region are all from the same save.
func TestKillDuringSave(t *testing.T) {
	if v := os.Getenv(killChildEnv); v != "" {
		dir, start, _ := strings.Cut(v, ";")
		s, _ := strconv.ParseUint(start, 10, 64)
		killChild(dir, s)
		return
	}
	kills := 50
	if testing.Short() {
		kills = 10
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	leftovers, saves := 0, 0
	for i := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringSave$", "-test.count=1")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s;%d", killChildEnv, dir, uint64(i+1)*100_000))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+r.IntN(120)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err == nil || stderr.Len() > 0 {
			t.Fatalf("kill %d: the child stopped by itself: %v\n%s", i, err, stderr.String())
		}
		for _, d := range []string{dir, filepath.Join(dir, "regions")} {
			ents, _ := os.ReadDir(d)
			for _, e := range ents {
				if strings.Contains(e.Name(), atomicfile.TempMarker) {
					leftovers++
				}
			}
		}
		st, err := Open(dir)
		if err != nil {
			t.Fatalf("kill %d: open: %v", i, err)
		}
		if info, err := st.LoadWorld(); err == nil {
			if info.Player.Position[0] > 0 {
				saves++
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("kill %d: world file: %v", i, err)
		}
		gens := map[RegionPos]uint64{}
		for _, p := range killChunks {
			b, err := st.LoadChunk(p)
			if err != nil {
				t.Fatalf("kill %d: %v", i, err)
			}
			if b == nil {
				continue // not saved yet
			}
			k := killGeneration(b)
			if *b != *killContent(k, p) {
				t.Fatalf("kill %d: chunk %v is not a whole save (generation %d)", i, p, k)
			}
			rp, _ := RegionOf(p)
			if g, ok := gens[rp]; ok && g != k {
				t.Fatalf("kill %d: region %v mixes saves %d and %d", i, rp, g, k)
			}
			gens[rp] = k
		}
	}
	t.Logf("%d kills; %d left temporary files behind (killed mid-write); world file present after %d", kills, leftovers, saves)
}
