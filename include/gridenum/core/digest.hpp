// SHA-256 (OpenSSL's libcrypto): the digest a file is named by where a wrong byte would change an
// answer -- result.txt against its result.json, the three-band F table a count used. Unlike the
// FNV-1a checksums of core/checksum.hpp (torn writes, flipped bits), a SHA-256 cannot be matched
// by changing other bytes of the file: a result that records the digest of the table or text it
// belongs to names exactly that table or text (docs/architecture.md, "What is checked on read").
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace gridenum {

// Incremental: update() any number of times, then hex() once (64 lower-case hex digits).
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(const void* data, std::size_t bytes);
  void update(std::string_view s) { update(s.data(), s.size()); }
  std::string hex();

 private:
  struct Context;
  std::unique_ptr<Context> ctx_;
  bool done_ = false;
};

std::string sha256_hex(std::string_view bytes);

// True for 64 lower-case hex digits (the form hex() writes).
bool is_sha256_hex(std::string_view s);

}  // namespace gridenum
