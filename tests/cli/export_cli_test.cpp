// Issue 14 point 3 from the command line: `gauntlet export standings|games --out FILE.csv` writes
// the same CSV as GET /api/events/{id}/export/…, from the database or an event file; plain
// `gauntlet export` is still the event file.
#include <gmock/gmock.h>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class CliExport : public CliTest {};

std::size_t lines(const std::string& text) {
  std::size_t n = 0;
  for (std::size_t at = text.find("\r\n"); at != std::string::npos; at = text.find("\r\n", at + 2)) ++n;
  return n;
}

TEST_F(CliExport, StandingsAndGamesOfTheDemoEventFromTheDatabaseAndFromItsEventFile) {
  ok({"demo"});
  const Ran st = gauntlet({"--event-id", "demo", "export", "standings", "--out", "st.csv"});
  ASSERT_EQ(st.status, 0) << st.err;
  EXPECT_THAT(st.err, HasSubstr("Wrote st.csv"));
  const std::string standings = read_all(path("st.csv"));
  EXPECT_THAT(standings,
              StartsWith("\xEF\xBB\xBF"
                         "Rank,ID,Player,Faction,Status,TP,SoS,CP,AP,Wins,Losses,Ties,Notes\r\n1,"));
  EXPECT_EQ(lines(standings), 25u);  // the header and 24 players

  ASSERT_EQ(gauntlet({"--event-id", "demo", "export", "games", "--out", "games.csv"}).status, 0);
  const std::string games = read_all(path("games.csv"));
  EXPECT_THAT(games, StartsWith("\xEF\xBB\xBF"
                                "Round,Table,Scenario,Player,Faction,Opponent,"));
  EXPECT_EQ(lines(games), 1u + 3 * 24);  // three rounds, 24 players, no bye

  // The event file gives the same bytes, without a database; standard output without --out.
  ok({"--event-id", "demo", "export", "--out", "demo.json"});
  EXPECT_EQ(gauntlet({"--db", "none.db", "export", "games", "--event", "demo.json"}).out, games);
  EXPECT_FALSE(std::filesystem::exists(path("none.db")));
}

TEST_F(CliExport, AnUnknownKindOrAnEventFileForTheEventFileIsRefused) {
  ok({"demo"});
  const Ran kind = gauntlet({"--event-id", "demo", "export", "players", "--out", "x.csv"});
  EXPECT_EQ(kind.status, 2);
  EXPECT_THAT(kind.err, HasSubstr("KIND: 'players' is not an export (event, standings, games)"));
  EXPECT_FALSE(std::filesystem::exists(path("x.csv")));
  ok({"--event-id", "demo", "export", "--out", "demo.json"});
  const Ran twice = gauntlet({"export", "--event", "demo.json", "--out", "y.json"});
  EXPECT_EQ(twice.status, 2);
  EXPECT_THAT(twice.err, HasSubstr("--event"));
}

}  // namespace
}  // namespace gauntlet
