package game

import (
	"time"

	"github.com/sleakgo/sleak/formats"
)

// maxFrameLog is the most frames a game keeps the times of: 32,768 frames,
// about nine minutes at 60 FPS, in 3.4 MB. A run of known length (a
// benchmark's -frames, a script) keeps each of its frames up to that; an
// open-ended session keeps its most recent frames, so that a game left
// running for hours holds no more than this.
const maxFrameLog = 1 << 15

// frameLog is the CPU time and each pass's GPU time of the most recent
// frames, in storage made once, so that recording a frame allocates
// nothing however long the game runs.
type frameLog struct {
	cpu  []time.Duration
	gpu  [][formats.NumPasses]time.Duration // zero where the backend has no timestamps
	next int                                // the oldest frame once the log is full, overwritten next
}

// newFrameLog makes the log of a run of frames frames (0: open-ended).
func newFrameLog(frames uint64) frameLog {
	n := maxFrameLog
	if frames > 0 && frames < maxFrameLog {
		n = int(frames)
	}
	return frameLog{cpu: make([]time.Duration, 0, n), gpu: make([][formats.NumPasses]time.Duration, 0, n)}
}

// add records a frame, over the oldest one when the log is full.
func (l *frameLog) add(cpu time.Duration, gpu *[formats.NumPasses]time.Duration) {
	if len(l.cpu) < cap(l.cpu) {
		l.cpu, l.gpu = append(l.cpu, cpu), append(l.gpu, *gpu)
		return
	}
	if len(l.cpu) == 0 {
		return
	}
	l.cpu[l.next], l.gpu[l.next] = cpu, *gpu
	l.next = (l.next + 1) % len(l.cpu)
}

// frames returns the frames kept, oldest first. Until the log wraps they
// are its own storage; after, an ordered copy.
func (l *frameLog) frames() ([]time.Duration, [][formats.NumPasses]time.Duration) {
	if l.next == 0 {
		return l.cpu, l.gpu
	}
	cpu := append(append(make([]time.Duration, 0, len(l.cpu)), l.cpu[l.next:]...), l.cpu[:l.next]...)
	gpu := append(append(make([][formats.NumPasses]time.Duration, 0, len(l.gpu)), l.gpu[l.next:]...), l.gpu[:l.next]...)
	return cpu, gpu
}

// runLength is how many frames a game of o plays: the sooner of its
// script's end and MaxFrames, or 0 when it runs until the player quits.
func runLength(o Options) uint64 {
	n := o.MaxFrames
	if o.Script != nil && o.Script.End > 0 && (n == 0 || o.Script.End < n) {
		n = o.Script.End
	}
	return n
}
