// proposal_json_text must be proposal_json(...).dump(indent) byte for byte (issue 16 point 1):
// `gauntlet pair --event FILE --json` writes it, and scripts compare it with the server's answer.
#include <gtest/gtest.h>

#include <random>

#include "app/json.hpp"
#include "support/json_strings.hpp"
#include "support/property.hpp"
#include "support/random_event.hpp"

namespace gauntlet::app {
namespace {

using namespace testing;

constexpr int kEvents = 150;

void expect_same_text(const Proposal& p) {
  const nlohmann::json dom = proposal_json(p);
  for (int indent : {-1, 0, 2, 4}) EXPECT_EQ(proposal_json_text(p, indent), dom.dump(indent)) << indent;
}

// Every string of `p` replaced now and then by one nlohmann escapes or checks; lists emptied or
// grown, so empty and one-element arrays are written too.
void make_awkward(Proposal& p, std::mt19937_64& rng) {
  const auto& awkward = awkward_strings();
  const auto pick = [&] {
    return awkward[std::uniform_int_distribution<std::size_t>(0, awkward.size() - 1)(rng)];
  };
  const auto often = [&](int percent) { return std::uniform_int_distribution<int>(1, 100)(rng) <= percent; };
  for (Table& t : p.round.tables)
    for (PlayerId& id : t.players)
      if (often(20)) id = pick();
  for (std::string& line : p.round.explain)
    if (often(30)) line = pick();
  if (often(30)) p.round.bye = pick();
  if (often(30)) p.round.explain.clear();
  if (often(40)) p.warnings.push_back(pick());
  if (often(40)) p.left_out.push_back(pick());
  if (often(40)) p.not_checked_in = {pick(), pick()};
  if (often(50)) p.findings.push_back(Finding{pick(), often(50), {pick()}, 3, pick()});
  for (Finding& f : p.findings) {
    if (often(30)) f.players.clear();
    if (often(30)) f.text = pick();
  }
}

TEST(ProposalJsonText, MatchesTheDomByteForByte_Property) {
  std::mt19937_64 rng(0x16);
  int proposals = 0, with_bye = 0, with_findings = 0, with_warnings = 0;
  const auto events = static_cast<std::uint64_t>(property_cases(kEvents));
  for (std::uint64_t seed = 1; seed <= events; ++seed) {
    RandomEvent ev(seed);
    for (int step = 0; step < 120; ++step) {
      ev.step();
      if (step % 15 != 14) continue;
      SwissPairerOptions options;
      options.avoid_same_club = seed % 2 == 0;
      auto p = propose_pairing(ev.state(), options);
      if (!p) continue;  // a round still open, or too few players
      ++proposals;
      with_bye += p->round.bye.has_value();
      with_findings += !p->findings.empty();
      with_warnings += !p->warnings.empty();
      SCOPED_TRACE("seed " + std::to_string(seed) + ", step " + std::to_string(step));
      expect_same_text(*p);
      make_awkward(*p, rng);
      expect_same_text(*p);
      if (HasFailure()) return;
    }
  }
  // The events really gave the writer what it must get right.
  EXPECT_GT(proposals, 100);
  EXPECT_GT(with_bye, 0);
  EXPECT_GT(with_findings, 0);
  EXPECT_GT(with_warnings, 0);
}

TEST(ProposalJsonText, AnEmptyProposalAsTheDomWritesIt) {
  expect_same_text(Proposal{});
  EXPECT_EQ(proposal_json_text(Proposal{}),
            R"({"bye":null,"explain":[],"findings":[],"left_out":[],"not_checked_in":[],"round":0,)"
            R"("tables":[],"warnings":[]})");
}

TEST(ProposalJsonText, InvalidUtf8ThrowsAsDumpDoes) {
  for (const std::string& bad : invalid_utf8()) {
    Proposal p;
    p.round.round = 2;
    p.round.tables.push_back(Table{});
    p.round.tables[0].players = {"p1", bad};
    EXPECT_THROW(proposal_json_text(p), nlohmann::json::type_error) << bad;
    EXPECT_THROW(proposal_json(p).dump(), nlohmann::json::type_error) << bad;
  }
}

}  // namespace
}  // namespace gauntlet::app
