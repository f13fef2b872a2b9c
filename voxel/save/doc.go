// Package save stores voxel worlds on disk.
//
// A save is a directory with a world file (world.json: [WorldInfo], the
// seed, versions and the [Player] state) and region files of 8 x 8 chunks
// (regions/r.X.Z.vxr; the layout is documented on [DecodeRegion]). Only
// chunks with edits are written; the others are regenerated from the seed,
// so the generator's version is recorded and a change to the terrain must
// bump it. Chunk payloads are run-length encoded block IDs, then DEFLATE
// (when that is smaller), each with a CRC-32 in the region's table, whose
// header has its own CRC and a copy at the end of the file.
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
// child process 50 times to check it. Opening a save removes only the
// temporary files its own writes leave (world.json.tmp-N, r.X.Z.vxr.tmp-N).
//
// One bad byte loses nothing: a region header that fails its CRC is read
// from its copy, and when both copies are damaged the table is rebuilt
// slot by slot from the entries whose payload CRC matches. A corrupt chunk
// (CRC mismatch, bad runs, unknown block IDs) is an error naming the file
// and the chunk; the world reports it and regenerates the chunk. The
// damaged payload is copied forward by later saves, and before a save
// would drop anything damaged (an unreadable file, a chunk whose entry was
// lost, a damaged payload replaced by a new edit) the file is kept aside
// as NAME.corrupt, or NAME.corrupt-2, -3, ... when that exists: copies are
// never overwritten. A read error that may pass is not remembered, so the
// next save tries again; a Saver retries a failed save every
// RetryInterval and its Close error says how many chunks' edits are lost.
// A file from a newer format version is refused ("saved by a newer
// version (format 3, this build reads up to 2)") and never overwritten.
// Files are read through a size limit (MaxRegionSize for regions) and only
// when regular. Nothing read from a file can panic the decoder;
// FuzzDecodeRegion and FuzzDecodeWorld check that.
package save
