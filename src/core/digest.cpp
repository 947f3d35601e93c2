// SHA-256 through OpenSSL's EVP interface (digest.hpp).
#include "gridenum/core/digest.hpp"

#include <openssl/evp.h>

#include <stdexcept>

namespace gridenum {

struct Sha256::Context {
  EVP_MD_CTX* md = nullptr;
  ~Context() { EVP_MD_CTX_free(md); }
};

Sha256::Sha256() : ctx_(std::make_unique<Context>()) {
  ctx_->md = EVP_MD_CTX_new();
  if (!ctx_->md || EVP_DigestInit_ex(ctx_->md, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL: cannot start a SHA-256 digest");
}

Sha256::~Sha256() = default;

void Sha256::update(const void* data, std::size_t bytes) {
  if (done_) throw std::logic_error("Sha256::update after hex()");
  if (bytes && EVP_DigestUpdate(ctx_->md, data, bytes) != 1) throw std::runtime_error("OpenSSL: SHA-256 update failed");
}

std::string Sha256::hex() {
  if (done_) throw std::logic_error("Sha256::hex called twice");
  done_ = true;
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (EVP_DigestFinal_ex(ctx_->md, out, &n) != 1 || n != 32) throw std::runtime_error("OpenSSL: SHA-256 final failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  s.reserve(64);
  for (unsigned i = 0; i < n; ++i) {
    s += kHex[out[i] >> 4];
    s += kHex[out[i] & 15];
  }
  return s;
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 h;
  h.update(bytes);
  return h.hex();
}

bool is_sha256_hex(std::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace gridenum
