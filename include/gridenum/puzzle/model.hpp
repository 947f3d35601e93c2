// The puzzle rule model (docs/design.md section 4): one description of a puzzle that every
// back-end reads -- the propagation solver, the Dancing Links solver and the MIP exporter --
// so that each variant is written once.
//
// A puzzle is an n x n grid (cells numbered row-major, 0 .. n*n-1) with digits 1..n,
// a list of all-different units and optional killer cages. A unit of n cells must hold every
// digit exactly once (rows, columns, boxes, diagonals, jigsaw regions); a shorter unit
// (Windoku's extra boxes are full, but killer cages are short) holds each digit at most once.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gridenum/core/shape.hpp"

namespace gridenum {

// Rule flags; they combine (Killer | X, Jigsaw | X, ...).
enum Rule : unsigned {
  kRuleClassic = 0,      // rows, columns and R x C boxes
  kRuleX = 1u << 0,      // both main diagonals
  kRuleWindoku = 1u << 1,  // the extra boxes of Windoku (9x9 only: top-left cells at 1,5 (0-based))
  kRuleJigsaw = 1u << 2,   // irregular regions replace the boxes
  kRuleKiller = 1u << 3,   // cages with sums (each cage also all-different)
};

struct Cage {
  int sum = 0;
  std::vector<int> cells;  // row-major cell indices
};

enum class UnitKind : std::uint8_t { Row, Column, Box, Diagonal, Window, Region };

struct Unit {
  UnitKind kind;
  std::vector<int> cells;  // n cells: each digit exactly once
};

struct Model {
  int n = 9;                // side length and number of digits
  Shape box{3, 3};          // box shape (meaningful unless kRuleJigsaw)
  unsigned rules = kRuleClassic;
  std::vector<Unit> units;  // all-different units with n cells (exactly-once)
  std::vector<Cage> cages;  // killer cages (all-different, sum)
  std::vector<int> givens;  // n*n entries, 0 = blank, else 1..n
  std::vector<int> region;  // jigsaw: region id 0..n-1 per cell (empty otherwise)

  int cells() const { return n * n; }
};

// Builds the units for the rules: rows and columns always; boxes unless jigsaw; the jigsaw
// regions from `region`; diagonals for X; the four extra boxes for Windoku (box must be 3x3
// with n = 9 -- other shapes throw). Cages and givens are copied. Throws std::invalid_argument
// naming the problem (region ids out of range or not of size n, cells out of range, ...).
Model make_model(Shape box, unsigned rules, std::vector<int> givens,
                 std::vector<int> region = {}, std::vector<Cage> cages = {});

// True when `grid` (n*n digits 1..n) satisfies every unit, cage and given of the model.
// An independent validator: it shares no code with the solvers.
bool satisfies(const Model& m, const std::vector<int>& grid, std::string* why = nullptr);

// Checks that the givens do not already clash in a unit or a cage and that every cage can
// reach its sum; returns the offending cell (row-major) or -1, with a message. `cage` (if not
// null) is set to the index of the cage at fault, or -1 when the fault is not a cage's.
int check_consistency(const Model& m, std::string* why, int* cage = nullptr);

// Symbol of digit d (1..35): '1'-'9', 'A'-'Z'; 0 -> '.'.
char digit_symbol(int d);
// "r3c7": a cell (row-major index) of an n x n grid, 1-based, as messages name cells.
std::string cell_name(int cell, int n);

// The one parser of rule names, for the readers and the CLI: a comma-separated list of
// classic, x (also X, diagonal), windoku (also window), jigsaw, killer; blanks around names
// are ignored. Returns the kRule* bits; an unknown name is left in `unknown` (non-empty then).
unsigned parse_rules(std::string_view text, std::string* unknown);

}  // namespace gridenum
