// What one caller may cost the server (docs/security.md "Limits"): nothing is stored for a request
// before its caller is proven, and each session keeps a bounded number of Idempotency-Key answers;
// strangers' terrain is capped per request and rationed per address; award photos have a quota
// per player and per event. On SQLite and, as "pg:" tests, on PostgreSQL.
#include <functional>

#include "client.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;

class LimitsTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    create_event("ev");
  }
  // The server again on the same database, with limits of the test's own.
  void restart(const std::function<void(AppOptions&)>& change) {
    server_.reset();
    ServerOptions o;
    o.app.db = db_;
    change(o.app);
    server_ = start_server(std::move(o));
  }
  std::int64_t rows(const std::string& table) {
    return sqldb::open(db_)->lease()->query("SELECT COUNT(*) FROM " + table).rows.at(0).integer(0);
  }
  static Reply post_keyed(Client& c, const std::string& target, const json& body, const std::string& key,
                          bool csrf = true) {
    return c.send(http::verb::post, target, body.dump(),
                  {{"Content-Type", "application/json"}, {"Idempotency-Key", key}}, csrf);
  }
  static json add(const std::string& name) {
    return {{"type", "add-player"}, {"player", {{"name", name}, {"faction", "Cryx"}}}};
  }
  static json terrain(int tables) {
    return {{"edition", "sr2017"}, {"method", "quadrant"}, {"tables", tables}};
  }
  // A tiny "PNG" (the signature is what the server checks), one per `n`.
  static std::string png(int n) {
    return std::string("\x89PNG\r\n\x1A\n", 8) + "pixels " + std::to_string(n);
  }
  static Reply upload(Client& c, const std::string& bytes) {
    return c.send(http::verb::post, "/api/events/ev/photos", bytes, {{"Content-Type", "image/png"}});
  }
};

TEST_F(LimitsTest, NothingIsStoredForARequestWithAnIdempotencyKeyBeforeItsCallerIsProven) {
  Client eo = login_eo("ev");
  create_event("other");
  Client other_eo = login_eo("other");
  const std::int64_t answers = rows("idempotent_answers");
  const std::int64_t length = journal_length("ev");

  // 5 000 such requests once left 5 000 rows, kept a day: here 50, and none stays.
  Client nobody(port());
  for (int i = 0; i < 50; ++i)
    ASSERT_EQ(
        post_keyed(nobody, "/api/events/ev/commands", add("Mallory"), "anon-" + std::to_string(i)).status,
        401);
  Client forged(port());
  forged.cookie = "gauntlet_session=forged";
  forged.csrf = "forged";
  EXPECT_EQ(post_keyed(forged, "/api/events/ev/commands", add("Mallory"), "forged").status, 401);
  // The EO's cookie without its CSRF token (what another site's page could send), another event's EO.
  EXPECT_EQ(post_keyed(eo, "/api/events/ev/commands", add("Mallory"), "no-csrf", false).status, 403);
  EXPECT_EQ(post_keyed(other_eo, "/api/events/ev/commands", add("Mallory"), "elsewhere").status, 403);
  // Outside events: no admin key, a wrong one.
  const json create{{"config", {{"name", "X"}, {"edition", "SR2017"}, {"points", 75}}},
                    {"password", "long-enough"}};
  EXPECT_EQ(post_keyed(nobody, "/api/events", create, "no-key").status, 401);
  Client wrong(port());
  wrong.bearer = "not-the-key";
  EXPECT_EQ(post_keyed(wrong, "/api/events", create, "wrong-key").status, 401);
  EXPECT_EQ(rows("idempotent_answers"), answers) << "an unproven caller's request stored an answer";
  EXPECT_EQ(journal_length("ev"), length);

  // A proven caller's answer is kept and replayed, as before; so is the admin's.
  const Reply first = post_keyed(eo, "/api/events/ev/commands", add("Ann"), "eo-1");
  ASSERT_EQ(first.status, 200) << first.body;
  const Reply again = post_keyed(eo, "/api/events/ev/commands", add("Ann"), "eo-1");
  EXPECT_EQ(again.header("Idempotent-Replayed"), "true");
  EXPECT_EQ(again.json, first.json);
  Client admin(port());
  admin.bearer = admin_key_;
  EXPECT_EQ(post_keyed(admin, "/api/events", create, "admin-1").status, 201);
  EXPECT_EQ(post_keyed(admin, "/api/events", create, "admin-1").header("Idempotent-Replayed"), "true");
  EXPECT_EQ(rows("idempotent_answers"), answers + 2);
}

TEST_F(LimitsTest, ASessionKeepsAtMostItsQuotaOfIdempotentAnswersThenA429NamesTheHeader) {
  restart([](AppOptions& o) { o.idempotency_quota = 3; });
  Client eo = login_eo("ev");
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(post_keyed(eo, "/api/events/ev/commands", add("P" + std::to_string(i)), "k" + std::to_string(i))
                  .status,
              200);
  const std::int64_t length = journal_length("ev");
  const std::int64_t answers = rows("idempotent_answers");

  const Reply over = post_keyed(eo, "/api/events/ev/commands", add("Over"), "k-over");
  EXPECT_EQ(over.status, 429) << over.body;
  EXPECT_EQ(over.json["error"]["field"], "Idempotency-Key") << over.body;
  EXPECT_NE(over.json["error"]["message"].get<std::string>().find("3 answers"), std::string::npos)
      << over.body;
  const int wait = std::stoi(over.header("Retry-After"));
  EXPECT_GT(wait, 0);
  EXPECT_LE(wait, 24 * 3600);
  EXPECT_EQ(journal_length("ev"), length) << "the refused request ran";
  EXPECT_EQ(rows("idempotent_answers"), answers);

  // A repeat of a kept key still gets its answer; without a key the request runs; another
  // session (the EO logged in on a second device) has a quota of its own.
  EXPECT_EQ(post_keyed(eo, "/api/events/ev/commands", add("P0"), "k0").header("Idempotent-Replayed"), "true");
  EXPECT_EQ(eo.post("/api/events/ev/commands", add("Unkeyed")).status, 200);
  Client tablet = login_eo("ev");
  EXPECT_EQ(post_keyed(tablet, "/api/events/ev/commands", add("Tablet"), "k-over").status, 200);
}

TEST_F(LimitsTest, AStrangersTerrainIsCappedAtALargeEventsTablesNamingTheFieldAndTheRule) {
  Client nobody(port());
  const Reply big = nobody.post("/api/terrain", terrain(512));
  EXPECT_EQ(big.status, 400) << big.body.substr(0, 200);
  EXPECT_EQ(big.json["error"]["field"], "tables");
  EXPECT_EQ(big.json["error"]["rule"], "terrain without a login");
  EXPECT_NE(big.json["error"]["message"].get<std::string>().find("1 to 64"), std::string::npos) << big.body;
  EXPECT_EQ(nobody.post("/api/terrain", terrain(65)).status, 400);
  EXPECT_EQ(nobody.post("/api/terrain", terrain(2)).status, 200);

  // A player is a stranger here too; the EO (whose Tables tab asks for every table) is not.
  Client eo = login_eo("ev");
  const auto [ada, pin] = add_player(eo, "ev", "Ada");
  Client player = login_player("ev", ada, pin);
  EXPECT_EQ(player.post("/api/terrain", terrain(65)).status, 400);
  const Reply whole = eo.post("/api/terrain", terrain(100));
  ASSERT_EQ(whole.status, 200) << whole.body.substr(0, 200);
  EXPECT_EQ(whole.json["tables"].size(), 100u);
  EXPECT_EQ(eo.post("/api/terrain", terrain(513)).json["error"]["field"], "tables");

  // The checker's pieces and the inventory's kinds: a table, not thousands of pieces.
  json pieces = json::array();
  for (int i = 0; i < 65; ++i)
    pieces.push_back({{"id", "p" + std::to_string(i)},
                      {"kind", "obstruction"},
                      {"shape", "rect"},
                      {"x", 24},
                      {"y", 24},
                      {"width", 3},
                      {"depth", 3}});
  const Reply check = nobody.post("/api/terrain/check", {{"edition", "SR2017"}, {"pieces", pieces}});
  EXPECT_EQ(check.status, 400);
  EXPECT_EQ(check.json["error"]["field"], "placement.pieces") << check.body;
  json inventory = json::array();
  for (int i = 0; i < 65; ++i)
    inventory.push_back({{"kind", "obstruction"}, {"shape", "circle"}, {"width", 3}});
  const Reply kinds = nobody.post("/api/terrain", {{"edition", "sr2017"}, {"inventory", inventory}});
  EXPECT_EQ(kinds.status, 400);
  EXPECT_EQ(kinds.json["error"]["field"], "inventory") << kinds.body;
  // The rules routes' variant lists.
  const json many = json(std::vector<std::string>(65, "classic-turn-timing"));
  const Reply timing =
      nobody.post("/api/rules/timing", {{"edition", "SR2017"}, {"points", 75}, {"variants", many}});
  EXPECT_EQ(timing.status, 400);
  EXPECT_EQ(timing.json["error"]["field"], "variants") << timing.body;
  const Reply wizard =
      nobody.post("/api/adjudicate", {{"edition", "SR2017"}, {"end", "assassination"}, {"variants", many}});
  EXPECT_EQ(wizard.status, 400);
  EXPECT_EQ(wizard.json["error"]["field"], "variants") << wizard.body;
}

TEST_F(LimitsTest, AStrangersTerrainIsRationedPerAddressAndTheEoIsNot) {
  restart([](AppOptions& o) { o.anonymous = {.units = 5, .window = std::chrono::hours(1), .at_once = 1}; });
  Client nobody(port());
  EXPECT_EQ(nobody.post("/api/terrain", terrain(3)).status, 200);
  EXPECT_EQ(nobody.post("/api/terrain", terrain(2)).status, 200);
  const Reply over = nobody.post("/api/terrain", terrain(1));
  EXPECT_EQ(over.status, 429) << over.body;
  EXPECT_EQ(over.json["error"]["field"], "tables");
  EXPECT_EQ(over.json["error"]["rule"], "terrain without a login");
  const int wait = std::stoi(over.header("Retry-After"));
  EXPECT_GT(wait, 0);
  EXPECT_LE(wait, 3600);
  EXPECT_EQ(nobody.post("/api/terrain/check", {{"edition", "SR2017"}, {"pieces", json::array()}}).status,
            429);
  Client eo = login_eo("ev");
  EXPECT_EQ(eo.post("/api/terrain", terrain(8)).status, 200);
  EXPECT_EQ(eo.post("/api/terrain/check", {{"edition", "SR2017"}, {"pieces", json::array()}}).status, 200);
}

TEST_F(LimitsTest, APlayerStoresAtMostTenPhotosAndAnEventItsQuotaThenA409NamesPhoto) {
  Client eo = login_eo("ev");
  const auto [ada, ada_pin] = add_player(eo, "ev", "Ada");
  Client phone = login_player("ev", ada, ada_pin);
  for (int i = 0; i < 10; ++i) ASSERT_EQ(upload(phone, png(i)).status, 200) << i;
  const std::int64_t stored = rows("award_photos");
  // One player stored 40 distinct photos of 200 KB: the eleventh is refused, nothing stored.
  const Reply over = upload(phone, png(10));
  EXPECT_EQ(over.status, 409) << over.body;
  EXPECT_EQ(over.json["error"]["field"], "photo");
  EXPECT_EQ(over.json["error"]["rule"], "photo quota");
  EXPECT_NE(over.json["error"]["message"].get<std::string>().find("10 photos"), std::string::npos)
      << over.body;
  EXPECT_EQ(rows("award_photos"), stored);
  // The same picture again costs nothing; the EO, who takes photos for players, is counted in the event only.
  EXPECT_EQ(upload(phone, png(3)).status, 200);
  EXPECT_EQ(upload(eo, png(100)).status, 200);

  restart([](AppOptions& o) { o.photo_quota = {.per_uploader = 10, .per_event = 12}; });
  Client again = login_eo("ev");
  EXPECT_EQ(upload(again, png(101)).status, 200);
  const Reply full = upload(again, png(102));
  EXPECT_EQ(full.status, 409) << full.body;
  EXPECT_EQ(full.json["error"]["field"], "photo");
  EXPECT_NE(full.json["error"]["message"].get<std::string>().find("12 photos"), std::string::npos)
      << full.body;
  EXPECT_EQ(rows("award_photos"), stored + 2);
}

}  // namespace
}  // namespace gauntlet::server::test
