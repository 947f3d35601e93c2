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
// conjugate) pairs a class and, with every pi, 18,552 triples with A(S_1) != 0 for the largest,
// class 1162 (measured, docs/symmetry.md).
//
// The second and third bands. S_2 is a column t_2(d, b) of stack b other than t_1(d, b) for each
// digit and stack, invariant under (gamma', pi), every column of bands 2 and 3 holding R digits
// (second_bands.hpp lists them); band 3 takes the third column of each stack. The inner sum over
// S_2 is the stack-cycle join (band_keep_join.hpp): each band comes apart along gamma''s cycles
// on the stacks, and so do the S_2, so the sum is a sparse matrix product of each cycle's
// colourings -- 3x4 class 1162's triples in 0.34 s instead of 15 s (docs/symmetry.md, *The
// stack-cycle join*). With FixedOptions::band_keep_join off, each S_2's A(S_2) A(S_3) comes from
// the band counter instead, band by band: the kernel as first built, kept as the join's
// cross-check.
//
// Parts: the classes, hashed by canonical key into 64 buckets, "keep1.<bucket>/64" (the 1 the
// catalogue's canonical form).
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "band_catalogue.hpp"
#include "band_counter.hpp"
#include "band_keep_join.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "masked_relabellings.hpp"
#include "second_bands.hpp"

namespace gridenum::detail {
namespace {

bool keeps_every_band(Shape s, const GeometricSymmetry& g) {
  if (g.transpose || s.cols != 3) return false;
  for (int j = 0; j < 3; ++j)
    if (g.rows[static_cast<std::size_t>(j * s.rows)] / s.rows != j) return false;
  return true;
}

}  // namespace

bool band_keeps_apply_directly(Shape s, const GeometricSymmetry& g) {
  return keeps_every_band(s, g) && !g.is_identity() && !signature_catalogue_shape_error(s);
}

u128 count_by_band_keeps(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& st,
                         const FixedParts* parts, bool join) {
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
        // gamma's conjugates in parallel too: a class with a large stabiliser has hundreds of
        // (gamma', pi) triples (3x4 class 1162's first, 144, held one thread for most of the
        // class while the other idled).
        std::vector<u128> by_conjugate(gammas.size(), 0);
        tbb::parallel_for(std::size_t{0}, gammas.size(), [&](std::size_t qi) {
          const Perm& q = gammas[qi];
          Local& loc = locals.local();  // no blocking call below: a thread runs this to the end
          loc.allowed.assign(static_cast<std::size_t>(N), 0);
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
          if (!any) return;
          ++loc.searched;
          u128 sum = 0;
          loc.relabellings.each(loc.allowed, [&](const Perm& pi) {
            const u128 a1 = BandCounter<WideEdges>(R, N, rho[0], q, pi).count_rows(rows1);
            if (a1 == 0) return;
            u128 inner = 0;
            std::uint64_t seen = 0;
            if (join) {
              BandKeepJoin by_cycles(R, t1, q, pi, rho[1], rho[2]);
              inner = by_cycles.sum();
              seen = by_cycles.second_bands();
            } else {
              // One counter for bands 2 and 3 where rho_2 = rho_3: its memo serves both.
              BandCounter<WideEdges> band2(R, N, rho[1], q, pi);
              std::optional<BandCounter<WideEdges>> own3;
              if (rho[1] != rho[2]) own3.emplace(R, N, rho[2], q, pi);
              BandCounter<WideEdges>& band3 = own3 ? *own3 : band2;
              SecondBands(R, t1, q, pi).each([&](const SecondBands::Rows& rows2, const SecondBands::Rows& rows3) {
                if ((++seen & 4095) == 0) throw_if_stop_requested("fixed grids by band keeps");
                const u128 a2 = band2.count_rows(rows2);
                if (a2 == 0) return;
                inner = checked_add(inner, checked_mul(a2, band3.count_rows(rows3)));
              });
            }
            loc.second_bands += seen;
            sum = checked_add(sum, checked_mul(a1, inner));
          });
          by_conjugate[qi] = sum;
        });
        u128 sum = 0;
        for (const u128& v : by_conjugate) sum = checked_add(sum, v);
        return checked_mul(sum, u128{cat.classes[k].size});
      });
  for (const Local& loc : locals) {
    st.searched += loc.searched;
    st.states += loc.second_bands;
  }
  return catalogue_sum_to_f(total, gammas.size(), N, "band keeps");
}

}  // namespace gridenum::detail
