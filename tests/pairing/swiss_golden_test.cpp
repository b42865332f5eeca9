// Golden-file tests: tests/pairing/golden/<rule or bug>.json holds a field, the options and the
// expected pairing (exact pairs when the optimum is unique, else pairs_include), bye, cost
// fields and explanation fragments. Each file is its own test case, named after the file:
//
//   ctest -R SwissGolden/Golden.Pairs/two_pile_float
//
// The files are listed from the folder when the test binary starts, so a new file is a new test
// with no code change (tests/pairing/CMakeLists.txt relinks, and so re-lists, when the folder's
// files change). A missing or empty folder fails SwissGolden.FolderHoldsGoldenFiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "pairing/swiss.hpp"

namespace gauntlet {
namespace {

using json = nlohmann::json;

std::vector<PairingPlayer> field(const json& players) {
  std::map<std::string, int> idx;
  for (const auto& p : players) idx[p.at("name").get<std::string>()] = static_cast<int>(idx.size());
  std::vector<PairingPlayer> out;
  for (const auto& p : players) {
    PairingPlayer pp;
    pp.name = p.at("name");
    pp.tp = p.value("tp", 0);
    pp.had_bye = p.value("had_bye", false);
    pp.times_paired_down = p.value("paired_down", 0);
    pp.club = p.value("club", "");
    pp.faction = p.value("faction", "");
    for (const auto& o : p.value("opponents", json::array()))
      pp.opponents.push_back(idx.at(o.get<std::string>()));
    out.push_back(std::move(pp));
  }
  return out;
}

std::set<std::set<std::string>> named(const std::vector<PairingPlayer>& p,
                                      const std::vector<std::pair<int, int>>& v) {
  std::set<std::set<std::string>> s;
  for (auto [a, b] : v) s.insert({p[a].name, p[b].name});
  return s;
}

std::set<std::set<std::string>> named(const json& pairs) {
  std::set<std::set<std::string>> s;
  for (const auto& pr : pairs) s.insert({pr[0].get<std::string>(), pr[1].get<std::string>()});
  return s;
}

void check_case(const std::string& file, const json& players, const json& options, const json& expect) {
  SCOPED_TRACE(file);
  auto p = field(players);
  PairingOptions opt;
  opt.avoid_same_club = options.value("avoid_same_club", false);
  opt.avoid_same_faction = options.value("avoid_same_faction", false);
  opt.avoid_in_all_rounds = options.value("avoid_in_all_rounds", false);
  for (std::uint64_t seed : {1ULL, 2ULL, 3ULL, 12345ULL}) {  // the expectation holds for every seed
    opt.seed = seed;
    auto out = pair_round(p, opt);
    ASSERT_TRUE(out.has_value());
    auto got = named(p, out->pairs);
    if (expect.contains("pairs")) {
      EXPECT_EQ(got, named(expect["pairs"]));
    }
    for (const auto& pr : named(expect.value("pairs_include", json::array()))) {
      EXPECT_TRUE(got.count(pr));
    }
    if (expect.contains("bye")) {
      std::string bye = out->bye ? p[*out->bye].name : "";
      EXPECT_EQ(bye, expect["bye"].is_null() ? "" : expect["bye"].get<std::string>());
    }
    const PairingCost& c = out->cost;
    std::map<std::string, long long> cost{{"rematches", c.rematches},
                                          {"second_pair_downs", c.second_pair_downs},
                                          {"second_byes", c.second_byes},
                                          {"bye_rank", c.bye_rank},
                                          {"floats", c.floats},
                                          {"float_gap2", c.float_gap2},
                                          {"club_clashes", c.club_clashes},
                                          {"faction_clashes", c.faction_clashes}};
    const json want_cost = expect.value("cost", json::object());
    for (const auto& [k, v] : want_cost.items()) EXPECT_EQ(cost.at(k), v.get<long long>()) << k;
    const json fragments = expect.value("explain_contains", json::array());
    for (const auto& frag : fragments) {
      bool found = std::any_of(out->explain.begin(), out->explain.end(), [&](const std::string& line) {
        return line.find(frag.get<std::string>()) != std::string::npos;
      });
      EXPECT_TRUE(found) << "explain lacks: " << frag << "\n" << json(out->explain).dump(2);
    }
  }
}

// The golden files (*.json), sorted; empty when the folder is missing or holds none.
std::vector<std::filesystem::path> golden_files() {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(GAUNTLET_GOLDEN_DIR, ec), end; !ec && it != end;
       it.increment(ec))
    if (it->path().extension() == ".json") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

// "second-bye unavoidable.json" -> "second_bye_unavoidable": gtest names take [A-Za-z0-9_] only.
std::string golden_test_name(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name = info.param.stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name.empty() ? "unnamed_" + std::to_string(info.index) : name;
}

TEST(SwissGolden, FolderHoldsGoldenFiles) {
  EXPECT_FALSE(golden_files().empty()) << "no *.json golden pairing files in " << GAUNTLET_GOLDEN_DIR;
}

class Golden : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(Golden, Pairs) {
  const std::filesystem::path& file = GetParam();
  std::ifstream in(file);
  ASSERT_TRUE(in) << "cannot read " << file;
  const json g = json::parse(in, nullptr, false);
  ASSERT_FALSE(g.is_discarded()) << file << " is not JSON";
  const std::string name = file.filename().string();
  check_case(name, g.at("players"), g.value("options", json::object()), g.at("expect"));
  const json variants = g.value("variants", json::array());
  for (const auto& v : variants)
    check_case(name + " (variant)", v.at("players"), v.value("options", json::object()), v.at("expect"));
}

INSTANTIATE_TEST_SUITE_P(SwissGolden, Golden, ::testing::ValuesIn(golden_files()), golden_test_name);
// With no files there is no case to instantiate; FolderHoldsGoldenFiles reports that instead.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Golden);

}  // namespace
}  // namespace gauntlet
