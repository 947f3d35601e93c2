// f(g) for elements that keep every band (R x 3 boxes: three bands of R rows), summed over the
// three-band catalogue's classes of the first band's signature.
//
// Why. Seen as 4x3, 40 of 3x4's classes keep all three bands, moving rows only inside them; line
// orbits' memo never closes on them (docs/symmetry.md, *Every band kept*). Each band is then fixed
// by g on its own, so every band's signature is invariant under g, and that is rare: the sum can
// run over the first band's catalogue classes and stop at once where the class has no symmetry.
//
// The formula. g = (rho, gamma) keeps bands 1, 2, 3, with rho_b its rows' permutation inside band
// b. A grid X with X(g c) = pi(X(c)) is three bands, band b fixed by (rho_b, gamma, pi), whose
// signatures S_1, S_2, S_3 partition every column's digits. A band fixed by (rho_b, gamma, pi) has
// an invariant signature: S(gamma c) = pi S(c); in the digit-type view (band_signatures.hpp: t(d)
// the column of each stack that holds d) that is t(pi d) = gamma . t(d), gamma moving the
// columns and with them the stacks. So
//     f(g) = (1/N!) sum over pi of an allowed type, sum over invariant S_1 of A(S_1; rho_1) x
//            sum over invariant S_2 missing S_1 column by column of A(S_2; rho_2) A(S_3; rho_3),
// S_3 the complement, A(S; rho_b) = A(S; rho_b, gamma, pi) the band counter's count
// (band_counter.hpp), the 1/N! as in band swaps (fixed_band_swaps.cpp). The catalogue's classes
// and gamma's conjugates gamma' in W stand for the sum over S_1 as there (band_catalogue.hpp).
//
// The first band. S_1 is invariant under (gamma', pi) exactly when gamma', acting on the cube of
// types, maps S_1's multiset of types onto itself and pi(d) is a digit of type gamma' . t(d): so
// for gamma' != 1 only classes whose multiset has a nontrivial stabiliser in W
// (SignatureClass::stabiliser > 1) count, and pi is searched from one mask per digit (the digits
// of the image type; masked_relabellings.hpp). On 3x4 that leaves at most 3,848 (class,
// conjugate, pi) triples a class (measured, docs/symmetry.md).
//
// The second band. Its signature is a column t_2(d, b) in stack b for each digit d and stack b,
// other than t_1(d, b); invariance ties the pairs (d, b) in orbits under (pi, gamma' on the
// stacks): choosing t_2 for an orbit's first pair (d, b) gives the rest, t_2(pi^i d, gamma'^i b)
// = gamma'^i t_2(d, b), and needs gamma'^L (L the orbit's length) to fix the chosen column. Each
// column of each band must hold R digits, so the choice is a search orbit by orbit that stops where
// a column of band 2 or band 3 would get more than R; band 3 takes the third column of each pair.
//
// Parts: the classes, hashed by canonical key into 64 buckets, "keep1.<bucket>/64" (the 1 the
// catalogue's canonical form).
#include <oneapi/tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "band_catalogue.hpp"
#include "band_counter.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "masked_relabellings.hpp"

namespace gridenum::detail {
namespace {

bool keeps_every_band(Shape s, const GeometricSymmetry& g) {
  if (g.transpose || s.cols != 3) return false;
  for (int j = 0; j < 3; ++j)
    if (g.rows[static_cast<std::size_t>(j * s.rows)] / s.rows != j) return false;
  return true;
}

// The second band's signatures for one (S_1, gamma', pi): the orbits of pairs (digit, stack) and
// the search over their choices. Band b's rows as the band counter takes them (digit -> columns).
class SecondBands {
 public:
  using Rows = BandCounter<WideEdges>::Rows;

  // t1[d * R + b]: the column (0..N-1) of stack b holding digit d in band 1.
  SecondBands(int R, const std::vector<int>& t1, const Perm& gamma, const Perm& pi) : R_(R), N_(3 * R) {
    const int N = N_;
    std::vector<char> seen(static_cast<std::size_t>(N * R), 0);
    for (int d = 0; d < N; ++d)
      for (int b = 0; b < R; ++b) {
        if (seen[static_cast<std::size_t>(d * R + b)]) continue;
        Orbit o;
        int x = d, y = b;
        do {
          seen[static_cast<std::size_t>(x * R + y)] = 1;
          o.cells.push_back({x, y});
          x = pi[static_cast<std::size_t>(x)];
          y = gamma[static_cast<std::size_t>(y * 3)] / 3;
        } while (x != d || y != b);
        // The choices for (d, b): a column of stack b other than t1's, fixed by gamma'^L; each gives
        // every pair of the orbit its band-2 column and its band-3 column (the third of the stack).
        for (int j = 0; j < 3; ++j) {
          const int c = b * 3 + j;
          if (c == t1[static_cast<std::size_t>(d * R + b)]) continue;
          int img = c;
          for (std::size_t i = 0; i < o.cells.size(); ++i) img = gamma[static_cast<std::size_t>(img)];
          if (img != c) continue;
          Choice ch;
          int col = c;
          for (const auto& [xd, yb] : o.cells) {
            const int first = t1[static_cast<std::size_t>(xd * R + yb)];
            const int third = yb * 3 + 3 - (first % 3) - (col % 3);  // the stack's columns 0, 1, 2 sum to 3
            ch.put.push_back({xd, col, third});
            col = gamma[static_cast<std::size_t>(col)];
          }
          o.choices.push_back(std::move(ch));
        }
        if (o.choices.empty()) {
          none_ = true;
          return;
        }
        orbits_.push_back(std::move(o));
      }
    // Stack by stack: a stack's columns fill up, and are checked, together.
    std::stable_sort(orbits_.begin(), orbits_.end(), [](const Orbit& a, const Orbit& b) { return a.cells[0].second < b.cells[0].second; });
  }

  // Calls visit(rows2, rows3) for every second band whose columns all get at most R digits, the
  // third's too -- so exactly R: a stack's 3R pairs fill its three columns.
  template <class Visit>
  void each(Visit&& visit) {
    if (none_) return;
    cnt2_.fill(0);
    cnt3_.fill(0);
    rows2_.fill(0);
    rows3_.fill(0);
    choose(0, visit);
  }

 private:
  struct Choice {
    std::vector<std::array<int, 3>> put;  // (digit, band-2 column, band-3 column) for each pair
  };
  struct Orbit {
    std::vector<std::pair<int, int>> cells;  // (digit, stack), the first the one chosen for
    std::vector<Choice> choices;
  };
  template <class Visit>
  void choose(std::size_t i, Visit& visit) {
    if (i == orbits_.size()) {
      visit(static_cast<const Rows&>(rows2_), static_cast<const Rows&>(rows3_));
      return;
    }
    for (const Choice& ch : orbits_[i].choices) {
      bool fits = true;
      for (const auto& p : ch.put) {
        fits = ++cnt2_[static_cast<std::size_t>(p[1])] <= R_ && fits;
        fits = ++cnt3_[static_cast<std::size_t>(p[2])] <= R_ && fits;
      }
      if (fits) {
        for (const auto& p : ch.put) {
          rows2_[static_cast<std::size_t>(p[0])] |= static_cast<std::uint16_t>(1u << p[1]);
          rows3_[static_cast<std::size_t>(p[0])] |= static_cast<std::uint16_t>(1u << p[2]);
        }
        choose(i + 1, visit);
        for (const auto& p : ch.put) {
          rows2_[static_cast<std::size_t>(p[0])] &= static_cast<std::uint16_t>(~(1u << p[1]));
          rows3_[static_cast<std::size_t>(p[0])] &= static_cast<std::uint16_t>(~(1u << p[2]));
        }
      }
      for (const auto& p : ch.put) {
        --cnt2_[static_cast<std::size_t>(p[1])];
        --cnt3_[static_cast<std::size_t>(p[2])];
      }
    }
  }

  int R_, N_;
  bool none_ = false;
  std::vector<Orbit> orbits_;
  std::array<int, 16> cnt2_{}, cnt3_{};
  Rows rows2_{}, rows3_{};
};

}  // namespace

bool band_keeps_apply_directly(Shape s, const GeometricSymmetry& g) {
  return keeps_every_band(s, g) && !g.is_identity() && !signature_catalogue_shape_error(s);
}

u128 count_by_band_keeps(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& st,
                         const FixedParts* parts) {
  if (!band_keeps_apply_directly(s, g))
    throw std::invalid_argument(
        "fixed grids: the band-keep sum needs an untransposed element other than the identity of an R x 3 shape the "
        "three-band catalogue takes that keeps every band");
  const int R = s.rows, N = s.n();
  std::array<Perm, 3> rho;
  for (int b = 0; b < 3; ++b) {
    rho[static_cast<std::size_t>(b)].resize(static_cast<std::size_t>(R));
    for (int i = 0; i < R; ++i)
      rho[static_cast<std::size_t>(b)][static_cast<std::size_t>(i)] = g.rows[static_cast<std::size_t>(b * R + i)] - b * R;
  }
  const bool same23 = rho[1] == rho[2];  // one counter for bands 2 and 3: its memo serves both
  st.relabellings += types.size();
  const SignatureCatalogue& cat = band_catalogue(s);
  const std::vector<Perm> gammas = conjugates_in_column_group(s, g.cols);
  const bool gamma_trivial = is_identity(g.cols);
  const std::uint32_t all = (1u << N) - 1;

  struct Local {
    MaskedRelabellings relabellings;
    std::vector<std::uint32_t> allowed;
    std::uint64_t searched = 0, second_bands = 0;
  };
  tbb::enumerable_thread_specific<Local> locals([&] { return Local{MaskedRelabellings(N, types), {}, 0, 0}; });
  const u128 total = sum_in_parts(
      cat.classes.size(), [&](std::size_t k) { return catalogue_class_id(cat.classes[k].key); }, "keep1.", parts,
      [&](std::size_t k) -> u128 {
        if ((k & 255) == 0) throw_if_stop_requested("fixed grids by band keeps");
        // gamma' != 1 must stabilise the class's multiset of types.
        if (!gamma_trivial && cat.classes[k].stabiliser < 2) return 0;
        Local& loc = locals.local();
        const std::vector<DigitMask> S1 = signature_columns(s, cat.classes[k].key);
        const std::vector<int> t1 = digit_columns(s, S1);  // [d * R + b]: d's column in stack b
        // A digit's type as a number: its column inside each stack, base 3.
        const auto code_of = [&](const int* cols) {
          int code = 0;
          for (int b = R - 1; b >= 0; --b) code = code * 3 + cols[b] % 3;
          return code;
        };
        std::vector<int> code(static_cast<std::size_t>(N));
        for (int d = 0; d < N; ++d) code[static_cast<std::size_t>(d)] = code_of(&t1[static_cast<std::size_t>(d * R)]);
        const BandCounter<WideEdges>::Rows rows1 = signature_rows(S1, N);
        u128 sum = 0;
        loc.allowed.assign(static_cast<std::size_t>(N), 0);
        for (const Perm& q : gammas) {
          bool any = true;
          for (int d = 0; d < N && any; ++d) {
            std::array<int, 16> img{};  // gamma' . t(d), stack by stack
            for (int b = 0; b < R; ++b) {
              const int c = q[static_cast<std::size_t>(t1[static_cast<std::size_t>(d * R + b)])];
              img[static_cast<std::size_t>(c / 3)] = c;
            }
            const int want = code_of(img.data());
            std::uint32_t m = 0;
            for (int e = 0; e < N; ++e)
              if (code[static_cast<std::size_t>(e)] == want) m |= 1u << e;
            loc.allowed[static_cast<std::size_t>(d)] = m & all;
            any = m != 0;
          }
          if (!any) continue;
          ++loc.searched;
          loc.relabellings.each(loc.allowed, [&](const Perm& pi) {
            const u128 a1 = BandCounter<WideEdges>(R, N, rho[0], q, pi).count_rows(rows1);
            if (a1 == 0) return;
            BandCounter<WideEdges> band2(R, N, rho[1], q, pi);
            std::unique_ptr<BandCounter<WideEdges>> own3;
            if (!same23) own3 = std::make_unique<BandCounter<WideEdges>>(R, N, rho[2], q, pi);
            BandCounter<WideEdges>& band3 = same23 ? band2 : *own3;
            u128 inner = 0;
            std::uint64_t seen = 0;
            SecondBands(R, t1, q, pi).each([&](const BandCounter<WideEdges>::Rows& rows2, const BandCounter<WideEdges>::Rows& rows3) {
              if ((++seen & 4095) == 0) throw_if_stop_requested("fixed grids by band keeps");
              const u128 a2 = band2.count_rows(rows2);
              if (a2 == 0) return;
              inner = checked_add(inner, checked_mul(a2, band3.count_rows(rows3)));
            });
            loc.second_bands += seen;
            sum = checked_add(sum, checked_mul(a1, inner));
          });
        }
        return checked_mul(sum, u128{cat.classes[k].size});
      });
  for (const Local& loc : locals) {
    st.searched += loc.searched;
    st.states += loc.second_bands;
  }
  return catalogue_sum_to_f(total, gammas.size(), N, "band keeps");
}

}  // namespace gridenum::detail
