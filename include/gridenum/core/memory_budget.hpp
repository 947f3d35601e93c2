// A ceiling on the memory a count may hold (memory stated up front and bounded: a run on
// this 24 GiB machine must fit), and what this machine -- or the Slurm allocation it runs
// in -- gives a process.
//
// Why a budget and not just "so many GB per thread". The 2x6 / 6x2 footprint counter
// (count/side2/two_stack_split.cpp) grows open-addressing state tables whose size is known only once they
// are filled: a few MB for most classes, 1 GB for class 1, 4.2 GiB for class 5 (measured,
// docs/methods/side2.md). Sizing threads by the worst class wastes a node on the 60,000 easy
// classes; sizing by the typical one lets two hard classes meet on a 24 GiB machine, or 64 of them
// on a node, and the kernel's OOM killer ends the job. So every table reserves its bytes here
// before allocating them: a reservation that would pass the limit is refused
// (MemoryBudgetExceeded), the counter unwinds and frees what it held, and the caller decides -- the
// side-2 run counts that class again alone once the others are done (count/side2/side2.cpp), and fails
// with this error, naming the class, only when the class alone does not fit. Nothing is lost:
// finished classes are in the journal, and the refused one is recounted from the start.
//
// What it does not see: memory that is not reserved here (the class table, the other structures
// of a few MB). The limit is therefore set below the machine's memory (default_memory_limit).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gridenum {

// A reservation the budget refused: what was asked, what was held then, the limit.
class MemoryBudgetExceeded : public std::runtime_error {
 public:
  MemoryBudgetExceeded(std::uint64_t wanted, std::uint64_t held, std::uint64_t limit);
  std::uint64_t wanted, held, limit;
};

class MemoryBudget {
 public:
  // limit 0: no limit (reservations are still counted, for peak()).
  explicit MemoryBudget(std::uint64_t limit = 0) : limit_(limit) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  // Takes `bytes` out of the budget, or throws MemoryBudgetExceeded and takes nothing.
  // Thread-safe (one atomic compare-exchange loop).
  void reserve(std::uint64_t bytes);
  void release(std::uint64_t bytes) noexcept;

  std::uint64_t limit() const { return limit_; }
  std::uint64_t held() const { return held_.load(std::memory_order_relaxed); }
  std::uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

 private:
  std::uint64_t limit_;
  std::atomic<std::uint64_t> held_{0}, peak_{0};
};

// The memory this process may use: the smaller of the machine's physical memory and the limit of
// its cgroup (cgroup v2 memory.max, or v1 memory.limit_in_bytes: what Slurm's --mem sets with
// cgroup task confinement), in bytes; 0 when neither can be read.
std::uint64_t memory_available();

// The default limit of a count's budget: 90 % of memory_available() (the rest for what the
// budget does not see: the class tables, the process, the page cache of the journal), 0 (none)
// when it is unknown.
std::uint64_t default_memory_limit();

// "20G", "512M", "1.5G", "4096K", "1073741824" (bytes): binary units (K = 1024). nullopt for
// anything else (an error message is the caller's: it knows the option or key).
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

// "4.2 GiB", "136 MiB", "950 KiB", "12 bytes".
std::string format_bytes(std::uint64_t bytes);

}  // namespace gridenum
