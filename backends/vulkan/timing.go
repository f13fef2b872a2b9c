//go:build linux && cgo

package vulkan

import (
	"time"

	"github.com/sleakgo/sleak/formats"
	vk "github.com/vulkan-go/vulkan"
)

// gpuTiming measures each pass on the GPU with timestamp queries: two per
// pass (before its render pass, after it) in each frame slot, read when
// BeginFrame has waited for the slot's fence, so reading never waits.
type gpuTiming struct {
	pool   vk.QueryPool // nil when the queue has no timestamps
	period float64      // nanoseconds per tick
	mask   uint64       // the timestamp's valid bits
	raw    [2 * formats.NumPasses]uint64

	ready      [formats.NumPasses]time.Duration
	readyFrame uint64
	readyNew   bool
}

const queriesPerSlot = 2 * formats.NumPasses

// initTiming creates the query pool when the graphics queue supports
// timestamps (timestampValidBits > 0); without it GPUTimes reports nothing.
func (b *driver) initTiming() error {
	fam := queueFamilies(b.inst, b.gpu)[b.queueFamily]
	var props vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(b.gpu, &props)
	props.Deref()
	props.Limits.Deref()
	bits := fam.timestampBits
	if bits == 0 || props.Limits.TimestampPeriod <= 0 {
		return nil
	}
	info := vk.QueryPoolCreateInfo{
		SType:      vk.StructureTypeQueryPoolCreateInfo,
		QueryType:  vk.QueryTypeTimestamp,
		QueryCount: framesInFlight * queriesPerSlot,
	}
	defer info.Free()
	var pool vk.QueryPool
	if r := vk.CreateQueryPool(b.dev, &info, nil, &pool); r != vk.Success {
		return vkError("vkCreateQueryPool", r)
	}
	b.timing.pool = pool
	b.timing.period = float64(props.Limits.TimestampPeriod)
	b.timing.mask = ^uint64(0)
	if bits < 64 {
		b.timing.mask = 1<<bits - 1
	}
	return nil
}

func (b *driver) destroyTiming() {
	if b.timing.pool != nil {
		vk.DestroyQueryPool(b.dev, b.timing.pool, nil)
		b.timing.pool = nil
	}
}

// slotIndex is the position of slot in b.frames.
func (b *driver) slotIndex(slot *frameSlot) uint32 {
	for i := range b.frames {
		if &b.frames[i] == slot {
			return uint32(i)
		}
	}
	return 0
}

// readTimes reads the timestamps of the frame slot last ran, after its
// fence was waited on, then resets the slot's queries in cmd for this frame.
func (b *driver) readTimes(slot *frameSlot, cmd vk.CommandBuffer) {
	t := &b.timing
	if t.pool == nil {
		return
	}
	first := b.slotIndex(slot) * queriesPerSlot
	if slot.timed && b.c.queryResults(t.pool, first, queriesPerSlot, &t.raw[0]) == vk.Success {
		for p := range t.ready {
			ticks := (t.raw[2*p+1] - t.raw[2*p]) & t.mask
			t.ready[p] = time.Duration(float64(ticks) * t.period)
		}
		t.readyFrame, t.readyNew = slot.submittedAt, true
	}
	b.c.resetQueries(cmd, t.pool, first, queriesPerSlot)
	slot.timed = true
}

// stamp writes the timestamp before (end false) or after pass p.
func (b *driver) stamp(cmd vk.CommandBuffer, p formats.Pass, end bool) {
	t := &b.timing
	if t.pool == nil {
		return
	}
	q := b.slotIndex(b.slot)*queriesPerSlot + 2*uint32(p)
	stage := vk.PipelineStageTopOfPipeBit
	if end {
		q++
		stage = vk.PipelineStageBottomOfPipeBit
	}
	b.c.writeTimestamp(cmd, stage, t.pool, q)
}

// GPUTimes reports the passes of the frame whose slot BeginFrame waited on.
func (b *driver) GPUTimes(out *[formats.NumPasses]time.Duration) (uint64, bool) {
	t := &b.timing
	if !t.readyNew {
		return 0, false
	}
	t.readyNew = false
	*out = t.ready
	return t.readyFrame, true
}
