// A PostgreSQL server of one test's own (tests/support/postgres.sh), which the test stops and
// starts under a running store or server: the fault tests' "PostgreSQL stopped mid-burst".
//
//   OwnPostgres pg;
//   ASSERT_TRUE(pg.started());
//   Store store = Store::open(pg.url());
//   pg.run("pause");   // stopped, data kept;   pg.run("resume");   // started again
//
// Tests run from the source tree (gauntlet_test's WORKING_DIRECTORY), where the script is.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace gauntlet::testing {

class OwnPostgres {
 public:
  OwnPostgres()
      : dir_((std::filesystem::temp_directory_path() / ("gauntlet-pgfault-" + std::to_string(::getpid())))
                 .string()) {
    started_ = run("start") == 0;
  }
  ~OwnPostgres() { run("stop"); }
  OwnPostgres(const OwnPostgres&) = delete;
  OwnPostgres& operator=(const OwnPostgres&) = delete;
  bool started() const { return started_; }
  std::string url() const { return "postgresql:///postgres?host=" + dir_ + "/run&user=gauntlet"; }
  int run(const std::string& action) const {
    return std::system(("bash tests/support/postgres.sh " + action + " " + dir_ + " >/dev/null").c_str());
  }

 private:
  std::string dir_;
  bool started_ = false;
};

}  // namespace gauntlet::testing
