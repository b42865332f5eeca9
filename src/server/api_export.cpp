// GET /api/events/{id}/export/standings.csv and …/games.csv (app/export_csv.hpp): public like the
// standings and pairings they are made of, so a results site or a league can fetch them.
#include <fmt/format.h>

#include "app/events.hpp"
#include "app/export_csv.hpp"
#include "server/api.hpp"

namespace gauntlet::server {

Response get_export_csv(Call& c) {
  const std::string& file = c.parts.at(4);
  const std::string_view name =
      std::string_view(file).substr(0, file.ends_with(".csv") ? file.size() - 4 : 0);
  const auto kind = app::parse_export_kind(name);
  if (!kind)
    refuse(ErrorKind::not_found, "file", "",
           fmt::format("'{}' is not an export (standings.csv, games.csv)", file));
  const auto snap = c.hub->snapshot();
  // The snapshot's standings: computed once per journal change, like the standings JSON.
  const std::string text = *kind == app::ExportKind::standings ? app::standings_csv(snap->standings)
                                                               : app::games_csv(*snap->state);
  Response r = file_response("text/csv; charset=utf-8", make_body(text), c.req);
  // An id the EO chose may hold any character; the file name gets its slug (ids made from a name
  // already are one), so no quote or line break reaches the header.
  r.set(http::field::content_disposition,
        fmt::format("attachment; filename=\"{}-{}.csv\"", app::slug(c.hub->id()), app::to_string(*kind)));
  r.set(http::field::cache_control, "no-store");  // it changes with every result
  return r;
}

}  // namespace gauntlet::server
