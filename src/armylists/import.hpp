// Paste-import of an army list (issue 13 point 1): the text players export from their army builder,
// read line by line into an ArmyList. Three formats, recognised from the text itself:
//   - War Room's text export: "War Room Army", "Faction - List name", optional "Theme: X", the
//     "N / M" points line, the leader as "Name - WJ: +N" / "Name - WB: +N", entries "Name - PC: N",
//     units "Name - Leader & 9 Grunts: 8", battlegroups and attachments indented with "-", with or
//     without the "---" / "GENERATED" footer;
//   - Conflict Chamber's plain text: "Faction Army - N / M pts", optional "[Theme] X", the leader as
//     "Name [+N]", entries "Name [N]", attached ones prefixed with "-";
//   - the project's own JSON: {"entries": [{"name", "cost", "kind", "models"}]}.
// Nothing is half-imported: a list comes back only when every line was read; otherwise every
// refused line comes back with its number, its text and the reason.
//
//   ListImport r = import_list(pasted);
//   if (!r.problems.empty()) return to_error(r, "list");   // "list, line 7: ... (War Room text export)"
//   ArmyList l = r.list->list;                             // r.list->faction, ->title, ->theme
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "model/state.hpp"

namespace gauntlet {

struct ImportedList {
  std::string format;  // "War Room", "Conflict Chamber", "JSON"
  std::string faction, title, theme;
  std::optional<int> points, max_points;  // the builder's own total, as the header says
  ArmyList list;
};

struct LineProblem {
  int line = 0;  // 1-based; 0: the text as a whole
  std::string text;
  std::string reason;
};

struct ListImport {
  std::optional<ImportedList> list;  // only when `problems` is empty
  std::vector<LineProblem> problems;
};

ListImport import_list(std::string_view text);

// One error naming every refused line: field "<where>, line N" of the first, rule the format.
Error to_error(const ListImport& r, const std::string& where);

}  // namespace gauntlet
