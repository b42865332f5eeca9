#include "eventfile/players_csv.hpp"

#include <csv.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace gauntlet {

namespace {

struct Collector {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> current;
};

void on_field(void* data, size_t len, void* ctx) {
  static_cast<Collector*>(ctx)->current.emplace_back(static_cast<const char*>(data), len);
}

void on_record(int, void* ctx) {
  auto* c = static_cast<Collector*>(ctx);
  c->rows.push_back(std::move(c->current));
  c->current.clear();
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  s.erase(std::remove_if(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); }), s.end());
  return s;
}

}  // namespace

Result<std::vector<Player>> parse_players_csv(std::string_view text) {
  // Excel writes a UTF-8 byte-order mark; it is not part of the first header name.
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  csv_parser parser;
  if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0)
    return fail("csv", "CSV", "cannot initialise the CSV parser");
  Collector rows;
  const size_t used = csv_parse(&parser, text.data(), text.size(), on_field, on_record, &rows);
  const bool ok = used == text.size() && csv_fini(&parser, on_field, on_record, &rows) == 0;
  const int error = csv_error(&parser);
  csv_free(&parser);
  if (!ok)
    return fail("csv, row " + std::to_string(rows.rows.size() + 1), "CSV (RFC 4180)", csv_strerror(error));
  if (rows.rows.empty())
    return fail("csv, row 1", "CSV", "the file is empty; the first row names the columns");

  static const std::map<std::string, std::string> aliases = {
      {"name", "name"},     {"player", "name"},  {"playername", "name"}, {"faction", "faction"},
      {"army", "faction"},  {"club", "club"},    {"team", "club"},       {"contact", "contact"},
      {"email", "contact"}, {"phone", "contact"}};
  std::map<std::string, std::size_t> column;
  const auto& header = rows.rows.front();
  for (std::size_t i = 0; i < header.size(); ++i) {
    auto it = aliases.find(lower(header[i]));
    if (it == aliases.end())
      return fail("csv, row 1, column " + std::to_string(i + 1), "CSV header",
                  "unknown column '" + header[i] + "' (expected name, faction, club, contact)");
    if (!column.emplace(it->second, i).second)
      return fail("csv, row 1, column " + std::to_string(i + 1), "CSV header",
                  "column '" + it->second + "' appears twice");
  }
  for (const char* required : {"name", "faction"})
    if (!column.count(required))
      return fail("csv, row 1", "CSV header", std::string("a '") + required + "' column is required");

  std::vector<Player> players;
  for (std::size_t r = 1; r < rows.rows.size(); ++r) {
    const auto& row = rows.rows[r];
    const bool blank = std::all_of(row.begin(), row.end(), [](const std::string& f) {
      return std::all_of(f.begin(), f.end(), [](unsigned char c) { return std::isspace(c); });
    });
    if (blank) continue;  // trailing empty lines from spreadsheets
    if (row.size() > header.size())
      return fail(
          "csv, row " + std::to_string(r + 1), "CSV",
          "has " + std::to_string(row.size()) + " fields; the header has " + std::to_string(header.size()));
    auto get = [&](const char* key) -> std::string {
      auto it = column.find(key);
      return it != column.end() && it->second < row.size() ? row[it->second] : std::string();
    };
    Player p;
    p.name = get("name");
    p.faction = get("faction");
    p.club = get("club");
    p.contact = get("contact");
    players.push_back(std::move(p));
  }
  return players;
}

}  // namespace gauntlet
