// Result files kept compressed (stored_file.hpp). One whole-buffer decode with liblzma's stream
// decoder: the files are megabytes, read once per command.
#include "gridenum/core/stored_file.hpp"

#include <lzma.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>

#include "gridenum/core/errors.hpp"

namespace gridenum {

namespace fs = std::filesystem;

namespace {

bool is_xz(const fs::path& p) { return p.extension() == ".xz"; }

std::string unxz(const std::string& in, const fs::path& path) {
  lzma_stream s = LZMA_STREAM_INIT;
  // No memory limit of our own (UINT64_MAX): xz -9 needs 65 MiB to decode; LZMA_CONCATENATED
  // takes files joined by cat, as xz(1) does.
  if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
    throw IoError(path.string() + ": cannot start the xz decoder (out of memory?)");
  std::string out;
  char buf[1 << 16];
  s.next_in = reinterpret_cast<const std::uint8_t*>(in.data());
  s.avail_in = in.size();
  lzma_ret ret = LZMA_OK;
  while (ret == LZMA_OK) {
    s.next_out = reinterpret_cast<std::uint8_t*>(buf);
    s.avail_out = sizeof buf;
    ret = lzma_code(&s, s.avail_in == 0 ? LZMA_FINISH : LZMA_RUN);
    out.append(buf, sizeof buf - s.avail_out);
  }
  lzma_end(&s);
  if (ret != LZMA_STREAM_END) {
    const char* why = ret == LZMA_FORMAT_ERROR ? "not xz data"
                      : ret == LZMA_DATA_ERROR || ret == LZMA_BUF_ERROR ? "damaged or truncated xz data"
                      : ret == LZMA_MEM_ERROR ? "out of memory while decompressing"
                                              : "xz data the decoder refuses";
    throw InputError(path.string() + ": " + why + "; decompress it with `xz -dk " + path.string() +
                     "` to see, or restore the file");
  }
  return out;
}

}  // namespace

std::optional<fs::path> stored_file(const fs::path& file) {
  std::error_code ec;
  if (fs::exists(file, ec)) return file;
  fs::path xz = file;
  xz += ".xz";
  if (fs::exists(xz, ec)) return xz;
  return std::nullopt;
}

std::string read_stored_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(path.string() + ": cannot open (" + std::strerror(errno) + ")");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw IoError(path.string() + ": cannot read");
  return is_xz(path) ? unxz(text, path) : text;
}

std::string stored_name(const fs::path& path) {
  return is_xz(path) ? path.stem().string() : path.filename().string();
}

}  // namespace gridenum
