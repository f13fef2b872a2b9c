package boundedfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

var small = Kind{Name: "test file", Max: 8}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		path    string
		want    string
		wantErr error
		msg     string
	}{
		{"within the limit", write("ok", "12345678"), "12345678", nil, ""},
		{"empty", write("empty", ""), "", nil, ""},
		{"one byte over", write("big", "123456789"), "", ErrTooLarge, "9 bytes, more than the 8 a test file may have"},
		{"directory", dir, "", ErrNotRegular, "not a regular file (a directory)"},
		{"device", "/dev/zero", "", ErrNotRegular, "read /dev/zero: not a regular file (a device)"},
		{"missing", filepath.Join(dir, "nope"), "", fs.ErrNotExist, "nope: no such file"},
		{"control characters in the name", filepath.Join(dir, "a\x1b[2Jb"), "", fs.ErrNotExist, `a\x1b[2Jb: no such file`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadFile(tc.path, small)
			if tc.wantErr == nil {
				if err != nil || string(got) != tc.want {
					t.Fatalf("ReadFile = %q, %v; want %q", got, err, tc.want)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("ReadFile error = %v; want %v containing %q", err, tc.wantErr, tc.msg)
			}
			if strings.Count(err.Error(), "read ") != 1 {
				t.Errorf("the message repeats itself: %v", err)
			}
		})
	}
}

// A FIFO named as a file must be refused at once, not block the open (or a
// read) until a writer comes.
func TestReadFileRefusesFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := mkfifo(p); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	_, err := ReadFile(p, Config)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
		t.Fatalf("ReadFile(fifo) = %v, want ErrNotRegular (a named pipe)", err)
	}
}

func TestReadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"ok":  {Data: []byte("1234")},
		"big": {Data: []byte("123456789")},
		"dir": {Mode: fs.ModeDir},
	}
	if got, err := ReadFS(fsys, "ok", small); err != nil || string(got) != "1234" {
		t.Fatalf("ReadFS(ok) = %q, %v", got, err)
	}
	if _, err := ReadFS(fsys, "big", small); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadFS(big) = %v, want ErrTooLarge", err)
	}
	if _, err := ReadFS(fsys, "dir", small); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("ReadFS(dir) = %v, want ErrNotRegular", err)
	}
	if _, err := ReadFS(fsys, "gone", small); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("ReadFS(gone) = %v, want fs.ErrNotExist", err)
	}
}
