// SHA-256 (core/digest.hpp) against the FIPS 180-2 test vectors, incremental = one-shot.
#include "gridenum/core/digest.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gridenum {
namespace {

TEST(Digest, Sha256TestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Digest, IncrementalEqualsOneShot) {
  std::string s;
  for (int i = 0; i < 100000; ++i) s += static_cast<char>(i * 131 % 251);
  Sha256 h;
  for (std::size_t at = 0; at < s.size(); at += 977) h.update(std::string_view(s).substr(at, 977));
  const std::string a = h.hex();
  EXPECT_EQ(a, sha256_hex(s));
  EXPECT_TRUE(is_sha256_hex(a));
  EXPECT_FALSE(is_sha256_hex(a.substr(1)));
  EXPECT_FALSE(is_sha256_hex(std::string(64, 'G')));
  EXPECT_THROW(h.update("x"), std::logic_error);
}

}  // namespace
}  // namespace gridenum
