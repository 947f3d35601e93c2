// The catalogue cache of a job directory (docs/design.md section 3: "cached in the job directory
// with a checksum"). It keeps the figures and the class table -- what the count needs -- not
// the per-entry lists (entry_bands, entry_class), which no count stage reads and which would
// make the file ~1 MB for 9x9 instead of ~2 kB. A cached Catalogue therefore has empty
// entry_bands / entry_class.
//
// It is a cache: a missing, damaged or mismatched file is reported and rebuilt, never an error.
// Loading checks the checksum, the shape, that every representative is a valid catalogue entry
// with B1 canonical, and that the class sizes add up to the entry count.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "gridenum/count/stack/catalogue.hpp"

namespace gridenum {

std::string catalogue_cache_text(const Catalogue& cat);
// Replaced by rename but not fsync'd (write_file_replace, atomic_file.hpp): the loader checks
// it and a job rebuilds it when damaged, so a power cut costs at most one catalogue stage.
// Throws JobIoError.
void save_catalogue_cache(const std::filesystem::path& file, const Catalogue& cat);
// nullopt with the reason in *why when the file is missing, damaged or for another shape.
std::optional<Catalogue> load_catalogue_cache(const std::filesystem::path& file, Shape shape, std::string* why);

}  // namespace gridenum
