// Exact fractions for the few rules that divide (Large-Event Scoring's SoS = TP / games).
// Points are integers everywhere else; never compare floats.
//
//   Fraction sos{0};
//   sos += Fraction(3, 4);   // exact 3/4
//   to_string(sos) == "3/4"
#pragma once

#include <boost/rational.hpp>
#include <cstdint>
#include <string>

namespace gauntlet {

using Fraction = boost::rational<std::int64_t>;

// "7", "3/4", "-5/2".
std::string to_string(const Fraction& f);

// Nearest double, for display and JSON only (never for comparisons).
double to_double(const Fraction& f);

}  // namespace gauntlet
