// Fuzz target: the command JSON reader (model/json.hpp), fed any bytes parsed as JSON by nlohmann
// (allow_exceptions=false; text that is not JSON is skipped) and read with command_from_json.
// A bug is: a crash, a leak or a sanitizer report; an exception out of the reader (a wrong type or
// a number out of range must come back as an Error naming the key); an error without a message;
// or a command that reads but does not survive the round trip: command_to_json then
// command_from_json must give an equal command, and writing that again the same JSON.
#include <nlohmann/json.hpp>

#include "fuzz_check.hpp"
#include "model/json.hpp"

using namespace gauntlet;
using fuzz::fuzz_require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return 0;
  const Result<Command> command = command_from_json(j);
  fuzz::show(command);
  if (!command) {
    fuzz_require(!command.error().describe().empty(), "a refused command has no message");
    return 0;
  }
  const nlohmann::json written = command_to_json(*command);
  const Result<Command> back = command_from_json(written);
  fuzz_require(back.has_value(), "command_to_json wrote what command_from_json refuses");
  fuzz_require(*back == *command, "command_to_json then command_from_json changes the command");
  fuzz_require(command_to_json(*back) == written, "a second command_to_json differs");
  return 0;
}
