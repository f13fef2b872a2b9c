// Package save stores voxel worlds on disk.
//
// A save is a directory with a world file (world.json: [WorldInfo], the
// seed, versions and the [Player] state) and region files of 8 x 8 chunks
// (regions/r.X.Z.vxr; the layout is documented on [DecodeRegion]). Only
// chunks with edits are written; the others are regenerated from the seed,
// so the generator's version is recorded and a change to the terrain must
// bump it. Chunk payloads are run-length encoded block IDs, then DEFLATE
// (when that is smaller), each with a CRC-32 in the region's table, whose
// header has its own CRC.
//
// Outline:
//
//   - [Store], [Open]: a save directory. [Store.LoadChunk] (it is a
//     world.Source), [Store.SaveChunks], [Store.LoadWorld],
//     [Store.SaveWorld].
//   - [Saver], [NewSaver]: autosave every interval on its own goroutine,
//     [Saver.Save] on demand, and a last save on [Saver.Close];
//     [Saver.SetPlayer] updates the player state it writes.
//   - [DecodeRegion], [Region], [EncodeRegion]: the region format.
//   - [ErrCorrupt], [ErrNewerVersion], [VersionError]: what load errors wrap.
//
// Safety: every file is replaced atomically (temporary file in the same
// directory, fsync, rename, fsync of the directory), so a crash or kill
// at any moment leaves the last good save loadable; a test kills a saving
// child process 50 times to check it. A corrupt chunk (CRC mismatch, bad
// runs, unknown block IDs) or region header is an error naming the file
// and the chunk; the world reports it and regenerates the chunk, and the
// next save of that region keeps the damaged file aside as .corrupt. A
// file from a newer format version is refused ("saved by a newer version
// (format 3, this build reads up to 1)") and never overwritten. Nothing
// read from a file can panic the decoder; FuzzDecodeRegion checks that.
package save
