// `gridenum merge DIR...`: adds up the shards of one job (shard.hpp) into the total.
//
// Refuses, naming the directories involved (JobCheckError), unless the directories are exactly
// one job cut into M shards: the same fingerprint in every journal header, the same M, every
// shard K = 1..M given exactly once, every shard finished, every unit present exactly once. The
// counts then go through the method's reduction (work.hpp), as a single run's would.
#pragma once

#include <filesystem>
#include <vector>

#include "gridenum/jobs/journal.hpp"
#include "gridenum/jobs/work.hpp"

namespace gridenum {

struct MergeResult {
  MethodResult result;         // complete, as from a single run (text and JSON included)
  JournalHeader header;      // of shard 1
  std::vector<std::filesystem::path> dirs;  // in shard order
  std::string table_sha256;  // the F table every shard journalled (three-band), empty when none did
  std::string table_where;   // which journal line first named it
  struct Journal {
    std::filesystem::path dir;
    Shard shard;
    std::uint64_t units = 0;
    std::string units_sha256;  // journal_units_sha256
    JournalCpu cpu;            // the CPU time its sessions recorded (journal.hpp, C records)
  };
  std::vector<Journal> journals;  // in shard order
  JournalCpu cpu;                 // the journals' CPU time added: the run's measured cost
};

// threads: for rebuilding the catalogue when no shard has a cache.
MergeResult merge_jobs(const std::vector<std::filesystem::path>& dirs, int threads = 0);

// `merge --output OUT`: JobInputError when OUT is one of `inputs` (the same directory by another
// name included: compared after resolving symlinks and dots) or any job directory (it holds
// config.toml, a journal or a lock) -- writing result.txt / result.json there would overwrite a
// shard's or a job's own results. A new folder or an earlier merge output is fine.
void check_merge_output(const std::filesystem::path& out, const std::vector<std::filesystem::path>& inputs);

}  // namespace gridenum
