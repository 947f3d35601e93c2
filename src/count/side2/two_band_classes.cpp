// Two-band route, class generator: orbits of box-partition tuples (two_band.hpp).
//
// Vocabulary. In the m x 2 view box k of the top band has two columns; their digit sets form an
// unordered partition of the N = 2m digits into two m-sets, a *box partition*. Partitions get
// dense ids in increasing order of the mask of the block holding digit 0 (P = C(N-1, m-1): 126
// for m = 5). Swapping a box's columns keeps its partition, so F depends on the tuple of
// partitions only (and the two column orders of each box give the factor 2^m in the weights).
//
// Nodes. Relabel the digits so that box 1's partition is the standard {0..m-1 | m..N-1}; the
// other boxes' ids, as a multiset (box order is a symmetry), are a *node*. Nodes are the
// (m-1)-multisets of ids, ranked by the combinatorial number system over the strictly
// increasing tuple c_i = a_i + i (colex order): C(P+m-2, m-1) nodes, 11,009,376 for m = 5.
//
// Classes. The rest of the group acts on nodes through generators:
//   - relabellings that keep the standard partition: the transposition (0 1), the m-cycle
//     (0 1 .. m-1) inside the first block, and the block swap i <-> i+m (they generate
//     S_m wr S_2, the whole stabiliser);
//   - putting another box first: box 1 swaps with a box of id a_j, then the relabelling that
//     standardises the new box 1 (a P x P table std_of[p][q]) is applied to every box. One swap
//     per distinct id of the node is needed: a node is a multiset, and swapping box 1 with a box
//     of another id is not the same move seen through a re-sorting (with only the first id's
//     swap the orbits stopped at 357 classes for m = 5, e.g. {std,std,std,p,p} and
//     {std,std,p,p,p} with p = std after swapping two digits stayed apart).
// The classes are the nodes' orbits under these moves. Nodes are taken in increasing rank; one
// not yet seen starts a class, and a depth-first walk over the moves' images marks its whole
// orbit (each node once, a bit per node), so a class's representative is its smallest node and
// the classes come out in the order of their representatives. The walk's closure is the orbit:
// every move is a group element applied to the node, and in a finite group the inverse of an
// element is a word in the same moves. Each node reached is written to the node -> class table
// that class_of() reads.
//
// Weight of a class: every node stands for (m-1)!/prod(mult!) orders of boxes 2..m; each
// partition tuple with box 1 standard stands for P tuples with any box-1 partition (relabelling
// moves the standard partition to every other one, and the class is closed under it); each
// partition stands for 2 column orders. So weight = 2^m P sum over the class's nodes.
//
// Cost (m = 5): 11.0 million nodes, up to seven images each (table look-ups, a sort of four ids,
// a rank); one bit per node for "seen" (1.4 MB) and one uint32 per node for the node -> class
// table (44 MB). A node on the walk's stack is one word, its rank and its ids a byte each.
// Measured (2026-12-07, AMD EPYC family 25 model 1, one thread, beside another process; `gridenum
// count --shape 5x2 --method two-band --threads 1 --classes 1:2`, its "class table" time): 3.75 -
// 4.6 s, against 6.0 - 8.3 s for the union-find over all nodes it replaced (each node joined to
// its images, path halving: one dependent cache miss after another in the 44 MB parent array),
// and 5.4 - 5.9 s for a first version of the walk whose stack held a 20-byte node (the pop read
// the push's two stores back whole: a store-forwarding stall at every node). The tables are the
// same, class for class (index, representative, weight, F) for m = 2..5. Written for m = 5;
// m = 6 would have 1.8e11 nodes.
#include "gridenum/count/side2/two_band.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

// Sorts a[0..k) (k <= 8): insertion sort, no library sort for a handful of ids (GCC 12 also
// warns falsely about std::sort's large-array paths on these fixed buffers).
void sort_small(std::uint32_t* a, int k) {
  for (int i = 1; i < k; ++i)
    for (int j = i; j > 0 && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]);
}

// The image of a digit set under a digit permutation g (g[d] = image of d).
std::uint16_t relabel(const std::vector<int>& g, std::uint16_t s) {
  std::uint16_t r = 0;
  for (unsigned x = s; x; x &= x - 1) r |= static_cast<std::uint16_t>(1u << g[std::countr_zero(x)]);
  return r;
}

}  // namespace

TwoBandClasses::TwoBandClasses(int m, int threads) : m_(m) {
  (void)threads;  // serial: the orbit walk takes about 4 s at m = 5 (Zen 3)
  if (m < 2 || m > kSide2MaxClassHalf)
    throw std::invalid_argument("two-band classes: m must be 2.." + std::to_string(kSide2MaxClassHalf) + ", got " +
                                std::to_string(m));
  const auto t0 = SteadyClock::now();
  const int n = 2 * m;
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  table_.route = MethodId::TwoBand;
  table_.m = m;

  // Box partitions, by the block holding digit 0.
  id_of_block_.assign(std::size_t{1} << n, ~0u);
  for (unsigned s = 1; s <= all; s += 2)
    if (std::popcount(s) == m) {
      id_of_block_[s] = static_cast<std::uint32_t>(block_.size());
      block_.push_back(static_cast<std::uint16_t>(s));
    }
  const std::uint32_t P = partitions();
  auto pid = [&](std::uint16_t s) { return id_of_block_[(s & 1) ? s : static_cast<std::uint16_t>(all & ~s)]; };
  const std::uint32_t standard = pid(static_cast<std::uint16_t>((1u << m) - 1));

  // std_of[p][q]: q under the relabelling sending p's digit-0 block onto 0..m-1 and the other
  // block onto m..N-1, each in increasing order.
  std_of_.resize(std::size_t{P} * P);
  for (std::uint32_t p = 0; p < P; ++p) {
    std::vector<int> g(n);
    int lo = 0, hi = m;
    for (int d = 0; d < n; ++d) g[d] = (block_[p] >> d & 1) ? lo++ : hi++;
    for (std::uint32_t q = 0; q < P; ++q) std_of_[std::size_t{p} * P + q] = pid(relabel(g, block_[q]));
    assert(std_of_[std::size_t{p} * P + p] == standard);
  }
  // The stabiliser's generators as id tables.
  std::vector<std::vector<std::uint32_t>> gens;
  {
    std::vector<std::vector<int>> perms;
    std::vector<int> g(n);
    std::iota(g.begin(), g.end(), 0);
    std::swap(g[0], g[1]);
    perms.push_back(g);
    std::iota(g.begin(), g.end(), 0);
    for (int d = 0; d < m; ++d) g[d] = (d + 1) % m;
    perms.push_back(g);
    for (int d = 0; d < n; ++d) g[d] = (d + m) % n;
    perms.push_back(g);
    for (auto& h : perms) {
      std::vector<std::uint32_t> t(P);
      for (std::uint32_t q = 0; q < P; ++q) t[q] = pid(relabel(h, block_[q]));
      assert(t[standard] == standard);
      gens.push_back(std::move(t));
    }
  }

  // Nodes: (m-1)-multisets of ids, ranked in colex order.
  const int K = m - 1;
  const std::uint64_t nodes = binomial(P + K - 1, K);
  if (nodes > 0xFFFFFFFFull) throw std::invalid_argument("two-band classes: too many nodes");
  auto rank = [&](std::uint32_t* a) {  // sorts a[0..K) and ranks it
    sort_small(a, K);
    return static_cast<std::uint32_t>(multiset_colex_rank(a, K));
  };
  // binomial(a+i, i+1) as a table: the rank runs 44 million times.
  std::vector<std::uint64_t> binom_tab((P + K) * (K + 1));
  for (std::uint32_t v = 0; v < P + K; ++v)
    for (int i = 0; i <= K; ++i) binom_tab[v * (K + 1) + i] = binomial(v, i);
  auto fast_rank = [&](std::uint32_t* a) {
    sort_small(a, K);
    std::uint64_t r = 0;
    for (int i = 0; i < K; ++i) r += binom_tab[(a[i] + i) * (K + 1) + i + 1];
    return static_cast<std::uint32_t>(r);
  };

  // Orbits by search: nodes in increasing rank; an unseen node starts a class (so classes come
  // in the order of their smallest node) and a depth-first walk over the generators' images
  // marks its whole orbit, each node once, adding its box orders to the class's weight.
  std::vector<std::uint64_t> seen((nodes + 63) / 64, 0);  // 1.4 MB for m = 5
  auto test_and_mark = [&](std::uint32_t r) {
    std::uint64_t& w = seen[r >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (r & 63);
    const bool was = w & bit;
    w |= bit;
    return was;
  };
  node_class_.assign(nodes, 0);
  // A node on the walk's stack, in one word (a store the next pop forwards whole): its rank in
  // the low half, its sorted ids a byte each above (m <= 5: K <= 4 ids, P <= 126).
  static_assert(kSide2MaxClassHalf - 1 <= 4, "two-band classes: a node's ids no longer fit in a word");
  auto pack = [&](std::uint32_t r, const std::uint32_t* ids) {
    std::uint64_t w = r;
    for (int i = 0; i < K; ++i) w |= std::uint64_t{ids[i]} << (32 + 8 * i);
    return w;
  };
  assert(P <= 256);  // m <= 5: P = C(2m-1, m-1) <= 126
  std::vector<std::uint64_t> stack;
  std::vector<std::uint64_t> tuples;  // per class: ordered tuples of boxes 2..m
  std::vector<std::uint32_t> a(K, 0);  // the current node, sorted, colex order
  std::uint64_t walked = 0;
  // Shown while it runs, stopped between nodes (a step every 65,536 nodes walked; core/phase.hpp).
  Phase phase(fmt::format("two-band classes of {}x2 boxes", m), nodes, "nodes");
  for (std::uint64_t x = 0; x < nodes; ++x) {
    assert(rank(std::vector<std::uint32_t>(a).data()) == x);
    if (!test_and_mark(static_cast<std::uint32_t>(x))) {
      const auto cls = static_cast<std::uint32_t>(tuples.size());
      tuples.push_back(0);
      Side2Class c;
      c.representative.m = m;
      c.representative.sets[0] = static_cast<std::uint16_t>((1u << m) - 1);
      for (int i = 0; i < K; ++i) c.representative.sets[i + 1] = block_[a[i]];
      table_.classes.push_back(c);
      node_class_[x] = cls;
      stack.push_back(pack(static_cast<std::uint32_t>(x), a.data()));
      while (!stack.empty()) {
        const std::uint64_t w = stack.back();
        stack.pop_back();
        std::uint32_t ids[4];
        for (int i = 0; i < K; ++i) ids[i] = static_cast<std::uint32_t>(w >> (32 + 8 * i)) & 0xff;
        if ((++walked & 0xffff) == 0) phase.step(0x10000);
        tuples[cls] += multinomial_of_runs(ids, K);  // orders of the multiset: K! / prod(mult!)
        auto visit = [&](std::uint32_t* img) {
          const std::uint32_t r = fast_rank(img);  // sorts img
          if (test_and_mark(r)) return;
          node_class_[r] = cls;
          stack.push_back(pack(r, img));
        };
        std::uint32_t img[8];
        for (const auto& t : gens) {
          for (int i = 0; i < K; ++i) img[i] = t[ids[i]];
          visit(img);
        }
        for (int j = 0; j < K; ++j) {  // the box holding ids[j] first, re-standardised
          if (j > 0 && ids[j] == ids[j - 1]) continue;
          const std::uint32_t* row = std_of_.data() + std::size_t{ids[j]} * P;
          for (int i = 0; i < K; ++i) img[i] = row[i == j ? standard : ids[i]];
          visit(img);
        }
      }
    }
    next_multiset_colex(a.data(), K, P - 1);
  }
  (void)rank;
  phase.step(walked & 0xffff);
  for (std::size_t c = 0; c < table_.classes.size(); ++c) {
    const u128 w = checked_mul(checked_mul(tuples[c], u128{1} << m), P);
    if (w > ~std::uint64_t{0}) throw std::overflow_error("two-band classes: weight overflow");
    table_.classes[c].weight = static_cast<std::uint64_t>(w);
  }
  table_.enumerated = nodes;
  table_.group_order = 0;  // generators, not an explicit group
  table_.configurations = 1;
  for (int k = 0; k < m; ++k) table_.configurations *= binomial(n, m);
  table_.seconds = seconds_since(t0);
}

std::uint64_t TwoBandClasses::node_of(const Side2Config& c) const {
  const int m = m_, n = 2 * m, K = m - 1;
  const auto all = static_cast<std::uint16_t>((1u << n) - 1);
  const std::uint32_t P = partitions();
  auto pid = [&](std::uint16_t s) { return id_of_block_[(s & 1) ? s : static_cast<std::uint16_t>(all & ~s)]; };
  const std::uint32_t* row = std_of_.data() + std::size_t{pid(c.sets[0])} * P;
  std::uint32_t a[8];
  for (int i = 0; i < K; ++i) a[i] = row[pid(c.sets[i + 1])];
  sort_small(a, K);
  std::uint64_t r = 0;
  for (int i = 0; i < K; ++i) r += binomial(a[i] + i, i + 1);
  return r;
}

std::uint32_t TwoBandClasses::class_of(const Side2Config& c) const {
  if (c.m != m_ || !is_valid_config(c)) throw std::invalid_argument("two-band classes: not a configuration of m = " + std::to_string(m_));
  return node_class_[node_of(c)];
}

}  // namespace gridenum
