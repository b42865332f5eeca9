// Fuzz target: HTTP requests as the server handles them after reading them from a socket: Beast's
// request parser (as the server sets it up), then App::handle_quick and App::handle (routing, the
// request target's path and query, sessions and CSRF, JSON bodies and the commands they carry, every
// handler), on a fresh copy of a small database: one event "fuzz" (SR2017, players p1–p4, round 1
// paired, table 1's result recorded, p1 with a list, a judge "Jo", the awards "best-painted" (the EO's
// choice) and "best-sport" (its vote open)). Each input is one request:
//
//   POST /api/events/fuzz/commands?x=1      the request line without the version
//   Login: eo                               header lines; "Login: eo|player|judge|admin" is
//   Content-Type: application/json          replaced by that login's cookie and X-CSRF-Token
//                                           (player: p1), or the admin key
//   {"type":"add-player", ...}              after an empty line: the body (Content-Length added)
//
// Also the header readers every request meets: choose_coding (Accept-Encoding), none_match
// (If-None-Match), cookie_value (Cookie), fed the input's header values. Accept-Encoding is not sent
// to the App: a fresh App compresses each page again, and brotli at 11 costs ~60 ms a page.
// A bug is: a crash, a leak or a sanitizer report; an exception out of App::handle; a 5xx answer (the
// database is on tmpfs and never fails: a 500 is an exception a handler let escape, e.g. a JSON
// type error, where the API promises a 400 naming the field); a JSON answer that is not JSON.
// GAUNTLET_FUZZ_SHOW=1 prints each answer's status and the start of its body (writing seeds).
#include <unistd.h>

#include <boost/beast/http.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "server/app.hpp"
#include "server/negotiate.hpp"

using namespace gauntlet;
using namespace gauntlet::server;
using fuzz::fuzz_require;
namespace fs = std::filesystem;

namespace {

struct Fixture {
  fs::path dir, template_db, db;
  std::string admin_key;
  std::map<std::string, Sessions::Issued> logins;  // "eo", "player", "judge"
};

Fixture* fixture = nullptr;

void remove_fixture() {
  if (fixture) fs::remove_all(fixture->dir);
}

void post_json(App& app, const std::string& target, const nlohmann::json& body,
               const std::vector<std::pair<std::string, std::string>>& headers) {
  Request req{http::verb::post, target, 11};
  req.set(http::field::host, "fuzz");  // RFC 9112 §3.2: the server answers 400 to HTTP/1.1 without it
  req.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body.dump();
  req.prepare_payload();
  const Answer a = app.handle(req, "192.0.2.1");
  const auto* r = std::get_if<Response>(&a);
  fuzz_require(r && r->result() == http::status::ok, "the fuzz target's event could not be set up");
}

// The event every input starts from, made once through the API itself.
void make_template(Fixture& f) {
  App app({.db = f.template_db.string(), .pbkdf2_iterations = 1});
  f.admin_key = *app.credentials().ensure_admin_key();
  auto created =
      app.hubs().create("fuzz", {.name = "Fuzz Open", .edition = "SR2017", .points = 75, .seed = 7});
  fuzz_require(created.has_value(), "the fuzz target's event is refused");
  app.credentials().set_eo_password("fuzz", "fuzz-password");
  f.logins["eo"] = app.sessions().create("fuzz", Role::eo, "");
  const std::vector<std::pair<std::string, std::string>> eo = {
      {"Cookie", "gauntlet_session=" + f.logins["eo"].token}, {"X-CSRF-Token", f.logins["eo"].csrf}};
  const std::string commands = "/api/events/fuzz/commands";
  for (const char* name : {"Ada", "Boris", "Chen", "Dana"})
    post_json(app, commands, {{"type", "add-player"}, {"player", {{"name", name}, {"faction", "Cygnar"}}}},
              eo);
  post_json(app, commands,
            {{"type", "set-list"},
             {"id", "p1"},
             {"index", 1},
             {"list",
              {{"entries",
                {{{"name", "Captain Victoria Haley"}, {"cost", 28}, {"kind", "warcaster"}},
                 {{"name", "Stormclad"}, {"cost", 19}, {"kind", "warjack"}},
                 {{"name", "Storm Lances"}, {"cost", 80}, {"kind", "unit"}, {"models", 5}}}}}}},
            eo);
  post_json(
      app, commands,
      {{"type", "pair-round"},
       {"round", 1},
       {"tables", {{{"table", 1}, {"players", {"p1", "p2"}}}, {{"table", 2}, {"players", {"p3", "p4"}}}}}},
      eo);
  post_json(app, commands,
            {{"type", "record-result"},
             {"round", 1},
             {"table", 1},
             {"results",
              {{{"outcome", "win"}, {"cp", 3}, {"ap", 40}}, {{"outcome", "loss"}, {"cp", 1}, {"ap", 20}}}},
             {"victory", "scenario"}},
            eo);
  post_json(app, "/api/events/fuzz/judges", {{"name", "Jo"}}, eo);
  post_json(app, commands, {{"type", "define-award"}, {"name", "Best Painted"}, {"method", "choice"}}, eo);
  post_json(app, commands,
            {{"type", "define-award"}, {"name", "Best Sport"}, {"method", "vote"}, {"everyone", true}}, eo);
  post_json(app, commands, {{"type", "open-vote"}, {"award", "best-sport"}}, eo);
  f.logins["player"] = app.sessions().create("fuzz", Role::player, "p1");
  f.logins["judge"] = app.sessions().create("fuzz", Role::judge, "Jo");
}

std::string_view next_line(std::string_view& text) {
  const auto nl = text.find('\n');
  std::string_view line = text.substr(0, nl);
  text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  if (line.ends_with('\r')) line.remove_suffix(1);
  return line;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static Fixture f;
  const fs::path shm = "/dev/shm";
  std::string dir =
      ((fs::is_directory(shm) ? shm : fs::temp_directory_path()) / "gauntlet-fuzz-XXXXXX").string();
  fuzz_require(mkdtemp(dir.data()) != nullptr, "cannot make a temporary folder");
  f.dir = dir;
  f.template_db = f.dir / "template.db";
  f.db = f.dir / "run.db";
  fixture = &f;
  std::atexit(remove_fixture);
  make_template(f);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Fixture& f = *fixture;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view request_line = next_line(text);
  std::string raw(request_line);
  raw += " HTTP/1.1\r\nHost: fuzz\r\n";
  for (std::string_view line = next_line(text); !line.empty(); line = next_line(text)) {
    const auto colon = line.find(':');
    const std::string_view name = line.substr(0, colon);
    std::string_view value = colon == std::string_view::npos ? "" : line.substr(colon + 1);
    while (value.starts_with(' ')) value.remove_prefix(1);
    if (name == "Login") {
      if (value == "admin") raw += "Authorization: Bearer " + f.admin_key + "\r\n";
      if (auto it = f.logins.find(std::string(value)); it != f.logins.end())
        raw +=
            "Cookie: gauntlet_session=" + it->second.token + "\r\nX-CSRF-Token: " + it->second.csrf + "\r\n";
      continue;
    }
    // The pure header readers, on whatever value the input has.
    (void)choose_coding(value, true);
    (void)none_match(value, "\"ab12-gz\"");
    (void)cookie_value(value, "gauntlet_session");
    if (beast::iequals(name, "Accept-Encoding")) continue;
    raw += std::string(line) + "\r\n";
  }
  raw += "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n";
  raw += text;

  // Parsed as the server's sessions parse (src/server/http_session.cpp: limits as there).
  http::request_parser<http::string_body> parser;
  parser.eager(true);
  parser.body_limit(256 * 1024);
  parser.header_limit(16 * 1024);
  beast::error_code ec;
  std::string_view rest = raw;
  while (!rest.empty() && !parser.is_done()) {
    const std::size_t used = parser.put(asio::buffer(rest.data(), rest.size()), ec);
    if (ec || used == 0) break;
    rest.remove_prefix(used);
  }
  if (ec || !parser.is_done()) return 0;  // the server answers 400 before any handler runs
  const Request& req = parser.get();

  fs::copy_file(f.template_db, f.db, fs::copy_options::overwrite_existing);
  for (const char* suffix : {"-wal", "-shm"}) fs::remove(f.db.string() + suffix);
  App app({.db = f.db.string(), .pbkdf2_iterations = 1});
  app.set_listening("127.0.0.1", 8080);
  std::optional<Answer> answer = app.handle_quick(req, "192.0.2.7");
  if (!answer) answer = app.handle(req, "192.0.2.7");
  const bool show = std::getenv("GAUNTLET_FUZZ_SHOW") != nullptr;  // for writing seeds: the answers
  if (const auto* p = std::get_if<Prebuilt>(&*answer); p && show)
    std::fprintf(stderr, "%s\n", std::string(p->bytes.substr(0, p->bytes.find('\r'))).c_str());
  if (const auto* r = std::get_if<Response>(&*answer)) {
    if (show)
      std::fprintf(stderr, "%d %s\n", r->result_int(), r->body() ? r->body()->substr(0, 300).c_str() : "");
    fuzz_require(r->result_int() < 500, "a request was answered 5xx (an exception escaped a handler)");
    if (r->body() && (*r)[http::field::content_type].starts_with("application/json"))
      fuzz_require(nlohmann::json::accept(*r->body()), "a JSON answer is not JSON");
  }
  return 0;
}
