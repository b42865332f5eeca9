// The server's application layer: everything an HTTP request can reach, without the sockets.
//
//   App app({.db = "gauntlet.db"});
//   Answer a = app.handle(request, "192.0.2.7");           // any route of docs/api.md: a Response,
//                                                          // or prebuilt bytes (cached public reads)
//   std::shared_ptr<EventHub> hub = app.live_target(req);  // WebSocket upgrade of /live
//
// handle() is safe to call from several threads: writes to one event go through its EventHub
// sequencer, reads use the hub's immutable snapshot.
#pragma once

#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "server/accounts.hpp"
#include "server/anonymous_work.hpp"
#include "server/auth.hpp"
#include "server/award_store.hpp"
#include "server/credentials.hpp"
#include "server/crypto.hpp"
#include "server/event_hub.hpp"
#include "server/http.hpp"
#include "server/idempotency.hpp"
#include "server/join.hpp"
#include "server/static_files.hpp"

namespace gauntlet::server {

struct AppOptions {
  std::string db = "gauntlet.db";
  int pbkdf2_iterations = kDefaultPbkdf2Iterations;
  // One credential (a player's or judge's PIN, an EO password, an organizer login) as tried from one
  // client: five free, then a back-off from 30 s to 5 minutes. Only the client's own attempts count,
  // so nobody locks another out, and its owner's typos cost a wait, not a lock-out.
  RateLimit per_player{5, std::chrono::minutes(5), std::chrono::seconds(30)};
  // One client's wrong credentials at one event (or at the organizer logins), whichever they are:
  // guesses spread over many players. Higher than per credential: a venue's phones may share an address.
  RateLimit per_address{20, std::chrono::minutes(5)};
  // Idempotency-Key answers kept at a time per session (or admin key): docs/security.md.
  int idempotency_quota = IdempotentAnswers::kDefaultQuota;
  // Heavy work without a login (terrain): docs/security.md.
  AnonymousLimits anonymous;
  // Award photos kept per player and per event (docs/security.md).
  AwardStore::PhotoQuota photo_quota;
  // gauntlet serve --public-url: the address players use (else worked out from the listening one).
  std::string public_url;
  // gauntlet serve --trusted-proxy: a request from one of these addresses (the reverse proxy of
  // docs/hosting.md) is of the client its X-Forwarded-For names last, the address the proxy saw.
  // From anyone else the header is ignored: a client could write any address there.
  std::vector<std::string> trusted_proxies;
};

class App {
 public:
  explicit App(AppOptions options);
  Answer handle(const Request& req, const std::string& client_address);
  // handle()'s answer when it comes at once — a cached read, a page, a refusal — else nullopt:
  // the request needs a handler that may block (a command's fsync, a PDF, a pairing), which the
  // server runs off its I/O loops through handle().
  std::optional<Answer> handle_quick(const Request& req, const std::string& client_address);
  // Records every flag that fell and every expected end that came (app::due_clock_actions), in
  // each event's sequencer. Called by the server's clock timer; safe from any thread.
  void record_due_clocks();
  // The event a WebSocket upgrade of GET /api/events/{id}/live addresses; nullptr otherwise.
  std::shared_ptr<EventHub> live_target(const Request& req);

  EventHubs& hubs() { return hubs_; }
  Credentials& credentials() { return credentials_; }
  Accounts& accounts() { return accounts_; }
  AwardStore& award_store() { return award_store_; }
  const AwardStore::PhotoQuota& photo_quota() const { return options_.photo_quota; }
  Sessions& sessions() { return sessions_; }
  IdempotentAnswers& idempotent() { return idempotent_; }
  AnonymousWork& anonymous_work() { return anonymous_work_; }
  RateLimiter& player_limiter() { return per_player_; }
  RateLimiter& address_limiter() { return per_address_; }
  const StaticFiles& files() const { return files_; }
  // Called once the socket is bound (before any request): where players can reach the server.
  void set_listening(const std::string& address, unsigned short port) {
    join_ = join_address(options_.public_url, address, port);
  }
  const Join& join() const { return join_; }
  // Cookies carry `Secure` when players reach the server over TLS (an https --public-url).
  bool secure_cookies() const;
  // Who sent the request, as the limits count clients: `peer`, or behind a trusted proxy the
  // address it forwarded (AppOptions::trusted_proxies).
  std::string client_of(const Request& req, const std::string& peer) const;

 private:
  AppOptions options_;
  EventHubs hubs_;
  Credentials credentials_;
  Accounts accounts_;
  AwardStore award_store_;
  Sessions sessions_;
  IdempotentAnswers idempotent_;
  AnonymousWork anonymous_work_;
  RateLimiter per_player_, per_address_;
  StaticFiles files_;
  Join join_;
  // On PostgreSQL, follows what other servers on the database append (Store::kJournalChannel) and
  // pushes it live; no thread on SQLite. Last: stopped and joined before the hubs go.
  std::jthread follower_;
};

}  // namespace gauntlet::server
