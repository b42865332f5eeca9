// A fresh database for one test, on the store the run asks for (issue 15): a SQLite file by
// default, or, when GAUNTLET_TEST_PG holds the URL of a PostgreSQL server's `postgres` database
// (ctest's "pg:" tests, started by tests/support/postgres.sh), a new database on that server.
//
//   TestDatabase db("server_Flow_Something");   // dropped and created afresh
//   Store store = Store::open(db.target());     // a file path or a postgresql:// URL
//   db.scalar("SELECT COUNT(*) FROM journal");  // the test's own look, without the Store
//
// A PostgreSQL run that cannot reach its server fails the test: never skipped silently.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>

#include "sqldb/sqldb.hpp"

namespace gauntlet::testing {

inline const char* test_postgresql() {
  const char* url = std::getenv("GAUNTLET_TEST_PG");
  return (url != nullptr && *url != '\0') ? url : nullptr;
}

class TestDatabase {
 public:
  explicit TestDatabase(const std::string& name) {
    if (const char* server = test_postgresql()) {
      // PostgreSQL names: up to 63 bytes, lowercase without quoting; a hash keeps long test names apart.
      std::string db = "t" + std::to_string(std::hash<std::string>{}(name) % 1000000007) + "_";
      for (char c : name) {
        if (db.size() >= 60) break;
        db += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
      }
      std::string base(server);
      const std::size_t slash = base.find('/', base.find("://") + 3);
      const std::size_t query = base.find('?');
      target_ = base.substr(0, slash + 1) + db + (query == std::string::npos ? "" : base.substr(query));
      sqldb::Lease admin = sqldb::open(base)->lease();
      admin->script("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
      admin->script("CREATE DATABASE " + db);
      drop_ = [base, db] {
        sqldb::open(base)->lease()->script("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
      };
    } else {
      target_ = (std::filesystem::temp_directory_path() /
                 ("gauntlet-" + std::to_string(::getpid()) + "-" + name + ".db"))
                    .string();
      remove_files();
      drop_ = [this] { remove_files(); };
    }
  }
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;
  ~TestDatabase() {
    try {
      drop_();
    } catch (const std::exception&) {  // a leftover database is harmless; the next run drops it
    }
  }

  const std::string& target() const { return target_; }
  bool postgresql() const { return sqldb::is_postgresql_url(target_); }
  // The first cell of the first row of `sql` (a count, a value) as text.
  std::string scalar(const std::string& sql) const {
    const sqldb::Rows r = sqldb::open(target_)->lease()->query(sql);
    return r.rows.empty() || r.rows.front().null(0) ? std::string() : r.rows.front().text(0);
  }
  void sql(const std::string& statements) const { sqldb::open(target_)->lease()->script(statements); }

 private:
  void remove_files() const {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(target_ + suffix);
  }

  std::string target_;
  std::function<void()> drop_;
};

}  // namespace gauntlet::testing
