// The signature walks a symmetry job keeps: the file format and its checks (walk_store.hpp).
#include "gridenum/jobs/walk_store.hpp"

#include <charconv>
#include <cstdint>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {
constexpr const char* kMagic = "gridenum signature walk 1";
}  // namespace

std::string walk_text(const std::string& key, const SignatureWalk& walk) {
  fmt::memory_buffer out;
  fmt::format_to(std::back_inserter(out), "{}\nkey {}\nmembers {}\norbits {}\n", kMagic, key, walk.members,
                 walk.orbits.size());
  for (const SignatureOrbit& o : walk.orbits)
    fmt::format_to(std::back_inserter(out), "{} {} {}\n", o.first, o.members, o.signatures);
  std::string text = fmt::to_string(out);
  text += "sha256 " + sha256_hex(text) + "\n";
  return text;
}

fs::path walk_file(const fs::path& walks_dir, const std::string& key) {
  return walks_dir / (sha256_hex(key).substr(0, 16) + ".walk");
}

void save_walk(const fs::path& walks_dir, const std::string& key, const SignatureWalk& walk) {
  std::error_code ec;
  fs::create_directories(walks_dir, ec);
  if (ec) throw IoError(fmt::format("cannot create {}: {}", walks_dir.string(), ec.message()));
  write_file_replace(walk_file(walks_dir, key), walk_text(key, walk));
}

std::optional<SignatureWalk> load_walk(const fs::path& walks_dir, const std::string& key, std::string* why) {
  why->clear();
  const fs::path file = walk_file(walks_dir, key);
  std::error_code ec;
  if (!fs::exists(file, ec)) return std::nullopt;
  std::string text;
  try {
    text = read_whole_file(file);
  } catch (const std::exception& e) {
    *why = e.what();
    return std::nullopt;
  }
  // Lines, each with its number for the reason.
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) {
      *why = fmt::format("{}: the last line is cut off (no newline)", file.string());
      return std::nullopt;
    }
    lines.emplace_back(text.data() + at, end - at);
    at = end + 1;
  }
  const auto bad = [&](std::size_t line, const std::string& what) {
    *why = fmt::format("{}, line {}: {}", file.string(), line + 1, what);
    return std::nullopt;
  };
  if (lines.size() < 5) return bad(lines.size() == 0 ? 0 : lines.size() - 1, "too short for a walk");
  const std::string_view last = lines.back();
  const std::size_t body_bytes = static_cast<std::size_t>(last.data() - text.data());
  if (last.substr(0, 7) != "sha256 " || last.substr(7) != sha256_hex(std::string_view(text.data(), body_bytes)))
    return bad(lines.size() - 1, "the SHA-256 of the lines above is not the one recorded (a torn or edited file)");
  if (lines[0] != kMagic) return bad(0, fmt::format("not \"{}\"", kMagic));
  if (lines[1] != "key " + key)
    return bad(1, fmt::format("a walk of another family (\"{}\", asked for \"key {}\")", lines[1], key));
  const auto number = [](std::string_view s, std::uint64_t& v) {
    const auto [p, e] = std::from_chars(s.data(), s.data() + s.size(), v);
    return e == std::errc() && p == s.data() + s.size() && !s.empty();
  };
  SignatureWalk walk;
  std::uint64_t n = 0;
  if (lines[2].substr(0, 8) != "members " || !number(lines[2].substr(8), walk.members))
    return bad(2, "expected \"members <count>\"");
  if (lines[3].substr(0, 7) != "orbits " || !number(lines[3].substr(7), n)) return bad(3, "expected \"orbits <count>\"");
  if (n != lines.size() - 5)
    return bad(3, fmt::format("{} orbits announced, {} orbit lines follow", n, lines.size() - 5));
  walk.orbits.resize(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < walk.orbits.size(); ++k) {
    const std::string_view l = lines[4 + k];
    const std::size_t a = l.find(' '), b = a == std::string_view::npos ? a : l.find(' ', a + 1);
    SignatureOrbit& o = walk.orbits[k];
    if (b == std::string_view::npos || !number(l.substr(0, a), o.first) || !number(l.substr(a + 1, b - a - 1), o.members) ||
        !number(l.substr(b + 1), o.signatures))
      return bad(4 + k, "expected \"<first member> <members> <signatures>\"");
  }
  return walk;
}

}  // namespace gridenum
