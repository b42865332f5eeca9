// Runs the real `gauntlet` binary (GAUNTLET_BIN) in a fresh temporary directory per test,
// capturing stdout, stderr and the exit status.
//
//   class MyTest : public CliTest {};
//   TEST_F(MyTest, X) {
//     Ran r = gauntlet({"event", "new", "--name", "Open", "--edition", "SR2017", "--points", "75"});
//     EXPECT_EQ(r.status, 0) << r.err;
//   }
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace gauntlet::testing {

struct Ran {
  int status = -1;  // exit status; 128 + signal when killed
  std::string out, err;
  nlohmann::json json() const {
    auto j = nlohmann::json::parse(out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << "stdout is not JSON:\n" << out << "\nstderr:\n" << err;
    return j;
  }
};

inline std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (std::filesystem::temp_directory_path() / "gauntlet-cli-XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path path(const std::string& name) const { return dir_ / name; }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream out(dir_ / name, std::ios::binary | std::ios::trunc);
    out << text;
  }

  // Runs `gauntlet args...` with the test's directory as working directory.
  Ran gauntlet(const std::vector<std::string>& args) const {
    const auto out_path = dir_ / ".stdout", err_path = dir_ / ".stderr";
    const pid_t pid = fork();
    if (pid == 0) {
      if (chdir(dir_.c_str()) != 0) _exit(126);
      const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(126);
      std::vector<char*> argv;
      std::string bin = GAUNTLET_BIN;
      argv.push_back(bin.data());
      std::vector<std::string> copy = args;
      for (std::string& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(bin.c_str(), argv.data());
      _exit(127);
    }
    Ran r;
    int status = 0;
    EXPECT_EQ(waitpid(pid, &status, 0), pid);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_all(out_path);
    r.err = read_all(err_path);
    return r;
  }

  // Runs a command that must succeed; returns its stdout.
  std::string ok(const std::vector<std::string>& args) const {
    const Ran r = gauntlet(args);
    std::string line;
    for (const auto& a : args) line += " " + a;
    EXPECT_EQ(r.status, 0) << "gauntlet" << line << "\nstdout:\n" << r.out << "\nstderr:\n" << r.err;
    return r.out;
  }

  // Journal entries of the addressed event (what "nothing written" compares).
  int journal_size(const std::vector<std::string>& db_args = {}) const {
    std::vector<std::string> args = db_args;
    args.insert(args.end(), {"log", "--json"});
    const Ran r = gauntlet(args);
    EXPECT_EQ(r.status, 0) << r.err;
    int lines = 0;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) lines += !line.empty();
    return lines;
  }

  // An SR2017 75-point event with four players Ada (p1), Boris (p2), Chen (p3), Dana (p4).
  void four_player_event() const {
    ok({"event", "new", "--name", "Spring Open", "--edition", "SR2017", "--points", "75", "--seed", "7"});
    ok({"player", "add", "--name", "Ada", "--faction", "Cygnar"});
    ok({"player", "add", "--name", "Boris", "--faction", "Khador"});
    ok({"player", "add", "--name", "Chen", "--faction", "Cryx"});
    ok({"player", "add", "--name", "Dana", "--faction", "Skorne"});
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace gauntlet::testing
