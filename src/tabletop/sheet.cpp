// A scenario sheet's words and picture.
#include "tabletop/sheet.hpp"

namespace gauntlet::tabletop {
namespace {

// Splits a paragraph into lines of at most `width` characters at spaces.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width)
      lines.push_back(std::move(line)), line.clear();
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace

std::vector<std::string> scenario_sheet_lines(const Edition& e, const Scenario& s) {
  std::vector<std::string> out;
  auto add = [&](const std::string& text) {
    for (std::string& l : wrap(text, 96)) out.push_back(std::move(l));
  };
  std::string elements;
  for (const std::string& el : s.elements) elements += (elements.empty() ? "" : "; ") + el;
  add("Elements: " + elements + ". Positions: as the scenario's printed diagram shows (the " + e.id +
      " seed's text does not carry the diagram).");
  add("Scoring: " + s.scoring);
  add(s.kill_box ? "Kill Box: " + e.table.kill_box.rule : "Kill Box: not used in this scenario.");
  if (!s.tiebreak_area.empty())
    add(std::string("3rd tiebreaker: double the army points ") +
        (s.tiebreak_area.starts_with("within") ? "" : "within ") + s.tiebreak_area + ".");
  // SR2013's scrape lost parts of every scenario page: the sheet says which, so the EO reads it
  // beside a printed copy instead of taking the sheet for the whole scenario.
  if (!s.notes.empty()) add(s.notes);
  if (const ScenarioGroup* g = e.group_of(s.key)) add("Group: " + g->name + ".");
  return out;
}

std::string scenario_svg(const Edition& e, const Scenario& s, const Placement* terrain,
                         const std::vector<std::string>& flagged) {
  std::string title = e.id + " - " + s.name;
  if (terrain && terrain->table_number > 0)
    title = "Table " + std::to_string(terrain->table_number) + ": " + title;
  return table_svg(e, {terrain, s.rumble, s.kill_box, title, scenario_sheet_lines(e, s), flagged});
}

}  // namespace gauntlet::tabletop
