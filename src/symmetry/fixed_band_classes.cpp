// f(g) for band-cycling elements whose bands have no symmetry of their own, summed over the
// three-band catalogue's classes (band_signatures.hpp) instead of over signatures.
//
// Why. The band-cycle kernel (fixed_band_cycles.cpp) lists the family of signatures S that meet
// the column condition for each relabelling pi and adds up F(S). Where the bands keep no symmetry
// (h = g^C the identity on band 0's cells) the family is huge -- 3x4 class 2346, gamma a 3-cycle
// in every stack of the 4x3 view, pi of type 3^4: about 1e10 multisets of stack partitions, over
// ten minutes in signature keys with no end in sight (docs/symmetry.md, *The band-cycle kernel*).
// Turned round, the sum is over the bands' catalogue: 144,578 classes on 4x3, each asked how
// many relabellings pi its representative meets the column condition with.
//
// The formula. With h trivial, pi^C = 1 (band 0 is its own image under pi^C), and (top of
// fixed_band_cycles.cpp) Fix(g, pi) = #{bands B whose signature S meets the column condition
// for pi}, so, summing over every relabelling, f(g) = sum_pi Fix(g, pi) / N! is
//     f(g) = (1/N!) sum over signatures S of F(S) phi(S, gamma),
//     phi(S, gamma) = #{pi : pi^C = 1, pi of an allowed type, S meets the condition for pi},
// F(S) the band fillings with signature S. The condition -- the C sets pi^k S(gamma^-k c)
// disjoint for every column c -- reads, pair of terms by pair of terms (k < l, m = l - k,
// c' = gamma^-l c): pi^m S(c') and S(gamma^m c') are disjoint, for every column c' and m in
// 1..C-1. In the digit-type view of the catalogue (digit d has type x(d), x_b(d) the column of
// stack b that holds d) that is, for every digit d and m in 1..C-1:
//     pi^m(d) lies in no set S(gamma^m (b, x_b(d))), b = every stack,
// a mask of allowed images of d under pi^m, so phi is a small search over permutations built
// cycle by cycle (cycle lengths dividing C), each pair of a cycle checked against those masks.
//
// The classes. F and phi do not change when the digits are relabelled (phi: pi -> lambda^-1 pi
// lambda keeps the type). Moving the columns by tau in the catalogue's group W = S_C wr S_R keeps
// F and moves phi's gamma: phi(tau S, gamma) = phi(S, tau^-1 gamma tau). So a class K of size
// |K| (configurations) contributes
//     F(K) |K| x (the mean of phi(rep_K, gamma') over gamma' in gamma's conjugacy class in W),
// and f(g) = sum over K of that, / N!; both divisions are checked to be exact. gamma = 1
// (3x4 class 3256, the bands cycled and nothing else moved) has one conjugate; a 3-cycle in
// every stack of 4x3 has 2^4.
//
// F(K) is the three-band route's colouring count on R x 3 shapes (three_band_fillings), else the
// band counter with no symmetry (band_counter.hpp). The classes are counted in parallel and, hashed
// by their canonical key into 64 buckets, make the count's parts: "bk1.<bucket>/64", the 1 the
// catalogue's canonical form (a change to it must raise the number).
#include <oneapi/tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "band_catalogue.hpp"
#include "band_counter.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"

namespace gridenum::detail {
namespace {

// phi(S, gamma'): the relabellings pi with pi^C = 1 and an allowed type whose every power pi^m
// (m = 1..C-1) sends each digit d into allowed[m][d].
class PhiSearch {
 public:
  PhiSearch(int N, int C, const std::vector<CycleType>& types) : N_(N), C_(C) {
    for (const CycleType& t : types) {
      bool divides = true;
      for (int L : t) divides = divides && C % L == 0;
      if (!divides) continue;  // pi^C = 1 fails: no band is fixed
      keys_.push_back(type_key(t));
      for (int L : t) lengths_ |= 1u << L;
    }
    std::sort(keys_.begin(), keys_.end());
  }
  bool any_type() const { return !keys_.empty(); }

  // allowed[m * N + d], m = 1..C-1 (row 0 unused).
  std::uint64_t count(const std::vector<std::uint32_t>& allowed) {
    allowed_ = &allowed;
    found_ = 0;
    buf_.assign(static_cast<std::size_t>(N_), 0);
    place(0, 0);
    return found_;
  }

 private:
  bool ok(int from, int m, int to) const {
    return ((*allowed_)[static_cast<std::size_t>(m * N_ + from)] >> to) & 1u;
  }
  // Every digit in `used` is on a cycle; `key` counts the cycles placed by length. The cycles
  // lie one after another in buf_ (a cycle starts at the number of digits placed before it), so
  // closing one and going on never overwrites the cycles still being grown below.
  void place(std::uint32_t used, std::uint64_t key) {
    if (used == (1u << N_) - 1) {
      if (std::binary_search(keys_.begin(), keys_.end(), key)) ++found_;
      return;
    }
    const int d = std::countr_one(used);
    const int* cyc = &buf_[static_cast<std::size_t>(std::popcount(used))];
    buf_[static_cast<std::size_t>(std::popcount(used))] = d;
    grow(used | 1u << d, key, cyc, 1);
  }
  // cyc[0..len) placed, the cycle not yet closed: close it here if its length is allowed, or
  // extend it by a free digit.
  void grow(std::uint32_t used, std::uint64_t key, const int* cyc, int len) {
    if ((lengths_ >> len) & 1u) {
      bool closes = true;  // pi^m(cyc[k]) = cyc[(k + m) % len] for the pairs that wrap
      for (int k = 0; k < len && closes; ++k)
        for (int m = 1; m < C_ && closes; ++m)
          if (k + m >= len) closes = ok(cyc[k], m, cyc[(k + m) % len]);
      if (closes) place(used, key + (std::uint64_t{1} << (4 * (len - 1))));
    }
    if (len == C_ || (lengths_ >> (len + 1)) == 0) return;
    std::uint32_t free = ((1u << N_) - 1) & ~used;
    // The new digit e = cyc[len]: pi^m(cyc[len - m]) = e for the pairs inside the cycle.
    for (int m = 1; m <= len && m < C_; ++m) free &= (*allowed_)[static_cast<std::size_t>(m * N_ + cyc[len - m])];
    for (; free; free &= free - 1) {
      const int e = std::countr_zero(free);
      buf_[static_cast<std::size_t>(std::popcount(used))] = e;
      grow(used | 1u << e, key, cyc, len + 1);
    }
  }

  int N_, C_;
  std::vector<std::uint64_t> keys_;  // allowed types whose cycle lengths divide C, sorted
  std::uint32_t lengths_ = 0;        // bit L: some allowed type has a cycle of length L
  const std::vector<std::uint32_t>* allowed_ = nullptr;
  std::vector<int> buf_;
  std::uint64_t found_ = 0;
};

}  // namespace

bool band_classes_apply(Shape s, const GeometricSymmetry& g) {
  return band_cycles_apply_directly(s, g) && !signature_catalogue_shape_error(s) && bands_keep_no_symmetry(s, g);
}

u128 count_by_band_classes(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& st,
                           const FixedParts* parts) {
  if (!band_classes_apply(s, g))
    throw std::invalid_argument(
        "fixed grids: the band-class sum needs an untransposed element whose rows cycle every band and whose bands keep no "
        "symmetry, on a shape the three-band catalogue takes");
  const int R = s.rows, C = s.cols, N = s.n();
  st.relabellings += types.size();
  if (!PhiSearch(N, C, types).any_type()) return 0;
  const SignatureCatalogue& cat = band_catalogue(s);
  const std::vector<Perm> gammas = conjugates_in_column_group(s, g.cols);
  std::vector<Perm> gamma_powers;  // gamma'^m, m = 0..C-1, for each conjugate
  for (const Perm& q : gammas)
    for (int m = 0; m < C; ++m) gamma_powers.push_back(power(q, m));
  const bool three_band = !three_band_shape_error(s);
  const Perm id_rows = identity_perm(R), id_cols = identity_perm(N), id_digits = identity_perm(N);

  struct Local {
    PhiSearch phi;
    BandCounter<WideEdges> plain;
    std::vector<std::uint32_t> allowed;
    std::uint64_t searched = 0, counted = 0;
  };
  tbb::enumerable_thread_specific<Local> locals(
      [&] { return Local{PhiSearch(N, C, types), BandCounter<WideEdges>(R, N, id_rows, id_cols, id_digits), {}, 0, 0}; });
  const u128 total = sum_in_parts(
      cat.classes.size(),
      [&](std::size_t k) { return catalogue_class_id(cat.classes[k].key); },
      "bk1.", parts,
      [&](std::size_t k) -> u128 {
        if ((k & 255) == 0) throw_if_stop_requested("fixed grids by band classes");
        Local& loc = locals.local();
        const std::vector<DigitMask> S = signature_columns(s, cat.classes[k].key);  // N masks, stack by stack
        const std::vector<int> col = digit_columns(s, S);  // [d * R + b]: x_b(d), placed
        std::uint64_t phi = 0;
        loc.allowed.assign(static_cast<std::size_t>(C * N), 0);
        for (std::size_t q = 0; q < gammas.size(); ++q) {
          for (int m = 1; m < C; ++m) {
            const Perm& gm = gamma_powers[q * static_cast<std::size_t>(C) + static_cast<std::size_t>(m)];
            for (int d = 0; d < N; ++d) {
              std::uint32_t banned = 0;
              for (int b = 0; b < R; ++b)
                banned |= S[static_cast<std::size_t>(gm[static_cast<std::size_t>(col[static_cast<std::size_t>(d * R + b)])])];
              loc.allowed[static_cast<std::size_t>(m * N + d)] = ~banned & ((1u << N) - 1);
            }
          }
          phi += loc.phi.count(loc.allowed);
          ++loc.searched;
        }
        if (phi == 0) return 0;
        ++loc.counted;
        u128 F;
        if (three_band) {
          F = three_band_fillings(s, S);
        } else {
          F = loc.plain.count_rows(signature_rows(S, N));
        }
        return checked_mul(checked_mul(F, u128{cat.classes[k].size}), u128{phi});
      });
  for (const Local& loc : locals) {
    st.searched += loc.searched;
    st.states += loc.counted;
  }
  return catalogue_sum_to_f(total, gammas.size(), N, "band classes");
}

}  // namespace gridenum::detail
