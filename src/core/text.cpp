#include "core/text.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cctype>

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
