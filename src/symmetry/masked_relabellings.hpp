// The relabellings pi with an allowed cycle type whose every digit x goes where a mask allows
// (pi(x) in allowed[x]): what the catalogue sums of band swaps (fixed_band_swaps.cpp: band 2 must
// miss band 1 column by column) and band keeps (fixed_band_keeps.cpp: band 1 must be invariant)
// run over for each class and conjugate.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "gridenum/symmetry/permutation.hpp"

namespace gridenum::detail {

// The relabellings pi that meet the masks (pi(x) in allowed[x]) and have an allowed type, each
// handed to `visit`. Built cycle by cycle from the smallest digit not yet placed, a cycle closed
// only where some allowed type still has room for it and grown only while some type has a longer
// cycle to come. (Listing every permutation the masks allow and testing its type at the end took
// 54 % of 3x4 class 3202's band-swap time, one type 4^3 allowed.)
class MaskedRelabellings {
 public:
  MaskedRelabellings(int N, const std::vector<CycleType>& types) : N_(N), pi_(static_cast<std::size_t>(N)) {
    for (const CycleType& t : types) {
      std::array<std::uint8_t, 16> c{};
      for (int L : t) ++c[static_cast<std::size_t>(L)];
      types_.push_back(c);
    }
  }
  template <class Visit>
  void each(const std::vector<std::uint32_t>& allowed, Visit&& visit) {
    allowed_ = &allowed;
    cnt_.fill(0);
    place(0, visit);
  }

 private:
  // Some type has at least cnt_ cycles of each length, and (extra > 0) one more of length extra,
  // or (longer > 0) a cycle longer than `longer` not yet placed.
  bool room(int extra, int longer) const {
    for (const auto& t : types_) {
      bool fits = true;
      for (int L = 1; L <= N_ && fits; ++L)
        fits = cnt_[static_cast<std::size_t>(L)] + (L == extra ? 1 : 0) <= t[static_cast<std::size_t>(L)];
      if (!fits) continue;
      if (longer == 0) return true;
      for (int L = longer + 1; L <= N_; ++L)
        if (t[static_cast<std::size_t>(L)] > cnt_[static_cast<std::size_t>(L)]) return true;
    }
    return false;
  }
  template <class Visit>
  void place(std::uint32_t used, Visit& visit) {
    if (used == (1u << N_) - 1) {
      visit(static_cast<const Perm&>(pi_));  // every cycle closed where room() allowed: a type's counts
      return;
    }
    const int d = std::countr_one(used);
    grow(used | 1u << d, d, d, 1, visit);
  }
  // The cycle from `first` has reached `last` (len digits): close it or extend it.
  template <class Visit>
  void grow(std::uint32_t used, int first, int last, int len, Visit& visit) {
    const std::uint32_t to = (*allowed_)[static_cast<std::size_t>(last)];
    if (((to >> first) & 1u) && room(len, 0)) {
      pi_[static_cast<std::size_t>(last)] = first;
      ++cnt_[static_cast<std::size_t>(len)];
      place(used, visit);
      --cnt_[static_cast<std::size_t>(len)];
    }
    if (!room(0, len)) return;
    for (std::uint32_t m = to & ~used & ((1u << N_) - 1); m; m &= m - 1) {
      const int y = std::countr_zero(m);
      pi_[static_cast<std::size_t>(last)] = y;
      grow(used | 1u << y, first, y, len + 1, visit);
    }
  }
  int N_;
  std::vector<std::array<std::uint8_t, 16>> types_;  // cycles of each length, per allowed type
  const std::vector<std::uint32_t>* allowed_ = nullptr;
  std::array<std::uint8_t, 16> cnt_{};  // cycles closed so far, by length
  Perm pi_;
};

}  // namespace gridenum::detail
