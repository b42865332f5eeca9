// gauntlet serve: the web server (EO console, player pages, projector) on the database.
//
//   gauntlet --db gauntlet.db serve --listen 0.0.0.0:8080
//   gauntlet --db gauntlet.db serve --demo --new-eo-password demo   # what scripts/run does
//   gauntlet --db gauntlet.db serve --public-url https://gauntlet.example.org --trusted-proxy 127.0.0.1
//   gauntlet admin-key --db gauntlet.db --new                        # a lost admin key
//
// Prints the URL, the admin key at first start, and a fresh EO password for every event that
// has none (events made by the CLI or the demo; not those an organizer owns, which are run through
// the organizers' logins). Secrets are stored hashed, so they are printed exactly once;
// --new-eo-password replaces a forgotten one and ends the EO sessions the old one opened.
#include <fmt/format.h>
#include <sys/resource.h>

#include <boost/asio/ip/address.hpp>

#include "cli/commands.hpp"
#include "server/server.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::cli {

namespace {

struct ServeFlags {
  std::string listen = "127.0.0.1:8080";
  bool demo = false;
  std::vector<std::string> new_passwords;
  std::string public_url;
  std::vector<std::string> trusted_proxies;
};

std::pair<std::string, unsigned short> parse_listen(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos)
    reject(Error{"--listen", "", "'" + text + "' must be ADDRESS:PORT, e.g. 0.0.0.0:8080"});
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  try {
    std::size_t used = 0;
    const int port = std::stoi(text.substr(colon + 1), &used);
    if (used != text.size() - colon - 1 || port < 0 || port > 65535) throw std::out_of_range(text);
    return {host.empty() ? "0.0.0.0" : host, static_cast<unsigned short>(port)};
  } catch (const std::exception&) {
    reject(Error{"--listen", "", "'" + text + "': the port must be a number from 0 to 65535"});
  }
}

// Hundreds of phones keep a live socket open each: lift the soft descriptor limit to the hard one.
void raise_fd_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
  }
}

void print_credentials(const std::string& db, const ServeFlags& f) {
  Store store = Store::open(db);
  server::Credentials creds(db, server::kDefaultPbkdf2Iterations);
  server::Accounts accounts(db, server::kDefaultPbkdf2Iterations);
  if (auto key = creds.ensure_admin_key())
    fmt::print("Admin key (creates events over HTTP; shown once, stored hashed): {}\n", *key);
  const auto printed = server::eo_passwords_at_start(store, creds, accounts, f.new_passwords);
  if (!printed) reject(Error{"--new-eo-password", printed.error().rule, printed.error().message});
  for (const server::PrintedEoPassword& p : *printed)
    fmt::print("EO password for event '{}' ({}): {}\n", p.event_id, p.name, p.password);
}

// An address as the server compares peers with it (::1, 127.0.0.1), or a usage error naming the flag.
std::string proxy_address(const std::string& text) {
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(text, ec);
  if (ec)
    reject(Error{"--trusted-proxy", "",
                 "'" + text + "' must be an IP address, e.g. 127.0.0.1 (the reverse proxy's)"});
  return address.to_string();
}

void check_public_url(const std::string& url) {
  if (url.empty() || url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0) return;
  reject(Error{"--public-url", "", "'" + url + "' must start with http:// or https://"});
}

// gauntlet admin-key --new: the admin key is stored hashed, so a lost one is replaced, not shown.
void add_admin_key_command(CLI::App& app, Options& o) {
  auto fresh = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("admin-key", "Replace the server's admin key (it creates events over HTTP)");
  cmd->add_flag("--new", *fresh, "Make a new admin key, print it once; the old one stops working");
  cmd->callback([&o, fresh] {
    if (!*fresh)
      reject(
          Error{"--new", "", "the admin key is stored hashed and cannot be shown again; --new replaces it"});
    Store::open(o.db);  // the database must be Gauntlet's (or new): the same check as serve
    server::Credentials creds(o.db, server::kDefaultPbkdf2Iterations);
    fmt::print("New admin key for {} (shown once, stored hashed; the old key no longer works): {}\n",
               sqldb::printable(o.db), creds.replace_admin_key());
  });
}

}  // namespace

void add_serve_command(CLI::App& app, Options& o) {
  auto flags = std::make_shared<ServeFlags>();
  auto* serve =
      app.add_subcommand("serve", "Run the web server: EO console, player pages, projector, JSON API");
  serve->add_option("--listen", flags->listen,
                    "ADDRESS:PORT to listen on (default 127.0.0.1:8080; 0.0.0.0:8080 for the venue)");
  serve->add_option(
      "--public-url", flags->public_url,
      "The address players' phones use, e.g. https://gauntlet.example.org (PIN slips, QR codes)");
  serve->add_option("--trusted-proxy", flags->trusted_proxies,
                    "The reverse proxy's address (repeatable): its requests are of the client its "
                    "X-Forwarded-For names last, so the login limits count each client apart");
  serve->add_flag("--demo", flags->demo, "Create the demo event first if the database lacks it");
  serve->add_option("--new-eo-password", flags->new_passwords,
                    "Replace the EO password of this event (repeatable)");
  serve->callback([&o, flags] {
    check_public_url(flags->public_url);
    std::vector<std::string> proxies;
    for (const std::string& proxy : flags->trusted_proxies) proxies.push_back(proxy_address(proxy));
    if (flags->demo) {
      Store store = open_store(o);
      if (ensure_demo_event(store))
        fmt::print("Created the demo event '{}' in {}\n", kDemoEventId, sqldb::printable(o.db));
    }
    print_credentials(o.db, *flags);
    raise_fd_limit();
    server::ServerOptions options;
    options.app.db = o.db;
    options.app.public_url = flags->public_url;
    options.app.trusted_proxies = proxies;
    std::tie(options.address, options.port) = parse_listen(flags->listen);
    server::Server server(options);
    server.start();
    const std::string shown = options.address == "0.0.0.0" ? "localhost" : options.address;
    fmt::print("Gauntlet is serving {} on http://{}:{}/ (Ctrl-C stops)\n", sqldb::printable(o.db), shown,
               server.port());
    const server::Join& join = server.app().join();
    if (join.reachable)
      fmt::print("Players join at {}/player.html ({})\n", join.url, join.how);
    else
      fmt::print("{}\n", join.how);
    std::fflush(stdout);
    server.wait_for_signal();
    fmt::print("Stopped.\n");
  });
  add_admin_key_command(app, o);
}

}  // namespace gauntlet::cli
