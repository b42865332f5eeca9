// An event in a real journal (a temporary SQLite file per test) driven through the use cases, for
// the tests of src/app: the EO's commands go through app::execute as the CLI and the server send them.
//
//   class UseCases : public gauntlet::testing::AppSession {};
//   TEST_F(UseCases, Something) { eo(AddPlayer{player("Ada")}); EXPECT_EQ(s().state().players.size(), 1u); }
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>

#include "app/events.hpp"
#include "app/execute.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet::testing {

class AppSession : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("gauntlet-app-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    std::filesystem::remove(path_);
    store_.emplace(Store::open(path_.string()));
    session_.emplace(*app::create_event(*store_, "open", config()));
  }
  void TearDown() override {
    session_.reset();
    store_.reset();
    std::filesystem::remove(path_);
  }
  EventSession& s() { return *session_; }
  // The EO's command through app::execute; a fatal test failure when it is refused.
  void eo(Command c) {
    auto a = app::execute(s(), std::move(c), app::Caller::organizer());
    ASSERT_TRUE(a) << a.error().describe();
  }

  std::filesystem::path path_;
  std::optional<Store> store_;
  std::optional<EventSession> session_;
};

}  // namespace gauntlet::testing
