// Route "two-stack" of the side-2 count (side2.hpp): native on 2 x m boxes, a 2m x m stack.
//
// Class generator (two_stack_classes.cpp): a choice S = (S_1..S_m) is, up to relabelling, the
// multiset of the N digits' *types* v_d in {0,1}^m (v_d[k] = 1 iff d is in S_k), each coordinate
// having exactly m ones; the choices with type histogram h number N! / prod_v h(v)!. Box
// permutations and row swaps act on types as the hyperoctahedral group B_m (coordinate
// permutations and flips, 2^m m! elements), so classes are the B_m-orbits of histograms.
//
// F counter (two_stack_fillings.cpp): stack fillings column by column: a column is a perfect
// matching rows -> digits; F_k(G) = k * sum over perfect matchings M containing a fixed edge of
// F_{k-1}(G - M), F_2 = 2^cycles, memoised residual graphs.
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/count/side2.hpp"

namespace gridenum {

// The type-histogram classes of m (2 <= m <= kSide2MaxClassHalf) with an index of every
// histogram, so that any configuration can be classified.
//
// Order: a histogram is keyed by its N types sorted in decreasing order (box 1 the most
// significant bit of a type), packed m bits each, the first type highest; every histogram is
// listed and sorted by key, and a class's key is the smallest key in its orbit. Classes are in
// increasing order of that key. The representative gives digit i (1-based) the i-th type of the
// class key, so S_1 = {1..m} always.
class TwoStackClasses {
 public:
  explicit TwoStackClasses(int m, int threads = 0);
  const Side2Classes& table() const { return table_; }
  // Index (into table().classes) of the class of a configuration. Throws on an invalid one.
  std::uint32_t class_of(const Side2Config& c) const;
  std::uint64_t histograms() const { return keys_.size(); }

 private:
  Side2Classes table_;
  std::vector<u128> keys_;           // every histogram's key, sorted
  std::vector<std::uint32_t> cls_;   // class of keys_[i]
};

// F of one configuration, stack fillings column by column (matching removal).
u128 two_stack_fillings(const Side2Config& c);

// Statistics of one F computation (tests and the benchmark's notes).
struct TwoStackStats {
  std::uint64_t matchings = 0;  // perfect matchings enumerated, all levels
  std::uint64_t memo_hits = 0, memo_entries = 0;
};
u128 two_stack_fillings(const Side2Config& c, TwoStackStats* stats);

}  // namespace gridenum
