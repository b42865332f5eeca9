// Issue 10 points 12 and 15: player names are at most 40 characters, and two players cannot share
// a name compared Unicode case-insensitively (core/text.hpp: NFC + full case folding, ICU).
#include <gmock/gmock.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "core/text.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;

TEST(Registration, NameKeyFoldsUnicodeCaseAndNormalisation) {
  EXPECT_EQ(name_key("Zoë"), name_key("zoë"));
  EXPECT_EQ(name_key("ÉMILE"), name_key("émile"));
  EXPECT_EQ(name_key("Zoe\xCC\x88"), name_key("ZOË"));  // e + combining diaeresis = ë
  EXPECT_EQ(name_key("STRASSE"), name_key("straße"));
  EXPECT_NE(name_key("Zoe"), name_key("Zoë"));
  EXPECT_EQ(code_points("Zoë"), 3u);
}

// What ICU gives for `utf8` (NFC, full case folding, NFC): name_key's oracle for ASCII, which it
// folds without ICU.
std::string icu_name_key(const std::string& utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  icu::UnicodeString folded =
      nfc->normalize(icu::UnicodeString::fromUTF8(utf8), status).foldCase(U_FOLD_CASE_DEFAULT);
  folded = nfc->normalize(folded, status);
  EXPECT_TRUE(U_SUCCESS(status));
  std::string out;
  folded.toUTF8String(out);
  return out;
}

TEST(Registration, NameKeyOfAsciiIsIcusForEveryByte) {
  for (int c = 0; c < 0x80; ++c) {
    const std::string name = std::string("Ab") + static_cast<char>(c) + "YZ";
    EXPECT_EQ(name_key(name), icu_name_key(name)) << "byte " << c;
  }
  EXPECT_EQ(name_key("Player 12345"), "player 12345");
  EXPECT_EQ(name_key("ZOË BØRGE"), icu_name_key("ZOË BØRGE"));  // not ASCII: ICU's own path
}

TEST(Registration, DuplicateNamesCompareUnicodeCaseInsensitively) {
  EventState s = event_with_players(0);
  must(s, AddPlayer{player("Zoë")});
  must(s, AddPlayer{player("ÉMILE")});
  auto e = run(s, AddPlayer{player("zoë")});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.name");
  EXPECT_THAT(e->message, HasSubstr("already registered as p1"));
  e = run(s, AddPlayer{player("émile")});
  ASSERT_TRUE(e);
  e = run(s, EditPlayer{"p2", "ZOË", std::nullopt, std::nullopt, std::nullopt});
  ASSERT_TRUE(e);
  // Renaming frees the old name.
  must(s, EditPlayer{"p1", "Zoe", std::nullopt, std::nullopt, std::nullopt});
  must(s, AddPlayer{player("zoë")});
}

TEST(Registration, NamesAreAtMostFortyCharacters) {
  EventState s = event_with_players(0);
  const std::string forty = "Ëmilie-Françoise de la Tour d'Auvergne X";  // 40 code points, more bytes
  ASSERT_EQ(code_points(forty), 40u);
  must(s, AddPlayer{player("  " + forty + "  ")});  // trimmed first
  EXPECT_EQ(s.players[0].name, forty);
  auto e = run(s, AddPlayer{player(forty + "Y")});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.name");
  EXPECT_THAT(e->message, HasSubstr("at most 40"));
  e = run(s, EditPlayer{"p1", std::string(41, 'a'), std::nullopt, std::nullopt, std::nullopt});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "player.name");
}

}  // namespace
}  // namespace gauntlet
