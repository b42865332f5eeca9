// The event id rule (core/event_id.hpp), stated once: the use cases, the store and the create
// forms' HTML pattern all follow it.
#include "core/event_id.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "core/names.hpp"

namespace gauntlet {
namespace {

// What a probe of the create route sent, and what people type into the form's box.
const std::vector<std::string> kRefused = {"",
                                           "A",
                                           "a b",
                                           "../x",
                                           "a\"b",
                                           std::string(65, 'a'),
                                           std::string("a\0b", 3),
                                           "\xF0\x9F\x8E\xB2",
                                           "summer masters",
                                           "SpringOpen",
                                           "-open",
                                           "a_b",
                                           "a.b",
                                           "a/b",
                                           "a%2Fb",
                                           "caf\xC3\xA9",
                                           "a\nb",
                                           " a"};
const std::vector<std::string> kAccepted = {"a",     "0",    "spring-open-2026",
                                            "open-", "a--b", std::string(64, 'z')};

TEST(EventIdRule, OneToSixtyFourLowercaseLettersDigitsOrDashNotStartingWithDash) {
  for (const std::string& id : kAccepted) {
    EXPECT_TRUE(valid_event_id(id)) << id;
    EXPECT_TRUE(check_event_id(id, "id").has_value()) << id;
  }
  for (const std::string& id : kRefused) {
    EXPECT_FALSE(valid_event_id(id)) << id;
    const Result<void> r = check_event_id(id, "id");
    ASSERT_FALSE(r) << id;
    EXPECT_EQ(r.error().field, "id");
    EXPECT_EQ(r.error().kind, ErrorKind::invalid);
    EXPECT_EQ(r.error().rule, "event id");
    EXPECT_NE(r.error().message.find(kEventIdRuleText), std::string::npos);
  }
}

std::string page(const std::string& name) {
  std::ifstream in(std::string(GAUNTLET_WEB) + "/" + name, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The browser checks the form's box with the pattern compiled as ^(?:pattern)$ under the `v` flag;
// an invalid pattern is ignored (Chromium), so a wrong id reached the server. ECMAScript's syntax
// here is the part both flags share.
TEST(EventIdRule, TheCreateFormsCheckTheSameRuleAsTheServer) {
  const std::string attribute = std::string("pattern=\"") + kEventIdPattern + "\"";
  for (const std::string name : {"index.html", "organizer.html"}) {
    const std::string html = page(name);
    const auto box = html.find("<input name=\"id\"");
    ASSERT_NE(box, std::string::npos) << name;
    EXPECT_EQ(html.substr(box, html.find('>', box) - box).find(attribute) != std::string::npos, true)
        << name << " has no " << attribute;
  }
  const std::regex pattern(std::string("^(?:") + kEventIdPattern + ")$");
  for (const std::string& id : kAccepted) EXPECT_TRUE(std::regex_match(id, pattern)) << id;
  for (const std::string& id : kRefused) EXPECT_FALSE(std::regex_match(id, pattern)) << id;
}

// The `maxlength` of the box that follows `marker` in `html` ("" when there is none).
std::string maxlength_after(const std::string& html, const std::string& marker) {
  const auto at = html.find(marker);
  if (at == std::string::npos) return "";
  const auto box = html.find("<input name=\"name\"", at);
  const auto end = html.find('>', box);
  const std::string input = html.substr(box, end - box);
  const auto m = input.find("maxlength=\"");
  if (m == std::string::npos) return "";
  return input.substr(m + 11, input.find('"', m + 11) - m - 11);
}

// A name box that takes more than the server keeps lets the EO type a name only to have it refused
// (the player box took 100 characters, the server 40): every form's box says the server's length.
TEST(NameRule, EveryNameBoxTakesWhatTheServerKeeps) {
  for (const std::string name : {"index.html", "organizer.html", "eo.html"})
    EXPECT_EQ(maxlength_after(page(name), "Event name"), std::to_string(kMaxEventNameLength)) << name;
  EXPECT_EQ(maxlength_after(page("eo.html"), "<form id=\"add-form\""), std::to_string(kMaxPlayerNameLength))
      << "eo.html, Add a player";
}

}  // namespace
}  // namespace gauntlet
