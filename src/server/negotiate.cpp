#include "server/negotiate.hpp"

#include <array>
#include <cctype>

namespace gauntlet::server {

namespace {

constexpr int kUnlisted = -1;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// A qvalue ("0", "0.5", "1.000") in thousandths, so comparisons are exact; kUnlisted if malformed.
int thousandths(std::string_view v) {
  v = trim(v);
  if (v.empty() || (v[0] != '0' && v[0] != '1')) return kUnlisted;
  int q = (v[0] - '0') * 1000;
  if (v.size() == 1) return q;
  if (v[1] != '.' || v.size() > 5) return kUnlisted;
  int scale = 100;
  for (const char ch : v.substr(2)) {
    if (ch < '0' || ch > '9') return kUnlisted;
    q += (ch - '0') * scale;
    scale /= 10;
  }
  return q > 1000 ? kUnlisted : q;
}

// The q of one element ("gzip;q=0.5" -> 500); 1000 without parameters.
int q_of(std::string_view params) {
  int q = 1000;
  while (!params.empty()) {
    const auto semi = params.find(';');
    const std::string_view p = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    const auto eq = p.find('=');
    if (eq != std::string_view::npos && iequals(trim(p.substr(0, eq)), "q"))
      q = thousandths(p.substr(eq + 1));
  }
  return q;
}

enum Slot { kBr, kGzip, kIdentity, kStar, kSlots };

std::array<int, kSlots> listed_qs(std::string_view header) {
  std::array<int, kSlots> q{kUnlisted, kUnlisted, kUnlisted, kUnlisted};
  while (!header.empty()) {
    const auto comma = header.find(',');
    const std::string_view element = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    const auto semi = element.find(';');
    const std::string_view name = trim(element.substr(0, semi));
    const int value = semi == std::string_view::npos ? 1000 : q_of(element.substr(semi + 1));
    if (value == kUnlisted) continue;  // a malformed q: the element is ignored
    if (iequals(name, "br")) q[kBr] = value;
    // RFC 9110 §8.4.1.3: "x-gzip" is to be read as gzip.
    else if (iequals(name, "gzip") || iequals(name, "x-gzip"))
      q[kGzip] = value;
    else if (iequals(name, "identity"))
      q[kIdentity] = value;
    else if (name == "*")
      q[kStar] = value;
  }
  return q;
}

}  // namespace

Coding choose_coding(std::string_view accept_encoding, bool compressible) {
  // No header: any coding would do by the RFC, but curl and scripts without --compressed expect
  // the bytes as they are.
  if (!compressible || trim(accept_encoding).empty()) return Coding::identity;
  const std::array<int, kSlots> listed = listed_qs(accept_encoding);
  const auto effective = [&](Slot s) { return listed[s] != kUnlisted ? listed[s] : listed[kStar]; };
  int br = effective(kBr), gz = effective(kGzip), id = effective(kIdentity);
  // identity is acceptable unless refused, at the lowest weight a listed coding can have.
  if (id == kUnlisted) id = 1;
  if (br > 0 && br >= gz && br >= id) return Coding::br;
  if (gz > 0 && gz >= id) return Coding::gzip;
  return Coding::identity;
}

bool none_match(std::string_view if_none_match, std::string_view etag) {
  if (etag.rfind("W/", 0) == 0) etag.remove_prefix(2);
  std::string_view list = if_none_match;
  while (!list.empty()) {
    const auto comma = list.find(',');
    std::string_view tag = trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    if (tag == "*") return true;
    if (tag.rfind("W/", 0) == 0) tag.remove_prefix(2);
    if (tag == etag) return true;
  }
  return false;
}

std::string_view coding_name(Coding c) {
  switch (c) {
    case Coding::gzip:
      return "gzip";
    case Coding::br:
      return "br";
    case Coding::identity:
      break;
  }
  return "";
}

}  // namespace gauntlet::server
