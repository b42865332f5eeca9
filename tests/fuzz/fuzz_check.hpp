// What the fuzz targets share: an invariant that aborts with a message (libFuzzer then saves the
// input as a crash), showing what a reader made of an input, and comparing journals entry by entry
// (JournalEntry has no operator==).
//
//   fuzz_require(back.has_value(), "the export does not read back");
#pragma once

#include <cstdio>
#include <cstdlib>
#include <span>

#include "engine/engine.hpp"

namespace gauntlet::fuzz {

inline void fuzz_require(bool ok, const char* broken) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: invariant broken: %s\n", broken);
  std::abort();
}

// GAUNTLET_FUZZ_SHOW=1: what the reader made of each input (for writing seeds), else nothing.
template <class T>
void show(const Result<T>& r) {
  static const bool on = std::getenv("GAUNTLET_FUZZ_SHOW") != nullptr;
  if (on) std::fprintf(stderr, "%s\n", r ? "read" : r.error().describe().c_str());
}

inline bool same_journal(std::span<const JournalEntry> a, std::span<const JournalEntry> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].seq != b[i].seq || a[i].at != b[i].at || a[i].command != b[i].command ||
        a[i].undoes != b[i].undoes)
      return false;
  return true;
}

}  // namespace gauntlet::fuzz
