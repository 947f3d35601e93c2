// The signature kernel's histogram sum done over the side-2 count's classes instead
// (sum_over_fixed_signatures, fixed_grids.hpp), for band-swapping elements whose band symmetry
// is trivial.
//
// Why. Those elements need Fix(g, pi) = sum of F(L) over the signatures L (left sets L_0..L_{R-1}
// of the R stacks) that satisfy L_{s(j)} = e_j(pi L_j) for every stack j, where s is the stack
// permutation of h and e_j complements or not (fixed_signatures.cpp). fix_trivial_band_symmetry
// walks every digit-type histogram of such L and looks F up per histogram: 589,392 histograms for
// 10x10 with pi = id, but 2,284,361,552 for 12x12, each a canonical form under B_6 -- far too
// many. The condition says L is a fixed point of one element Phi = (s, e, pi) of the group
// B_R x S_N under which F is invariant (box permutations, row swaps inside a box, relabellings:
// exactly the group whose orbits are the side-2 count's classes), so the sum is over classes:
//
//   sum_{L : Phi L = L} F(L) = sum over classes C of F(C) * #{L in C : Phi L = L},
//   #{L in C : Phi L = L}    = |C| * |Stab(L_C) cap K| / |K|,
//
// K the conjugacy class of Phi and L_C the class's representative (count the pairs (L, Phi') with
// L in C, Phi' in K, Phi' L = L both ways: each L in C is fixed by |Stab(L) cap K| = |Stab(L_C) cap
// K| elements of K, and each Phi' in K fixes equally many points of C, being a conjugate of Phi by
// an element that maps C to itself). K is a product: the B_R class of (s, e) -- its signed cycle
// type, the cycle lengths of s with the parity of the complements along each -- times the S_N class
// of pi, its cycle type lambda.
//
// Stab(L_C) cap K, element by element of the B_R class kappa of (s, e): (s', e') maps digit types
// (bit k: the digit is in L_k) by psi(v)[s'(k)] = v[k] xor e'_k, and a relabelling pi' completes it
// to a stabiliser element exactly when pi' maps the digits of each type v onto those of type psi(v)
// (so the type histogram h must satisfy h(psi v) = h(v)). On a cycle of psi of length l through
// types whose h is b, such pi' are (b!)^(l-1) choices of l-1 bijections and one permutation rho of
// the b digits of the first type (the product around the cycle); pi' then has cycles of lengths
// l * mu_i for the cycle type mu of rho, and b! / z_mu of the rho have type mu. The cycles of psi
// are independent, so the count of pi' of type lambda is a sum over one mu per cycle.
//
// Cost: |kappa| element tests per class (for 12x12 at most a few hundred, 46,080 / centraliser),
// so all 63,199 classes take well under a second per element g; the histogram walk it replaces took
// seconds for 10x10 and could not finish for 12x12. Checked against fix_trivial_band_symmetry
// element by element on 8x8 and 10x10 (tests/symmetry/test_fixed_grids.cpp,
// slow_burnside_10x10.cpp), and the divisions below are exact or the run stops.
#include <algorithm>
#include <array>
#include <numeric>
#include <stdexcept>

#include "fixed_kernels.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/stop.hpp"

namespace gridenum {
namespace {

// The signed cycle type of (s, e): sorted (length, parity of e along the cycle) pairs.
std::vector<std::pair<int, int>> signed_type(const Perm& s, const std::vector<char>& e) {
  std::vector<std::pair<int, int>> t;
  for (const auto& c : cycles(s)) {
    int parity = 0;
    for (int j : c) parity ^= e[static_cast<std::size_t>(j)] ? 1 : 0;
    t.emplace_back(static_cast<int>(c.size()), parity);
  }
  std::sort(t.begin(), t.end());
  return t;
}

struct BoxMove {
  Perm s;
  std::uint32_t e = 0;  // bit j: stack j complemented
};

// Every element of B_R with the signed cycle type of (s, e).
std::vector<BoxMove> hyperoctahedral_class(const Perm& s, const std::vector<char>& e) {
  const int R = static_cast<int>(s.size());
  const auto want = signed_type(s, e);
  std::vector<BoxMove> out;
  Perm p = identity_perm(R);
  std::vector<char> flips(static_cast<std::size_t>(R));
  do {
    for (std::uint32_t mask = 0; mask < (1u << R); ++mask) {
      for (int j = 0; j < R; ++j) flips[static_cast<std::size_t>(j)] = static_cast<char>(mask >> j & 1);
      if (signed_type(p, flips) == want) out.push_back({p, mask});
    }
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

// Number of permutations of b points with cycle type mu, b! / z_mu.
u128 of_type(const CycleType& mu, const std::vector<u128>& fact) {
  return fact[static_cast<std::size_t>(std::accumulate(mu.begin(), mu.end(), 0))] / centraliser_order(mu);
}

}  // namespace

u128 sum_over_fixed_signatures(int R, const std::vector<PlainBandCounts::Class>& classes, const Perm& stack,
                               const std::vector<char>& flip, const Perm& pi) {
  const int N = 2 * R;
  if (static_cast<int>(stack.size()) != R || static_cast<int>(flip.size()) != R || static_cast<int>(pi.size()) != N)
    throw std::invalid_argument("sum_over_fixed_signatures: sizes do not match the shape");
  const CycleType lambda = cycle_type(pi);
  std::vector<u128> fact(static_cast<std::size_t>(N + 1), 1);
  for (int i = 1; i <= N; ++i) fact[static_cast<std::size_t>(i)] = fact[static_cast<std::size_t>(i - 1)] * static_cast<u128>(i);
  const std::vector<BoxMove> kappa = hyperoctahedral_class(stack, flip);
  // |K| = |kappa| * N! / z_lambda.
  const u128 K = static_cast<u128>(kappa.size()) * (fact[static_cast<std::size_t>(N)] / centraliser_order(lambda));
  std::vector<int> need(static_cast<std::size_t>(N + 1), 0);  // lambda as counts of each length
  for (int l : lambda) ++need[static_cast<std::size_t>(l)];
  std::vector<std::vector<CycleType>> parts(static_cast<std::size_t>(N + 1));
  for (int b = 1; b <= N; ++b) parts[static_cast<std::size_t>(b)] = partitions(b);

  const int types = 1 << R;
  std::vector<int> h(static_cast<std::size_t>(types)), psi(static_cast<std::size_t>(types));
  std::vector<std::pair<int, int>> psi_cycles;  // (length, bucket size) of each cycle of psi on the support
  std::vector<int> have(static_cast<std::size_t>(N + 1));
  // Relabellings completing psi whose type is lambda: one mu per psi-cycle, lengths l * mu_i.
  auto count_pi = [&](auto&& self, std::size_t i) -> u128 {
    if (i == psi_cycles.size()) return have == need ? u128{1} : u128{0};
    const auto [l, b] = psi_cycles[i];
    u128 sum = 0;
    for (const CycleType& mu : parts[static_cast<std::size_t>(b)]) {
      std::size_t added = 0;
      for (; added < mu.size(); ++added) {
        const int len = l * mu[added];
        if (len > N || have[static_cast<std::size_t>(len)] == need[static_cast<std::size_t>(len)]) break;
        ++have[static_cast<std::size_t>(len)];
      }
      if (added == mu.size()) {
        u128 ways = of_type(mu, fact);
        for (int k = 1; k < l; ++k) ways = checked_mul(ways, fact[static_cast<std::size_t>(b)]);
        sum = checked_add(sum, checked_mul(ways, self(self, i + 1)));
      }
      for (std::size_t a = 0; a < added; ++a) --have[static_cast<std::size_t>(l * mu[a])];
    }
    return sum;
  };

  u128 total = 0;
  std::size_t done = 0;
  for (const PlainBandCounts::Class& c : classes) {
    if ((++done & 0xff) == 0) throw_if_stop_requested("fixed grids by signature classes");
    std::fill(h.begin(), h.end(), 0);
    for (int d = 0; d < N; ++d) {
      int v = 0;
      for (int k = 0; k < R; ++k) v |= static_cast<int>(c.left[static_cast<std::size_t>(k)] >> d & 1) << k;
      ++h[static_cast<std::size_t>(v)];
    }
    u128 in_stab = 0;  // |Stab(L_C) cap K|
    for (const BoxMove& m : kappa) {
      bool keeps = true;
      for (int v = 0; v < types && keeps; ++v) {
        int w = 0;
        for (int k = 0; k < R; ++k) w |= ((v >> k & 1) ^ static_cast<int>(m.e >> k & 1)) << m.s[static_cast<std::size_t>(k)];
        psi[static_cast<std::size_t>(v)] = w;
        keeps = h[static_cast<std::size_t>(v)] == 0 || h[static_cast<std::size_t>(w)] == h[static_cast<std::size_t>(v)];
      }
      if (!keeps) continue;
      psi_cycles.clear();
      std::vector<char> seen(static_cast<std::size_t>(types), 0);
      for (int v = 0; v < types; ++v) {
        if (seen[static_cast<std::size_t>(v)] || h[static_cast<std::size_t>(v)] == 0) continue;
        int l = 0;
        for (int x = v; !seen[static_cast<std::size_t>(x)]; x = psi[static_cast<std::size_t>(x)]) seen[static_cast<std::size_t>(x)] = 1, ++l;
        psi_cycles.emplace_back(l, h[static_cast<std::size_t>(v)]);
      }
      std::fill(have.begin(), have.end(), 0);
      in_stab = checked_add(in_stab, count_pi(count_pi, 0));
    }
    if (in_stab == 0) continue;
    const u128 num = checked_mul(c.size, in_stab);
    if (num % K != 0)
      throw CheckError("signature classes: |C| |Stab cap K| / |K| is not an integer for a class; its size or table is wrong");
    total = checked_add(total, checked_mul(num / K, c.F));
  }
  return total;
}

}  // namespace gridenum
