#include "core/text.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>

namespace gauntlet {

std::string name_key(std::string_view utf8) {
  // Plain ASCII (nearly every name): NFC leaves it as it is, and full case folding maps only A-Z
  // (Unicode CaseFolding.txt has no other ASCII entry), so ICU is not needed (issue 16: 100 000
  // registrations re-decided on import). Names_test pins this against ICU for every ASCII byte.
  if (std::all_of(utf8.begin(), utf8.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    std::string out(utf8);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
  }
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  icu::UnicodeString text =
      icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  if (U_SUCCESS(status) && !text.isBogus()) {
    // Fold after composing, then compose again: folding can decompose ("ǅ", "ẞ" → "ss").
    icu::UnicodeString folded = nfc->normalize(text, status).foldCase(U_FOLD_CASE_DEFAULT);
    folded = nfc->normalize(folded, status);
    if (U_SUCCESS(status)) {
      std::string out;
      folded.toUTF8String(out);
      return out;
    }
  }
  std::string out(utf8);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::size_t code_points(std::string_view utf8) {
  return static_cast<std::size_t>(std::count_if(
      utf8.begin(), utf8.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

namespace {

bool printable_ascii(std::string_view utf8) {
  return std::all_of(utf8.begin(), utf8.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r';
  });
}

std::string code_point_name(UChar32 c) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(c));
  UErrorCode status = U_ZERO_ERROR;
  char name[128] = "";
  u_charName(c, U_UNICODE_CHAR_NAME, name, sizeof name, &status);
  if (U_FAILURE(status) || name[0] == '\0') return hex;
  return std::string(hex) + " " + name;
}

}  // namespace

Result<std::string> typed_text(std::string_view utf8, const std::string& field) {
  // Nearly every value is printable ASCII: already NFC, nothing to look up.
  if (printable_ascii(utf8)) return std::string(utf8);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(utf8.data());
  const auto length = static_cast<int32_t>(utf8.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) return fail(field, "text", "is not valid UTF-8 text");
    if (c == '\t' || c == '\n' || c == '\r') continue;
    const auto type = static_cast<UCharCategory>(u_charType(c));
    if (type == U_CONTROL_CHAR)
      return fail(field, "text",
                  "contains the control character " + code_point_name(c) + ", which no keyboard types");
    if (type == U_FORMAT_CHAR)
      return fail(
          field, "text",
          "contains " + code_point_name(c) +
              ", an invisible character that changes how the text looks without showing; type the text "
              "again without it");
  }
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), length));
  if (U_FAILURE(status) || text.isBogus()) return fail(field, "text", "is not valid UTF-8 text");
  if (nfc->isNormalized(text, status) && U_SUCCESS(status)) return std::string(utf8);
  status = U_ZERO_ERROR;
  const icu::UnicodeString composed = nfc->normalize(text, status);
  if (U_FAILURE(status)) return fail(field, "text", "is not valid UTF-8 text");
  std::string out;
  composed.toUTF8String(out);
  return out;
}

std::string markup_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  return out;
}

}  // namespace gauntlet
