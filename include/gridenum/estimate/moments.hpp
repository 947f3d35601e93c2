// Count, mean and sum of squared deviations of a run of sample weights, and how two runs combine
// (docs/estimate.md, "Reproducible").
//
// Welford's update within a run (sample order) and Chan, Golub and LeVeque's pairwise formula
// (1979) between runs: the mean and the deviations are kept apart, never as a difference of large
// sums, which in long double would lose every digit of 25x25's variance (weights near 1e310).
// The result of a fold depends on the order of the operations, bit for bit, so every caller folds
// in a fixed order: samples within a block of 16, blocks within a batch, batches in batch order
// (run.hpp). A batch's Moments is what an estimate job journals (jobs/estimate_job.hpp), so that a
// resumed or merged job folds the very same numbers in the very same order as one run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gridenum::estimate {

struct Moments {
  std::uint64_t n = 0;
  long double mean = 0, m2 = 0;
  std::uint64_t zeros = 0;  // samples of weight 0 (dead ends)

  void add(long double w) {
    ++n;
    const long double delta = w - mean;
    mean += delta / static_cast<long double>(n);
    m2 += delta * (w - mean);
    if (w == 0) ++zeros;
  }
  void merge(const Moments& o) {
    if (o.n == 0) return;
    if (n == 0) {
      *this = o;
      return;
    }
    const auto na = static_cast<long double>(n), nb = static_cast<long double>(o.n);
    const long double delta = o.mean - mean, total = na + nb;
    mean += delta * nb / total;
    m2 += o.m2 + delta * delta * na * nb / total;
    n += o.n;
    zeros += o.zeros;
  }
};

// The spread between batches (docs/estimate.md, "Error bars"): a second error bar beside the one
// from the samples' own spread, and where the sum of squares sits. Batches are folded in batch
// order as Moments are; each batch counts as one value, its mean, of weight n_b (West's weighted
// form of Welford's update, 1979), so `between` = sum_b n_b (mean_b - mean)^2 is kept without a
// difference of large sums. With i.i.d. samples its expectation is (B - 1) sigma^2, whatever the
// batch sizes, so sqrt(between / ((B - 1) N)) estimates the standard error again. It sees the same
// samples, so it is no independent check; it is blind to weights rarer than one a batch, and where
// one batch holds most of the squared deviations (heaviest_m2 against the whole m2) a single heavy
// weight carries the variance and neither error bar is to be trusted.
struct BatchSpread {
  std::uint64_t batches = 0, n = 0;
  long double mean = 0, between = 0;
  long double heaviest_m2 = 0;  // the largest sum of squared deviations within one batch
  std::uint64_t heaviest = 0;   // that batch's id

  void add(std::uint64_t id, const Moments& b) {
    if (b.n == 0) return;
    ++batches;
    n += b.n;
    const auto w = static_cast<long double>(b.n);
    const long double delta = b.mean - mean;
    mean += delta * w / static_cast<long double>(n);
    between += w * delta * (b.mean - mean);
    if (batches == 1 || b.m2 > heaviest_m2) {
      heaviest_m2 = b.m2;
      heaviest = id;
    }
  }
};

// A long double exactly, as C99's hexadecimal floating form ("0xc.90fdaa22168c235p-2"): every bit
// of the 64-bit significand, read back by parse_long_double to the same value.
std::string hex_long_double(long double v);
std::optional<long double> parse_long_double(std::string_view text);

// "n,mean,m2,zeros" with mean and m2 in the hexadecimal form: one token without spaces (a journal
// record's field), exact both ways.
std::string to_record(const Moments& m);
std::optional<Moments> moments_from_record(std::string_view text);

}  // namespace gridenum::estimate
