// The top-band signature catalogue: see band_signatures.hpp for the digit-type view, the levels
// and why the canonical form is a function of the orbit.
//
// Layout of one multiset during canonicalisation (Points): N points, point i's coordinates in
// x[i][0..k) (one byte each), k <= R <= 8 coordinates, C <= 8 values. Refinement invariants
// are 64-bit hashes: I[j][c] for value c of coordinate j, J[j] for coordinate j. Hash collisions
// only make the invariants coarser (more elements tried), never wrong: each invariant is a fixed
// function of the multiset with its coordinates and values renamed along.
//
// What it costs (4x3, measured by the stats): level 3 -> 4 canonicalises every balanced
// extension of the level-3 representatives; the allowed elements per canonicalisation are
// usually 1 .. a few dozen (the refinement separates most values), the whole W only for the
// most symmetric multisets.
#include "gridenum/count/three_band/band_signatures.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <stdexcept>

#include <fmt/format.h>

#include "gridenum/core/combinatorics.hpp"
#include "gridenum/core/errors.hpp"
#include "gridenum/core/phase.hpp"
#include "gridenum/core/timing.hpp"

namespace gridenum {

namespace {

constexpr int kMaxPoints = 16;
constexpr int kMaxCoords = 8;
constexpr int kMaxValues = 8;

std::uint64_t mix(std::uint64_t z) {  // splitmix64 finaliser
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
// Hash of the multiset v[0..n), n <= 16 (sorts v; insertion sort: tiny arrays, and gcc 12's
// -Warray-bounds misfires on std::sort over fixed-size arrays).
std::uint64_t fold(std::uint64_t* v, int n) {
  for (int i = 1; i < n; ++i)
    for (int a = i; a > 0 && v[a - 1] > v[a]; --a) std::swap(v[a - 1], v[a]);
  std::uint64_t h = 0x2545f4914f6cdd1dULL + static_cast<std::uint64_t>(n);
  for (int i = 0; i < n; ++i) h = mix(h ^ v[i]);
  return h;
}

struct Points {
  int n = 0, k = 0;  // points, coordinates
  std::uint8_t x[kMaxPoints][kMaxCoords]{};
};

SignatureKey pack(const std::uint8_t* codes, int n) {
  SignatureKey key = 0;
  for (int i = 0; i < n; ++i) key |= static_cast<SignatureKey>(codes[i]) << (8 * (15 - i));
  return key;
}

Points unpack(SignatureKey key, int n, int k, int C) {
  Points p;
  p.n = n;
  p.k = k;
  for (int i = 0; i < n; ++i) {
    int code = static_cast<int>((key >> (8 * (15 - i))) & 0xff);
    for (int j = k - 1; j >= 0; --j) {
      p.x[i][j] = static_cast<std::uint8_t>(code % C);
      code /= C;
    }
  }
  return p;
}

// All permutations of [0, n) that keep every run of equal keys (keys sorted) inside its
// positions: the elements allowed by an invariant. out[t][item] = position.
void tie_permutations(const std::vector<std::pair<std::uint64_t, int>>& sorted, std::vector<std::array<std::uint8_t, kMaxValues>>& out) {
  const int n = static_cast<int>(sorted.size());
  out.clear();
  std::array<std::uint8_t, kMaxValues> cur{};
  std::vector<int> items(n);
  for (int i = 0; i < n; ++i) items[i] = sorted[i].second;
  // Runs [a, b) of equal keys; enumerate the product of the runs' permutations.
  std::vector<std::pair<int, int>> runs;
  for (int a = 0; a < n;) {
    int b = a + 1;
    while (b < n && sorted[b].first == sorted[a].first) ++b;
    runs.emplace_back(a, b);
    a = b;
  }
  auto rec = [&](auto&& self, std::size_t r) -> void {
    if (r == runs.size()) {
      for (int pos = 0; pos < n; ++pos) cur[items[pos]] = static_cast<std::uint8_t>(pos);
      out.push_back(cur);
      return;
    }
    auto [a, b] = runs[r];
    std::sort(items.begin() + a, items.begin() + b);
    do self(self, r + 1);
    while (std::next_permutation(items.begin() + a, items.begin() + b));
  };
  rec(rec, 0);
}

// An element of S_C wr S_k: coordinate j goes to position pos[j], its value c to value[j][c].
struct CanonMap {
  std::array<std::uint8_t, kMaxCoords> pos{};
  std::array<std::array<std::uint8_t, kMaxValues>, kMaxCoords> value{};
};

// Canonical form under S_C wr S_k of a balanced multiset (see the header). Thread-safe (no
// shared state). map_out: an element taking the multiset to its canonical form.
struct Canon {
  int C;

  SignatureKey operator()(const Points& p, std::uint64_t* stab_out, CanonMap* map_out = nullptr) const {
    const int n = p.n, k = p.k;
    // Multiplicity of each point and the pair projections M[j][j'][c][c'].
    std::uint64_t mult[kMaxPoints];
    for (int i = 0; i < n; ++i) {
      mult[i] = 0;
      for (int i2 = 0; i2 < n; ++i2) mult[i] += std::equal(p.x[i], p.x[i] + k, p.x[i2]) ? 1 : 0;
    }
    std::uint8_t M[kMaxCoords][kMaxCoords][kMaxValues][kMaxValues]{};
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < k; ++j)
        for (int j2 = 0; j2 < k; ++j2) ++M[j][j2][p.x[i][j]][p.x[i][j2]];

    // Colour refinement, three rounds: a point's context seen from coordinate j is its
    // multiplicity and the multiset over the other coordinates j' of (J[j'], I[j'][x_j'],
    // M[j][j'][x_j][x_j']); a value's new invariant is the multiset of its points' contexts.
    std::uint64_t I[kMaxCoords][kMaxValues]{}, J[kMaxCoords]{};
    for (int round = 0; round < 3; ++round) {
      std::uint64_t NI[kMaxCoords][kMaxValues];
      std::uint64_t bucket[kMaxCoords][kMaxValues][kMaxPoints];
      int fill[kMaxCoords][kMaxValues]{};
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < k; ++j) {
          std::uint64_t parts[kMaxCoords];
          int np = 0;
          for (int j2 = 0; j2 < k; ++j2)
            if (j2 != j) parts[np++] = mix(J[j2] ^ mix(I[j2][p.x[i][j2]] ^ (std::uint64_t{M[j][j2][p.x[i][j]][p.x[i][j2]]} << 56)));
          const std::uint64_t ctx = mix(fold(parts, np) ^ mult[i]);
          const int c = p.x[i][j];
          bucket[j][c][fill[j][c]++] = ctx;
        }
      for (int j = 0; j < k; ++j) {
        for (int c = 0; c < C; ++c) NI[j][c] = mix(I[j][c] ^ fold(bucket[j][c], fill[j][c]));
        std::uint64_t v[kMaxValues];
        std::copy(NI[j], NI[j] + C, v);
        J[j] = mix(J[j] ^ fold(v, C));
      }
      std::copy(&NI[0][0], &NI[0][0] + kMaxCoords * kMaxValues, &I[0][0]);
    }

    // Allowed elements: coordinates in increasing J, values of each coordinate in increasing I;
    // every order inside runs of equal invariants.
    std::vector<std::pair<std::uint64_t, int>> order;
    for (int j = 0; j < k; ++j) order.emplace_back(J[j], j);
    std::sort(order.begin(), order.end());
    std::vector<std::array<std::uint8_t, kMaxValues>> coord_pos;  // [t][coordinate] = position
    tie_permutations(order, coord_pos);
    std::vector<std::array<std::uint8_t, kMaxValues>> value_maps[kMaxCoords];
    for (int j = 0; j < k; ++j) {
      std::vector<std::pair<std::uint64_t, int>> vals;
      for (int c = 0; c < C; ++c) vals.emplace_back(I[j][c], c);
      std::sort(vals.begin(), vals.end());
      tie_permutations(vals, value_maps[j]);
    }

    int weight[kMaxCoords];  // C^(k-1-position)
    SignatureKey best = ~SignatureKey{0};
    std::uint64_t stab = 0;
    std::size_t pick[kMaxCoords]{};
    for (const auto& pos : coord_pos) {
      for (int j = 0; j < k; ++j) {
        int w = 1;
        for (int q = pos[j] + 1; q < k; ++q) w *= C;
        weight[j] = w;
      }
      std::fill(pick, pick + k, 0);
      for (;;) {
        std::uint8_t codes[kMaxPoints];
        for (int i = 0; i < n; ++i) {
          int code = 0;
          for (int j = 0; j < k; ++j) code += value_maps[j][pick[j]][p.x[i][j]] * weight[j];
          // insertion sort as we go
          int a = i;
          while (a > 0 && codes[a - 1] > code) {
            codes[a] = codes[a - 1];
            --a;
          }
          codes[a] = static_cast<std::uint8_t>(code);
        }
        const SignatureKey key = pack(codes, n);
        if (key < best) {
          best = key;
          stab = 1;
          if (map_out)
            for (int j = 0; j < k; ++j) {
              map_out->pos[j] = pos[j];
              std::copy(value_maps[j][pick[j]].begin(), value_maps[j][pick[j]].end(), map_out->value[j].begin());
            }
        } else if (key == best) {
          ++stab;
        }
        int j = 0;
        while (j < k && ++pick[j] == value_maps[j].size()) pick[j++] = 0;
        if (j == k) break;
      }
    }
    if (stab_out) *stab_out = stab;
    return best;
  }
};

// Every balanced way of giving the points of `p` a new last coordinate (each value R times),
// canonicalised, handed to `sink`.
template <class Sink>
void extensions(const Points& p, int C, int R, const Canon& canon, Sink&& sink) {
  // Distinct points with multiplicities (points of a canonical form come sorted, equal ones
  // adjacent).
  std::vector<int> first, count;
  for (int i = 0; i < p.n; ++i) {
    if (i > 0 && std::equal(p.x[i], p.x[i] + p.k, p.x[i - 1])) {
      ++count.back();
    } else {
      first.push_back(i);
      count.push_back(1);
    }
  }
  Points q = p;
  q.k = p.k + 1;
  int cap[kMaxValues];
  std::fill(cap, cap + C, R);
  // Distinct point t gets a composition of count[t] into the C values; its copies i = first[t] ..
  // take the values in increasing order. The new coordinate's values are interchangeable (S_C),
  // so only restricted-growth assignments are made: a value is used only after every smaller
  // one (reading the points in order); every S_C-orbit of assignments holds one (relabel the
  // values by first appearance: within a point's copies the new values keep their order, so the
  // copies stay sorted). 3x4: 1,126,420 -> 47,000 or so candidates at level 3 (C! = 24).
  auto rec = [&](auto&& self, std::size_t t, int i, int left, int v, int top) -> void {
    if (t == first.size()) {
      sink(canon(q, nullptr));
      return;
    }
    if (left == 0) {
      self(self, t + 1, t + 1 < first.size() ? first[t + 1] : i, t + 1 < first.size() ? count[t + 1] : 0, 0, top);
      return;
    }
    for (int c = v; c < C && c <= top + 1; ++c) {
      if (cap[c] == 0) continue;
      --cap[c];
      q.x[i][p.k] = static_cast<std::uint8_t>(c);
      self(self, t, i + 1, left - 1, c, std::max(top, c));
      ++cap[c];
    }
  };
  rec(rec, 0, first.empty() ? 0 : first[0], count.empty() ? 0 : count[0], 0, -1);
}

void check_supported(Shape s) {
  if (auto why = signature_catalogue_shape_error(s)) throw std::invalid_argument("signature catalogue: " + *why);
}

}  // namespace

std::optional<std::string> signature_catalogue_shape_error(Shape s) {
  const int R = s.rows, C = s.cols;
  if (R < 2 || C < 2 || s.n() > kMaxPoints)
    return fmt::format("the top-band signature catalogue needs boxes of at least 2 x 2 cells and R*C <= {}, got {}", kMaxPoints, s.str());
  int cube = 1;
  for (int b = 0; b < R; ++b) cube *= C;
  if (cube > 256) return fmt::format("the top-band signature catalogue needs C^R <= 256 (a digit type in one byte), got {}^{} for {}", C, R, s.str());
  if (signature_configurations(s) >= (BigInt{1} << 64))
    return fmt::format("the top-band signature catalogue needs fewer than 2^64 configurations, {} has {}", s.str(),
                       signature_configurations(s).str());
  return std::nullopt;
}

BigInt signature_configurations(Shape s) {
  const BigInt per_box = factorial(s.n()) / boost::multiprecision::pow(factorial(s.rows), static_cast<unsigned>(s.cols));
  return boost::multiprecision::pow(per_box, static_cast<unsigned>(s.rows));
}

SignatureKey signature_key(Shape s, const std::vector<DigitMask>& columns, std::uint64_t* stabiliser) {
  check_supported(s);
  const int R = s.rows, C = s.cols, N = s.n();
  if (columns.size() != static_cast<std::size_t>(N)) throw std::invalid_argument("signature_key: need N column sets");
  Points p;
  p.n = N;
  p.k = R;
  for (int b = 0; b < R; ++b) {
    DigitMask seen = 0;
    for (int c = 0; c < C; ++c) {
      const DigitMask m = columns[b * C + c];
      if (std::popcount(m) != R || (m & seen) || (m & ~s.all_digits()))
        throw std::invalid_argument(fmt::format("signature_key: box {}'s column sets do not partition the digits", b + 1));
      seen |= m;
      for (DigitMask t = m; t; t &= t - 1) p.x[std::countr_zero(t)][b] = static_cast<std::uint8_t>(c);
    }
  }
  return Canon{C}(p, stabiliser);
}

std::vector<DigitMask> signature_columns(Shape s, SignatureKey key) {
  check_supported(s);
  const int R = s.rows, C = s.cols, N = s.n();
  const Points p = unpack(key, N, R, C);
  std::vector<DigitMask> cols(N, 0);
  for (int i = 0; i < N; ++i)
    for (int b = 0; b < R; ++b) cols[b * C + p.x[i][b]] |= DigitMask{1} << i;
  return cols;
}

SignaturePrefixForm signature_prefix_form(Shape s, SignatureKey key) {
  check_supported(s);
  const int R = s.rows, C = s.cols, N = s.n();
  if (R < 2) throw std::invalid_argument("signature_prefix_form: needs at least two boxes");
  const Points p = unpack(key, N, R, C);
  const Canon canon{C};
  // The R projections (box `out` left out); keep the one with the smallest canonical key.
  SignaturePrefixForm best;
  best.prefix = ~SignatureKey{0};
  int best_out = -1;
  CanonMap best_map;
  for (int out = 0; out < R; ++out) {
    Points q;
    q.n = N;
    q.k = R - 1;
    for (int i = 0; i < N; ++i)
      for (int j = 0, t = 0; j < R; ++j)
        if (j != out) q.x[i][t++] = p.x[i][j];
    CanonMap m;
    const SignatureKey k = canon(q, nullptr, &m);
    if (k < best.prefix) {
      best.prefix = k;
      best_out = out;
      best_map = m;
    }
  }
  // Move the kept boxes by the canonicalising element, the left-out box last, and sort the
  // points by their prefix code: digit i takes the i-th point, so boxes 1..R-1 are the column
  // sets of the canonical prefix (equal prefix codes are digits the prefix cannot tell apart).
  std::vector<std::array<std::uint8_t, kMaxCoords>> y(N);
  for (int i = 0; i < N; ++i) {
    for (int j = 0, t = 0; j < R; ++j)
      if (j != best_out) {
        y[i][best_map.pos[t]] = best_map.value[t][p.x[i][j]];
        ++t;
      }
    y[i][R - 1] = p.x[i][best_out];
  }
  std::sort(y.begin(), y.end());
  best.columns.assign(N, 0);
  for (int i = 0; i < N; ++i)
    for (int b = 0; b < R; ++b) best.columns[b * C + y[i][b]] |= DigitMask{1} << i;
  assert(signature_key(s, best.columns) == key);
  return best;
}

std::string signature_string(Shape s, const std::vector<DigitMask>& columns) {
  static const char* digits = "123456789ABCDEFGHIJKLMNOPQRSTUVW";
  std::string out;
  for (int b = 0; b < s.rows; ++b) {
    if (b) out += '|';
    for (int c = 0; c < s.cols; ++c) {
      if (c) out += '.';
      for (DigitMask m = columns[b * s.cols + c]; m; m &= m - 1) out += digits[std::countr_zero(m)];
    }
  }
  return out;
}

std::int64_t find_signature_class(const SignatureCatalogue& cat, SignatureKey key) {
  auto it = std::lower_bound(cat.classes.begin(), cat.classes.end(), key,
                             [](const SignatureClass& c, SignatureKey k) { return c.key < k; });
  if (it == cat.classes.end() || it->key != key) return -1;
  return it - cat.classes.begin();
}

SignatureCatalogue build_signature_catalogue(Shape s, int threads) {
  check_supported(s);
  const auto t0 = SteadyClock::now();
  const int R = s.rows, C = s.cols, N = s.n();
  SignatureCatalogue cat;
  cat.shape = s;
  cat.configurations = static_cast<std::uint64_t>(signature_configurations(s));
  std::uint64_t W = factorial_u64(R);
  for (int b = 0; b < R; ++b) W *= factorial_u64(C);
  cat.stats.group_order = W;
  const Canon canon{C};
  // Shown while it runs (4x3: seconds), and stopped at a signature's step (core/phase.hpp).
  Phase phase(s.str() + " signature catalogue", 0, "signatures extended");

  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  cat.threads_used = arena.max_concurrency();
  arena.execute([&] {
    // Level 1: R points at each value of one coordinate.
    Points first;
    first.n = N;
    first.k = 1;
    for (int i = 0; i < N; ++i) first.x[i][0] = static_cast<std::uint8_t>(i / R);
    std::vector<SignatureKey> level{canon(first, nullptr)};
    cat.stats.level_classes.push_back(1);
    cat.stats.level_candidates.push_back(1);
    for (int k = 1; k < R; ++k) {
      tbb::enumerable_thread_specific<std::vector<SignatureKey>> found;
      tbb::enumerable_thread_specific<std::uint64_t> tried(0);
      tbb::parallel_for(std::size_t{0}, level.size(), [&](std::size_t r) {
        phase.step();
        auto& out = found.local();
        auto& n = tried.local();
        const Points p = unpack(level[r], N, k, C);
        extensions(p, C, R, canon, [&](SignatureKey key) {
          out.push_back(key);
          ++n;
        });
        if (out.size() > (std::size_t{1} << 20)) {  // keep each thread's list short
          std::sort(out.begin(), out.end());
          out.erase(std::unique(out.begin(), out.end()), out.end());
        }
      });
      std::vector<SignatureKey> next;
      for (auto& v : found) next.insert(next.end(), v.begin(), v.end());
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      std::uint64_t candidates = 0;
      for (auto n : tried) candidates += n;
      cat.stats.level_classes.push_back(next.size());
      cat.stats.level_candidates.push_back(candidates);
      level = std::move(next);
    }

    // Sizes: |W| / |Stab| x N! / prod h(x)!.
    cat.classes.resize(level.size());
    tbb::parallel_for(std::size_t{0}, level.size(), [&](std::size_t i) {
      phase.step();
      const Points p = unpack(level[i], N, R, C);
      std::uint64_t stab = 0;
      const SignatureKey again = canon(p, &stab);
      if (again != level[i] || stab == 0 || W % stab != 0)
        throw CheckError(fmt::format("signature catalogue {}: class {} is not a fixed point of its canonical form", s.str(), i));
      const u128 labelled = multinomial_of_runs(N, [&](int b) { return std::equal(p.x[b], p.x[b] + R, p.x[b - 1]); });
      const u128 size = checked_mul(labelled, W / stab);
      if (size >> 64) throw CheckError("signature catalogue: a class size exceeds 64 bits");
      cat.classes[i] = SignatureClass{level[i], static_cast<std::uint64_t>(size), stab};
    });
  });

  u128 sum = 0;
  for (const auto& c : cat.classes) sum = checked_add(sum, c.size);
  if (sum != cat.configurations)
    throw CheckError(fmt::format("signature catalogue {}: class sizes sum to {}, not to the {} configurations", s.str(),
                                 to_string(sum), cat.configurations));
  cat.seconds = seconds_since(t0);
  return cat;
}

}  // namespace gridenum
