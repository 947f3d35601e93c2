// Plain enumeration of stack fillings (side2_verify.hpp): the check of last resort for F, with
// nothing from the counters of count/ (no graphs, no matchings, no memo).
//
// The stack has 2m rows and m columns; row 2k must hold S_k, row 2k+1 the complement, every
// column every digit once. Permuting the columns maps fillings to fillings, and exactly one
// column order puts the first row in increasing order, so F = m! x (fillings whose first row is
// increasing). Those are listed cell by cell (row-major), each cell trying the digits its row
// still needs that its column does not hold yet; the count is the number of complete stacks.
#include <bit>

#include "gridenum/core/stop.hpp"
#include "gridenum/verify/side2_verify.hpp"

namespace gridenum {

namespace {

struct PlainStack {
  int m = 0, n = 0;
  unsigned row_need[16] = {0};  // digits row r still has to place
  unsigned col_has[8] = {0};    // digits column c holds already
  std::uint64_t count = 0, limit = 0, nodes = 0;
  bool over = false;

  void cell(int r, int c) {
    if (over) return;
    // A stop request (core/stop.hpp) is heard every 2^18 cells tried, dead ends included: a few
    // milliseconds. Polled at complete stacks only (every 2^20), it once took 1.7 s to be heard
    // in the dead-end-heavy searches of 2x5 (the stop's budget is 2 s: tests/cli/slow_stop_resume_cli.cpp).
    if ((++nodes & 0x3ffff) == 0) throw_if_stop_requested("plain enumeration of stack fillings");
    if (r == n) {
      if (++count > limit) over = true;
      return;
    }
    const int nr = c + 1 == m ? r + 1 : r, nc = c + 1 == m ? 0 : c + 1;
    for (unsigned opts = row_need[r] & ~col_has[c]; opts; opts &= opts - 1) {
      const unsigned b = opts & (~opts + 1);
      row_need[r] &= ~b;
      col_has[c] |= b;
      cell(nr, nc);
      row_need[r] |= b;
      col_has[c] &= ~b;
    }
  }
};

}  // namespace

std::optional<u128> plain_stack_fillings(const Side2Config& c, std::uint64_t limit) {
  if (!is_valid_config(c)) return std::nullopt;
  PlainStack p;
  p.m = c.m;
  p.n = 2 * c.m;
  p.limit = limit;
  const unsigned all = (1u << p.n) - 1;
  for (int k = 0; k < c.m; ++k) {
    p.row_need[2 * k] = c.sets[k];
    p.row_need[2 * k + 1] = all & ~static_cast<unsigned>(c.sets[k]);
  }
  // First row in increasing order: its j-th smallest digit in column j.
  unsigned first = p.row_need[0];
  for (int j = 0; j < c.m; ++j) {
    const unsigned b = first & (~first + 1);
    first &= ~b;
    p.col_has[j] = b;
  }
  p.row_need[0] = 0;
  p.cell(1, 0);
  if (p.over) return std::nullopt;
  u128 f = p.count;
  for (int i = 2; i <= c.m; ++i) f *= static_cast<u128>(i);
  return f;
}

}  // namespace gridenum
