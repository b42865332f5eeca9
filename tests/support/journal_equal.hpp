// Journals compared entry by entry (JournalEntry has no operator==: the engine never needs one).
//
//   EXPECT_TRUE(same_journal(reopened.journal(), store.load("spring-open")));
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>

#include "engine/engine.hpp"
#include "model/commands.hpp"

namespace gauntlet::testing {

inline bool same_entry(const JournalEntry& a, const JournalEntry& b) {
  return a.seq == b.seq && a.at == b.at && a.command == b.command && a.undoes == b.undoes;
}

// Success, or the first entry where the journals differ (or their lengths).
inline ::testing::AssertionResult same_journal(std::span<const JournalEntry> a,
                                               std::span<const JournalEntry> b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (!same_entry(a[i], b[i]))
      return ::testing::AssertionFailure()
             << "entries differ at index " << i << " (seq " << a[i].seq << " vs " << b[i].seq << ", "
             << (a[i].command ? std::string(command_name(*a[i].command)) : "undo") << " vs "
             << (b[i].command ? std::string(command_name(*b[i].command)) : "undo") << ")";
  if (a.size() != b.size())
    return ::testing::AssertionFailure() << "lengths differ: " << a.size() << " vs " << b.size();
  return ::testing::AssertionSuccess();
}

}  // namespace gauntlet::testing
