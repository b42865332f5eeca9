// GET /api/events/{id}/print/{kind}?round=N&paper=a4|letter&format=pdf|html: the EO's printouts
// (app/print.hpp) as a PDF made here or a print-ready page. The EO and judges print; PIN slips
// are the EO's alone (they log players in).
#include <fmt/format.h>

#include "app/print.hpp"
#include "server/api.hpp"

namespace gauntlet::server {
namespace {

std::string query(const Call& c, const char* key, const char* fallback) {
  auto it = c.query.find(key);
  return it == c.query.end() || it->second.empty() ? fallback : it->second;
}

std::optional<int> round_of(const Call& c) {
  const std::string text = query(c, "round", "");
  if (text.empty()) return std::nullopt;
  int n = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9' || n > 1000) refuse(ErrorKind::invalid, "round", "", "must be a round number");
    n = n * 10 + (ch - '0');
  }
  return n;
}

}  // namespace

Response get_print(Call& c) {
  const std::string& kind_text = c.parts.at(4);
  const auto kind = app::parse_print_kind(kind_text);
  if (!kind)
    refuse(ErrorKind::not_found, "kind", "",
           fmt::format("'{}' is not a printout ({})", kind_text, app::print_kinds()));
  const Login login = require_login(c);
  if (login.role == Role::player || (*kind == app::PrintKind::pin_slips && login.role != Role::eo))
    refuse(ErrorKind::forbidden, "session", "role",
           *kind == app::PrintKind::pin_slips ? "only the EO prints PIN slips" : "the EO and judges print");
  const auto size = paper::parse_size(query(c, "paper", "a4"));
  if (!size) refuse(ErrorKind::invalid, "paper", "", "must be a4 or letter");
  const std::string format = query(c, "format", "pdf");
  if (format != "pdf" && format != "html") refuse(ErrorKind::invalid, "format", "", "must be pdf or html");

  const auto snap = c.hub->snapshot();
  app::PrintRequest req{*kind, round_of(c), {}, ""};
  if (*kind == app::PrintKind::pin_slips) {
    req.pins = c.app.credentials().ensure_player_pins(c.hub->id(), *snap->state);
    req.join_url = player_page(c, "");
  }
  const paper::Document doc = must(app::print_document(*snap->state, req));
  const std::string file = fmt::format("{}-{}{}.{}", c.hub->id(), kind_text,
                                       req.round ? fmt::format("-round-{}", *req.round) : "", format);
  Response r = format == "pdf"
                   ? file_response("application/pdf", make_body(must(paper::to_pdf(doc, *size))), c.req)
                   : file_response("text/html; charset=utf-8",
                                   make_body(paper::to_html(doc, *size, "/print.js")), c.req);
  // The page's style is inline (a saved copy prints the same); its content is all escaped text.
  if (format == "html")
    r.set("Content-Security-Policy",
          "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; "
          "form-action 'none'; frame-ancestors 'none'");
  r.set(http::field::content_disposition, fmt::format("inline; filename=\"{}\"", file));
  r.set(http::field::cache_control, "private, no-store");  // PINs and unpublished lists
  return r;
}

}  // namespace gauntlet::server
