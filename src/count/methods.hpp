// The count library's methods, one per folder (method.hpp): each folder's method.cpp defines its
// row, and method_registry.cpp lists them.
#pragma once

#include "gridenum/count/method.hpp"

namespace gridenum {

const CountMethod& stack_method();       // stack/method.cpp
const CountMethod& band_pair_method();   // band_pair/method.cpp
const CountMethod& two_stack_method();   // side2/method.cpp
const CountMethod& two_band_method();    // side2/method.cpp
const CountMethod& three_band_method();  // three_band/method.cpp

}  // namespace gridenum
