// gauntlet export [event|standings|games] [--out FILE] [--event FILE]: the event file (JSON, the
// default, which `gauntlet import` reads back), or the standings or every game as CSV
// (app/export_csv.hpp), from the database or from an event file.
#include <fmt/format.h>

#include "app/export_csv.hpp"
#include "cli/commands.hpp"
#include "eventfile/event_file.hpp"
#include "eventfile/file_checkpoint.hpp"

namespace gauntlet::cli {
namespace {

struct ExportFlags {
  std::string kind = "event", out, event_file;
};

std::string exported(const Options& o, const ExportFlags& f) {
  if (f.kind == "event") {
    if (!f.event_file.empty())
      reject(Error{"--event", "", "an event file is already one: --event goes with standings or games"});
    Store store = open_store(o);
    EventSession s = open_session(store, o);
    return event_file_text(s.state(), s.journal());  // a large event's ends with its checkpoint
  }
  const auto kind = app::parse_export_kind(f.kind);
  if (!kind)
    reject(Error{"KIND", "", fmt::format("'{}' is not an export (event, standings, games)", f.kind)});
  if (!f.event_file.empty()) return app::export_csv(load_event_state(f.event_file), *kind);
  Store store = open_store(o);
  EventSession s = open_session(store, o);
  return app::export_csv(s.state(), *kind);
}

}  // namespace

void add_export_command(CLI::App& app, Options& o) {
  auto f = std::make_shared<ExportFlags>();
  auto* cmd = app.add_subcommand("export", "Write the event file (JSON), or the standings or games as CSV");
  cmd->add_option("KIND", f->kind,
                  "event (default: the event file, for gauntlet import), standings or games (CSV)");
  cmd->add_option("--out", f->out, "File to write (default: standard output)");
  cmd->add_option("--event", f->event_file, "Event file (JSON) to export from, without a database");
  cmd->callback([&o, f] {
    const std::string text = exported(o, *f);
    if (f->out.empty()) {
      fmt::print("{}", text);
      return;
    }
    write_file(f->out, text, "--out");
    fmt::print(stderr, "Wrote {}\n", f->out);
  });
}

}  // namespace gauntlet::cli
