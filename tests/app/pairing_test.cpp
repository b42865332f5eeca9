// The pairing use cases (app/pairing.hpp) on events built through decide()/apply(): what the
// proposal shows the EO before anything is published.
#include "app/pairing.hpp"

#include <gmock/gmock.h>

#include <algorithm>

#include "standings/standings.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet::app {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace gauntlet::testing;

// Every table of the open round won 3–1 by its first player, then the round closed.
void play_and_close(EventState& s) {
  for (const Table& t : std::vector<Table>(s.rounds.back().tables))
    must(s, win_at(t.number, 0, 3, 1, 30, 20));
  must(s, CloseRound{});
}

const Table* table_with(const PairRound& r, const PlayerId& a, const PlayerId& b) {
  for (const Table& t : r.tables)
    if ((t.players[0] == a && t.players[1] == b) || (t.players[0] == b && t.players[1] == a)) return &t;
  return nullptr;
}

// SR2017 "Finals Tables" (000_7c68f7c91845dacc.txt), verbatim: "Finals Tables – When creating
// match-ups for the final round of the event, the EO pairs the current top four players on two
// “finals tables.” The first finals table matches the current first-ranked player against the
// current second-ranked player. The second finals table matches the current third-ranked player
// against the current fourth-ranked player. The winner of the first finals table wins the event,
// and his opponent wins second place. The winner of the second finals table wins third place.
// Standings beyond third place are calculated using strength of schedule, followed by control
// points in the case of a tie."
// The leader always plays at table 8 (accessibility): the first finals game is seated there and
// #3 v #4 at table 1. The proposal says so as a finding before anything is published, the
// explanation names the rule (no EO locked anything), and the standings crown the winner of the
// real final.
TEST(SR2017_FinalsTables, AFixedTableMovingAFinalsGameIsAFindingAndTheFinalStillDecides) {
  EventConfig c = config();
  c.rounds = 3;
  c.variants = {VariantChoice{"finals-tables", std::nullopt}};
  EventState s = event_with_players(8, c);
  must(s, round_robin(1));
  play_and_close(s);
  must(s, round_robin(2));
  play_and_close(s);
  const Standings before = compute_standings(s);
  const PlayerId first = before.rows[0].id, second = before.rows[1].id;
  const PlayerId third = before.rows[2].id, fourth = before.rows[3].id;

  SwissPairerOptions options;
  options.fixed_tables = {{first, 8}};
  const Result<Proposal> p = propose_pairing(s, options);
  ASSERT_TRUE(p) << p.error().describe();
  const Table* finals = table_with(p->round, first, second);
  ASSERT_NE(finals, nullptr) << "#1 v #2 is paired";
  EXPECT_EQ(finals->number, 8);
  ASSERT_NE(table_with(p->round, third, fourth), nullptr) << "#3 v #4 is paired";
  EXPECT_EQ(table_with(p->round, third, fourth)->number, 1);

  const auto moved = std::find_if(p->findings.begin(), p->findings.end(),
                                  [](const Finding& f) { return f.rule == "finals-table-moved"; });
  ASSERT_NE(moved, p->findings.end()) << "the EO hears of it before publishing";
  EXPECT_FALSE(moved->hard);
  EXPECT_EQ(moved->round, 3);
  EXPECT_THAT(moved->players, ::testing::UnorderedElementsAre(first, second));
  EXPECT_THAT(moved->text, HasSubstr("table 8"));
  for (const std::string& line : p->round.explain) EXPECT_THAT(line, Not(HasSubstr("locked by the EO")));
  EXPECT_TRUE(std::any_of(p->round.explain.begin(), p->round.explain.end(), [](const std::string& line) {
    return line.find("first finals table") != std::string::npos;
  }));

  must(s, p->round);
  // The second-ranked player wins the final at table 8; table 1 (#3 v #4) is won by its first seat.
  const Table& at8 = *s.rounds.back().find_table(8);
  const int upset_side = at8.players[0] == second ? 0 : 1;
  for (const Table& t : std::vector<Table>(s.rounds.back().tables))
    must(s, win_at(t.number, t.number == 8 ? upset_side : 0, 3, 1, 30, 20));
  must(s, CloseRound{});
  const Table& at1 = *s.rounds.back().find_table(1);
  const Standings after = compute_standings(s);
  EXPECT_EQ(after.rows[0].id, second);
  EXPECT_EQ(after.rows[1].id, first);
  EXPECT_EQ(after.rows[2].id, at1.players[0]);
  EXPECT_EQ(after.rows[0].placed_by, "finals table 1 winner");
}

}  // namespace
}  // namespace gauntlet::app
