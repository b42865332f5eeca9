// Issue 16 point 3 over HTTP: the hot public reads (summary, standings, current pairings,
// editions, pages) answer If-None-Match with 304, gzip and brotli for clients that accept them,
// decompressing to exactly the identity bytes; the ETag changes with every new body; HEAD,
// Connection: close and HTTP/1.0 still work; answers that depend on the session stay no-store.
#include <brotli/decode.h>
#include <gmock/gmock.h>
#include <zlib.h>

#include <chrono>
#include <thread>

#include "client.hpp"

namespace gauntlet::server::test {
namespace {

using nlohmann::json;
using Headers = std::vector<std::pair<std::string, std::string>>;

std::string gunzip(const std::string& in) {
  z_stream z{};
  // 16 + MAX_WBITS: a gzip member (header and CRC-32 checked), not a zlib stream.
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return "inflateInit2 failed";
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int done = inflate(&z, Z_FINISH);
  out.resize(z.total_out);
  inflateEnd(&z);
  return done == Z_STREAM_END && z.avail_in == 0 ? out : "not one whole gzip member";
}

std::string unbrotli(const std::string& in) {
  std::string out(1 << 20, '\0');
  std::size_t size = out.size();
  if (BrotliDecoderDecompress(in.size(), reinterpret_cast<const std::uint8_t*>(in.data()), &size,
                              reinterpret_cast<std::uint8_t*>(out.data())) != BROTLI_DECODER_RESULT_SUCCESS)
    return "not a brotli stream";
  out.resize(size);
  return out;
}

class CacheApiTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    create_event("cup");
    eo_ = std::make_unique<Client>(login_eo("cup"));
    // 16 players: standings and pairings well above the size under which nothing is compressed.
    for (int i = 1; i <= 16; ++i)
      players_.push_back(add_player(*eo_, "cup", "Player " + std::to_string(i)).first);
    json tables = json::array();
    for (int t = 0; t < 8; ++t)
      tables.push_back({{"table", t + 1}, {"players", {players_[2 * t], players_[2 * t + 1]}}});
    ASSERT_EQ(eo_->post("/api/events/cup/commands", {{"type", "pair-round"}, {"tables", tables}}).status,
              200);
  }
  Reply get(const std::string& target, const Headers& headers = {}) {
    return Client(port()).send(http::verb::get, target, "", headers);
  }
  // Records table 1's result: the standings and the pairings change.
  void record_table_1() { record(0, 1, 5); }
  // The EO records (or, in a closed round, corrects) a table's result: the first player wins.
  void record(int round, int table, int winner_cp) {
    json cmd{
        {"type", "record-result"},
        {"table", table},
        {"results",
         {{{"outcome", "win"}, {"cp", winner_cp}, {"ap", 40}}, {{"outcome", "loss"}, {"cp", 0}, {"ap", 20}}}},
        {"victory", "scenario"}};
    if (round > 0) cmd["round"] = round;
    const Reply r = eo_->post("/api/events/cup/commands", cmd);
    ASSERT_EQ(r.status, 200) << r.body;
  }
  std::unique_ptr<Client> eo_;
  std::vector<std::string> players_;
};

const std::vector<std::string> kCachedReads = {"/api/events/cup", "/api/events/cup/standings",
                                               "/api/events/cup/pairings", "/api/editions", "/player.js"};

TEST_F(CacheApiTest, HotPublicReadsCarryAStrongETagNoCacheAndVary) {
  for (const std::string& target : kCachedReads) {
    const Reply r = get(target);
    ASSERT_EQ(r.status, 200) << target << r.body;
    EXPECT_THAT(r.header("ETag"), ::testing::MatchesRegex("\"[0-9a-f]{32}\"")) << target;
    EXPECT_EQ(r.header("Cache-Control"), "no-cache") << target;
    EXPECT_EQ(r.header("Vary"), "Accept-Encoding") << target;
    EXPECT_EQ(r.header("Content-Encoding"), "") << target;  // no Accept-Encoding: the bytes as they are
    EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff") << target;
    EXPECT_EQ(r.header("Content-Length"), std::to_string(r.body.size())) << target;
    EXPECT_EQ(get(target).header("ETag"), r.header("ETag")) << target << ": same bytes, same tag";
  }
  EXPECT_NE(get("/player.js").header("Content-Security-Policy"), "");
  EXPECT_EQ(get("/api/events/cup/standings").header("Content-Type"), "application/json; charset=utf-8");
}

TEST_F(CacheApiTest, IfNoneMatchNamingTheCurrentTagIsA304WithoutBody) {
  for (const std::string& target : kCachedReads) {
    const std::string tag = get(target).header("ETag");
    const std::string weak = "W/" + tag;
    for (const std::string& sent :
         {tag, "\"other\", " + tag, "\"a\",\"b\" ,  " + weak, weak, std::string("*")}) {
      const Reply r = get(target, {{"If-None-Match", sent}});
      EXPECT_EQ(r.status, 304) << target << " If-None-Match: " << sent;
      EXPECT_EQ(r.body, "") << target;
      EXPECT_EQ(r.header("ETag"), tag) << target;
      EXPECT_EQ(r.header("Vary"), "Accept-Encoding") << target;
      EXPECT_EQ(r.header("Cache-Control"), "no-cache") << target;
      // RFC 9110 §8.6: no Content-Length unless it is the 200's.
      EXPECT_EQ(r.header("Content-Length"), "") << target;
    }
    for (const std::string& sent : {std::string("\"other\""), std::string("W/\"other\", \"x\""),
                                    tag.substr(0, tag.size() - 2) + "\""}) {
      const Reply r = get(target, {{"If-None-Match", sent}});
      EXPECT_EQ(r.status, 200) << target << " If-None-Match: " << sent;
      EXPECT_EQ(r.header("ETag"), tag);
      EXPECT_FALSE(r.body.empty());
    }
  }
}

TEST_F(CacheApiTest, ANewResultChangesTheTagAndTheOldTagGetsTheNewBody) {
  const Reply before = get("/api/events/cup/standings");
  const Reply pairings_before = get("/api/events/cup/pairings");
  const Reply gz_before = get("/api/events/cup/standings", {{"Accept-Encoding", "gzip"}});
  record_table_1();
  for (const auto& [target, old] : {std::pair{"/api/events/cup/standings", before},
                                    std::pair{"/api/events/cup/pairings", pairings_before}}) {
    const Reply r = get(target, {{"If-None-Match", old.header("ETag")}});
    EXPECT_EQ(r.status, 200) << target << ": a change is never hidden by a revalidated copy";
    EXPECT_NE(r.header("ETag"), old.header("ETag"));
    EXPECT_NE(r.body, old.body);
    EXPECT_EQ(get(target, {{"If-None-Match", r.header("ETag")}}).status, 304);
  }
  const Reply gz = get("/api/events/cup/standings",
                       {{"Accept-Encoding", "gzip"}, {"If-None-Match", gz_before.header("ETag")}});
  EXPECT_EQ(gz.status, 200);
  EXPECT_NE(gz.header("ETag"), gz_before.header("ETag"));
  EXPECT_EQ(gunzip(gz.body), get("/api/events/cup/standings").body);
  EXPECT_EQ(get("/api/events/cup/standings").json["standings"][0]["tp"], 1);
}

// The results page asks for every round's pairings at each visit: a past round's are kept whole
// too, and a correction of one of its results is a new body with a new tag.
TEST_F(CacheApiTest, APastRoundsPairingsAreKeptWholeUntilOneOfItsResultsIsCorrected) {
  for (int table = 1; table <= 8; ++table) record(0, table, 3);
  ASSERT_EQ(eo_->post("/api/events/cup/commands", {{"type", "close-round"}}).status, 200);
  json tables = json::array();
  for (int t = 0; t < 8; ++t)
    tables.push_back(
        {{"table", t + 1},
         {"players", {players_[static_cast<std::size_t>(t)], players_[static_cast<std::size_t>(t + 8)]}}});
  ASSERT_EQ(eo_->post("/api/events/cup/commands", {{"type", "pair-round"}, {"tables", tables}}).status, 200);
  const std::string past = "/api/events/cup/pairings?round=1";
  const Reply plain = get(past);
  ASSERT_EQ(plain.status, 200) << plain.body;
  EXPECT_EQ(plain.json["round"], 1);
  EXPECT_EQ(plain.json["tables"][0]["result"]["cp"][0], 3);
  const std::string tag = plain.header("ETag");
  EXPECT_THAT(tag, ::testing::MatchesRegex("\"[0-9a-f]{32}\""));
  EXPECT_EQ(plain.header("Cache-Control"), "no-cache");
  EXPECT_EQ(plain.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(get(past, {{"If-None-Match", tag}}).status, 304);
  const Reply gz = get(past, {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(gz.header("Content-Encoding"), "gzip");
  EXPECT_EQ(gunzip(gz.body), plain.body);
  EXPECT_EQ(unbrotli(get(past, {{"Accept-Encoding", "br"}}).body), plain.body);
  // The latest round by its number is the current pairings, the same answer.
  EXPECT_EQ(get("/api/events/cup/pairings?round=2").header("ETag"),
            get("/api/events/cup/pairings").header("ETag"));
  EXPECT_NE(get("/api/events/cup/pairings?round=2").header("ETag"), tag);
  // A result in round 2 leaves round 1's bytes, and so its tag, as they were.
  record(0, 1, 4);
  EXPECT_EQ(get(past, {{"If-None-Match", tag}}).status, 304);
  // The EO corrects a result of round 1 (issue 10 point 4): its answer changes.
  record(1, 1, 5);
  const Reply corrected = get(past, {{"If-None-Match", tag}});
  EXPECT_EQ(corrected.status, 200) << "a corrected round is never hidden by a revalidated copy";
  EXPECT_NE(corrected.header("ETag"), tag);
  EXPECT_EQ(corrected.json["tables"][0]["result"]["cp"][0], 5);
  EXPECT_EQ(get(past, {{"If-None-Match", corrected.header("ETag")}}).status, 304);
  EXPECT_EQ(get("/api/events/cup/pairings?round=3").status, 404);
  EXPECT_EQ(get("/api/events/cup/pairings?round=0").status, 400);
}

TEST_F(CacheApiTest, GzipAndBrotliDecompressToExactlyTheIdentityBody) {
  for (const std::string& target : kCachedReads) {
    const Reply plain = get(target);
    ASSERT_GE(plain.body.size(), 1024u) << target << ": too small to be compressed at all";
    const std::string tag = plain.header("ETag");
    const Reply gz = get(target, {{"Accept-Encoding", "gzip"}});
    ASSERT_EQ(gz.status, 200);
    EXPECT_EQ(gz.header("Content-Encoding"), "gzip") << target;
    EXPECT_EQ(gz.header("Vary"), "Accept-Encoding");
    EXPECT_EQ(gz.header("ETag"), tag.substr(0, tag.size() - 1) + "-gz\"") << target;
    EXPECT_EQ(gz.header("Content-Length"), std::to_string(gz.body.size()));
    EXPECT_LT(gz.body.size(), plain.body.size()) << target;
    EXPECT_EQ(gunzip(gz.body), plain.body) << target;
    const Reply br = get(target, {{"Accept-Encoding", "br"}});
    ASSERT_EQ(br.status, 200);
    EXPECT_EQ(br.header("Content-Encoding"), "br") << target;
    EXPECT_EQ(br.header("ETag"), tag.substr(0, tag.size() - 1) + "-br\"") << target;
    EXPECT_LT(br.body.size(), plain.body.size()) << target;
    EXPECT_EQ(unbrotli(br.body), plain.body) << target;
    // Each coding revalidates against its own tag only.
    EXPECT_EQ(get(target, {{"Accept-Encoding", "gzip"}, {"If-None-Match", gz.header("ETag")}}).status, 304);
    EXPECT_EQ(get(target, {{"Accept-Encoding", "br"}, {"If-None-Match", br.header("ETag")}}).status, 304);
    EXPECT_EQ(get(target, {{"Accept-Encoding", "br"}, {"If-None-Match", tag}}).status, 200);
    EXPECT_EQ(get(target, {{"If-None-Match", br.header("ETag")}}).status, 200);
  }
}

TEST_F(CacheApiTest, AcceptEncodingIsReadWithItsQValues) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"gzip, deflate, br", "br"},  // a browser's: br preferred on a tie
      {"gzip", "gzip"},
      {"GZIP", "gzip"},                      // case-insensitive
      {"x-gzip", "gzip"},                    // RFC 9110 §8.4.1.3
      {"br;q=0, gzip", "gzip"},              // q=0 refuses br
      {"br ; q=0.5 , gzip ;Q=0.8", "gzip"},  // spaces; the higher q wins
      {"gzip;q=0.2, br;q=0.1", "gzip"},
      {"br;q=0.001", "br"},  // listed beats unlisted identity
      {"*", "br"},
      {"*;q=0.5, gzip;q=0.6", "gzip"},
      {"*;q=0, identity", ""},  // only identity
      {"gzip;q=0, br;q=0", ""},
      {"identity", ""},
      {"identity;q=0.9, gzip;q=0.5", ""},  // identity wins on its q
      {"deflate", ""},                     // nothing offered: the bytes as they are
      {"", ""},
      {"gzip;q=abc", ""},  // a malformed q ignores the element
  };
  for (const auto& [accept, coding] : cases) {
    const Reply r = get("/api/events/cup/standings", {{"Accept-Encoding", accept}});
    EXPECT_EQ(r.status, 200) << accept;
    EXPECT_EQ(r.header("Content-Encoding"), coding) << "Accept-Encoding: " << accept;
    EXPECT_EQ(r.header("Vary"), "Accept-Encoding") << accept;
  }
}

TEST_F(CacheApiTest, SmallBodiesAreSentAsTheyAre) {
  create_event("tiny", "Tiny");
  const Reply r = get("/api/events/tiny/standings", {{"Accept-Encoding", "br, gzip"}});
  ASSERT_EQ(r.status, 200);
  ASSERT_LT(r.body.size(), 1024u);
  EXPECT_EQ(r.header("Content-Encoding"), "");
  EXPECT_EQ(r.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(r.json["standings"], json::array());
  EXPECT_EQ(
      get("/api/events/tiny/standings", {{"Accept-Encoding", "gzip"}, {"If-None-Match", r.header("ETag")}})
          .status,
      304);
}

TEST_F(CacheApiTest, HeadSendsTheHeadersOnlyAndTheConnectionGoesOn) {
  const Reply full = get("/api/events/cup/standings", {{"Accept-Encoding", "gzip"}});
  RawConnection c(port());
  // Three requests on one keep-alive connection: a body sent after a HEAD would be read as the
  // second response's status line.
  c.write(
      "HEAD /api/events/cup/standings HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
      "HEAD /api/events HTTP/1.1\r\nHost: x\r\n\r\n"
      "GET /api/events/cup/standings HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n");
  const auto head = c.read(true);
  EXPECT_EQ(head.result_int(), 200u);
  EXPECT_EQ(head[http::field::content_length], std::to_string(full.body.size()));
  EXPECT_EQ(head[http::field::etag], full.header("ETag"));
  EXPECT_EQ(head[http::field::content_encoding], "gzip");
  const auto listed = c.read(true);  // a route without a cached answer
  EXPECT_EQ(listed.result_int(), 200u);
  EXPECT_NE(listed[http::field::content_length], "");
  const auto get = c.read();
  EXPECT_EQ(get.result_int(), 200u);
  EXPECT_EQ(get.body(), full.body);
  EXPECT_FALSE(c.closed_by_server(std::chrono::seconds(1)));
}

// Answers of 16 KB or more go out by sendfile(2) from a memfd (cached_answer.cpp kSendfileFrom);
// when the socket is full the rest is written from memory. 64 pipelined requests for a 41 KB page,
// read only after the server has filled the socket, must still arrive whole and in order.
TEST_F(CacheApiTest, LargeAnswersArriveWholeWhenTheSocketFillsUp) {
  RawConnection reference(port());
  reference.write("GET /eo-round.js HTTP/1.0\r\n\r\n");  // Beast's serializer, not the prebuilt bytes
  const std::string page = reference.read().body();
  ASSERT_GT(page.size(), 16u * 1024);
  RawConnection c(port());
  std::string burst;
  for (int i = 0; i < 64; ++i) burst += "GET /eo-round.js HTTP/1.1\r\nHost: x\r\n\r\n";
  c.write(burst);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  for (int i = 0; i < 64; ++i) {
    const auto r = c.read();
    ASSERT_EQ(r.result_int(), 200u) << "answer " << i;
    ASSERT_EQ(r.body(), page) << "answer " << i;
  }
  EXPECT_FALSE(c.closed_by_server(std::chrono::seconds(1)));
}

TEST_F(CacheApiTest, ConnectionCloseAndHttp10AreAnsweredInFullThenClosed) {
  const Reply plain = get("/api/events/cup/standings");
  const Reply gz = get("/api/events/cup/standings", {{"Accept-Encoding", "gzip"}});
  {
    RawConnection c(port());
    c.write(
        "GET /api/events/cup/standings HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: "
        "close\r\n\r\n");
    const auto r = c.read();
    EXPECT_EQ(r.result_int(), 200u);
    EXPECT_EQ(r[http::field::connection], "close");
    EXPECT_EQ(r[http::field::etag], gz.header("ETag"));
    EXPECT_EQ(gunzip(r.body()), plain.body);
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    RawConnection c(port());
    c.write("GET /api/events/cup/standings HTTP/1.0\r\n\r\n");
    const auto r = c.read();
    EXPECT_EQ(r.version(), 10u);
    EXPECT_EQ(r.result_int(), 200u);
    EXPECT_EQ(r.body(), plain.body);
    EXPECT_EQ(r[http::field::vary], "Accept-Encoding");
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    RawConnection c(port());
    c.write("GET /api/events/cup/standings HTTP/1.0\r\nIf-None-Match: " + plain.header("ETag") + "\r\n\r\n");
    const auto r = c.read(true);
    EXPECT_EQ(r.result_int(), 304u);
    EXPECT_EQ(r[http::field::etag], plain.header("ETag"));
    EXPECT_TRUE(c.closed_by_server());
  }
  {  // HTTP/1.0 asking to keep the connection: answered by Beast, kept open
    RawConnection c(port());
    c.write("HEAD /player.js HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /player.js HTTP/1.0\r\n\r\n");
    const auto head = c.read(true);
    EXPECT_EQ(head.result_int(), 200u);
    EXPECT_EQ(head[http::field::connection], "keep-alive");
    const auto r = c.read();
    EXPECT_EQ(r.result_int(), 200u);
    EXPECT_EQ(std::to_string(r.body().size()), head[http::field::content_length]);
    EXPECT_TRUE(c.closed_by_server());
  }
}

TEST_F(CacheApiTest, HeaderLinesSentTwiceAreReadAsOneList) {
  const std::string tag = get("/api/events/cup/standings", {{"Accept-Encoding", "gzip"}}).header("ETag");
  RawConnection c(port());
  c.write(
      "GET /api/events/cup/standings HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br;q=0\r\nAccept-Encoding: "
      "gzip\r\n"
      "If-None-Match: \"other\"\r\nIf-None-Match: " +
      tag + "\r\n\r\n");
  const auto r = c.read();
  EXPECT_EQ(r.result_int(), 304u);
  EXPECT_EQ(r[http::field::etag], tag);
}

TEST_F(CacheApiTest, AClockTapKeepsTheCachedAnswersAsTheyAre) {
  const auto snapshot = [&] { return server().app().hubs().find("cup")->snapshot(); };
  ASSERT_EQ(eo_->post("/api/events/cup/commands", {{"type", "start-round"}}).status, 200);
  const Reply gz = get("/api/events/cup/standings", {{"Accept-Encoding", "gzip"}});
  const auto before = snapshot();
  ASSERT_EQ(eo_->post("/api/events/cup/clock", {{"table", 1}, {"action", "start"}, {"seat", 0}}).status, 200);
  const auto after = snapshot();
  ASSERT_GT(after->seq, before->seq);
  // The same objects: nothing was rebuilt nor compressed again.
  EXPECT_EQ(after->standings_json.get(), before->standings_json.get());
  EXPECT_EQ(after->current_pairings.get(), before->current_pairings.get());
  EXPECT_EQ(after->summary.get(), before->summary.get());
  EXPECT_EQ(
      get("/api/events/cup/standings", {{"Accept-Encoding", "gzip"}, {"If-None-Match", gz.header("ETag")}})
          .status,
      304);
}

TEST_F(CacheApiTest, AnswersThatDependOnTheSessionStayNoStoreAndUncompressed) {
  for (const std::string& target :
       {"/api/events/cup/players/" + players_[0], std::string("/api/events/cup/awards"),
        std::string("/api/events/cup/session"), std::string("/api/events")}) {
    const Reply r = eo_->send(http::verb::get, target, "", {{"Accept-Encoding", "gzip, br"}});
    EXPECT_EQ(r.status, 200) << target;
    EXPECT_EQ(r.header("Cache-Control"), "no-store") << target;
    EXPECT_EQ(r.header("ETag"), "") << target;
    EXPECT_EQ(r.header("Content-Encoding"), "") << target;
  }
}

}  // namespace
}  // namespace gauntlet::server::test
