#include "standings/render.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string_view>

#include "core/fraction.hpp"
#include "model/json_dump.hpp"

namespace gauntlet {

std::string criterion_cell(const StandingRow& row, const std::string& key) {
  if (key == "tp") return std::to_string(row.tp);
  if (key == "sos") return to_string(row.sos);
  if (key == "cp") return std::to_string(row.cp);
  if (key == "ap") return std::to_string(row.ap);
  if (key == "assassinations") return std::to_string(row.assassinations);
  return "?";
}

std::string criterion_header(const std::string& key) {
  if (key == "sos") return "SoS";
  if (key == "assassinations") return "Assassinations";
  std::string h = key;
  std::transform(h.begin(), h.end(), h.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return h;
}

std::string standing_notes(const StandingRow& row) {
  std::string n;
  auto add = [&](const std::string& s) { n += (n.empty() ? "" : ", ") + s; };
  if (!row.placed_by.empty()) add(row.placed_by);
  if (row.frozen) add("frozen at cut");
  if (row.dropped) add("dropped");
  if (row.disqualified) add("disqualified");
  return n;
}

nlohmann::json standings_to_json(const Standings& standings) {
  nlohmann::json rows = nlohmann::json::array();
  for (const StandingRow& r : standings.rows) {
    nlohmann::json j = {
        {"rank", r.rank}, {"id", r.id}, {"name", r.name}, {"faction", r.faction}, {"tp", r.tp}};
    if (r.sos.denominator() == 1) {
      j["sos"] = r.sos.numerator();
    } else {
      j["sos"] = to_double(r.sos);  // display only
      j["sos_exact"] = to_string(r.sos);
    }
    j.update({{"cp", r.cp},
              {"ap", r.ap},
              {"assassinations", r.assassinations},
              {"wins", r.wins},
              {"losses", r.losses},
              {"ties", r.ties},
              {"dropped", r.dropped},
              {"disqualified", r.disqualified},
              {"frozen", r.frozen}});
    if (!r.placed_by.empty()) j["placed_by"] = r.placed_by;
    rows.push_back(std::move(j));
  }
  nlohmann::json out{{"standings", std::move(rows)},
                     {"criteria", standings.criteria},
                     {"finished", standings.finished},
                     {"rounds_counted", standings.rounds_counted}};
  if (!standings.rule.empty()) out["rule"] = standings.rule;
  return out;
}

std::string standings_json_text(const Standings& standings, int indent,
                                nlohmann::json::error_handler_t handler) {
  std::string out;
  // A row is ~330 bytes at indent 2, ~200 compact (more with sos_exact): usually one allocation.
  out.reserve(256 + standings.rows.size() * (indent >= 0 ? 360 : 240));
  JsonDumpWriter w(out, indent, handler);
  w.open('{');
  w.key("criteria");
  w.strings(standings.criteria);
  w.bool_field("finished", standings.finished);
  w.int_field("rounds_counted", standings.rounds_counted);
  if (!standings.rule.empty()) w.string_field("rule", standings.rule);
  w.key("standings");
  w.open('[');
  for (const StandingRow& r : standings.rows) {
    // The keys of standings_to_json's rows, in byte order as nlohmann writes them.
    w.element();
    w.open('{');
    w.int_field("ap", r.ap);
    w.int_field("assassinations", r.assassinations);
    w.int_field("cp", r.cp);
    w.bool_field("disqualified", r.disqualified);
    w.bool_field("dropped", r.dropped);
    w.string_field("faction", r.faction);
    w.bool_field("frozen", r.frozen);
    w.string_field("id", r.id);
    w.int_field("losses", r.losses);
    w.string_field("name", r.name);
    if (!r.placed_by.empty()) w.string_field("placed_by", r.placed_by);
    w.int_field("rank", r.rank);
    if (r.sos.denominator() == 1) {
      w.int_field("sos", r.sos.numerator());
    } else {
      w.key("sos");
      w.floating(to_double(r.sos));
      w.string_field("sos_exact", to_string(r.sos));
    }
    w.int_field("ties", r.ties);
    w.int_field("tp", r.tp);
    w.int_field("wins", r.wins);
    w.close('}');
  }
  w.close(']');
  w.close('}');
  return out;
}

std::string standings_to_text(const Standings& standings) {
  std::vector<std::string> head = {"Rank", "ID", "Name", "Faction"};
  for (const std::string& k : standings.criteria) head.push_back(criterion_header(k));
  head.insert(head.end(), {"W-L-T", "Notes"});
  std::vector<std::vector<std::string>> table = {head};
  for (const StandingRow& r : standings.rows) {
    std::vector<std::string> line = {std::to_string(r.rank), r.id, r.name, r.faction};
    for (const std::string& k : standings.criteria) line.push_back(criterion_cell(r, k));
    line.push_back(std::to_string(r.wins) + "-" + std::to_string(r.losses) + "-" + std::to_string(r.ties));
    line.push_back(standing_notes(r));
    table.push_back(std::move(line));
  }
  std::vector<std::size_t> width(head.size(), 0);
  for (const auto& line : table)
    for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
  // Numbers right-aligned (rank and criteria), text left-aligned; no trailing spaces.
  auto numeric = [&](std::size_t c) { return c == 0 || (c >= 4 && c < 4 + standings.criteria.size()); };
  std::string out;
  for (const auto& line : table) {
    std::string text;
    for (std::size_t c = 0; c < line.size(); ++c) {
      std::string pad(width[c] - line[c].size(), ' ');
      if (c > 0) text += "  ";
      text += numeric(c) ? pad + line[c] : line[c] + (c + 1 < line.size() ? pad : "");
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  }
  if (!standings.rule.empty()) out += "\nRanked by " + standings.rule + "\n";
  return out;
}

}  // namespace gauntlet
