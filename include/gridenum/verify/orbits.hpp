// Independent check of the catalogue's classes (`gridenum verify classes`): class sizes by orbit
// enumeration, sharing no code with catalogue.cpp.
//
// Every top-band filling with B1 canonical is enumerated by this file's own search; each is
// reduced to its column-set structure (per box, the unordered partition of the digits into the
// box's column sets -- row permutations and cell swaps inside columns keep it), and the
// structure is brought to a canonical form under relabelling, column permutations inside boxes
// and box permutations by an explicit minimum over the symmetry group. Orbits are the fillings
// sharing a canonical form. The census checks that the orbits account for every filling.
//
// BoxPartitions is also the vocabulary of the signature method (signature.hpp): both work on
// unordered partitions of the N digits into C blocks of R digits ("box partitions").
#pragma once

#include <bit>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "gridenum/count/stack/catalogue.hpp"  // Band only: no catalogue function is called from here
#include "gridenum/core/shape.hpp"

namespace gridenum {

// How BoxPartitions::act(g, q) is answered: from the P x |H| table the constructor builds
// (Table: one load; 4x3: 1.9 GB and 8 s), or by applying the g-th relabelling when asked
// (OnDemand: no table, a few ns more per call; what the signature method's one-pair-type sum
// uses for 4x3, whose memory budget the table alone would exceed).
enum class PartitionActions { Table, OnDemand };

// All unordered partitions of the digits 0..N-1 into C blocks of R digits, with dense ids.
// Blocks of a partition are stored sorted by their lowest digit. The *standard* partition has
// blocks {0..R-1}, {R..2R-1}, ...

class BoxPartitions {
 public:
  explicit BoxPartitions(Shape s, PartitionActions actions = PartitionActions::Table);
  Shape shape() const { return s_; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(blocks_.size() / s_.cols); }
  const DigitMask* blocks(std::uint32_t id) const { return blocks_.data() + static_cast<std::size_t>(id) * s_.cols; }
  // Id of the partition whose blocks are masks[0..C) (any order). Throws if it is not one.
  std::uint32_t id(const DigitMask* masks) const;
  // id() without the validation, for masks known to form a partition (images of one under a
  // relabelling, the census's last-row arrangements): inline, one dense-table load. The
  // checked id() was 19% of the 9x9 signature count's profile, called 870,912 times.
  std::uint32_t id_trusted(const DigitMask* masks) const {
    if (!dense_bits_) return id(masks);
    std::uint64_t k = 0;
    for (int j = 0; j + 1 < s_.cols; ++j) k |= static_cast<std::uint64_t>(masks[j]) << (j * s_.n());
    return dense_[k];
  }
  std::uint32_t standard() const { return standard_; }
  // The relabelling (digit -> digit, 0-based) that sends partition `id` to the standard one:
  // the k-th smallest digit of its i-th block goes to i*R + k.
  std::vector<int> to_standard(std::uint32_t id) const;
  // All digit permutations that map the standard partition onto itself: (R!)^C * C! of them.
  std::vector<std::vector<int>> stabiliser() const;
  // Image of partition `id` under the digit permutation g.
  std::uint32_t apply(const std::vector<int>& g, std::uint32_t id) const;

  // Action tables, built once by the constructor (parallel):
  //   act(g, q): image of q under the g-th element of stabiliser();
  //   std_of(p, q): image of q under to_standard(p).
  std::size_t stabiliser_order() const { return n_g_; }
  // Stored q-major (act_[q * order + g]): the callers run over the whole group for a fixed q,
  // so that walk is sequential; g-major it strided by P and missed cache on every element
  // (1.45 MB for 9x9; the 9x9 orbit marking went from ~25 ms to ~2 ms).
  // OnDemand: the relabelling applied now (act_now), the same value.
  std::uint32_t act(std::size_t g, std::uint32_t q) const { return act_.empty() ? act_now(g, q) : act_[q * n_g_ + g]; }
  std::uint32_t act_now(std::size_t g, std::uint32_t q) const {
    const std::uint8_t* perm = stab_.data() + g * static_cast<std::size_t>(s_.n());
    DigitMask m[16];
    for (int j = 0; j < s_.cols; ++j) {
      DigitMask r = 0;
      for (DigitMask b = blocks(q)[j]; b; b &= b - 1) r |= DigitMask{1} << perm[std::countr_zero(b)];
      m[j] = r;
    }
    return id_trusted(m);
  }
  bool has_action_table() const { return !act_.empty(); }
  const std::uint32_t* std_row(std::uint32_t p) const { return std_of_.data() + static_cast<std::size_t>(p) * size(); }

 private:
  std::uint64_t key(const DigitMask* masks) const;
  Shape s_;
  std::vector<DigitMask> blocks_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
  int dense_bits_ = 0;                 // (C-1)*N when a dense id table is used, else 0
  std::vector<std::uint32_t> dense_;   // first C-1 masks packed -> id (any block order)
  std::uint32_t standard_ = 0;
  std::size_t n_g_ = 0;
  std::vector<std::uint32_t> act_, std_of_;
  std::vector<std::uint8_t> stab_;  // stabiliser() flattened, n_g_ x N (for act_now)
};

struct BandOrbit {
  std::vector<std::uint32_t> canonical;  // R-1 box-partition ids: the canonical structure
  Band representative;                   // smallest lexicographic-catalogue filling in the orbit
  std::uint64_t fillings = 0;            // B1-canonical band fillings in the orbit
  std::uint64_t entries = 0;             // fillings / L_band (catalogue entries)
};

struct OrbitCensus {
  Shape shape;
  std::uint64_t band_fillings = 0;      // F, counted by this file's own enumeration
  std::uint64_t band_factor = 0;        // L_band = (C!)^(R-1) !, this file's own formula
  std::uint64_t entry_fillings = 0;     // fillings passing the catalogue-entry test (F / L_band)
  std::uint64_t raw_structures = 0;     // distinct ordered column-set structures met
  std::uint64_t structures = 0;         // distinct structures up to column order inside boxes
  std::uint64_t group_order = 0;        // relabellings fixing a box partition * box choices
  std::vector<BandOrbit> orbits;        // sorted by representative
  double seconds = 0;
};

// Supported when R >= 2 and P^(R-1) <= 2^23 (P box partitions; a dense tally); throws otherwise.
OrbitCensus census_orbits(Shape s, int threads);
OrbitCensus census_orbits(const BoxPartitions& parts, int threads);

// Canonical structure of any valid band (the same canonical form census_orbits tallies by).
std::vector<std::uint32_t> canonical_structure(Shape s, const BoxPartitions& parts, const Band& band);

// Index of the orbit with this band's canonical structure, or -1.
int find_orbit(const OrbitCensus& census, const BoxPartitions& parts, const Band& band);

}  // namespace gridenum
