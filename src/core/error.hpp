// Errors as values for the domain core.
//
// Every rejected command returns an Error that names the field the user got wrong and the
// rule it breaks, so an adapter can print "players[3].name: ..." without guessing.
//
//   Result<int> parse_points(std::string_view s) {
//     if (s.empty()) return fail("event.points", "point size", "is required");
//     ...
//   }
#pragma once

#include <string>
#include <tl/expected.hpp>

namespace gauntlet {

// What kind of refusal an Error is, so an adapter chooses its answer (HTTP status, exit code) in one
// place without re-checking facts. Every kind but `storage` means nothing was written.
enum class ErrorKind {
  invalid,       // malformed input or a rule the input breaks (the default)
  not_found,     // the event, player, round or table named does not exist
  forbidden,     // the caller may not do this (a player at another table)
  unauthorized,  // no valid login or key
  conflict,      // the name or id is taken; the journal moved on meanwhile
  precondition,  // the event is not in a state that allows it yet (close the round first, confirm an
                 // override)
  rate_limited,  // too many attempts; try again later
  storage,       // the database or file system failed
  unavailable,   // the database cannot take it now (disk full or read-only, locked too long, PostgreSQL
                 // unreachable): nothing of it was written, and the same request may succeed later
};
const char* to_string(ErrorKind kind);

struct Error {
  std::string field;    // what the user supplied, e.g. "round 2, table 3, results[1].cp"
  std::string rule;     // the rule it breaks, e.g. "SR2017 \"Byes & Odd Number of Players\""
  std::string message;  // plain sentence, e.g. "must be 0 or more"
  ErrorKind kind = ErrorKind::invalid;

  // "field: message (rule)" — the one-line form every adapter prints.
  std::string describe() const;
};

template <class T>
using Result = tl::expected<T, Error>;

// Shorthand for `return tl::unexpected(Error{...})`.
inline tl::unexpected<Error> fail(std::string field, std::string rule, std::string message) {
  return tl::unexpected(Error{std::move(field), std::move(rule), std::move(message)});
}
inline tl::unexpected<Error> fail(ErrorKind kind, std::string field, std::string rule, std::string message) {
  return tl::unexpected(Error{std::move(field), std::move(rule), std::move(message), kind});
}

// Thrown only at the edges (CLI, store) to carry an Error out of code that cannot return one.
struct ErrorException : std::exception {
  Error error;
  std::string text;
  explicit ErrorException(Error e) : error(std::move(e)), text(error.describe()) {}
  const char* what() const noexcept override { return text.c_str(); }
};

}  // namespace gauntlet

// Unwraps a Result or returns its error from the enclosing function (which returns a Result).
//   GAUNTLET_TRY(int points, read_int(j, "points", "event"));
//   GAUNTLET_CHECK(check_keys(j, {"name"}, "event"));
#define GAUNTLET_CONCAT_INNER(a, b) a##b
#define GAUNTLET_CONCAT(a, b) GAUNTLET_CONCAT_INNER(a, b)
#define GAUNTLET_TRY_IMPL(tmp, lhs, expr)                  \
  auto tmp = (expr);                                       \
  if (!tmp) return tl::unexpected(std::move(tmp).error()); \
  lhs = std::move(*tmp)
#define GAUNTLET_TRY(lhs, expr) GAUNTLET_TRY_IMPL(GAUNTLET_CONCAT(gauntlet_try_, __LINE__), lhs, expr)
#define GAUNTLET_CHECK(expr)                                    \
  do {                                                          \
    if (auto gauntlet_check = (expr); !gauntlet_check)          \
      return tl::unexpected(std::move(gauntlet_check).error()); \
  } while (0)
