// Fuzz target: the army list reader (armylists/import.hpp), fed any bytes as a pasted list, as any
// logged-in player's POST …/lists/import and `gauntlet list import` feed it. War Room's text export,
// Conflict Chamber's text and the list JSON are recognised from the text itself.
// A bug is: a crash, a stack overflow, a leak or a sanitizer report (a backtracking matcher once
// recursed over a long line until the server died); an exception out of the reader (errors are
// values); a refusal without a message, or a message that grows with the number of refused lines;
// a list read without its leader; or a list that reads differently once written as the list JSON
// and pasted again.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "armylists/import.hpp"
#include "fuzz_check.hpp"
#include "model/json.hpp"

using namespace gauntlet;
using fuzz::fuzz_require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ListImport r = import_list(text);
  if (!r.problems.empty()) {
    fuzz_require(!r.list, "a list comes back beside refused lines");
    const Error e = to_error(r, "list");
    fuzz::show(Result<int>(tl::unexpected(e)));
    fuzz_require(!e.message.empty() && !e.field.empty(), "a refused list has no message or field");
    // At most 20 lines named, each quoted in part: a few kilobytes whatever was pasted.
    fuzz_require(e.message.size() < 16 * 1024, "the refusal grows with the paste");
    return 0;
  }
  fuzz_require(r.list.has_value(), "neither a list nor a refusal");
  fuzz_require(r.list->list.leader() != nullptr, "a list read without its warcaster or warlock");
  std::string written;
  try {
    written = list_to_json(r.list->list).dump();
  } catch (const nlohmann::json::type_error&) {
    return 0;  // names that are not UTF-8 (bytes a file may hold) have no JSON form to compare
  }
  // The JSON may outgrow the paste limit (a 9-byte War Room line is a 50-byte entry): not comparable.
  if (written.size() > kMaxListTextBytes) return 0;
  const ListImport back = import_list(written);
  fuzz_require(back.problems.empty() && back.list, "a list written as the list JSON is refused");
  fuzz_require(back.list->list == r.list->list, "a list written as the list JSON reads differently");
  return 0;
}
