// A broken data file must be rejected with a message naming the file and the key.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <span>

#include "core/embedded.hpp"
#include "editions/edition.hpp"

namespace gauntlet {
std::span<const EmbeddedFile> embedded_edition_files();

namespace {

using nlohmann::json;

json shipped(std::string_view name) {
  for (const EmbeddedFile& f : embedded_edition_files())
    if (f.name == name) return json::parse(f.content);
  ADD_FAILURE() << "no embedded " << name;
  return json::object();
}

// Parses sr2017.json after `edit`, expecting the error field and message.
void expect_rejected(const std::function<void(json&)>& edit, const std::string& field,
                     const std::string& message) {
  json j = shipped("sr2017.json");
  edit(j);
  Result<Edition> r = parse_edition("sr2017.json", j.dump());
  ASSERT_FALSE(r) << "accepted, expected " << field;
  EXPECT_EQ(r.error().field, field);
  EXPECT_EQ(r.error().message, message);
}

TEST(EditionData, EveryShippedFileIsValid) {
  ASSERT_EQ(embedded_edition_files().size(), 4u);
  for (const EmbeddedFile& f : embedded_edition_files()) {
    auto r = parse_edition(f.name, f.content);
    EXPECT_TRUE(r) << (r ? "" : r.error().describe());
  }
}

TEST(EditionData, NonPositiveDeathclockEntry) {
  expect_rejected([](json& j) { j["deathclock_minutes"]["75"] = 0; },
                  "sr2017.json: deathclock_minutes[\"75\"]", "must be a positive integer");
  json j = shipped("sr2017.json");
  j["deathclock_minutes"]["75"] = -3;
  EXPECT_EQ(parse_edition("sr2017.json", j.dump()).error().describe(),
            "sr2017.json: deathclock_minutes[\"75\"]: must be a positive integer (editions data)");
}

TEST(EditionData, WrongType) {
  expect_rejected([](json& j) { j["deathclock_minutes"]["75"] = "60"; },
                  "sr2017.json: deathclock_minutes[\"75\"]", "must be a positive integer");
  expect_rejected([](json& j) { j["characters_restricted"] = 1; }, "sr2017.json: characters_restricted",
                  "must be true or false");
  expect_rejected([](json& j) { j["title"] = ""; }, "sr2017.json: title", "must be a non-empty string");
}

TEST(EditionData, MissingKey) {
  expect_rejected([](json& j) { j.erase("bye"); }, "sr2017.json: bye", "is required");
  expect_rejected([](json& j) { j["concession"].erase("cp"); }, "sr2017.json: concession.cp", "is required");
  expect_rejected([](json& j) { j["scenarios"][2].erase("scoring"); }, "sr2017.json: scenarios[2].scoring",
                  "is required");
}

TEST(EditionData, UnknownKey) {
  expect_rejected([](json& j) { j["deathclok_minutes"] = json::object(); }, "sr2017.json: deathclok_minutes",
                  "is not a known key");
  expect_rejected([](json& j) { j["scenarios"][0]["colour"] = "red"; }, "sr2017.json: scenarios[0].colour",
                  "is not a known key");
  expect_rejected([](json& j) { j["classic_timing"]["75"]["bonus_minutes"] = 1; },
                  "sr2017.json: classic_timing[\"75\"].bonus_minutes", "is not a known key");
}

TEST(EditionData, PointSizesAscending) {
  expect_rejected([](json& j) { j["point_sizes"] = {0, 50, 25, 75, 100, 150, 200}; },
                  "sr2017.json: point_sizes[2]", "must be greater than the size before it");
  expect_rejected([](json& j) { j["point_sizes"][1] = -25; }, "sr2017.json: point_sizes[1]",
                  "must be a non-negative integer");
}

TEST(EditionData, TablesKeyedByAllowedPointSizes) {
  expect_rejected([](json& j) { j["specialists"]["60"] = 5; }, "sr2017.json: specialists[\"60\"]",
                  "is not a point size of this edition");
  expect_rejected([](json& j) { j["specialists"]["big"] = 5; }, "sr2017.json: specialists[\"big\"]",
                  "key must be a point size");
  expect_rejected([](json& j) { j["deathclock_minutes"].erase("75"); }, "sr2017.json: deathclock_minutes",
                  "has no entry for point size 75");
  expect_rejected([](json& j) { j["classic_timing"].erase("0"); }, "sr2017.json: classic_timing",
                  "has no entry for point size 0");
}

TEST(EditionData, RollOrderMustNameCatalogueScenarios) {
  expect_rejected([](json& j) { j["roll_order"][0] = "the-pit"; }, "sr2017.json: roll_order[0]",
                  "unknown scenario 'the-pit'");
  expect_rejected([](json& j) { j["roll_order"][5] = "patrol"; }, "sr2017.json: roll_order[5]",
                  "is a Rumble scenario, which is never rolled");
  expect_rejected([](json& j) { j["roll_order"].erase(5); }, "sr2017.json: roll_order",
                  "has 5 entries but the dice give 6 outcomes");
  expect_rejected([](json& j) { j["roll_order"][5] = "outlast"; }, "sr2017.json: roll_order[5]",
                  "duplicate 'outlast'");
}

TEST(EditionData, DiceBucketsMustDivideSides) {
  expect_rejected([](json& j) { j["scenario_dice"][0]["buckets"] = 4; },
                  "sr2017.json: scenario_dice[0].buckets", "must divide sides (6)");
}

TEST(EditionData, VariantsUniqueAndCategorised) {
  expect_rejected([](json& j) { j["variants"][1]["key"] = j["variants"][0]["key"]; },
                  "sr2017.json: variants[1].key", "duplicate variant 'battlegroup-only'");
  expect_rejected([](json& j) { j["variants"][0]["category"] = "lists"; },
                  "sr2017.json: variants[0].category", "unknown category 'lists'");
  expect_rejected([](json& j) { j["variants"][0]["key"] = "Battlegroup Only"; },
                  "sr2017.json: variants[0].key", "must be kebab-case (a-z, 0-9, '-')");
}

TEST(EditionData, EnumeratedStrings) {
  expect_rejected([](json& j) { j["game_tiebreakers"][1] = "cp"; }, "sr2017.json: game_tiebreakers[1]",
                  "unknown tiebreaker 'cp'");
  expect_rejected([](json& j) { j["concession"]["ap_rule"] = "half"; }, "sr2017.json: concession.ap_rule",
                  "must be \"half-opponent-army\" or \"assassination\"");
}

TEST(EditionData, RoundsTableAscending) {
  expect_rejected(
      [](json& j) {
        j["rounds_by_attendance"][2] = {16, 5};
      },
      "sr2017.json: rounds_by_attendance[2]",
      "must have more players and more rounds than the row before it");
  expect_rejected([](json& j) { j["rounds_by_attendance"][0] = 8; }, "sr2017.json: rounds_by_attendance[0]",
                  "must be [max players, rounds]");
}

TEST(EditionData, IdMustMatchFileName) {
  json j = shipped("sr2017.json");
  auto r = parse_edition("sr2018.json", j.dump());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "sr2018.json: id");
  EXPECT_EQ(r.error().message, "must match the file name (SR2017 expects sr2017.json)");
}

TEST(EditionData, NotJson) {
  auto r = parse_edition("sr2017.json", "{\"id\": ");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "sr2017.json");
  EXPECT_EQ(r.error().message.rfind("is not valid JSON", 0), 0u) << r.error().message;
  auto arr = parse_edition("sr2017.json", "[]");
  ASSERT_FALSE(arr);
  EXPECT_EQ(arr.error().message, "must be an object");
}

TEST(EditionData, NonBaselineTimingMustBeOffered) {
  json j = shipped("sr2014.json");
  for (std::size_t i = 0; i < j["variants"].size(); ++i)
    if (j["variants"][i]["key"] == "deathclock") j["variants"].erase(i);
  for (json& v : j["variants"]) v.erase("constraints");  // several name 'deathclock'
  auto r = parse_edition("sr2014.json", j.dump());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "sr2014.json: variants");
}

TEST(EditionData, VariantConstraintsNameVariantsOfTheEdition) {
  json j = shipped("sr2017.json");
  for (json& v : j["variants"])
    if (v["key"] == "no-tiebreakers") v["constraints"][0]["requires"] = "death-clock";
  auto r = parse_edition("sr2017.json", j.dump());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("'death-clock'"), std::string::npos) << r.error().message;
}

TEST(EditionData, FactionAliasesNameFactionsOfTheEdition) {
  json j = shipped("sr2023.json");
  j["faction_aliases"]["Mercs"] = "Mercenaries";  // not an SR2023 faction in the data
  auto r = parse_edition("sr2023.json", j.dump());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "sr2023.json: faction_aliases.Mercs");
}

}  // namespace
}  // namespace gauntlet
