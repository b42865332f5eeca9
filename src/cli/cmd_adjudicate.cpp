// gauntlet adjudicate --edition E [FILE]: the adjudication wizard on facts read as JSON
// (docs/adjudication.md) from FILE, or from standard input when FILE is "-" or absent.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "adjudication/facts_json.hpp"
#include "cli/commands.hpp"
#include "editions/edition.hpp"
#include "model/json_read.hpp"

namespace gauntlet::cli {
namespace {

using nlohmann::json;

std::string describe(const Decision& d) {
  std::string out;
  for (const Step& s : d.steps)
    out += fmt::format("{} {}\n    {}\n", s.decided ? "=>" : "  ", s.text, s.rule);
  out += d.winner ? fmt::format("Player {} wins ({}).\n", *d.winner + 1, to_string(d.victory))
                  : fmt::format("The game is a tie ({}).\n", to_string(d.victory));
  for (int i = 0; i < 2; ++i) {
    const GameResult& r = d.records[static_cast<std::size_t>(i)];
    out += fmt::format("Player {} records: {}, {} CP, {} AP destroyed\n", i + 1, to_string(r.outcome), r.cp,
                       r.ap);
  }
  return out;
}

void run(const Options& o, std::string edition, const std::string& file) {
  json j = unwrap(read_json_text(read_file_or_stdin(file, "file"), "file"));
  // The facts may name their edition; --edition wins over it.
  if (edition.empty() && j.is_object() && j.contains("edition") && j.at("edition").is_string())
    edition = j.at("edition").get<std::string>();
  if (edition.empty())
    reject(Error{"--edition", "adjudication", "is required (or \"edition\" in the facts)"});
  const Edition& e = *unwrap(require_edition(edition, "--edition"));
  const Facts facts = unwrap(facts_from_json(j));
  const Decision d = unwrap(adjudicate(e, facts));
  if (o.json) return fmt::print("{}\n", to_json(d).dump(2));
  fmt::print("{}", describe(d));
}

}  // namespace

void add_adjudicate_command(CLI::App& app, Options& o) {
  auto* cmd = app.add_subcommand(
      "adjudicate", "Decide a game from how it ended and the facts (JSON, docs/adjudication.md)");
  auto edition = std::make_shared<std::string>();
  auto file = std::make_shared<std::string>();
  cmd->add_option("--edition", *edition,
                  "SR2013, SR2014, SR2017 or SR2023 (default: the facts' \"edition\")");
  cmd->add_option("file", *file, "The facts as JSON (default or \"-\": standard input)");
  cmd->callback([&o, edition, file] { run(o, *edition, *file); });
}

}  // namespace gauntlet::cli
