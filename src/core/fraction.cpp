#include "core/fraction.hpp"

namespace gauntlet {

std::string to_string(const Fraction& f) {
  if (f.denominator() == 1) return std::to_string(f.numerator());
  return std::to_string(f.numerator()) + "/" + std::to_string(f.denominator());
}

double to_double(const Fraction& f) {
  return static_cast<double>(f.numerator()) / static_cast<double>(f.denominator());
}

}  // namespace gauntlet
