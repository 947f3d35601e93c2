// How many threads a command runs on: the one place that sizes the program's thread teams, for
// every subsystem (the count's oneTBB pools and OpenMP loops, the puzzle batches, verify, the
// Burnside runs). A request of 0 means every core; a request above oneTBB's parallelism limit
// (by default the cores this process may run on: a cgroup's or a Slurm allocation's) is cut to it,
// because an arena would get no more workers anyway and the figure printed and journaled must be
// the threads that really ran.
#pragma once

namespace gridenum {

// The threads a request resolves to (above); oneTBB arenas take it as their size.
int resolve_threads(int requested);

// resolve_threads, and OpenMP's team size set to it for the data-parallel loops (the catalogue,
// stack-list and census stages). Returns the threads used.
int use_threads(int requested);

}  // namespace gridenum
