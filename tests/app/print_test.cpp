// Issue 14 point 1: every printout of every edition renders to a PDF whose text (pdftotext) and
// page count (pdfinfo) are what the EO expects, and to a print-ready page. The record sheet is the
// edition's own (SR2014 "Player Record Sheet": "Round", "List Played", "Result", "Control Points",
// "Opponent Army Points Destroyed or Removed from Play", "Opponent's Name"), pre-filled.
#include "app/print.hpp"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "editions/edition.hpp"
#include "model/rounds.hpp"
#include "support/state_fixtures.hpp"

namespace gauntlet::app {
namespace {

using namespace gauntlet::testing;
using ::testing::HasSubstr;
using ::testing::Not;

struct Pdf {
  std::string text;
  int pages = 0;
};

std::string run(const std::string& command) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  ::pclose(p);
  return out;
}

// The document as a PDF, read back with poppler's tools (poppler-utils, scripts/install-deps).
Pdf read_back(const paper::Document& d, paper::Size size = paper::Size::a4) {
  auto bytes = paper::to_pdf(d, size);
  EXPECT_TRUE(bytes) << bytes.error().describe();
  const auto path =
      std::filesystem::temp_directory_path() / ("gauntlet-print-" + std::to_string(::getpid()) + ".pdf");
  std::ofstream(path, std::ios::binary) << *bytes;
  Pdf out{run("pdftotext -q '" + path.string() + "' -"), 0};
  const std::string info = run("pdfinfo '" + path.string() + "'");
  if (auto at = info.find("Pages:"); at != std::string::npos) out.pages = std::stoi(info.substr(at + 6));
  std::filesystem::remove(path);
  return out;
}

// Eight players, round 1 played, round 2 paired: what an EO prints mid-event.
EventState event_of(const std::string& edition) {
  EventState s = make_event(8);
  const Edition& e = *find_edition(edition);
  s.config.edition = e.id;
  s.config.points = e.point_sizes.front();
  s.config.name = "Print Open";
  Round& r1 = add_round(s);
  add_game(r1, pid(1), pid(2), win(3, 40), loss(1, 25));
  add_game(r1, pid(3), pid(4), win(5, 30), loss(0, 12), Ending::assassination);
  add_game(r1, pid(5), pid(6), tie(2, 20), tie(2, 20));
  add_game(r1, pid(7), pid(8), loss(1, 10), win(4, 50));
  Round& r2 = add_round(s);
  add_unplayed(r2, pid(1), pid(3));
  add_unplayed(r2, pid(8), pid(2));
  add_unplayed(r2, pid(5), pid(7));
  add_unplayed(r2, pid(4), pid(6));
  return s;
}

paper::Document must(Result<paper::Document> d) {
  EXPECT_TRUE(d) << d.error().describe();
  return d ? *d : paper::Document{};
}

class PrintEveryEdition : public ::testing::TestWithParam<const char*> {};

TEST_P(PrintEveryEdition, EveryPrintoutRendersWithItsTextAndPages) {
  const EventState s = event_of(GetParam());
  const Edition& e = *find_edition(GetParam());

  Pdf pairings = read_back(must(print_document(s, {PrintKind::pairings, 1, {}, ""})));
  EXPECT_EQ(pairings.pages, 1);
  EXPECT_THAT(pairings.text, HasSubstr("Pairings - round 1"));
  EXPECT_THAT(pairings.text, HasSubstr("Player 8"));
  EXPECT_THAT(pairings.text, HasSubstr("W · CP 3-1 · AP 40-25"));

  Pdf wall = read_back(must(print_document(s, {PrintKind::wall, std::nullopt, {}, ""})));
  EXPECT_THAT(wall.text, HasSubstr("Round 2: find your table"));

  Pdf slips = read_back(must(print_document(s, {PrintKind::table_slips, 2, {}, ""})));
  EXPECT_EQ(slips.pages, 1);
  EXPECT_THAT(slips.text, HasSubstr("Round 2 · Table 4"));

  Pdf standings = read_back(must(print_document(s, {PrintKind::standings, std::nullopt, {}, ""})));
  EXPECT_THAT(standings.text, HasSubstr("Standings after round 1"));

  // The edition's own sheet, one page per player, round 1 filled in, round 2's opponent named.
  Pdf sheets = read_back(must(print_document(s, {PrintKind::record_sheets, std::nullopt, {}, ""})));
  EXPECT_EQ(sheets.pages, 8);
  EXPECT_THAT(sheets.text, HasSubstr(e.record_sheet.title));
  for (const std::string& column : e.record_sheet.columns)
    EXPECT_THAT(sheets.text, HasSubstr(column.substr(0, column.find(' ')))) << column;
  auto squeezed = [](std::string t) {  // pdftotext keeps "W / L / T" wrapped in a cell as "W/L /T"
    t.erase(std::remove_if(t.begin(), t.end(), [](char c) { return c == ' ' || c == '\n'; }), t.end());
    return t;
  };
  EXPECT_THAT(squeezed(sheets.text),
              HasSubstr(squeezed(e.record_sheet.result_marks)));  // rounds 3+ to circle

  std::map<PlayerId, std::string> pins;
  for (int i = 1; i <= 8; ++i) pins[pid(i)] = "10000" + std::to_string(i);
  Pdf pin_slips = read_back(must(print_document(
      s, {PrintKind::pin_slips, std::nullopt, pins, "http://10.0.0.2:8080/player.html?event=x"})));
  EXPECT_EQ(pin_slips.pages, 1);
  EXPECT_THAT(pin_slips.text, HasSubstr("100008"));

  Pdf results = read_back(must(print_document(s, {PrintKind::results, std::nullopt, {}, ""})));
  EXPECT_THAT(results.text, HasSubstr("Podium"));
  EXPECT_THAT(results.text, HasSubstr("Games"));
}

INSTANTIATE_TEST_SUITE_P(Editions, PrintEveryEdition,
                         ::testing::Values("sr2013", "sr2014", "sr2017", "sr2023"));

TEST(PrintRecordSheet, SR2014_TheSheetIsPrefilledWithWhatTheEventKnows) {
  const EventState s = event_of("sr2014");
  const paper::Document d = must(print_document(s, {PrintKind::record_sheets, std::nullopt, {}, ""}));
  // Player 1's page: round 1 against Player 2 at table 1, a win with 3 CP and 40 AP; round 2
  // against Player 3 at table 1, result still to circle.
  const paper::Block* rounds = nullptr;
  for (const paper::Block& b : d.blocks)
    if (b.kind == paper::Block::Kind::table && !rounds) rounds = &b;
  ASSERT_NE(rounds, nullptr);
  std::vector<std::string> titles;
  for (const auto& c : rounds->columns) titles.push_back(c.title);
  EXPECT_THAT(titles, ::testing::ElementsAre(
                          "Round", "Table", "Scenario", "List Played", "Result", "Control Points",
                          "Opponent Army Points Destroyed or Removed from Play", "Opponent's Name"));
  EXPECT_THAT(rounds->rows[0], ::testing::ElementsAre("1", "1", "", "1", "W", "3", "40", "Player 2"));
  EXPECT_THAT(rounds->rows[1], ::testing::ElementsAre("2", "1", "", "", "W / L / T", "", "", "Player 3"));
  // A row per round the event plays, not the paper sheet's five.
  ASSERT_LT(planned_rounds(s), 5);
  EXPECT_EQ(rounds->rows.size(), static_cast<std::size_t>(planned_rounds(s))) << "a row per planned round";
}

TEST(PrintRecordSheet, SR2013_ATieIsADrawOnItsSheet) {
  const EventState s = event_of("sr2013");
  const paper::Document d = must(print_document(s, {PrintKind::pairings, 1, {}, ""}));
  EXPECT_EQ(d.blocks[0].rows[2][5].substr(0, 1), "D") << "SR2013 sheet: \"W / L / D\"";
}

TEST(PrintStandings, AFieldOfTwoHundredRunsOverPagesWithTheHeaderOnEach) {
  EventState s = make_event(200);
  Round& r = add_round(s);
  for (int i = 1; i <= 200; i += 2) add_game(r, pid(i), pid(i + 1), win(3, 40), loss(1, 20));
  Pdf st =
      read_back(must(print_document(s, {PrintKind::standings, std::nullopt, {}, ""})), paper::Size::letter);
  EXPECT_GE(st.pages, 4);
  EXPECT_THAT(st.text, HasSubstr(fmt::format("page {} of {}", st.pages, st.pages)));
  std::size_t headers = 0;
  for (auto at = st.text.find("W-L-T"); at != std::string::npos; at = st.text.find("W-L-T", at + 1))
    ++headers;
  EXPECT_EQ(headers, static_cast<std::size_t>(st.pages)) << "the table's header on every page";
}

TEST(PrintPage, ThePrintPageSetsThePaperAndEscapesNames) {
  EventState s = event_of("sr2017");
  s.players[0].name = "<script>alert(1)</script>";
  const paper::Document d = must(print_document(s, {PrintKind::wall, 1, {}, ""}));
  const std::string letter = paper::to_html(d, paper::Size::letter);
  EXPECT_THAT(letter, HasSubstr("@page { size: letter;"));
  EXPECT_THAT(letter, HasSubstr("&lt;script&gt;"));
  EXPECT_THAT(letter, Not(HasSubstr("<script>alert")));
  EXPECT_THAT(paper::to_html(d, paper::Size::a4, "/print.js"), HasSubstr("<script src=\"/print.js\">"));
}

TEST(PrintResults, AnnouncedAwardsOnlyAndNoGameBeforeItsResult) {
  EventState s = event_of("sr2017");
  Award painted{"best-painted",    "Best Painted", "Best Unit", AwardMethod::vote,
                AwardMetric::none, false,          {},          {},
                {pid(3)},          "vote",         true};
  Award sport{"best-sport", "Best Sport", "",   AwardMethod::choice, AwardMetric::none, true, {}, {},
              {pid(5)},     "EO",         false};
  s.awards = {painted, sport};
  const Pdf pdf = read_back(must(print_document(s, {PrintKind::results, std::nullopt, {}, ""})));
  EXPECT_THAT(pdf.text, HasSubstr("Awards"));
  EXPECT_THAT(pdf.text, HasSubstr("Best Painted"));
  EXPECT_THAT(pdf.text, HasSubstr("Best Unit"));
  EXPECT_THAT(pdf.text, Not(HasSubstr("Best Sport")));  // decided, not announced
  // Round 2 is paired without results: no "T 0 0" rows for it.
  const std::string games = pdf.text.substr(pdf.text.find("Games"));
  const auto count = [&](const std::string& word) {
    int n = 0;
    for (auto at = games.find(word); at != std::string::npos; at = games.find(word, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("\nT\n"), 2) << games;  // round 1's one tie, seen from both sides
}

TEST(PrintScenarioSheet, TheRoundsScenarioOnOnePageWithItsWordsAndPicture) {
  EventState s = event_of("sr2017");
  s.rounds[0].scenario = "the-pit-ii";
  const paper::Document d = must(print_document(s, {PrintKind::scenario_sheet, 1, {}, ""}));
  const Pdf pdf = read_back(d);
  EXPECT_EQ(pdf.pages, 1);
  EXPECT_THAT(pdf.text, HasSubstr("Round 1 - The Pit II"));
  EXPECT_THAT(pdf.text, HasSubstr("Kill Box"));  // the sheet's own words, drawn from the SVG as text
  EXPECT_THAT(paper::to_html(d, paper::Size::a4), HasSubstr("<svg"));
  const auto none = print_document(s, {PrintKind::scenario_sheet, 2, {}, ""});
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().field, "round");
}

TEST(PrintErrors, ARoundNotPairedOrNoPinsIsRefusedByName) {
  const EventState s = event_of("sr2017");
  auto late = print_document(s, {PrintKind::pairings, 3, {}, ""});
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().field, "round");
  EXPECT_EQ(late.error().kind, ErrorKind::not_found);
  EXPECT_FALSE(print_document(make_event(4), {PrintKind::table_slips, std::nullopt, {}, ""}));
  auto no_pins = print_document(s, {PrintKind::pin_slips, std::nullopt, {}, ""});
  ASSERT_FALSE(no_pins);
  EXPECT_EQ(no_pins.error().field, "pins");
  EXPECT_EQ(parse_print_kind("slips"), PrintKind::table_slips);
  EXPECT_FALSE(parse_print_kind("posters"));
}

}  // namespace
}  // namespace gauntlet::app
