// Package tomlpos finds where keys and table headers sit in a TOML file.
//
// The TOML decoder reports no positions for keys inside arrays of tables,
// yet an error about the third attribute of the second [[vertex_format]]
// is only useful if it points at that attribute. [Scan] reads the file once
// and records the 1-based line and column (in bytes) of every key, table
// header, array element and inline-table key, by indexed path:
//
//	window.width                       key "width" under [window]
//	vertex_format.1                    the second [[vertex_format]] header
//	vertex_format.1.attribute.0.offset key "offset" of its first attribute
//	shaders.limited.0.stem             key "stem" of an inline table in an array
//
// [Index.Pos] looks up such a path and falls back to the nearest enclosing
// table, so a message about a missing key points at the table that lacks it.
// [Index.FirstPos] takes a path without indexes, in the shape
// toml.MetaData.Undecoded returns, and gives its first occurrence.
//
// The scanner is meant for files the decoder has accepted. On broken input it
// records what it can and never fails or panics.
package tomlpos
