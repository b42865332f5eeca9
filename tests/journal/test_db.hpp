// A fresh database per test, removed afterwards, plus raw SQL access for checks the Store
// deliberately cannot do (tampering, counting rows). Under ctest's "pg:" tests path() is a
// PostgreSQL URL (support/test_database.hpp); raw() is SQLite's own handle, for SQLite-only checks.
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
#include "support/test_database.hpp"

namespace gauntlet {

// When the journal tests' commands happen (time enters as data on each command).
inline constexpr const char* kAt = "2024-06-01T10:00:00Z";

class TestDb : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() / ("gauntlet-journal-" + std::to_string(::getpid()) + "-" +
                                                     info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    if (testing::test_postgresql())
      database_ = std::make_unique<testing::TestDatabase>(std::string("journal_") + info->test_suite_name() +
                                                          "_" + info->name());
  }
  void TearDown() override {
    database_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::string path() const { return database_ ? database_->target() : (dir_ / "gauntlet.db").string(); }
  bool postgresql() const { return database_ != nullptr; }
  SQLite::Database raw() const { return SQLite::Database(path(), SQLite::OPEN_READWRITE); }
  // Statements run behind the Store's back, on either store; refusals throw sqldb::Error.
  void sql(const std::string& statements) const { sqldb::open(path())->lease()->script(statements); }
  std::string scalar(const std::string& query) const {
    return sqldb::open(path())->lease()->query(query).rows.at(0).text(0);
  }
  std::int64_t count_rows() const { return std::stoll(scalar("SELECT COUNT(*) FROM journal")); }

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
  std::unique_ptr<testing::TestDatabase> database_;  // PostgreSQL runs only
};

}  // namespace gauntlet
