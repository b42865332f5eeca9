// Fuzz target: the body reader every API route and the CLI's JSON files go through
// (model/json_read.hpp read_json_text: duplicate keys, typed text, lengths), then the command JSON
// reader (model/json.hpp command_from_json), as the server reads a POST …/commands body.
// A bug is: a crash, a leak or a sanitizer report; an exception out of either reader (a wrong type,
// a number out of range, a key twice, an invisible character must come back as an Error naming the
// key); an error without a message; a body the reader accepts whose JSON it would not accept again
// unchanged (text is stored composed: composing twice changes nothing); or a command that reads but
// does not survive the round trip: command_to_json then command_from_json must give an equal
// command, and writing that again the same JSON.
#include <nlohmann/json.hpp>

#include "fuzz_check.hpp"
#include "model/json.hpp"
#include "model/json_read.hpp"

using namespace gauntlet;
using fuzz::fuzz_require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<nlohmann::json> body = read_json_text(text, "body");
  if (!body) {
    fuzz_require(!body.error().describe().empty() && !body.error().field.empty(),
                 "a refused body has no message or no field");
    return 0;
  }
  const nlohmann::json& j = *body;
  const Result<nlohmann::json> again = read_json_text(j.dump(), "body");
  fuzz_require(again.has_value() && *again == j, "an accepted body is not accepted again unchanged");
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
