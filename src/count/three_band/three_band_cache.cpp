// The three-band F table on disk: see three_band_cache.hpp for what is stored and why nothing
// read is trusted. This file: the header (part 1), writing (part 2), reading and checking
// (part 3), and the counter that takes whichever is there (part 4).
//
// File layout (all integers native byte order, the marker below catches a foreign one):
//
//   offset  size        field
//   0       16          magic "gridenum F3band\n"
//   16      4           marker 0x01020304
//   20      4           format version (kVersion)
//   24      4 + 4       rows, cols of the counted shape
//   32      8           pair types T
//   40      8           slots per type S
//   48      8           layout fingerprint (ThreeBandCounter::layout_fingerprint)
//   56      8 + 8       orbits, colourings of the build that wrote it (figures only)
//   72      8           largest value (checked against the values read)
//   80      8 T         checksum of each type's 4 S bytes (word_checksum: says which type is torn)
//   80+8T   64          SHA-256 of all the slots' bytes, type after type, in hex (three_band_table_sha256)
//   144+8T  8           FNV-1a of bytes 0 .. 144+8T
//   152+8T  4 S T       the slots, type after type
//
// Version 2 added the SHA-256: a forged slot with its type's and the header's FNV checksums
// recomputed passed version 1's checks and the 64 spot checks, and a count printed a wrong total.
#include "gridenum/count/three_band/three_band_cache.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <random>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "gridenum/core/phase.hpp"
#include "gridenum/core/atomic_file.hpp"
#include "gridenum/core/checksum.hpp"
#include "gridenum/core/digest.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/timing.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

// ---- Part 1: the header ----------------------------------------------------------------------
constexpr char kMagic[16] = {'g', 'r', 'i', 'd', 'e', 'n', 'u', 'm', ' ', 'F', '3', 'b', 'a', 'n', 'd', '\n'};
constexpr std::uint32_t kMarker = 0x01020304u;
constexpr std::uint32_t kVersion = 2;

// A checksum of a type's slots, 64 bits at a time (byte-wise FNV-1a would take seconds over
// 1.2 GB; this takes about 20 ms per type): FNV-1a's step on words, then a final mix. Catches
// torn and flipped bytes; it is no defence against a forged file (checksum.hpp says the same).
std::uint64_t word_checksum(const std::uint32_t* v, std::uint64_t n) {
  std::uint64_t h = kFnvOffset ^ n;
  std::uint64_t i = 0;
  for (; i + 1 < n; i += 2) {
    std::uint64_t w;
    std::memcpy(&w, v + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
  }
  if (i < n) h = (h ^ v[i]) * 0x100000001b3ull;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

struct Header {
  std::uint32_t rows = 0, cols = 0;
  std::uint64_t types = 0, slots = 0, layout = 0, orbits = 0, colourings = 0, max_value = 0;
  std::vector<std::uint64_t> sums;  // per type
  std::array<char, 64> sha256{};  // hex digits

  std::string bytes() const {
    std::string b(kMagic, sizeof kMagic);
    auto put = [&](auto v) { b.append(reinterpret_cast<const char*>(&v), sizeof v); };
    put(kMarker);
    put(kVersion);
    put(rows);
    put(cols);
    put(types);
    put(slots);
    put(layout);
    put(orbits);
    put(colourings);
    put(max_value);
    for (auto s : sums) put(s);
    put(sha256);
    put(fnv1a64(b));
    return b;
  }
};

// ---- Part 2: writing -------------------------------------------------------------------------
// Every byte, restarting after EINTR and short writes.
// ---- Part 3: reading -------------------------------------------------------------------------
class Reader {
 public:
  explicit Reader(const fs::path& file) : in_(file, std::ios::binary) {}
  bool open() const { return static_cast<bool>(in_); }
  template <class T>
  bool get(T& v) {
    in_.read(reinterpret_cast<char*>(&v), sizeof v);
    bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    return static_cast<bool>(in_);
  }
  bool get_raw(void* p, std::size_t n) {
    in_.read(static_cast<char*>(p), static_cast<std::streamsize>(n));
    return static_cast<bool>(in_);
  }
  const std::string& header_bytes() const { return bytes_; }
  bool at_end() { return in_.peek() == std::char_traits<char>::eof(); }

 private:
  std::ifstream in_;
  std::string bytes_;
};

// A random configuration of one band: each box's digits shuffled and cut into three sets.
std::vector<DigitMask> random_band(Shape s, std::mt19937_64& rng) {
  std::vector<DigitMask> cols;
  std::vector<int> d(static_cast<std::size_t>(s.n()));
  for (int b = 0; b < s.rows; ++b) {
    for (int i = 0; i < s.n(); ++i) d[static_cast<std::size_t>(i)] = i;
    std::shuffle(d.begin(), d.end(), rng);
    for (int j = 0; j < s.cols; ++j) {
      DigitMask m = 0;
      for (int k = 0; k < s.rows; ++k) m |= DigitMask{1} << d[static_cast<std::size_t>(j * s.rows + k)];
      cols.push_back(m);
    }
  }
  return cols;
}

}  // namespace

std::string ThreeBandCacheNote::str() const {
  switch (outcome) {
    case Outcome::None:
      return "F table built (no table cache)";
    case Outcome::Loaded:
      return fmt::format("F table read from {} in {:.1f} s ({} random bands recounted, all equal)", file.string(), seconds,
                         spot_checks);
    case Outcome::Written:
      return fmt::format("F table built and written to {} ({}; {:.1f} s)", file.string(), why, seconds);
    case Outcome::NotWritten:
      return fmt::format("F table built; the cache {} was not written ({})", file.string(), why);
  }
  return {};
}

std::string three_band_table_sha256(const ThreeBandCounter& c) {
  Sha256 sha;
  for (std::size_t t = 0; t < c.table_types(); ++t) sha.update(c.table_data(t), c.table_slots_per_type() * 4);
  return sha.hex();
}

fs::path three_band_cache_file(const fs::path& dir, Shape s) { return dir / fmt::format("three-band-{}.ftab", s.str()); }

void save_three_band_cache(const ThreeBandCounter& c, const fs::path& file) {
  Header h;
  h.rows = static_cast<std::uint32_t>(c.shape().rows);
  h.cols = static_cast<std::uint32_t>(c.shape().cols);
  h.types = c.table_types();
  h.slots = c.table_slots_per_type();
  h.layout = c.layout_fingerprint();
  h.orbits = c.stats().orbits;
  h.colourings = c.stats().colourings;
  h.max_value = c.stats().max_table_value;
  for (std::size_t t = 0; t < h.types; ++t) h.sums.push_back(word_checksum(c.table_data(t), h.slots));
  const std::string digest = three_band_table_sha256(c);
  std::copy(digest.begin(), digest.end(), h.sha256.begin());
  const std::string head = h.bytes();

  std::error_code ec;
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  if (ec) throw IoError(fmt::format("cannot create the table cache directory '{}': {}", file.parent_path().string(), ec.message()));
  // Temporaries FILE.tmp.PID of writers that died before their rename (a SIGKILL while 1.2 GB
  // were being written): removed when their process is gone and they are over an hour old (the
  // directory may be shared by the shards of an array on several hosts).
  remove_stale_temporaries(file.parent_path(), file.filename().string() + ".tmp.", std::chrono::hours(1));
  // Written through FILE.tmp.PID and renamed (core/atomic_file.hpp), straight from the tables:
  // a shared directory, so a temporary of this pid from another host makes this writer give up.
  write_file_replace(
      file,
      [&](const auto& put) {
        put(head);
        for (std::size_t t = 0; t < h.types; ++t)
          put(std::string_view(reinterpret_cast<const char*>(c.table_data(t)), h.slots * 4));
      },
      true);
}

std::unique_ptr<ThreeBandCounter> load_three_band_cache(Shape s, int threads, const fs::path& file, int spot_checks,
                                                        std::string* why, std::string* sha256, std::uint64_t rebuild_up_to) {
  auto fail = [&](std::string w) -> std::unique_ptr<ThreeBandCounter> {
    if (why) *why = std::move(w);
    return nullptr;
  };
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return fail("no cache file yet");
  Reader in(file);
  if (!in.open()) return fail(fmt::format("cannot open it: {}", std::strerror(errno)));
  char magic[sizeof kMagic];
  std::uint32_t marker = 0, version = 0;
  Header h;
  if (!in.get(magic) || std::memcmp(magic, kMagic, sizeof kMagic) != 0) return fail("not a gridenum F table cache");
  if (!in.get(marker) || marker != kMarker) return fail("written on a machine of the other byte order");
  if (!in.get(version) || version != kVersion) return fail(fmt::format("format version {}, this build reads {}", version, kVersion));
  if (!in.get(h.rows) || !in.get(h.cols) || !in.get(h.types) || !in.get(h.slots) || !in.get(h.layout) || !in.get(h.orbits) ||
      !in.get(h.colourings) || !in.get(h.max_value))
    return fail("its header is cut short");
  if (h.rows != static_cast<std::uint32_t>(s.rows) || h.cols != static_cast<std::uint32_t>(s.cols))
    return fail(fmt::format("it holds the table of {}x{}, not {}", h.rows, h.cols, s.str()));
  if (h.types == 0 || h.types > 64) return fail(fmt::format("its header is damaged ({} pair types)", h.types));
  h.sums.resize(h.types);
  for (auto& x : h.sums)
    if (!in.get(x)) return fail("its header is cut short");
  if (!in.get(h.sha256)) return fail("its header is cut short");
  const std::uint64_t head_sum = fnv1a64(in.header_bytes());
  std::uint64_t stored = 0;
  if (!in.get(stored) || stored != head_sum) return fail("its header's checksum differs (a damaged file)");

  std::string problem;
  std::unique_ptr<ThreeBandCounter> c;
  Sha256 sha;  // over every byte of the slots, as they are read
  try {
    ThreeBandCounter::TableSource src;
    src.orbits = h.orbits;
    src.colourings = h.colourings;
    src.fill = [&](std::size_t t, std::uint32_t* data, std::uint64_t slots) {
      if (t >= h.types || slots != h.slots)
        throw CheckError(fmt::format("it holds {} types of {} slots, this build {} slots per type", h.types, h.slots, slots));
      if (!in.get_raw(data, slots * 4)) throw CheckError(fmt::format("it is cut short in pair type {}", t));
      if (word_checksum(data, slots) != h.sums[t]) throw CheckError(fmt::format("pair type {}'s checksum differs", t));
      sha.update(data, slots * 4);
    };
    c = std::make_unique<ThreeBandCounter>(s, threads, src);
  } catch (const CheckError& e) {
    problem = e.what();
  }
  if (!c) return fail(problem);
  if (c->table_types() != h.types) return fail(fmt::format("it holds {} pair types, this build has {}", h.types, c->table_types()));
  if (!in.at_end()) return fail("it has bytes after the table");
  const std::string digest = sha.hex();
  if (digest != std::string(h.sha256.begin(), h.sha256.end()))
    return fail("the SHA-256 of its slots is not the one its header records (a damaged or altered file)");
  if (c->layout_fingerprint() != h.layout)
    return fail("its slots are indexed differently (written by a build that numbers partitions or types otherwise)");
  if (c->stats().max_table_value != h.max_value)
    return fail(fmt::format("its largest value is {}, its header says {}", c->stats().max_table_value, h.max_value));
  // A table small enough to build in well under a second (every shape but 4x3) is checked whole:
  // built again and compared by digest, so that even a file forged with every checksum and its
  // SHA-256 recomputed is refused. 4x3's 300 million slots take minutes to build: there the
  // SHA-256 is what is checked, and the result names the table by it (three_band_run.cpp).
  if (c->table_types() * c->table_slots_per_type() <= rebuild_up_to) {
    const ThreeBandCounter rebuilt(s, threads);
    if (three_band_table_sha256(rebuilt) != digest)
      return fail("its slots differ from the table built again to check it (an altered file)");
  }
  if (sha256) *sha256 = digest;
  // The colouring count itself on random bands, every lookup path (relabelling, pair type, slot).
  std::mt19937_64 rng(std::random_device{}());
  for (int k = 0; k < spot_checks; ++k) {
    const auto band = random_band(s, rng);
    const std::uint64_t want = three_band_fillings(s, band), got = c->band_fillings(band);
    if (want != got)
      return fail(fmt::format("a random band's F is {} by the colouring count and {} by the table ({})", want, got,
                              signature_string(s, band)));
  }
  return c;
}

std::unique_ptr<ThreeBandCounter> three_band_counter_cached(Shape s, int threads, const fs::path& dir, ThreeBandCacheNote* note) {
  ThreeBandCacheNote local;
  ThreeBandCacheNote& n = note ? *note : local;
  n = ThreeBandCacheNote{};
  const auto t0 = SteadyClock::now();
  if (dir.empty()) {
    auto c = std::make_unique<ThreeBandCounter>(s, threads);
    n.sha256 = three_band_table_sha256(*c);
    return c;
  }
  n.file = three_band_cache_file(dir, s);
  std::string why;
  if (auto c = load_three_band_cache(s, threads, n.file, kThreeBandCacheSpotChecks, &why, &n.sha256)) {
    n.outcome = ThreeBandCacheNote::Outcome::Loaded;
    n.spot_checks = kThreeBandCacheSpotChecks;
    n.seconds = seconds_since(t0);
    return c;
  }
  auto c = std::make_unique<ThreeBandCounter>(s, threads);
  n.sha256 = three_band_table_sha256(*c);
  try {
    Phase phase("writing the " + s.str() + " F table cache " + n.file.string());  // no steps: the write is not cut
    save_three_band_cache(*c, n.file);
    n.outcome = ThreeBandCacheNote::Outcome::Written;
    n.why = "no usable cache: " + why;
  } catch (const std::exception& e) {
    n.outcome = ThreeBandCacheNote::Outcome::NotWritten;
    n.why = e.what();
  }
  n.seconds = seconds_since(t0);
  return c;
}

}  // namespace gridenum
