// Issue 16 point 1: every command paid ~19 ms at start to load libraries most never use. The PDF
// libraries (Cairo, Pango, librsvg) and libpq are opened only by the command that needs them
// (src/dynlib); this pins it down with the dynamic loader's own account (LD_DEBUG=files).
#include <gmock/gmock.h>

#include <cstdlib>

#include "run_gauntlet.hpp"

namespace gauntlet {
namespace {

using namespace testing;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

class CliStartup : public CliTest {
 protected:
  // The run's stderr with the loader's report of every library it opened.
  Ran traced(const std::vector<std::string>& args) const {
    setenv("LD_DEBUG", "files", 1);  // read by the child's loader only: this process has started
    Ran r = gauntlet(args);
    unsetenv("LD_DEBUG");
    return r;
  }
};

TEST_F(CliStartup, LoadsThePdfLibrariesOnlyToMakeAPdfAndLibpqNever) {
  ok({"demo"});
  ok({"--event-id", "demo", "export", "--out", "demo.json"});
  const Ran standings = traced({"standings", "--event", "demo.json", "--json"});
  ASSERT_EQ(standings.status, 0) << standings.err;
  EXPECT_THAT(standings.err, HasSubstr("file=libsimdjson.so"));  // the trace is there at all
  for (const char* lib : {"file=libcairo", "file=libpango", "file=librsvg", "file=libpq", "file=libgssapi"})
    EXPECT_THAT(standings.err, Not(HasSubstr(lib))) << lib;

  const Ran pdf = traced({"print", "standings", "--event", "demo.json", "--out", "st.pdf"});
  ASSERT_EQ(pdf.status, 0) << pdf.err;
  EXPECT_THAT(read_all(path("st.pdf")), StartsWith("%PDF-"));
  for (const char* lib : {"file=libcairo.so.2", "file=libpangocairo-1.0.so.0", "file=librsvg-2.so.2"})
    EXPECT_THAT(pdf.err, HasSubstr(lib)) << lib;
  EXPECT_THAT(pdf.err, Not(HasSubstr("file=libpq")));
}

}  // namespace
}  // namespace gauntlet
