// Registration from CSV: header aliases, RFC 4180 quoting, and errors that name the row.
#include "eventfile/players_csv.hpp"

#include <gmock/gmock.h>

namespace gauntlet {
namespace {

using ::testing::HasSubstr;

TEST(EventFilePlayersCsv, HeaderAliasesInAnyOrderAndQuotedFields) {
  const auto players = parse_players_csv(
      "\xEF\xBB\xBF"
      "Team,Player,Army,Email\r\n"
      "\"Hobbit Hole, North\",Ada Lovelace,Cygnar,ada@example.org\r\n"
      "\r\n"
      ",\"Boris \"\"B\"\" K\",Khador,\r\n");
  ASSERT_TRUE(players) << players.error().describe();
  ASSERT_EQ(players->size(), 2u);
  EXPECT_EQ((*players)[0].name, "Ada Lovelace");
  EXPECT_EQ((*players)[0].club, "Hobbit Hole, North");
  EXPECT_EQ((*players)[0].contact, "ada@example.org");
  EXPECT_EQ((*players)[1].name, "Boris \"B\" K");
  EXPECT_EQ((*players)[1].faction, "Khador");
}

TEST(EventFilePlayersCsv, RowWithTooManyFieldsNamesTheRow) {
  const auto players = parse_players_csv("name,faction\nAda,Cygnar\nBoris,Khador,extra\n");
  ASSERT_FALSE(players);
  EXPECT_EQ(players.error().field, "csv, row 3");
  EXPECT_THAT(players.error().message, HasSubstr("3 fields"));
}

TEST(EventFilePlayersCsv, BrokenQuotingNamesTheRowAndRfc4180) {
  const auto players = parse_players_csv("name,faction\nAda,Cygnar\n\"Boris,Khador\n");
  ASSERT_FALSE(players);
  EXPECT_THAT(players.error().field, HasSubstr("row 3"));
  EXPECT_THAT(players.error().rule, HasSubstr("RFC 4180"));
}

TEST(EventFilePlayersCsv, UnknownOrMissingColumnsNameTheHeader) {
  auto players = parse_players_csv("name,fraction\nAda,Cygnar\n");
  ASSERT_FALSE(players);
  EXPECT_EQ(players.error().field, "csv, row 1, column 2");
  players = parse_players_csv("name,club\nAda,X\n");
  ASSERT_FALSE(players);
  EXPECT_THAT(players.error().message, HasSubstr("'faction'"));
  players = parse_players_csv("");
  ASSERT_FALSE(players);
}

}  // namespace
}  // namespace gauntlet
