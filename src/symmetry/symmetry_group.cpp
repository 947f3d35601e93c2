// The geometric symmetry group and its conjugacy classes (see symmetry_group.hpp).
#include "gridenum/symmetry/symmetry_group.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace gridenum {

namespace {

// Multisets of `mult` items drawn from {0..n-1}, as non-decreasing sequences.
void multisets(int n, int mult, std::vector<int>& cur, const std::function<void()>& visit) {
  if (static_cast<int>(cur.size()) == mult) {
    visit();
    return;
  }
  for (int i = cur.empty() ? 0 : cur.back(); i < n; ++i) {
    cur.push_back(i);
    multisets(n, mult, cur, visit);
    cur.pop_back();
  }
}

}  // namespace

// Classes of S_m wr S_k: a partition of k into block-cycle lengths, and for each length l of
// multiplicity mult a multiset of mult cycle-product types (partitions of m).
std::vector<WreathClass> wreath_classes(int m, int k, const std::string& block, const std::string& lines) {
  const std::vector<CycleType> types = partitions(m);
  std::uint64_t order = 1;
  for (int i = 2; i <= m; ++i) order *= static_cast<std::uint64_t>(i);
  std::uint64_t base = 1;
  for (int i = 0; i < k; ++i) base *= order;
  std::uint64_t top = 1;
  for (int i = 2; i <= k; ++i) top *= static_cast<std::uint64_t>(i);
  const std::uint64_t w_order = base * top;

  std::vector<WreathClass> out;
  for (const CycleType& lam : partitions(k)) {
    // Distinct lengths of lam with their multiplicities, longest first.
    std::vector<std::pair<int, int>> lens;
    for (int l : lam) {
      if (!lens.empty() && lens.back().first == l) ++lens.back().second;
      else lens.push_back({l, 1});
    }
    std::vector<std::vector<int>> choice(lens.size());
    std::function<void(std::size_t)> per_len = [&](std::size_t li) {
      if (li == lens.size()) {
        WreathClass wc;
        wc.rep.assign(static_cast<std::size_t>(m * k), 0);
        wc.blocks = identity_perm(k);
        std::uint64_t centraliser = 1;
        std::vector<std::string> parts;
        int s = 0;
        for (std::size_t a = 0; a < lens.size(); ++a) {
          const int l = lens[a].first;
          // centraliser: mult! * (l * z_type)^mult per distinct (l, type)
          std::map<int, int> count;
          for (int t : choice[a]) ++count[t];
          for (auto [t, mult] : count)
            for (int x = 1; x <= mult; ++x)
              centraliser *= static_cast<std::uint64_t>(x) * static_cast<std::uint64_t>(l) *
                             centraliser_order(types[static_cast<std::size_t>(t)]);
          for (int t : choice[a]) {
            const Perm prod = perm_of_type(types[static_cast<std::size_t>(t)]);
            for (int i = 0; i < l; ++i) {
              const int b = s + i, to = s + (i + 1) % l;
              wc.blocks[static_cast<std::size_t>(b)] = to;
              for (int p = 0; p < m; ++p)
                wc.rep[static_cast<std::size_t>(b * m + p)] = to * m + (i == 0 ? prod[static_cast<std::size_t>(p)] : p);
            }
            if (l == 1) {
              if (!is_identity(prod)) parts.push_back(fmt::format("{} {}: {} {}", block, s + 1, lines, cycle_string(prod)));
            } else {
              std::string cyc;
              for (int i = 0; i < l; ++i) cyc += fmt::format("{}{}", i ? " " : "", s + i + 1);
              parts.push_back(fmt::format("{}s ({}){}", block, cyc,
                                          is_identity(prod) ? "" : " carrying " + cycle_string(prod)));
            }
            s += l;
          }
        }
        assert(s == k);
        assert(w_order % centraliser == 0);
        wc.size = w_order / centraliser;
        for (std::size_t i = 0; i < parts.size(); ++i) wc.text += (i ? "; " : "") + parts[i];
        if (wc.text.empty()) wc.text = "identity";
        wc.key = wreath_key(m, k, wc.rep);
        out.push_back(std::move(wc));
        return;
      }
      std::vector<int> cur;
      multisets(static_cast<int>(types.size()), lens[li].second, cur, [&] {
        choice[li] = cur;
        per_len(li + 1);
      });
    };
    per_len(0);
  }
  return out;
}

void for_each_wreath_element(int m, int k, const std::function<void(const Perm&)>& visit) {
  Perm top = identity_perm(k);
  Perm p(static_cast<std::size_t>(m * k));
  std::vector<Perm> inner(static_cast<std::size_t>(k), identity_perm(m));
  std::function<void(int)> rec = [&](int b) {
    if (b == k) {
      for (int x = 0; x < k; ++x)
        for (int i = 0; i < m; ++i)
          p[static_cast<std::size_t>(x * m + i)] = top[static_cast<std::size_t>(x)] * m + inner[static_cast<std::size_t>(x)][static_cast<std::size_t>(i)];
      visit(p);
      return;
    }
    Perm& q = inner[static_cast<std::size_t>(b)];
    std::sort(q.begin(), q.end());
    do rec(b + 1);
    while (std::next_permutation(q.begin(), q.end()));
  };
  do rec(0);
  while (std::next_permutation(top.begin(), top.end()));
}

bool in_wreath(int m, int k, const Perm& p) {
  if (static_cast<int>(p.size()) != m * k || !is_permutation(p)) return false;
  for (int b = 0; b < k; ++b)
    for (int i = 1; i < m; ++i)
      if (p[static_cast<std::size_t>(b * m + i)] / m != p[static_cast<std::size_t>(b * m)] / m) return false;
  return true;
}

WreathKey wreath_key(int m, int k, const Perm& p) {
  assert(in_wreath(m, k, p));
  WreathKey key;
  std::vector<char> seen(static_cast<std::size_t>(k), 0);
  for (int b = 0; b < k; ++b) {
    if (seen[static_cast<std::size_t>(b)]) continue;
    int l = 0;
    for (int x = b; !seen[static_cast<std::size_t>(x)]; x = p[static_cast<std::size_t>(x * m)] / m, ++l)
      seen[static_cast<std::size_t>(x)] = 1;
    // The cycle product: follow each line of block b round the cycle, l steps.
    Perm prod(static_cast<std::size_t>(m));
    for (int i = 0; i < m; ++i) {
      int line = b * m + i;
      for (int t = 0; t < l; ++t) line = p[static_cast<std::size_t>(line)];
      assert(line / m == b);
      prod[static_cast<std::size_t>(i)] = line % m;
    }
    key.emplace_back(l, cycle_type(prod));
  }
  std::sort(key.begin(), key.end());
  return key;
}

bool GeometricSymmetry::is_identity() const {
  return !transpose && gridenum::is_identity(rows) && gridenum::is_identity(cols);
}

int cell_image(Shape s, const GeometricSymmetry& g, int cell) {
  const int n = s.n(), r = cell / n, c = cell % n;
  if (g.transpose) return g.rows[static_cast<std::size_t>(c)] * n + g.cols[static_cast<std::size_t>(r)];
  return g.rows[static_cast<std::size_t>(r)] * n + g.cols[static_cast<std::size_t>(c)];
}

Perm cell_permutation(Shape s, const GeometricSymmetry& g) {
  Perm p(static_cast<std::size_t>(s.cells()));
  for (int i = 0; i < s.cells(); ++i) p[static_cast<std::size_t>(i)] = cell_image(s, g, i);
  return p;
}

GeometricSymmetry transposed_view(const GeometricSymmetry& g) { return GeometricSymmetry{g.cols, g.rows, g.transpose}; }

// (a2,b2) o (a1,b1) = (a2 a1, b2 b1); with g1 = (a1,b1)t: (a2 a1, b2 b1)t; g2 = (a2,b2)t after
// (a1,b1): (a2 b1, b2 a1)t; both transposed: (a2 b1, b2 a1) (see symmetry_group.hpp's action).
GeometricSymmetry compose(Shape, const GeometricSymmetry& g2, const GeometricSymmetry& g1) {
  if (!g2.transpose) return GeometricSymmetry{compose(g2.rows, g1.rows), compose(g2.cols, g1.cols), g1.transpose};
  return GeometricSymmetry{compose(g2.rows, g1.cols), compose(g2.cols, g1.rows), !g1.transpose};
}

bool in_group(Shape s, const GeometricSymmetry& g) {
  if (g.transpose && s.rows != s.cols) return false;
  return in_wreath(s.rows, s.cols, g.rows) && in_wreath(s.cols, s.rows, g.cols);
}

SymmetryGroup build_symmetry_group(Shape s, bool transposition) {
  if (s.rows < 2 || s.cols < 2 || s.n() > 16)
    throw std::invalid_argument(fmt::format("symmetry group: boxes of at least 2 x 2 cells and at most 16 digits, got {}", s.str()));
  if (transposition && s.rows != s.cols)
    throw std::invalid_argument(fmt::format(
        "symmetry group: transposition maps {} grids to {} grids, so it is a symmetry only when R = C", s.str(),
        Shape{s.cols, s.rows}.str()));
  SymmetryGroup grp;
  grp.shape = s;
  grp.transposition = transposition;
  // Rows: C bands of R rows (S_R wr S_C); columns: R stacks of C columns (S_C wr S_R).
  const auto rowc = wreath_classes(s.rows, s.cols, "band", "rows");
  const auto colc = wreath_classes(s.cols, s.rows, "stack", "columns");
  for (const auto& c : rowc) grp.row_order += c.size;
  for (const auto& c : colc) grp.col_order += c.size;
  grp.order = grp.row_order * grp.col_order * (transposition ? 2 : 1);

  auto text = [](const WreathClass& a, const WreathClass& b) {
    if (a.text == "identity" && b.text == "identity") return std::string("identity");
    if (b.text == "identity") return a.text;
    if (a.text == "identity") return b.text;
    return a.text + "; " + b.text;
  };
  // The identity class (identity row part, identity column part) comes first in each list
  // only by how partitions() orders things, so find it rather than assume it.
  const auto idx = [](std::size_t i) { return static_cast<int>(i); };
  if (!transposition) {
    for (std::size_t i = 0; i < rowc.size(); ++i)
      for (std::size_t j = 0; j < colc.size(); ++j)
        grp.classes.push_back(SymmetryClass{GeometricSymmetry{rowc[i].rep, colc[j].rep, false}, rowc[i].size * colc[j].size,
                                            text(rowc[i], colc[j]), idx(i), idx(j)});
  } else {
    // R = C: W_r and W_c are the same wreath product and wreath_classes lists their classes in
    // the same order, so index i names the same class on both sides.
    for (std::size_t i = 0; i < rowc.size(); ++i)
      for (std::size_t j = i; j < colc.size(); ++j)
        grp.classes.push_back(SymmetryClass{GeometricSymmetry{rowc[i].rep, colc[j].rep, false},
                                            rowc[i].size * colc[j].size * (i == j ? 1 : 2), text(rowc[i], colc[j]), idx(i),
                                            idx(j)});
    const std::uint64_t w = grp.row_order;
    for (std::size_t i = 0; i < rowc.size(); ++i)
      grp.classes.push_back(SymmetryClass{GeometricSymmetry{rowc[i].rep, identity_perm(s.n()), true}, w * rowc[i].size,
                                          rowc[i].text == "identity" ? "transpose" : "transpose, then " + rowc[i].text,
                                          idx(i), -1});
  }
  auto id = std::find_if(grp.classes.begin(), grp.classes.end(), [](const SymmetryClass& c) { return c.rep.is_identity(); });
  assert(id != grp.classes.end() && id->size == 1);
  std::rotate(grp.classes.begin(), id, id + 1);
  std::uint64_t sum = 0;
  for (const auto& c : grp.classes) sum += c.size;
  if (sum != grp.order) throw std::logic_error("symmetry group: class sizes do not add up to the group order");
  grp.row_classes = rowc;
  grp.col_classes = colc;
  return grp;
}

namespace {
int find_key(const std::vector<WreathClass>& classes, const WreathKey& key) {
  for (std::size_t i = 0; i < classes.size(); ++i)
    if (classes[i].key == key) return static_cast<int>(i);
  throw std::logic_error("symmetry group: an element's invariant matches no class");
}
}  // namespace

std::size_t class_index(const SymmetryGroup& grp, const GeometricSymmetry& g) {
  const Shape s = grp.shape;
  if (!in_group(s, g) || (g.transpose && !grp.transposition))
    throw std::invalid_argument("class_index: the element is not in the group");
  int a = -1, b = -1;
  if (g.transpose) {
    a = find_key(grp.row_classes, wreath_key(s.rows, s.cols, compose(g.rows, g.cols)));
  } else {
    a = find_key(grp.row_classes, wreath_key(s.rows, s.cols, g.rows));
    b = find_key(grp.col_classes, wreath_key(s.cols, s.rows, g.cols));
    if (grp.transposition && b < a) std::swap(a, b);
  }
  for (std::size_t i = 0; i < grp.classes.size(); ++i)
    if (grp.classes[i].rep.transpose == g.transpose && grp.classes[i].row_class == a && grp.classes[i].col_class == b)
      return i;
  throw std::logic_error("class_index: no class with these invariants");
}

int element_order(Shape s, const GeometricSymmetry& g) {
  int e = 1;
  for (GeometricSymmetry x = g; !x.is_identity(); x = compose(s, g, x)) ++e;
  return e;
}

}  // namespace gridenum
