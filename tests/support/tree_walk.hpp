// A Chooser that walks a sampler's whole tree, path by path, with each path's exact probability:
// the sum over every path of probability x weight is the estimator's mean, exactly (rational
// arithmetic, no sampling). Used by tests/estimate/test_unbiased.cpp (the grid-count samplers) and
// tests/symmetry/test_fixed_estimate.cpp (the cell-search estimate of f(g)).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <span>
#include <vector>

#include "gridenum/core/arith.hpp"
#include "gridenum/estimate/chooser.hpp"

namespace gridenum::test_support {

using Fraction = boost::multiprecision::cpp_rational;

// A Chooser that follows a script of choices and records, for each decision, how many options it
// had and the probability of the one taken; advance() moves the script to the next path in
// depth-first order (an odometer over the decisions).
class TreeWalk final : public estimate::Chooser {
 public:
  unsigned uniform(unsigned n) override {
    const unsigned c = take(n);
    prob_ *= Fraction(1, n);
    return c;
  }
  unsigned weighted(std::span<const u128> w, u128 total) override {
    const auto c = take(static_cast<unsigned>(w.size()));
    prob_ *= Fraction(to_big(w[c]), to_big(total));
    return c;
  }
  void start() {
    pos_ = 0;
    arity_.clear();
    prob_ = 1;
  }
  bool advance() {
    script_.resize(arity_.size());
    for (std::size_t t = script_.size(); t-- > 0;) {
      if (script_[t] + 1 < arity_[t]) {
        ++script_[t];
        script_.resize(t + 1);
        return true;
      }
    }
    return false;
  }
  const Fraction& probability() const { return prob_; }

 private:
  unsigned take(unsigned n) {
    if (pos_ == script_.size()) script_.push_back(0);
    arity_.push_back(n);
    return script_[pos_++];
  }
  std::vector<unsigned> script_, arity_;
  std::size_t pos_ = 0;
  Fraction prob_ = 1;
};

}  // namespace gridenum::test_support
