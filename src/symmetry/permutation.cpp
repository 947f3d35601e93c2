// Permutation helpers (see permutation.hpp).
#include "gridenum/symmetry/permutation.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <random>
#include <stdexcept>
#include <unordered_set>

#include <fmt/format.h>

namespace gridenum {

Perm identity_perm(int n) {
  Perm p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  return p;
}

bool is_identity(const Perm& p) {
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] != static_cast<int>(i)) return false;
  return true;
}

Perm compose(const Perm& p, const Perm& q) {
  assert(p.size() == q.size());
  Perm r(q.size());
  for (std::size_t i = 0; i < q.size(); ++i) r[i] = p[static_cast<std::size_t>(q[i])];
  return r;
}

Perm inverse(const Perm& p) {
  Perm r(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) r[static_cast<std::size_t>(p[i])] = static_cast<int>(i);
  return r;
}

Perm power(const Perm& p, int e) {
  if (e < 0) throw std::invalid_argument("power: negative exponent");
  Perm r = identity_perm(static_cast<int>(p.size()));
  Perm b = p;
  while (e > 0) {  // square and multiply; powers of one permutation commute
    if (e & 1) r = compose(b, r);
    b = compose(b, b);
    e >>= 1;
  }
  return r;
}

bool is_permutation(const Perm& p) {
  std::vector<char> seen(p.size(), 0);
  for (int x : p) {
    if (x < 0 || x >= static_cast<int>(p.size()) || seen[static_cast<std::size_t>(x)]) return false;
    seen[static_cast<std::size_t>(x)] = 1;
  }
  return true;
}

std::vector<std::vector<int>> cycles(const Perm& p) {
  std::vector<std::vector<int>> out;
  std::vector<char> seen(p.size(), 0);
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (seen[i]) continue;
    std::vector<int> c;
    for (int j = static_cast<int>(i); !seen[static_cast<std::size_t>(j)]; j = p[static_cast<std::size_t>(j)]) {
      seen[static_cast<std::size_t>(j)] = 1;
      c.push_back(j);
    }
    out.push_back(std::move(c));
  }
  return out;
}

// Directly, without listing the cycles: the line-orbit kernel asks for the type of every root
// it meets (1.0M roots on 9x9), and going through cycles() -- a vector per cycle -- was 15% of
// the whole 9x9 run's instructions; this way the run takes 19.8e9 instead of 22.2e9
// (callgrind, one thread, baseline ISA).
CycleType cycle_type(const Perm& p) {
  CycleType t;
  std::vector<char> seen(p.size(), 0);
  for (std::size_t i = 0; i < p.size(); ++i) {
    int len = 0;
    for (std::size_t j = i; !seen[j]; j = static_cast<std::size_t>(p[j]), ++len) seen[j] = 1;
    if (len > 0) t.push_back(len);
  }
  std::sort(t.rbegin(), t.rend());
  return t;
}

CycleType power_type(const CycleType& t, int m) {
  CycleType r;
  for (int l : t) {
    const int g = std::gcd(l, m);
    for (int i = 0; i < g; ++i) r.push_back(l / g);
  }
  std::sort(r.rbegin(), r.rend());
  return r;
}

std::uint64_t centraliser_order(const CycleType& t) {
  std::uint64_t z = 1;
  for (std::size_t i = 0; i < t.size();) {
    std::size_t j = i;
    while (j < t.size() && t[j] == t[i]) ++j;
    const std::uint64_t mult = j - i;
    for (std::uint64_t k = 1; k <= mult; ++k) z *= k * static_cast<std::uint64_t>(t[i]);
    i = j;
  }
  return z;
}

Perm perm_of_type(const CycleType& t) {
  int n = 0;
  for (int l : t) n += l;
  Perm p(static_cast<std::size_t>(n));
  int s = 0;
  for (int l : t) {
    for (int i = 0; i < l; ++i) p[static_cast<std::size_t>(s + i)] = s + (i + 1) % l;
    s += l;
  }
  return p;
}

namespace {
void partitions_rec(int n, int max_part, CycleType& cur, std::vector<CycleType>& out) {
  if (n == 0) {
    out.push_back(cur);
    return;
  }
  for (int p = std::min(n, max_part); p >= 1; --p) {
    cur.push_back(p);
    partitions_rec(n - p, p, cur, out);
    cur.pop_back();
  }
}
}  // namespace

std::vector<CycleType> partitions(int n) {
  std::vector<CycleType> out;
  CycleType cur;
  partitions_rec(n, n, cur, out);
  return out;
}

std::string cycle_string(const Perm& p, int base) {
  std::string s;
  for (const auto& c : cycles(p)) {
    if (c.size() < 2) continue;
    s += '(';
    for (std::size_t i = 0; i < c.size(); ++i) s += fmt::format("{}{}", i ? " " : "", c[i] + base);
    s += ')';
  }
  return s.empty() ? "id" : s;
}

std::string type_string(const CycleType& t) {
  std::string s;
  for (std::size_t i = 0; i < t.size(); ++i) s += fmt::format("{}{}", i ? "+" : "", t[i]);
  return s;
}

// Roots, cycle by cycle. Take the first cycle c1 of q not yet used (length L) and a k with
// gcd(k*L, m) = k; pick k-1 further unused cycles of length L, in order, and a starting point
// in each. The root's cycle y_0 .. y_{kL-1} then has y_0 = c1's first point, y_j (j < k) the
// chosen starting points, and y_{j + t*m mod kL} = q^t(y_j): the residues mod k are the k
// orbits of "add m" on Z_kL, each of length L. Fixing y_0 makes each root's cycle appear once.
void for_each_root(const Perm& q, int m, const std::function<void(const Perm&)>& visit) {
  for_each_root(q, m, [](const std::vector<int>&, int) { return true; }, visit);
}

// Placing cycle by cycle is also what makes pruning possible: a caller whose condition on the
// root is a conjunction over its cycles (line orbits: the row-0 orbits each cycle determines
// must not clash) rejects a partial root before its completions are built.
void for_each_root(const Perm& q, int m, const std::function<bool(const std::vector<int>&, int)>& place,
                   const std::function<void(const Perm&)>& visit) {
  if (m < 1) throw std::invalid_argument("for_each_root: exponent must be at least 1");
  const auto cyc = cycles(q);
  const int n = static_cast<int>(q.size());
  std::vector<char> used(cyc.size(), 0);
  Perm r(static_cast<std::size_t>(n), -1);

  int depth = 0;  // cycles of r placed on this path
  // The new cycle's points, one buffer per depth (no allocation per cycle tried: a 12-digit
  // class tries tens of millions; docs/symmetry.md, *Roots listed faster*).
  std::vector<std::vector<int>> ybuf(static_cast<std::size_t>(n) + 1);
  std::function<void()> rec = [&]() {
    std::size_t first = 0;
    while (first < cyc.size() && used[first]) ++first;
    if (first == cyc.size()) {
      visit(r);
      return;
    }
    const int L = static_cast<int>(cyc[first].size());
    std::vector<std::size_t> same;
    for (std::size_t j = first + 1; j < cyc.size(); ++j)
      if (!used[j] && static_cast<int>(cyc[j].size()) == L) same.push_back(j);
    used[first] = 1;
    for (int k = 1; k <= static_cast<int>(same.size()) + 1; ++k) {
      if (std::gcd(k * L, m) != k) continue;
      // Choose an ordered sequence of k-1 cycles from `same` and a start point in each.
      std::vector<std::size_t> chosen;
      std::vector<int> start;
      std::function<void()> pick = [&]() {
        if (static_cast<int>(chosen.size()) == k - 1) {
          const int len = k * L;
          std::vector<int>& y = ybuf[static_cast<std::size_t>(depth)];
          y.assign(static_cast<std::size_t>(len), -1);
          const int step = m % len;  // position j + t*m (mod len), kept by adding
          auto fill = [&](int j, int point) {
            int x = point;
            for (int t = 0, pos = j; t < L; ++t) {
              y[static_cast<std::size_t>(pos)] = x;
              x = q[static_cast<std::size_t>(x)];
              pos += step;
              if (pos >= len) pos -= len;
            }
          };
          fill(0, cyc[first][0]);
          for (int j = 1; j < k; ++j)
            fill(j, cyc[chosen[static_cast<std::size_t>(j - 1)]][static_cast<std::size_t>(start[static_cast<std::size_t>(j - 1)])]);
          for (int s = 0; s < len; ++s) {
            assert(y[static_cast<std::size_t>(s)] >= 0);
            r[static_cast<std::size_t>(y[static_cast<std::size_t>(s)])] = y[static_cast<std::size_t>(s + 1 == len ? 0 : s + 1)];
          }
          if (!place(y, depth)) return;
          for (auto c : chosen) used[c] = 1;
          ++depth;
          rec();
          --depth;
          for (auto c : chosen) used[c] = 0;
          return;
        }
        for (auto c : same) {
          if (used[c] || std::find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
          chosen.push_back(c);
          for (int o = 0; o < L; ++o) {
            start.push_back(o);
            pick();
            start.pop_back();
          }
          chosen.pop_back();
        }
      };
      pick();
    }
    used[first] = 0;
  };
  rec();
}

std::uint64_t pack(const Perm& p) {
  if (p.size() > 16) throw std::invalid_argument("pack: more than 16 points");
  std::uint64_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) k |= static_cast<std::uint64_t>(p[i]) << (4 * i);
  return k;
}

std::vector<Perm> generating_set(const std::vector<Perm>& elements) {
  std::vector<Perm> gens;
  if (elements.empty()) return gens;
  const int n = static_cast<int>(elements[0].size());
  // Visiting the elements in a fixed pseudo-random order keeps the set small (two or three
  // generators for the wreath products here; in list order greedy kept a dozen or more, and
  // every generator costs a pass over the signatures in fixed_signatures.cpp).
  std::vector<std::size_t> order(elements.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937_64 rng(0x5eed5eedULL);
  std::shuffle(order.begin(), order.end(), rng);
  std::unordered_set<std::uint64_t> generated{pack(identity_perm(n))};
  std::vector<Perm> members{identity_perm(n)};
  for (std::size_t idx : order) {
    const Perm& e = elements[idx];
    if (generated.count(pack(e))) continue;
    gens.push_back(e);
    // Closure of the members under the generators (breadth first from what is there).
    for (std::size_t i = 0; i < members.size(); ++i)
      for (const Perm& g : gens) {
        Perm x = compose(g, members[i]);
        if (generated.insert(pack(x)).second) members.push_back(std::move(x));
      }
    if (members.size() == elements.size()) break;
  }
  if (members.size() != elements.size())
    throw std::logic_error("generating_set: the elements do not form a group");
  return gens;
}

}  // namespace gridenum
