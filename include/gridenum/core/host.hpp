// Provenance of a result: which program, on which machine, at what cost. A job's result.json
// carries these, as GIMPS results carry program version, machine and CPU time, so that a figure
// found in a folder months later says where it came from. Each is read from the system when asked;
// none can fail (an unreadable source gives "unknown").
#pragma once

#include <string>

namespace gridenum {

// "0.1.0": the CMake project version, compiled in.
std::string program_version();
// The program as a result document names it: "gridenum 0.1.0 (commit cb5a15f)" once the CLI has
// set the revision it was built from (set_program_revision, at start-up), else "gridenum 0.1.0"
// (a library caller, a test). A result must say which code computed it (docs/jobs.md).
std::string program_identity();
void set_program_revision(std::string revision);
// The host name (uname nodename).
std::string host_name();
// The CPU model as /proc/cpuinfo names it ("model name", else "Processor"/"cpu model"), e.g.
// "AMD EPYC 7B13"; "unknown" where there is none.
std::string cpu_model();
// Operating system and kernel: "Linux 6.1.0-18-amd64" (uname sysname and release).
std::string kernel_release();
// CPU seconds (user + system) used so far by this process, all its threads (getrusage).
double process_cpu_seconds();
// Now, UTC, ISO 8601 to the second: "2026-11-24T02:05:54Z".
std::string utc_now_iso8601();

}  // namespace gridenum
