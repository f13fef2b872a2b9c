// Command winexec runs a Windows program under Wine as its child and writes
// the child's exit code to a file, so that a Linux caller learns how the
// program ended even when Wine's own process ends badly.
//
// Under Wine a Windows program is a Linux process, and its Linux exit
// status is what a caller such as `go test` sees. Wine's server kills that
// process with SIGKILL when it is still there half a second after its last
// Windows thread ended. A Go program's exit ends its threads first and
// unwinds them (which can load libgcc_s), so on a busy machine a test
// binary that printed PASS and called ExitProcess(0) is now and then
// reported as "signal: killed". The exit code Windows recorded is right
// all along: a parent process reads it from the server with
// GetExitCodeProcess, and winexec is that parent.
//
// Usage (scripts/wine.sh writes a go_windows_amd64_exec wrapper that does
// this and exits with the code in the file):
//
//	SLEAK_WINE_STATUS=/tmp/status wine64 winexec.exe /path/to/program.exe ARGS...
//
// A Linux path is taken as a path on drive Z:, Wine's drive for /. The
// child inherits the standard handles, the environment and the working
// folder, and runs in a job object that ends it, and whatever it started
// (Wine's desktop process for a program with windows), when winexec ends,
// however winexec ends: a caller that kills winexec (a test timeout) kills
// the program too. When the program cannot be started at all winexec exits
// with status 53, Wine's own status for a program it cannot load.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// cannotStart is the status Wine's loader exits with when it cannot load a
// program; callers already tell that case apart by it.
const cannotStart = 53

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: winexec PROGRAM [ARGS...]")
		return 2
	}
	cmd := exec.Command(windowsPath(args[0]), args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "winexec: %v\n", err)
		return cannotStart
	}
	if err := endWithMe(cmd.Process.Pid); err != nil {
		// The program still runs and reports; only a kill of winexec
		// would now leave it behind.
		fmt.Fprintf(os.Stderr, "winexec: %v\n", err)
	}
	code := 0
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			// It started, so how it ended is unknown: a failure, but
			// not the one of a program that could not be loaded.
			fmt.Fprintf(os.Stderr, "winexec: waiting for %s: %v\n", args[0], err)
			return 1
		}
		code = exit.ExitCode()
	}
	if path := os.Getenv("SLEAK_WINE_STATUS"); path != "" {
		if err := os.WriteFile(windowsPath(path), []byte(strconv.Itoa(code)+"\n"), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "winexec: recording the exit code: %v\n", err)
		}
	}
	return code
}

// windowsPath turns a Linux path into the same file on Wine's drive Z:;
// other paths are left as they are.
func windowsPath(p string) string {
	if !strings.HasPrefix(p, "/") {
		return p
	}
	return `Z:` + strings.ReplaceAll(p, "/", `\`)
}
