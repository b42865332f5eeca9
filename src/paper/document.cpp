// The document model's constructors and paper sizes.
#include "paper/document.hpp"

#include <algorithm>
#include <cctype>

namespace gauntlet::paper {

std::optional<Size> parse_size(std::string_view s) {
  std::string lower(s);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "a4") return Size::a4;
  if (lower == "letter" || lower == "us-letter") return Size::letter;
  return std::nullopt;
}

const char* to_string(Size s) {
  return s == Size::a4 ? "a4" : "letter";
}

Block heading(std::string t) {
  Block b;
  b.kind = Block::Kind::heading, b.text = std::move(t);
  return b;
}
Block text(std::string t) {
  Block b;
  b.kind = Block::Kind::text, b.text = std::move(t);
  return b;
}
Block table(std::vector<Column> columns, std::vector<std::vector<std::string>> rows) {
  Block b;
  b.kind = Block::Kind::table, b.columns = std::move(columns), b.rows = std::move(rows);
  return b;
}
Block fields(std::vector<std::pair<std::string, std::string>> f) {
  Block b;
  b.kind = Block::Kind::fields, b.fields = std::move(f);
  return b;
}
Block slips(std::vector<Slip> s) {
  Block b;
  b.kind = Block::Kind::slips, b.slips = std::move(s);
  return b;
}
Block page_break() {
  Block b;
  b.kind = Block::Kind::page_break;
  return b;
}
Block picture(std::string svg) {
  Block b;
  b.kind = Block::Kind::picture, b.text = std::move(svg);
  return b;
}

}  // namespace gauntlet::paper
