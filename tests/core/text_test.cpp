// Typed text: what a person types is kept composed, and nothing invisible hides in it.
#include "core/text.hpp"

#include <gtest/gtest.h>

namespace gauntlet {
namespace {

TEST(TypedText, PrintableTextTabsAndLineBreaksAreKeptAsTheyAre) {
  EXPECT_EQ(*typed_text("Boris Lenk", "player.name"), "Boris Lenk");
  EXPECT_EQ(*typed_text("line one\n\tline two\r\n", "note"), "line one\n\tline two\r\n");
  EXPECT_EQ(*typed_text("Zoë Ångström", "player.name"), "Zoë Ångström");
}

TEST(TypedText, ADecomposedNameIsStoredComposed) {
  // "Zoe" + U+0308 COMBINING DIAERESIS is drawn as "Zoë" and is kept as the one spelling (NFC).
  EXPECT_EQ(*typed_text("Zoe\xCC\x88", "player.name"), "Zo\xC3\xAB");
}

TEST(TypedText, AZeroWidthSpaceThatMakesBoRisLookLikeBorisIsRefusedByName) {
  auto r = typed_text("Bo\xE2\x80\x8Bris", "player.name");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "player.name");
  EXPECT_EQ(r.error().rule, "text");
  EXPECT_NE(r.error().message.find("U+200B ZERO WIDTH SPACE"), std::string::npos) << r.error().message;
}

TEST(TypedText, BidirectionalOverridesByteOrderMarksNulAndEscapeAreRefused) {
  for (const char* bad : {"evil\xE2\x80\xAEgnp", "\xEF\xBB\xBFname", "a\x1B[31m", "soft\xC2\xADhyphen"}) {
    auto r = typed_text(bad, "club");
    EXPECT_FALSE(r) << bad;
    if (!r) {
      EXPECT_EQ(r.error().field, "club");
    }
  }
  auto nul = typed_text(std::string_view("a\0b", 3), "faction");
  ASSERT_FALSE(nul);
  EXPECT_NE(nul.error().message.find("U+0000"), std::string::npos) << nul.error().message;
}

TEST(TypedText, BytesThatAreNotUtf8AreRefused) {
  auto r = typed_text("caf\xE9", "player.name");  // Latin-1 é
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("UTF-8"), std::string::npos);
}

}  // namespace
}  // namespace gauntlet
