//go:build !voxel16

package chunk

// SizeShift is log2 of Size.
const SizeShift = 5
