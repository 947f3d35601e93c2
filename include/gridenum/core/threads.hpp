// How many threads a command runs on: the one place that sizes the program's thread teams, for
// every subsystem (the count's oneTBB pools and parallel loops, the puzzle batches, verify, the
// Burnside runs). A request of 0 means every core; a request above oneTBB's parallelism limit
// (by default the cores this process may run on: a cgroup's or a Slurm allocation's) is cut to it,
// because an arena would get no more workers anyway and the figure printed and journaled must be
// the threads that really ran.
#pragma once

#include <functional>
#include <memory>

namespace gridenum {

// The threads a request resolves to (above); oneTBB arenas take it as their size.
int resolve_threads(int requested);

// The threads of a whole count, held for as long as the object lives: resolve_threads, and
// oneTBB's max_allowed_parallelism for the whole process. The cap is what makes `--threads 1`
// mean one thread: an arena sized by the count is not the only way work reaches oneTBB (a
// parallel_for outside any arena runs in the default one, sized by the machine), and the plan
// of a count (catalogue, stack list) runs before its pool exists. With the cap no arena gets
// more workers than the budget, so no worker thread beyond it is ever started. Budgets nest
// (oneTBB takes the smallest active cap).
// execute() runs a command's work in an arena of the budget's size, so that a parallel loop
// that names no arena of its own does not register demand in oneTBB's default arena (which
// oneTBB would meet with a worker once the cap is gone).
// Threads that do no counting are not workers and not capped: a command's signal watcher,
// progress ticker and journal writer (jobs/run_watch.hpp, jobs/job.cpp) sleep until they have
// something to do.
class ThreadBudget {
 public:
  explicit ThreadBudget(int requested);
  ~ThreadBudget();
  ThreadBudget(const ThreadBudget&) = delete;
  ThreadBudget& operator=(const ThreadBudget&) = delete;

  int threads() const { return threads_; }

  // Runs `work` on this thread inside the budget's arena; its exceptions reach the caller.
  void execute(const std::function<void()>& work) const;

 private:
  struct Cap;
  int threads_;
  std::unique_ptr<Cap> cap_;
};

}  // namespace gridenum
