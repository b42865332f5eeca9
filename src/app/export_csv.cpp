#include "app/export_csv.hpp"

#include <fmt/format.h>

#include "app/print_parts.hpp"
#include "model/records.hpp"
#include "model/rounds.hpp"
#include "standings/render.hpp"

namespace gauntlet::app {
namespace {

// A small writer rather than a library: Debian 12's one C++ CSV package (libfccp-dev) only reads,
// and libcsv (which eventfile reads players' CSV files with) writes by quoting every field into a
// buffer the caller sizes. What we need is a dozen lines: RFC 4180 quoting only where a field needs it, CRLF
// line ends, and the formula guard below, which no CSV library does for us anyway.
class CsvWriter {
 public:
  // Spreadsheets open a CSV file by double click in the local 8-bit code page unless it starts
  // with a UTF-8 byte order mark: "Zoë" would read "ZoÃ«" in Excel. LibreOffice and Google
  // Sheets skip the mark.
  CsvWriter() : out_("\xEF\xBB\xBF") {}

  // Text a person typed (names, clubs): a cell starting with = + - @ (or a tab or carriage return)
  // is a formula to a spreadsheet (OWASP "CSV Injection"), so it gets a leading apostrophe, which
  // spreadsheets show as text and do not display.
  CsvWriter& text(std::string_view s) {
    const bool formula = !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos;
    return field(formula ? "'" + std::string(s) : std::string(s));
  }
  // Numbers go in as they are: -1 is a number, not a formula.
  CsvWriter& number(long long n) { return field(std::to_string(n)); }
  CsvWriter& numeral(std::string s) { return field(std::move(s)); }
  CsvWriter& empty() { return field(""); }
  void end_row() {
    out_ += "\r\n";
    first_ = true;
  }
  std::string take() { return std::move(out_); }

 private:
  CsvWriter& field(const std::string& s) {
    if (!first_) out_ += ',';
    first_ = false;
    if (s.find_first_of(",\"\r\n") == std::string::npos) {
      out_ += s;
      return *this;
    }
    out_ += '"';
    for (const char c : s) {
      if (c == '"') out_ += '"';
      out_ += c;
    }
    out_ += '"';
    return *this;
  }

  std::string out_;
  bool first_ = true;
};

// TP, then every other criterion of the ladder (destruction scoring and Finals Tables beyond third
// place rank without TP, yet TP is what people look for first).
std::vector<std::string> columns_of(const Standings& st) {
  std::vector<std::string> keys{"tp"};
  for (const std::string& k : st.criteria)
    if (k != "tp") keys.push_back(k);
  return keys;
}

// criterion_cell, except a fractional SoS (Large Event Scoring): "7/3" is a date to a
// spreadsheet, so it is written as a decimal (the standings JSON keeps the exact value).
std::string cell_of(const StandingRow& row, const std::string& key) {
  if (key == "sos" && row.sos.denominator() != 1) return fmt::format("{:.3f}", to_double(row.sos));
  return criterion_cell(row, key);
}

const char* status_of(const StandingRow& row) {
  return row.disqualified ? "disqualified" : row.dropped ? "dropped" : "active";
}

std::string faction_of(const EventState& s, const PlayerId& id) {
  const Player* p = s.find_player(id);
  return p ? p->faction : "";
}

}  // namespace

std::optional<ExportKind> parse_export_kind(std::string_view s) {
  if (s == "standings") return ExportKind::standings;
  if (s == "games") return ExportKind::games;
  return std::nullopt;
}

const char* to_string(ExportKind k) {
  return k == ExportKind::standings ? "standings" : "games";
}

std::string standings_csv(const Standings& st) {
  CsvWriter w;
  const std::vector<std::string> keys = columns_of(st);
  w.text("Rank").text("ID").text("Player").text("Faction").text("Status");
  for (const std::string& k : keys) w.text(criterion_header(k));
  w.text("Wins").text("Losses").text("Ties").text("Notes");
  w.end_row();
  for (const StandingRow& row : st.rows) {
    w.number(row.rank).text(row.id).text(row.name).text(row.faction).text(status_of(row));
    for (const std::string& k : keys) w.numeral(cell_of(row, k));
    w.number(row.wins).number(row.losses).number(row.ties).text(standing_notes(row));
    w.end_row();
  }
  return w.take();
}

std::string games_csv(const EventState& s) {
  CsvWriter w;
  for (const char* h : {"Round", "Table", "Scenario", "Player", "Faction", "Opponent", "Opponent faction",
                        "List played", "Result", "Ending", "CP", "AP"})
    w.text(h);
  w.end_row();
  const auto records = records_by_player(s);
  for (const Round& r : s.rounds) {
    const std::string scenario = scenario_name(s, r.scenario);
    for (const Table& t : r.tables)
      for (const std::size_t side : {0u, 1u}) {
        const PlayerId& me = t.players[side];
        const PlayerId& them = t.players[1 - side];
        w.number(r.number).number(t.number).text(scenario).text(name_of(s, me)).text(faction_of(s, me));
        w.text(name_of(s, them)).text(faction_of(s, them));
        if (t.results) {
          const GameResult& g = (*t.results)[side];
          if (g.list)
            w.number(*g.list);
          else
            w.empty();
          w.text(to_string(g.outcome)).text(t.ending ? to_string(*t.ending) : "").number(g.cp).number(g.ap);
        } else {
          w.empty().empty().empty().empty().empty();  // still being played
        }
        w.end_row();
      }
    if (!r.bye) continue;
    // The award as the standings count it (model/records.cpp: the edition's bye TP, CP and AP).
    const auto rec = records.find(*r.bye);
    if (rec == records.end()) continue;
    for (const GameRecord& g : rec->second.history)
      if (g.round == r.number && g.bye()) {
        w.number(r.number).empty().text(scenario).text(name_of(s, *r.bye)).text(faction_of(s, *r.bye));
        w.text("bye").empty().empty().text(to_string(g.result.outcome)).empty();
        w.number(g.result.cp).number(g.result.ap);
        w.end_row();
      }
  }
  return w.take();
}

std::string export_csv(const EventState& state, ExportKind kind) {
  return kind == ExportKind::standings ? standings_csv(compute_standings(state)) : games_csv(state);
}

}  // namespace gauntlet::app
