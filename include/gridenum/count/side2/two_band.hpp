// Route "two-band" of the side-2 count (side2.hpp): native on m x 2 boxes, a band of m rows and
// N = 2m columns; box k's columns hold S_k and its complement.
//
// Class generator (two_band_classes.cpp): box k's two column sets form an unordered partition
// {S_k, complement} of the digits (a *box partition*, P = C(N,m)/2 of them, dense ids). Relabel
// so that box 1's partition is the standard {1..m | m+1..N}; what is left is the multiset of
// boxes 2..m's partition ids (box order does not matter), a *node*. Classes are the connected
// components of the nodes under the generators of the group: relabellings fixing the standard
// partition (a transposition and an m-cycle inside a block, the block swap) and "put another box
// first" (swap boxes 1 and 2, re-standardise). A walk over all C(P+m-2, m-1) nodes (11.0
// million for m = 5), one orbit at a time, closes them. No histogram, no explicit group: a
// different algorithm from the two-stack generator for the same classes.
//
// F counter (two_band_fillings.cpp): band fillings two rows at a time: rows 1-2 of the band
// together are a 2-factor H of the columns-vs-digits graph (every column gives two digits, every
// digit is given twice), which splits into the two rows in 2^cycles(H) ways, so
//   F_k(G) = sum over 2-factors H of G of 2^cycles(H) F_{k-2}(G - H),  F_1 = F_0 = 1,
// restricted to the 2-factors through one fixed edge (a fraction 2/k of the ordered colourings).
#pragma once

#include <cstdint>
#include <vector>

#include "gridenum/count/side2/side2.hpp"

namespace gridenum {

// Order: classes in increasing order of their smallest node rank (nodes ranked by the
// combinatorial number system over sorted id tuples; partition ids in increasing order of the
// mask of the block holding digit 1). The representative is that smallest node: S_1 = {1..m},
// S_k (k >= 2) the block of box k's partition holding digit 1.
class TwoBandClasses {
 public:
  explicit TwoBandClasses(int m, int threads = 0);
  const Side2Classes& table() const { return table_; }
  std::uint32_t class_of(const Side2Config& c) const;
  std::uint64_t nodes() const { return node_class_.size(); }
  std::uint32_t partitions() const { return static_cast<std::uint32_t>(block_.size()); }

 private:
  std::uint64_t node_of(const Side2Config& c) const;
  int m_ = 0;
  Side2Classes table_;
  std::vector<std::uint16_t> block_;           // id -> block holding digit 0
  std::vector<std::uint32_t> id_of_block_;     // mask (holding digit 0) -> id, else ~0
  std::vector<std::uint32_t> std_of_;          // [p * P + q]: q relabelled so that p is standard
  std::vector<std::uint32_t> node_class_;      // node rank -> class index
};

u128 two_band_fillings(const Side2Config& c);

struct TwoBandStats {
  std::uint64_t two_factors = 0;  // 2-factors enumerated, all levels
  std::uint64_t memo_hits = 0, memo_entries = 0;
};
u128 two_band_fillings(const Side2Config& c, TwoBandStats* stats);

}  // namespace gridenum
