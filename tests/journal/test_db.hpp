// A fresh database file per test, removed afterwards, plus raw SQL access for checks the Store
// deliberately cannot do (tampering, counting rows).
//
//   TEST_F(TestDb, Something) { Store store = Store::open(path()); ... count_rows() ... }
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "model/commands.hpp"
#include "support/event_fixtures.hpp"

namespace gauntlet {

class TestDb : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() / ("gauntlet-journal-" + std::to_string(::getpid()) + "-" +
                                                     info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path() const { return (dir_ / "gauntlet.db").string(); }
  SQLite::Database raw() const { return SQLite::Database(path(), SQLite::OPEN_READWRITE); }
  std::int64_t count_rows() const { return raw().execAndGet("SELECT COUNT(*) FROM journal").getInt64(); }

  // Commands built with support/event_fixtures.hpp (SR2017, 75 points, seed 42).
  static CreateEvent sample_create(std::string name = "Spring Open") {
    EventConfig c = testing::config();
    c.name = std::move(name);
    return CreateEvent{c};
  }
  static AddPlayer sample_player(std::string name, std::string faction = "Khador") {
    return AddPlayer{testing::player(std::move(name), std::move(faction))};
  }

  std::filesystem::path dir_;
};

}  // namespace gauntlet
