// The signature walks a symmetry job keeps, in DIR/walks/ (FixedParts::known_walk and walk_done,
// symmetry/fixed_grids.hpp; docs/jobs.md, "Symmetry jobs"). A heavy 12x12 class walks a family
// of up to 9.2e8 members before its band counts start -- up to an hour at nice 19 -- and a
// stopped class would walk it again before it could take back a single part. Kept, the walk is
// read back in milliseconds, by the class and by its siblings that share the family.
//
// One file a walk, walks/<the first 16 hex digits of the key's SHA-256>.walk:
//
//   gridenum signature walk 1
//   key <the kernel's key: walk.v1.<R>.<column part>.<relabelling type>.<swap|keep>>
//   members <the family's size>
//   orbits <n>
//   <first member> <members> <signatures>      one line an orbit, n lines, the first member 0
//   sha256 <the SHA-256 of every byte above this line>
//
// It is a cache, like a job's catalogue cache: a missing, damaged or mismatched file is reported
// (load_walk's why) and the walk made again, never an error. The SHA-256 rules out torn writes
// and stray edits; the kernel then checks that the walk fits its family (check_stored_walk,
// fixed_signatures.cpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "gridenum/symmetry/fixed_grids.hpp"

namespace gridenum {

std::string walk_text(const std::string& key, const SignatureWalk& walk);
std::filesystem::path walk_file(const std::filesystem::path& walks_dir, const std::string& key);

// Creates walks_dir if needed; replaced by rename, not fsync'd (write_file_replace,
// core/atomic_file.hpp): a power cut costs at most the walk. Throws IoError.
void save_walk(const std::filesystem::path& walks_dir, const std::string& key, const SignatureWalk& walk);

// nullopt when there is no such file (why: empty) or it is damaged or another key's (why: the
// file, the line and what is wrong).
std::optional<SignatureWalk> load_walk(const std::filesystem::path& walks_dir, const std::string& key,
                                       std::string* why);

}  // namespace gridenum
