// Issue 14 point 1 through HTTP: GET /api/events/{id}/print/{kind} makes the EO's printouts as a
// PDF (Cairo, on the server) or a print-ready page. The EO and judges print; PIN slips only the
// EO; players and strangers nothing. Bad input names the field.
#include <gmock/gmock.h>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class PrintApiTest : public ServerTest {};

TEST_F(PrintApiTest, TheEoPrintsPdfsAndPagesJudgesNoPinsPlayersNothing) {
  create_event("prt");
  Client eo = login_eo("prt");
  std::vector<std::pair<std::string, std::string>> players;
  for (const char* name : {"Ada Brennan", "Bo Lenk", "Cy Moss", "Di Vance"})
    players.push_back(add_player(eo, "prt", name));
  ASSERT_EQ(eo.post("/api/events/prt/commands",
                    {{"type", "pair-round"},
                     {"tables",
                      {{{"table", 1}, {"players", {players[0].first, players[1].first}}},
                       {{"table", 2}, {"players", {players[2].first, players[3].first}}}}}})
                .status,
            200);

  const Reply pdf = eo.get("/api/events/prt/print/pairings?round=1&paper=letter");
  ASSERT_EQ(pdf.status, 200) << pdf.body;
  EXPECT_EQ(pdf.header("Content-Type"), "application/pdf");
  EXPECT_THAT(pdf.body, StartsWith("%PDF-"));
  EXPECT_THAT(pdf.header("Content-Disposition"), HasSubstr("prt-pairings-round-1.pdf"));
  EXPECT_EQ(pdf.header("Cache-Control"), "private, no-store");

  const Reply page = eo.get("/api/events/prt/print/table-slips?format=html");
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_THAT(page.header("Content-Type"), HasSubstr("text/html"));
  EXPECT_THAT(page.body, HasSubstr("@page { size: A4;"));
  EXPECT_THAT(page.body, HasSubstr("Round 1 · Table 2"));
  EXPECT_THAT(page.header("Content-Security-Policy"), HasSubstr("style-src 'unsafe-inline'"));
  EXPECT_THAT(page.header("Content-Security-Policy"), HasSubstr("script-src 'self'"));

  // PIN slips carry the same PINs the players log in with, and the address their phones open.
  const Reply slips = eo.get("/api/events/prt/print/pin-slips?format=html");
  ASSERT_EQ(slips.status, 200) << slips.body;
  EXPECT_THAT(slips.body, HasSubstr(players[2].second));
  EXPECT_THAT(slips.body, HasSubstr("/player.html?event=prt&amp;player=" + players[2].first));

  const Reply judge = eo.post("/api/events/prt/judges", {{"name", "Kim"}});
  ASSERT_EQ(judge.status, 200) << judge.body;
  Client kim(port());
  ASSERT_EQ(kim.post("/api/events/prt/judge-login", {{"name", "Kim"}, {"pin", judge.json["pin"]}}).status,
            200);
  EXPECT_EQ(kim.get("/api/events/prt/print/record-sheets").status, 200);
  EXPECT_EQ(kim.get("/api/events/prt/print/pin-slips").status, 403);

  Client phone = login_player("prt", players[0].first, players[0].second);
  EXPECT_EQ(phone.get("/api/events/prt/print/pairings").status, 403);
  EXPECT_EQ(Client(port()).get("/api/events/prt/print/pairings").status, 401);
}

TEST_F(PrintApiTest, BadKindsRoundsPapersAndFormatsAreRefusedByName) {
  create_event("bad");
  Client eo = login_eo("bad");
  add_player(eo, "bad", "Ada Brennan");
  const Reply kind = eo.get("/api/events/bad/print/posters");
  EXPECT_EQ(kind.status, 404);
  EXPECT_EQ(kind.json["error"]["field"], "kind");
  EXPECT_THAT(kind.json["error"]["message"].get<std::string>(), HasSubstr("pairings, wall, table-slips"));
  const Reply early = eo.get("/api/events/bad/print/pairings");
  EXPECT_EQ(early.status, 409) << early.body;
  EXPECT_EQ(early.json["error"]["field"], "round");
  EXPECT_EQ(eo.get("/api/events/bad/print/standings?paper=a3").json["error"]["field"], "paper");
  EXPECT_EQ(eo.get("/api/events/bad/print/standings?format=docx").json["error"]["field"], "format");
  EXPECT_EQ(eo.get("/api/events/bad/print/standings?round=x").json["error"]["field"], "round");
  const Reply sheets = eo.get("/api/events/bad/print/record-sheets");
  EXPECT_EQ(sheets.status, 200) << "a sheet before round 1: name and faction, rows to fill";
}

}  // namespace
}  // namespace gauntlet::server::test
