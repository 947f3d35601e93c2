// Stage 3: the completion counter -- the hot loop. For one work unit it returns
//   sum over stack fillings S in the slice of  #completions(class representative, S),
// the completions of the boxes outside the top band and stack 1.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "gridenum/core/arith.hpp"
#include "gridenum/core/cpu.hpp"
#include "gridenum/count/stack/plan.hpp"

namespace gridenum {

enum class Kernel {
  Partition,  // default: boxes as (row partition, column partition) pairs, bitset contraction
  Backtrack,  // plain cell-by-cell backtracking: the slow independent check
};
std::string to_string(Kernel k);
bool parse_kernel(std::string_view text, Kernel& out);

// The partition kernel's tables that depend on the stack list only: the row-set partitions of
// the patterns, their row chains, and which row chains fit which column partition (every column
// partition of a box, so nothing here depends on the catalogue). A count builds them once; the
// job layer builds them beside the catalogue (src/count/stack/method.cpp), off the count's
// critical path. Opaque: only the completion counter reads them.
struct PartitionStackTables;
std::shared_ptr<const PartitionStackTables> build_partition_stack_tables(const StackList& stacks);

class CompletionCounter {
 public:
  // `isa`: the instruction-set level of the hot loops; nullopt is selected_isa() (the widest the
  // CPU runs, or GRIDENUM_ISA). std::logic_error for a level this binary or CPU cannot run.
  // `stack_tables`: built from `stacks` beforehand (std::invalid_argument when they were built
  // from another stack list), or nullptr to build them here; the backtracking kernel reads none.
  CompletionCounter(const Catalogue& cat, const StackList& stacks, Kernel kernel, std::optional<Isa> isa = std::nullopt,
                    std::shared_ptr<const PartitionStackTables> stack_tables = nullptr);
  ~CompletionCounter();
  CompletionCounter(const CompletionCounter&) = delete;
  CompletionCounter& operator=(const CompletionCounter&) = delete;

  // Thread-safe: many threads may count different units at once. The counter keeps references
  // to the catalogue and stack list: they must outlive it.
  u128 count(const WorkUnit& unit) const;
  // Frees the per-class tables of the partition kernel (rebuilt if the class is counted again).
  // Must not run concurrently with count() on a unit of the same class.
  void release(std::uint32_t cls) const;
  Kernel kernel() const;
  // The instruction-set level of the partition kernel's hot loops (core/cpu.hpp, selected_isa()).
  Isa isa() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gridenum
