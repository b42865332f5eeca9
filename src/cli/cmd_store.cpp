// gauntlet verify [--event-id ID] and gauntlet backup --out FILE (issue 15 point 5): proof that the
// database holds what Gauntlet wrote, and a copy of it taken while the server runs.
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/verify.hpp"
#include "cli/commands.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::cli {
namespace {

nlohmann::json verdict_json(const app::Verdict& v) {
  nlohmann::json events = nlohmann::json::array();
  for (const app::EventVerdict& e : v.events) {
    nlohmann::json j{
        {"id", e.event_id}, {"entries", e.entries}, {"checkpoint_seq", e.checkpoint_seq}, {"ok", !e.failure}};
    if (e.failure)
      j["failure"] = {
          {"field", e.failure->field}, {"rule", e.failure->rule}, {"message", e.failure->message}};
    events.push_back(std::move(j));
  }
  return {{"ok", v.ok()}, {"database", v.database}, {"events", std::move(events)}};
}

void print_verdict(const std::string& db, const app::Verdict& v) {
  fmt::print("{}: {}\n", sqldb::printable(db),
             v.database.empty() ? "the database's own check passed" : "the database's own check FAILED");
  for (const std::string& problem : v.database) fmt::print("  {}\n", problem);
  for (const app::EventVerdict& e : v.events) {
    if (e.failure) {
      fmt::print("{}: FAILED after {} entries read: {}\n", e.event_id, e.entries, e.failure->describe());
      continue;
    }
    fmt::print("{}: {} entries, seq 1..{}, every one re-decided to what is stored{}\n", e.event_id, e.entries,
               e.entries,
               e.checkpoint_seq
                   ? fmt::format("; the checkpoint at seq {} equals the replay", e.checkpoint_seq)
                   : std::string{});
  }
}

void verify_command(const Options& o) {
  Store store = open_store(o);
  const std::optional<std::string> only = o.event_id.empty() ? std::nullopt : std::optional(o.event_id);
  const app::Verdict v = unwrap(app::verify(store, only));
  if (o.json)
    fmt::print("{}\n", verdict_json(v).dump(2));
  else
    print_verdict(o.db, v);
  if (v.ok()) return;
  const auto failed =
      std::count_if(v.events.begin(), v.events.end(), [](const auto& e) { return e.failure; });
  reject(Error{"--db", "",
               fmt::format("verification failed: {} of {} events{}", failed, v.events.size(),
                           v.database.empty() ? "" : ", and the database's own check"),
               ErrorKind::storage});
}

struct BackupFlags {
  std::string out;
  bool force = false;
};

void check_backup_target(const Options& o, const BackupFlags& f) {
  if (sqldb::is_postgresql_url(o.db))
    reject(
        Error{"--db", "",
              fmt::format("gauntlet backup copies a SQLite database; back up PostgreSQL with pg_dump, e.g. "
                          "pg_dump --format=custom --file=gauntlet.dump '{}' (docs/hosting.md, Backups)",
                          sqldb::printable(o.db))});
  if (!std::filesystem::exists(o.db))
    reject(Error{"--db", "", "no database at " + o.db, ErrorKind::not_found});
  std::error_code ec;
  if (std::filesystem::equivalent(o.db, f.out, ec))
    reject(Error{"--out", "", "is the database itself: name another file"});
  if (std::filesystem::exists(f.out) && !f.force)
    reject(Error{"--out", "", f.out + " exists: name a new file, or add --force to replace it"});
}

// Copies the database to a temporary file beside --out, verifies the copy as `gauntlet verify`
// would, and only then renames it over --out: a backup that is there is whole and replays.
void backup_command(const Options& o, const BackupFlags& f) {
  check_backup_target(o, f);
  const std::string partial = f.out + ".partial";
  std::filesystem::remove(partial);
  try {
    sqldb::backup(o.db, partial);
  } catch (const sqldb::Error& e) {
    std::filesystem::remove(partial);
    reject(Error{"--out", "", fmt::format("could not copy {} to {}: {}", o.db, f.out, e.what()),
                 ErrorKind::storage});
  }
  std::int64_t entries = 0;
  std::size_t events = 0;
  {
    Store copy = Store::open(partial);
    const app::Verdict v = unwrap(app::verify(copy, std::nullopt));
    if (!v.ok()) {
      std::filesystem::remove(partial);
      print_verdict(f.out, v);
      reject(Error{"--out", "", "the copy does not verify (above); nothing was written", ErrorKind::storage});
    }
    for (const app::EventVerdict& e : v.events) entries += e.entries;
    events = v.events.size();
  }
  std::filesystem::rename(partial, f.out);
  fmt::print("Backed up {} to {}: {} events, {} journal entries, verified (every entry re-decided)\n", o.db,
             f.out, events, entries);
}

}  // namespace

void add_store_commands(CLI::App& app, Options& o) {
  auto* verify = app.add_subcommand(
      "verify",
      "Check the database: its own integrity check, then every event's journal re-decided entry by entry");
  verify->callback([&o] { verify_command(o); });

  auto f = std::make_shared<BackupFlags>();
  auto* backup = app.add_subcommand(
      "backup", "Copy the SQLite database while it is in use, and verify the copy (PostgreSQL: pg_dump)");
  backup->add_option("--out", f->out, "File to write the copy to")->required();
  backup->add_flag("--force", f->force, "Replace --out if it exists");
  backup->callback([&o, f] { backup_command(o, *f); });
}

}  // namespace gauntlet::cli
