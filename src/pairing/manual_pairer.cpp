// ManualPairer: the EO's tables become a PairRound as typed; decide() validates it.
#include "pairing/pairer.hpp"

namespace gauntlet {

Result<PairRound> ManualPairer::pair(const EventState& state, int round) const {
  (void)state;
  if (tables_.empty())
    return fail("tables", "SR2017 \"Pairings\"", "at least one table is needed to pair a round by hand");
  PairRound cmd;
  cmd.round = round;
  int number = 0;
  for (const auto& [a, b] : tables_) {
    Table t;
    t.number = ++number;
    t.players = {a, b};
    cmd.tables.push_back(std::move(t));
  }
  cmd.bye = bye_;
  cmd.explain.push_back("paired by hand by the EO");
  return cmd;
}

}  // namespace gauntlet
