// The crash test's deterministic script, shared by the killed child and the checking parent:
// op 0 creates the event, then players are added, every 7th op undoing the one before.
//
//   ScriptOp op = script_op(i);   // op i becomes journal seq i + 1
//   if (op.undo) session.undo(kScriptAt); else session.execute(*op.command, kScriptAt);
#pragma once

#include <cstdint>
#include <optional>

#include "model/commands.hpp"

namespace gauntlet {

inline constexpr const char* kScriptEventId = "crash-open";
inline constexpr const char* kScriptAt = "2024-06-01T10:00:00Z";

struct ScriptOp {
  std::optional<Command> command;  // empty: undo
  bool undo = false;
};

CreateEvent script_create();
ScriptOp script_op(std::int64_t i);

}  // namespace gauntlet
