// Compresses a file to FILE.xz with liblzma and removes FILE, as `xz -9 FILE` does: the form a
// certificate's large result files are committed in (core/stored_file.hpp). In-process, so the
// tests need no xz(1).
#pragma once

#include <lzma.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace gridenum::testing {

inline std::string xz_bytes(const std::string& text, std::uint32_t preset = 6) {
  std::vector<std::uint8_t> out(lzma_stream_buffer_bound(text.size()));
  std::size_t pos = 0;
  if (lzma_easy_buffer_encode(preset, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()),
                              text.size(), out.data(), &pos, out.size()) != LZMA_OK)
    throw std::runtime_error("xz_bytes: lzma_easy_buffer_encode failed");
  return std::string(reinterpret_cast<const char*>(out.data()), pos);
}

inline void xz_file(const fs::path& file) {
  fs::path xz = file;
  xz += ".xz";
  spit(xz, xz_bytes(slurp(file)));
  fs::remove(file);
}

}  // namespace gridenum::testing
