// Result files kept compressed: a certificate of a large count (the 2x6 merge lists 63,199 classes,
// 15 MB of JSON and text) is committed as FILE.xz, and every reader of results takes either form.
//
// The rule: FILE if it exists, else FILE.xz; a path that names FILE.xz itself is decompressed.
// xz (liblzma, Debian's liblzma-dev) because the files are written once by `xz -9` and read by
// anyone: about 25 times smaller than the JSON, where git's own zlib is about 3 times.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace gridenum {

// FILE when it exists, else FILE.xz when that exists, else nullopt.
std::optional<std::filesystem::path> stored_file(const std::filesystem::path& file);

// The text of `path` (a file a user names: symbolic links followed), decompressed when its name
// ends in ".xz".
// Throws InputError naming the file for data that is not a whole xz stream (damaged, truncated),
// IoError for a file that cannot be read.
std::string read_stored_file(const std::filesystem::path& path);

// A file's name with ".xz" dropped ("result.json.xz" -> "result.json"), else the name as it is.
std::string stored_name(const std::filesystem::path& path);

}  // namespace gridenum
