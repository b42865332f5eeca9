// Awards through HTTP (issue 14 point 2): entries with a photo from the phone, the blind vote on
// the players' phones, the EO's count and announcement — and the secrecy the issue asks for:
// "nobody (not even the EO) able to see who voted for whom", in every API answer and export.
#include <gmock/gmock.h>

#include "client.hpp"
#include "server/award_store.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

class AwardsApiTest : public ServerTest {
 protected:
  // A tiny "PNG": the signature is what the server checks.
  const std::string png = std::string("\x89PNG\r\n\x1A\n", 8) + "pixels";
  Reply upload(Client& c, const std::string& type, const std::string& bytes) {
    return c.send(http::verb::post, "/api/events/aw/photos", bytes, {{"Content-Type", type}});
  }
};

TEST_F(AwardsApiTest, EntriesVoteCountRevealAndNobodySeesWhoVotedForWhom) {
  create_event("aw");
  Client eo = login_eo("aw");
  std::vector<std::pair<std::string, std::string>> ps;
  for (const char* n : {"Ada Voter", "Bo Voter", "Zed Painter", "Quinn Painter"})
    ps.push_back(add_player(eo, "aw", n));
  ASSERT_EQ(eo.post("/api/events/aw/commands", {{"type", "define-award"},
                                                {"name", "Best Painted"},
                                                {"category", "Best Unit"},
                                                {"method", "vote"}})
                .status,
            200);
  Client zed = login_player("aw", ps[2].first, ps[2].second);
  Client quinn = login_player("aw", ps[3].first, ps[3].second);

  // A photo from the phone: stored by its hash, served back with its type; nothing else passes.
  const Reply up = upload(zed, "image/png", png);
  ASSERT_EQ(up.status, 200) << up.body;
  const std::string hash = up.json["photo"];
  EXPECT_EQ(upload(zed, "text/html", "<script>").status, 400);
  const Reply fake = upload(zed, "image/png", "<html>not a picture</html>");
  EXPECT_EQ(fake.status, 400);
  EXPECT_EQ(fake.json["error"]["field"], "body");
  EXPECT_EQ(Client(port())
                .send(http::verb::post, "/api/events/aw/photos", png, {{"Content-Type", "image/png"}})
                .status,
            401);
  const Reply got = Client(port()).get("/api/events/aw/photos/" + hash);
  ASSERT_EQ(got.status, 200);
  EXPECT_EQ(got.header("Content-Type"), "image/png");
  EXPECT_EQ(got.body, png);

  ASSERT_EQ(zed.post("/api/events/aw/awards/best-painted/entry", {{"title", "Stormblades"}, {"photo", hash}})
                .status,
            200);
  ASSERT_EQ(quinn.post("/api/events/aw/awards/best-painted/entry", json::object()).status, 200);
  const Reply other = zed.post("/api/events/aw/awards/best-painted/entry", {{"player", ps[3].first}});
  EXPECT_EQ(other.status, 200);  // the login decides whose entry it is: still Zed's own
  ASSERT_EQ(eo.post("/api/events/aw/commands", {{"type", "open-vote"}, {"award", "best-painted"}}).status,
            200);

  // Ada and Zed vote for Zed (a self-vote), Bo for Quinn, Quinn for Quinn: a tie.
  Client ada = login_player("aw", ps[0].first, ps[0].second);
  Client bo = login_player("aw", ps[1].first, ps[1].second);
  const Reply v = ada.post("/api/events/aw/awards/best-painted/vote", {{"choice", ps[2].first}});
  ASSERT_EQ(v.status, 200) << v.body;
  EXPECT_FALSE(v.json["command"].contains("sealed"));
  EXPECT_THAT(v.body, Not(HasSubstr("\"" + ps[2].first + "\"")));  // the answer does not echo the choice
  EXPECT_EQ(ada.post("/api/events/aw/awards/best-painted/vote", {{"choice", ps[3].first}}).status, 409);
  EXPECT_EQ(zed.post("/api/events/aw/awards/best-painted/vote", {{"choice", ps[2].first}}).status, 200);
  EXPECT_EQ(bo.post("/api/events/aw/awards/best-painted/vote", {{"choice", "p99"}}).status, 400);
  EXPECT_EQ(bo.post("/api/events/aw/awards/best-painted/vote", {{"choice", ps[3].first}}).status, 200);
  EXPECT_EQ(quinn.post("/api/events/aw/awards/best-painted/vote", {{"choice", ps[3].first}}).status, 200);
  EXPECT_EQ(eo.post("/api/events/aw/awards/best-painted/vote", {{"choice", ps[3].first}}).status, 403);
  EXPECT_EQ(bo.post("/api/events/aw/awards/best-painted/close", json::object()).status, 403);

  // While open: each player sees only that they voted; the EO sees turnout, no count.
  const json mine = ada.get("/api/events/aw/awards").json["awards"][0];
  EXPECT_TRUE(mine["ballot"]["voted"].get<bool>());
  EXPECT_EQ(mine["ballot"]["votes"], 4);
  EXPECT_FALSE(mine.contains("tally"));
  const json eo_open = eo.get("/api/events/aw/awards").json["awards"][0];
  EXPECT_FALSE(eo_open.contains("tally"));
  EXPECT_TRUE(eo_open["ballot"]["waiting"].empty());

  const Reply closed = eo.post("/api/events/aw/awards/best-painted/close", json::object());
  ASSERT_EQ(closed.status, 200) << closed.body;
  json eo_view = eo.get("/api/events/aw/awards").json["awards"][0];
  ASSERT_EQ(eo_view["tally"].size(), 2u);
  EXPECT_EQ(eo_view["tally"][0]["votes"], 2);
  EXPECT_EQ(eo_view["tally"][1]["votes"], 2);
  EXPECT_EQ(eo_view["tied"].size(), 2u);
  EXPECT_EQ(AwardStore(db_).ballot_keys("aw"), 0);

  // The EO breaks the tie; the winner stays hidden from players and the public until announced.
  ASSERT_EQ(eo.post("/api/events/aw/commands",
                    {{"type", "decide-award"}, {"award", "best-painted"}, {"winner", ps[2].first}})
                .status,
            200);
  json pub = Client(port()).get("/api/events/aw/awards").json["awards"][0];
  EXPECT_TRUE(pub["winners"].empty());
  EXPECT_EQ(pub["decided"], "hidden");
  EXPECT_FALSE(pub.contains("tally"));
  ASSERT_EQ(eo.post("/api/events/aw/commands", {{"type", "reveal-awards"}}).status, 200);
  pub = Client(port()).get("/api/events/aw/awards").json["awards"][0];
  ASSERT_EQ(pub["winners"].size(), 1u);
  EXPECT_EQ(pub["winners"][0]["name"], "Zed Painter");
  EXPECT_FALSE(pub.contains("tally"));

  // Every answer and export the EO can get: cast votes name their voter and a seal, never a choice.
  for (const char* path : {"/api/events/aw/journal", "/api/events/aw/export", "/api/events/aw/admin",
                           "/api/events/aw", "/api/events/aw/awards", "/api/events/aw/undo?recent=50"}) {
    const Reply r = eo.get(path);
    ASSERT_EQ(r.status, 200) << path << r.body;
    EXPECT_THAT(r.body, Not(HasSubstr("\"choice\""))) << path;
  }
  const json journal = eo.get("/api/events/aw/journal").json;
  int sealed = 0;
  for (const json& e : journal["entries"])
    if (e.contains("command") && e["command"]["type"] == "cast-vote") {
      ++sealed;
      // The voter and a seal only, never the choice.
      EXPECT_EQ(e["command"].size(), 5u) << e.dump();
    }
  EXPECT_EQ(sealed, 4);
  const json exported = eo.get("/api/events/aw/export").json;
  int exported_votes = 0;
  for (const json& e : exported["journal"])
    if (e.contains("command") && e["command"]["type"] == "cast-vote") {
      ++exported_votes;
      EXPECT_EQ(e["command"].size(), 5u) << e.dump();
      EXPECT_EQ(e["command"]["sealed"].get<std::string>().size(), 2u * (12 + 49 + 16));
    }
  EXPECT_EQ(exported_votes, 4);
}

// SR2017 "Prizes": "all participants in the event hold a blind vote". A dropped player has gone
// home: the ballot does not wait for them ("15 of 17 voted" with two gone), though they may vote.
TEST_F(AwardsApiTest, SR2017_Prizes_ADroppedPlayerIsNotWaitedForAsAVoter) {
  create_event("aw");
  Client eo = login_eo("aw");
  std::vector<std::pair<std::string, std::string>> ps;
  for (const char* n : {"Ada Voter", "Bo Voter", "Cy Gone"}) ps.push_back(add_player(eo, "aw", n));
  ASSERT_EQ(eo.post("/api/events/aw/commands", {{"type", "define-award"},
                                                {"name", "Best Sport"},
                                                {"category", "Sportsmanship"},
                                                {"method", "vote"},
                                                {"everyone", true}})
                .status,
            200);
  ASSERT_EQ(eo.post("/api/events/aw/commands", {{"type", "open-vote"}, {"award", "best-sport"}}).status, 200);
  ASSERT_EQ(eo.post("/api/events/aw/commands",
                    {{"type", "set-player-status"}, {"id", ps[2].first}, {"status", "dropped"}})
                .status,
            200);
  const json ballot = eo.get("/api/events/aw/awards").json["awards"][0]["ballot"];
  EXPECT_EQ(ballot["voters"], 2);
  EXPECT_EQ(ballot["waiting"], (json{"Ada Voter", "Bo Voter"}));
}

TEST_F(AwardsApiTest, BadAwardRequestsNameTheFieldAndChangeNothing) {
  create_event("aw");
  Client eo = login_eo("aw");
  const auto p = add_player(eo, "aw", "Ada");
  Client ada = login_player("aw", p.first, p.second);
  const std::int64_t before = journal_length("aw");
  Reply r =
      eo.post("/api/events/aw/commands", {{"type", "define-award"}, {"name", "X"}, {"method", "raffle"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "method");
  r = ada.post("/api/events/aw/awards/nope/vote", {{"choice", "p1"}});
  EXPECT_EQ(r.status, 404);
  r = ada.post("/api/events/aw/awards/nope/entry", {{"titel", "typo"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"]["field"], "titel");
  EXPECT_EQ(eo.post("/api/events/aw/awards/nope/close", json::object()).status, 404);
  EXPECT_EQ(journal_length("aw"), before);
}

// SR2017 "Prizes": the EO "must determine a category that the award will be chosen for and clearly
// communicate this information well in advance of the event". The API accepts a vote without one
// and says so in "findings" (the console shows them beside its confirmation).
TEST_F(AwardsApiTest, SR2017_Prizes_AVoteWithoutACategoryIsAnsweredWithAWarning) {
  create_event("aw");
  Client eo = login_eo("aw");
  Reply r = eo.post("/api/events/aw/commands",
                    {{"type", "define-award"}, {"name", "Best Painted"}, {"method", "vote"}});
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_EQ(r.json["findings"].size(), 1u) << r.body;
  EXPECT_EQ(r.json["findings"][0]["rule"], "award-category");
  EXPECT_THAT(r.json["findings"][0]["text"].get<std::string>(), HasSubstr("must determine a category"));
  r = eo.post(
      "/api/events/aw/commands",
      {{"type", "define-award"}, {"name", "Best Painted"}, {"category", "Best Army"}, {"method", "vote"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_FALSE(r.json.contains("findings")) << r.body;
}

}  // namespace
}  // namespace gauntlet::server::test
