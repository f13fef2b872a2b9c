//go:build windows

package main

import (
	"fmt"
	"syscall"
	"unsafe"
)

var (
	kernel32                 = syscall.NewLazyDLL("kernel32.dll")
	procCreateJobObjectW     = kernel32.NewProc("CreateJobObjectW")
	procSetInformationJob    = kernel32.NewProc("SetInformationJobObject")
	procAssignProcessToJob   = kernel32.NewProc("AssignProcessToJobObject")
	jobObjectExtendedLimit   = uintptr(9)     // JobObjectExtendedLimitInformation
	jobLimitKillOnJobClose   = uint32(0x2000) // JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	processSetQuotaTerminate = uint32(0x0101) // PROCESS_SET_QUOTA | PROCESS_TERMINATE
)

// extendedLimits is JOBOBJECT_EXTENDED_LIMIT_INFORMATION on 64-bit Windows.
type extendedLimits struct {
	perProcessUserTimeLimit int64
	perJobUserTimeLimit     int64
	limitFlags              uint32
	minimumWorkingSetSize   uintptr
	maximumWorkingSetSize   uintptr
	activeProcessLimit      uint32
	affinity                uintptr
	priorityClass           uint32
	schedulingClass         uint32
	ioCounters              [6]uint64
	processMemoryLimit      uintptr
	jobMemoryLimit          uintptr
	peakProcessMemoryUsed   uintptr
	peakJobMemoryUsed       uintptr
}

// endWithMe puts process pid into a job that is closed, and the process
// with it, when this process ends: the job's one handle is never closed
// before then, on purpose.
func endWithMe(pid int) error {
	job, _, err := procCreateJobObjectW.Call(0, 0)
	if job == 0 {
		return fmt.Errorf("CreateJobObject: %w", err)
	}
	limits := extendedLimits{limitFlags: jobLimitKillOnJobClose}
	if ok, _, err := procSetInformationJob.Call(job, jobObjectExtendedLimit, uintptr(unsafe.Pointer(&limits)), unsafe.Sizeof(limits)); ok == 0 {
		return fmt.Errorf("SetInformationJobObject: %w", err)
	}
	process, err := syscall.OpenProcess(processSetQuotaTerminate, false, uint32(pid))
	if err != nil {
		return fmt.Errorf("OpenProcess %d: %w", pid, err)
	}
	defer syscall.CloseHandle(process)
	if ok, _, err := procAssignProcessToJob.Call(job, uintptr(process)); ok == 0 {
		return fmt.Errorf("AssignProcessToJobObject: %w", err)
	}
	return nil
}
