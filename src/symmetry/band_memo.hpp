// The band counter's memo (fixed_signatures.cpp, BandCounter): remaining edge sets -> counts.
//
// Why a table of its own. A 12-digit band count with symmetry looks up its memo once for every
// matching it completes -- millions of times a second -- and std::unordered_map spent a fifth of
// the counter's time in its node chains (perf, 2x6 class 2995's band symmetry on random
// signatures). This is open addressing with linear probing over 32-byte keys (the counter's 16
// rows of 16 bits, the cycle lengths left in the last row), grown at half full. Measured on the
// same inputs: 2.08 s -> 1.93 s for four counts (docs/symmetry.md, *Band counts*).
//
// Layout of one slot (48 bytes, a slot's "used" flag beside it in a byte array):
//
//   k[0..3]  the key: rows 0-3, 4-7, 8-11, 12-15 (16 bits each; row 15 holds the lengths left)
//   v        the count (u128)
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "gridenum/core/arith.hpp"

namespace gridenum::detail {

class BandMemo {
 public:
  using Key = std::uint64_t[4];

  BandMemo() { clear(); }

  // The count stored for k, or nullptr.
  const u128* find(const Key& k) const {
    for (std::size_t i = hash(k) & mask_;; i = (i + 1) & mask_) {
      if (!used_[i]) return nullptr;
      const Slot& s = slots_[i];
      if (s.k[0] == k[0] && s.k[1] == k[1] && s.k[2] == k[2] && s.k[3] == k[3]) return &s.v;
    }
  }
  // k must not be in the table (the counter stores a state once, after a miss).
  void insert(const Key& k, u128 v) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    put(k, v);
  }
  std::size_t size() const { return size_; }
  void clear() {
    slots_.assign(kFirst, Slot{});
    used_.assign(kFirst, 0);
    mask_ = kFirst - 1;
    size_ = 0;
  }

 private:
  // The first table: 64 slots (3 KB). A band swap builds two counters per relabelling, many of
  // them for a handful of states; 4096 slots (196 KB, above malloc's mmap threshold) made every
  // counter map, clear and unmap fresh pages -- 73 % of a 3x3 band-swap test's time in perf,
  // page faults and memset (docs/symmetry.md, *The band memo's first table*).
  static constexpr std::size_t kFirst = 64;
  struct Slot {
    std::uint64_t k[4];
    u128 v;
  };
  static std::uint64_t hash(const Key& k) {
    std::uint64_t h = 0x243F6A8885A308D3ull;
    for (int i = 0; i < 4; ++i) h = (h ^ k[i]) * 0x9E3779B97F4A7C15ull, h ^= h >> 29;
    return h;
  }
  void put(const Key& k, u128 v) {
    std::size_t i = hash(k) & mask_;
    while (used_[i]) i = (i + 1) & mask_;
    used_[i] = 1;
    std::memcpy(slots_[i].k, k, sizeof(Key));
    slots_[i].v = v;
    ++size_;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    std::vector<std::uint8_t> old_used = std::move(used_);
    slots_.assign(2 * old.size(), Slot{});
    used_.assign(slots_.size(), 0);
    mask_ = slots_.size() - 1;
    size_ = 0;
    for (std::size_t i = 0; i < old.size(); ++i)
      if (old_used[i]) put(old[i].k, old[i].v);
  }
  std::vector<Slot> slots_;
  std::vector<std::uint8_t> used_;
  std::size_t mask_ = 0, size_ = 0;
};

}  // namespace gridenum::detail
