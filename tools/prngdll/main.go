// Command prngdll writes bcryptprimitives.dll, a 64-bit Windows DLL whose only
// export, ProcessPrng, forwards to advapi32.SystemFunction036 (RtlGenRandom).
//
// Go 1.26's Windows runtime calls bcryptprimitives.dll!ProcessPrng at start,
// which Wine 8.0 does not provide, so a Go test binary built for Windows dies
// before main under that Wine. Placing this DLL in the prefix's system32 lets
// it run. The two functions have compatible signatures on x64: (buffer,
// length) in RCX/RDX, a non-zero byte in AL on success, which is all the Go
// runtime looks at.
//
// The DLL holds no code at all, only an export directory with a forwarder,
// so it is written here byte by byte instead of needing a Windows toolchain:
//
//	go run ./tools/prngdll -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
)

const (
	fileAlign    = 0x200
	sectionAlign = 0x1000
	exportRVA    = sectionAlign // the one section starts at the first page after the headers
	imageBase    = 0x180000000
)

func main() {
	out := flag.String("o", "bcryptprimitives.dll", "output file")
	flag.Parse()
	if err := os.WriteFile(*out, build("bcryptprimitives.dll", "ProcessPrng", "advapi32.SystemFunction036"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "prngdll:", err)
		os.Exit(1)
	}
}

func align(n, a uint32) uint32 { return (n + a - 1) &^ (a - 1) }

// exportSection returns the contents of the export section placed at
// exportRVA: the export directory, its three one-entry tables and strings.
func exportSection(dllName, export, forward string) []byte {
	const dirSize = 40
	eat := uint32(exportRVA + dirSize) // address table: 1 RVA
	names := eat + 4                   // name pointer table: 1 RVA
	ords := names + 4                  // ordinal table: 1 uint16
	strs := ords + 4                   // strings, after 2 bytes of padding
	dllNameRVA := strs
	exportNameRVA := dllNameRVA + uint32(len(dllName)) + 1
	forwardRVA := exportNameRVA + uint32(len(export)) + 1

	var b bytes.Buffer
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	w(uint32(0))     // Characteristics
	w(uint32(0))     // TimeDateStamp
	w(uint16(0))     // MajorVersion
	w(uint16(0))     // MinorVersion
	w(dllNameRVA)    // Name
	w(uint32(1))     // Base (first ordinal)
	w(uint32(1))     // NumberOfFunctions
	w(uint32(1))     // NumberOfNames
	w(eat)           // AddressOfFunctions
	w(names)         // AddressOfNames
	w(ords)          // AddressOfNameOrdinals
	w(forwardRVA)    // the function: an RVA inside the export directory marks a forwarder
	w(exportNameRVA) // its name
	w(uint16(0))     // its index into the address table
	w(uint16(0))     // padding
	for _, s := range []string{dllName, export, forward} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	return b.Bytes()
}

func build(dllName, export, forward string) []byte {
	sec := exportSection(dllName, export, forward)
	rawSize := align(uint32(len(sec)), fileAlign)
	imageSize := exportRVA + align(uint32(len(sec)), sectionAlign)

	var b bytes.Buffer
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }

	// DOS header: only the magic and the offset of the PE header matter.
	dos := make([]byte, 64)
	copy(dos, "MZ")
	binary.LittleEndian.PutUint32(dos[0x3c:], 64)
	b.Write(dos)

	b.WriteString("PE\x00\x00")
	// COFF file header.
	w(uint16(0x8664)) // Machine: AMD64
	w(uint16(1))      // NumberOfSections
	w(uint32(0))      // TimeDateStamp
	w(uint32(0))      // PointerToSymbolTable
	w(uint32(0))      // NumberOfSymbols
	w(uint16(240))    // SizeOfOptionalHeader (PE32+, 16 directories)
	w(uint16(0x2022)) // EXECUTABLE_IMAGE | LARGE_ADDRESS_AWARE | DLL

	// Optional header, PE32+.
	w(uint16(0x20b))        // Magic
	w(uint8(14))            // MajorLinkerVersion
	w(uint8(0))             // MinorLinkerVersion
	w(uint32(0))            // SizeOfCode
	w(rawSize)              // SizeOfInitializedData
	w(uint32(0))            // SizeOfUninitializedData
	w(uint32(0))            // AddressOfEntryPoint: none, a DLL may have no DllMain
	w(uint32(exportRVA))    // BaseOfCode
	w(uint64(imageBase))    // ImageBase
	w(uint32(sectionAlign)) // SectionAlignment
	w(uint32(fileAlign))    // FileAlignment
	w(uint16(6))            // MajorOperatingSystemVersion
	w(uint16(0))            // MinorOperatingSystemVersion
	w(uint16(0))            // MajorImageVersion
	w(uint16(0))            // MinorImageVersion
	w(uint16(6))            // MajorSubsystemVersion
	w(uint16(0))            // MinorSubsystemVersion
	w(uint32(0))            // Win32VersionValue
	w(imageSize)            // SizeOfImage
	w(uint32(fileAlign))    // SizeOfHeaders
	w(uint32(0))            // CheckSum
	w(uint16(3))            // Subsystem: console
	w(uint16(0x0100))       // DllCharacteristics: NX_COMPAT (nothing to relocate)
	w(uint64(0x100000))     // SizeOfStackReserve
	w(uint64(0x1000))       // SizeOfStackCommit
	w(uint64(0x100000))     // SizeOfHeapReserve
	w(uint64(0x1000))       // SizeOfHeapCommit
	w(uint32(0))            // LoaderFlags
	w(uint32(16))           // NumberOfRvaAndSizes
	// Data directory 0, the export table, covers the whole section so the
	// loader sees the forwarder string as inside it.
	w(uint32(exportRVA))
	w(uint32(len(sec)))
	for i := 1; i < 16; i++ {
		w(uint64(0))
	}

	// Section header.
	name := [8]byte{}
	copy(name[:], ".edata")
	b.Write(name[:])
	w(uint32(len(sec)))   // VirtualSize
	w(uint32(exportRVA))  // VirtualAddress
	w(rawSize)            // SizeOfRawData
	w(uint32(fileAlign))  // PointerToRawData
	w(uint32(0))          // PointerToRelocations
	w(uint32(0))          // PointerToLinenumbers
	w(uint16(0))          // NumberOfRelocations
	w(uint16(0))          // NumberOfLinenumbers
	w(uint32(0x40000040)) // INITIALIZED_DATA | MEM_READ

	b.Write(make([]byte, fileAlign-b.Len()))
	b.Write(sec)
	b.Write(make([]byte, int(rawSize)-len(sec)))
	return b.Bytes()
}
