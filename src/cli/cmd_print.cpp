// gauntlet print KIND [--round N] [--paper a4|letter] --out FILE.pdf|FILE.html [--event FILE]:
// the EO's printouts (app/print.hpp) as a PDF, or a print-ready page when FILE ends in .html.
#include <fmt/format.h>

#include "app/print.hpp"
#include "cli/commands.hpp"
#include "eventfile/event_file.hpp"
#include "server/credentials.hpp"
#include "server/crypto.hpp"

namespace gauntlet::cli {
namespace {

struct PrintFlags {
  std::string kind, paper = "a4", out, event_file, join_url;
  int round = 0;
};

void print(const Options& o, const PrintFlags& f) {
  auto kind = app::parse_print_kind(f.kind);
  if (!kind)
    reject(Error{"KIND", "", fmt::format("'{}' is not a printout ({})", f.kind, app::print_kinds())});
  auto size = paper::parse_size(f.paper);
  if (!size) reject(Error{"--paper", "", fmt::format("'{}' is not a paper size (a4, letter)", f.paper)});
  app::PrintRequest req{*kind, f.round ? std::optional<int>(f.round) : std::nullopt, {}, f.join_url};
  EventState state;
  if (!f.event_file.empty()) {
    if (*kind == app::PrintKind::pin_slips)
      reject(Error{"--event", "", "PIN slips need the database the server keeps the PINs in (--db)"});
    state = load_event_state(f.event_file);
  } else {
    Store store = open_store(o);
    EventSession session = open_session(store, o);
    state = session.state();
    if (*kind == app::PrintKind::pin_slips) {
      // The PINs the console shows: made now for players who have none yet, as the console does.
      server::Credentials creds(o.db, server::kDefaultPbkdf2Iterations);
      req.pins = creds.ensure_player_pins(session.event_id(), state);
    }
  }
  paper::Document doc = unwrap(app::print_document(state, req));
  const std::string bytes = f.out.ends_with(".html") || f.out.ends_with(".htm")
                                ? paper::to_html(doc, *size)
                                : unwrap(paper::to_pdf(doc, *size));
  write_file(f.out, bytes, "--out");
  if (!o.json) fmt::print("{}: {} ({}, {} bytes)\n", f.out, doc.title, paper::to_string(*size), bytes.size());
}

}  // namespace

void add_print_command(CLI::App& app, Options& o) {
  auto f = std::make_shared<PrintFlags>();
  auto* cmd =
      app.add_subcommand("print", "Print pairings, slips, standings, record sheets, PIN slips or results");
  cmd->add_option("KIND", f->kind,
                  "pairings, wall, table-slips, standings, record-sheets, pin-slips, results, scenario-sheet")
      ->required();
  cmd->add_option("--round", f->round, "Round (default: the latest; standings: after that round)");
  cmd->add_option("--paper", f->paper, "a4 (default) or letter");
  cmd->add_option("--out", f->out, "File to write: .pdf, or .html for a print-ready page")->required();
  cmd->add_option("--event", f->event_file, "Event file (JSON) to print from, without a database");
  cmd->add_option("--join-url", f->join_url,
                  "PIN slips: the address players open (gauntlet serve prints it)");
  cmd->callback([&o, f] { print(o, *f); });
}

}  // namespace gauntlet::cli
