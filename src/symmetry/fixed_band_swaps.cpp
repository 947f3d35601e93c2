// f(g) for elements that swap two bands and keep the third (R x 3 boxes: three bands of R rows),
// summed over the three-band catalogue's classes of band-1 signatures.
//
// Why. Seen as 4x3 (columns and rows exchanged), 30 of 3x4's classes swap two bands and keep the
// third; their rows stay inside the kept band, and line orbits' memo never closes on them
// (docs/symmetry.md, *Two bands swapped, one kept*). The bands are few (three), so a fixed grid is
// two bands' choice, and the sum can run over the catalogue as band classes does
// (fixed_band_classes.cpp) for bands that cycle.
//
// The formula. Let g = (rho, gamma) move band b1 onto b2 and b2 onto b1 and keep b3; rho1 is
// rho^2 on b1's rows, rho3 is rho on b3's rows, gamma acts on the N = 3R columns. A grid X with
// X(g c) = pi(X(c)) for every cell c is:
//   band b1: a band of signature S1 (S1(c): the digits in column c) fixed by
//            g^2 = (rho1, gamma^2, pi^2), as g^2 keeps b1;
//   band b2: b1's image, so nothing to choose; its signature is S2(c) = pi S1(gamma^-1 c), and
//            S2(c) must miss S1(c) for every column c. For digit x in column col_b(x) of stack b
//            in band b1 that reads: pi(x) lies in no S1(gamma(col_b(x))) -- a mask of the images
//            x may have, so the relabellings are listed from masks, digit by digit;
//   band b3: a band of signature S3(c) = the digits in neither S1(c) nor S2(c) -- each digit
//            then once per stack, since b1 and b2 hold it in two different columns of each
//            stack -- fixed by (rho3, gamma, pi).
// So, with A(S; rho, tau, sigma) the band counter's count (band_counter.hpp),
//     f(g) = (1/N!) sum over pi of an allowed type, sum over S1 meeting the masks,
//            A(S1; rho1, gamma^2, pi^2) A(S3; rho3, gamma, pi),
// the 1/N! because f counts grids up to relabelling (fixed_grids.hpp) and each fixed grid has
// one pi. Relabelling the digits by lambda maps the terms of (S1, pi) onto those of
// (lambda S1, lambda pi lambda^-1), which has the same type, and moving the columns by tau in the
// catalogue's group W maps them onto (tau S1, pi) with tau^-1 gamma tau; so a catalogue class K
// contributes |K| x the mean, over gamma's conjugates gamma' in W, of the inner sum for the
// class's representative and gamma' (band_catalogue.hpp). Both divisions are checked to be exact.
// Where g^2 keeps b1's cells (rho1 = 1, gamma^2 = 1), pi^2 must be 1 and A(S1; 1, 1, 1) is the
// plain F(S1): the three-band route's colouring count, once per class.
//
// Checked against line orbits on every band-swapping class of 2x3, 3x2 and 3x3
// (tests/symmetry/test_fixed_grids.cpp). The cost, measured by sampling before it was built
// (docs/symmetry.md): on 3x4, from about a minute (class 3202) to hours (1134: 235 million
// (class, gamma', pi) triples, about 0.1 ms of band count each), almost all of it in
// A(S3; rho3, gamma', pi).
//
// Parts: the classes, hashed by canonical key into 64 buckets, "bw1.<bucket>/64" (the 1 the
// catalogue's canonical form, as for band classes' "bk1.").
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
#include "masked_relabellings.hpp"
#include "fixed_kernels.hpp"
#include "gridenum/core/stop.hpp"
#include "gridenum/count/three_band/band_signatures.hpp"
#include "gridenum/count/three_band/three_band.hpp"

namespace gridenum::detail {
namespace {

// The bands of an untransposed element of an R x 3 shape: which band goes where.
struct SwappedBands {
  int b1 = -1, b2 = -1, kept = -1;  // b1 < b2 swapped, `kept` kept; b1 = -1 when g is not such
};
SwappedBands swapped_bands(Shape s, const GeometricSymmetry& g) {
  SwappedBands out;
  if (g.transpose || s.cols != 3) return out;
  const int R = s.rows;
  int moved = 0, kept = -1, first = -1;
  for (int j = 0; j < 3; ++j) {
    const int to = g.rows[static_cast<std::size_t>(j * R)] / R;
    if (to == j) {
      kept = j;
    } else {
      ++moved;
      if (first < 0) first = j;
    }
  }
  if (moved != 2 || kept < 0) return out;
  out.b1 = first;
  out.b2 = g.rows[static_cast<std::size_t>(first * R)] / R;
  out.kept = kept;
  return out;
}

}  // namespace

bool band_swaps_apply_directly(Shape s, const GeometricSymmetry& g) {
  return swapped_bands(s, g).b1 >= 0 && !signature_catalogue_shape_error(s);
}

u128 count_by_band_swaps(Shape s, const GeometricSymmetry& g, const std::vector<CycleType>& types, KernelStats& st,
                         const FixedParts* parts, bool pair_closed_form) {
  if (!band_swaps_apply_directly(s, g))
    throw std::invalid_argument(
        "fixed grids: the band-swap sum needs an untransposed element of an R x 3 shape the three-band catalogue takes "
        "that swaps two bands and keeps the third");
  const SwappedBands sb = swapped_bands(s, g);
  const int R = s.rows, N = s.n();
  Perm rho1(static_cast<std::size_t>(R)), rho3(static_cast<std::size_t>(R));
  const Perm rho_sq = compose(g.rows, g.rows);
  for (int i = 0; i < R; ++i) {
    rho1[static_cast<std::size_t>(i)] = rho_sq[static_cast<std::size_t>(sb.b1 * R + i)] - sb.b1 * R;
    rho3[static_cast<std::size_t>(i)] = g.rows[static_cast<std::size_t>(sb.kept * R + i)] - sb.kept * R;
  }
  // g^2 keeps b1's cells: then pi^2 = 1, band b1 is a plain band and A(S1) is F(S1).
  const bool plain_b1 = is_identity(rho1) && is_identity(compose(g.cols, g.cols));
  std::vector<CycleType> allowed_types;
  for (const CycleType& t : types)
    if (!plain_b1 || std::all_of(t.begin(), t.end(), [](int L) { return L <= 2; })) allowed_types.push_back(t);
  st.relabellings += types.size();
  if (allowed_types.empty()) return 0;

  const SignatureCatalogue& cat = band_catalogue(s);
  struct Conjugate {
    Perm gamma, inverse, square;
  };
  std::vector<Conjugate> gammas;
  for (Perm& q : conjugates_in_column_group(s, g.cols)) {
    Perm inv = inverse(q), sq = compose(q, q);
    gammas.push_back({std::move(q), std::move(inv), std::move(sq)});
  }
  const bool three_band = !three_band_shape_error(s);
  const Perm id_rows = identity_perm(R), id_n = identity_perm(N);
  const std::uint32_t all = (1u << N) - 1;

  struct Local {
    MaskedRelabellings relabellings;
    BandCounter<WideEdges> plain;
    std::vector<std::uint32_t> allowed;
    std::uint64_t searched = 0, counted = 0;
  };
  tbb::enumerable_thread_specific<Local> locals(
      [&] { return Local{MaskedRelabellings(N, allowed_types), BandCounter<WideEdges>(R, N, id_rows, id_n, id_n), {}, 0, 0}; });
  const u128 total = sum_in_parts(
      cat.classes.size(), [&](std::size_t k) { return catalogue_class_id(cat.classes[k].key); }, "bw1.", parts,
      [&](std::size_t k) -> u128 {
        if ((k & 15) == 0) throw_if_stop_requested("fixed grids by band swaps");
        Local& loc = locals.local();
        const std::vector<DigitMask> S1 = signature_columns(s, cat.classes[k].key);  // N masks, stack by stack
        const std::vector<int> col = digit_columns(s, S1);  // [d * R + b]: d's column in stack b, band b1
        const BandCounter<WideEdges>::Rows rows1 = signature_rows(S1, N);
        u128 F1 = 0;  // plain_b1: F(S1), counted when first needed
        bool have_F1 = false;
        u128 sum = 0;
        loc.allowed.assign(static_cast<std::size_t>(N), 0);
        for (const Conjugate& q : gammas) {
          ++loc.searched;
          for (int x = 0; x < N; ++x) {
            std::uint32_t banned = 0;
            for (int b = 0; b < R; ++b)
              banned |= S1[static_cast<std::size_t>(q.gamma[static_cast<std::size_t>(col[static_cast<std::size_t>(x * R + b)])])];
            loc.allowed[static_cast<std::size_t>(x)] = ~banned & all;
          }
          loc.relabellings.each(loc.allowed, [&](const Perm& pi) {
            ++loc.counted;
            BandCounter<WideEdges>::Rows rows3{};
            for (int c = 0; c < N; ++c) {
              std::uint32_t s2 = 0;  // pi S1(gamma'^-1 c)
              for (DigitMask m = S1[static_cast<std::size_t>(q.inverse[static_cast<std::size_t>(c)])]; m; m &= m - 1)
                s2 |= 1u << pi[static_cast<std::size_t>(std::countr_zero(m))];
              for (std::uint32_t m = ~(S1[static_cast<std::size_t>(c)] | s2) & all; m; m &= m - 1)
                rows3[static_cast<std::size_t>(std::countr_zero(m))] |= static_cast<std::uint16_t>(1u << c);
            }
            BandCounter<WideEdges> band3(R, N, rho3, q.gamma, pi);
            band3.set_pair_closed_form(pair_closed_form);
            const u128 a3 = band3.count_rows(rows3);
            if (a3 == 0) return;
            u128 a1;
            if (plain_b1) {
              if (!have_F1) {
                F1 = three_band ? u128{three_band_fillings(s, S1)} : loc.plain.count_rows(rows1);
                have_F1 = true;
              }
              a1 = F1;
            } else {
              BandCounter<WideEdges> band1(R, N, rho1, q.square, compose(pi, pi));
              band1.set_pair_closed_form(pair_closed_form);
              a1 = band1.count_rows(rows1);
            }
            sum = checked_add(sum, checked_mul(a1, a3));
          });
        }
        return checked_mul(sum, u128{cat.classes[k].size});
      });
  for (const Local& loc : locals) {
    st.searched += loc.searched;
    st.states += loc.counted;
  }
  return catalogue_sum_to_f(total, gammas.size(), N, "band swaps");
}

}  // namespace gridenum::detail
