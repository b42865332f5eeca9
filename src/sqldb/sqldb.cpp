#include "sqldb/sqldb.hpp"

#include <cctype>
#include <charconv>

#include "sqldb/backends.hpp"

namespace gauntlet::sqldb {

bool is_postgresql_url(std::string_view target) {
  return target.starts_with("postgresql://") || target.starts_with("postgres://");
}

std::string printable(std::string_view target) {
  if (!is_postgresql_url(target)) return std::string(target);
  // postgresql://user:password@host/db: the password sits between the first ':' after the scheme
  // and the '@' that ends the user part.
  const std::size_t scheme_end = target.find("://") + 3;
  const std::size_t at = target.find('@', scheme_end);
  if (at == std::string_view::npos) return std::string(target);
  const std::size_t colon = target.find(':', scheme_end);
  if (colon == std::string_view::npos || colon > at) return std::string(target);
  return std::string(target.substr(0, colon + 1)) + "***" + std::string(target.substr(at));
}

const std::string& Row::text(std::size_t i) const {
  const std::optional<std::string>& cell = cells.at(i);
  if (!cell) throw Error(Error::Code::failed, "column " + std::to_string(i) + " is NULL");
  return *cell;
}

std::int64_t Row::integer(std::size_t i) const {
  const std::string& t = text(i);
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc{} || end != t.data() + t.size())
    throw Error(Error::Code::failed, "column " + std::to_string(i) + " is not an integer: " + t);
  return v;
}

namespace {

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// `sql` with each whole word INTEGER and BLOB spelled as PostgreSQL names those types.
std::string postgresql_types(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 32);
  std::size_t i = 0;
  while (i < sql.size()) {
    if (!word_char(sql[i])) {
      out += sql[i++];
      continue;
    }
    std::size_t end = i;
    while (end < sql.size() && word_char(sql[end])) ++end;
    const std::string_view word = sql.substr(i, end - i);
    out += word == "INTEGER" ? "BIGINT" : word == "BLOB" ? "BYTEA" : word;
    i = end;
  }
  return out;
}

}  // namespace

void create_schema(Connection& db, std::string_view tables, std::string_view extra) {
  Transaction tx(db);
  if (db.dialect() == Dialect::postgresql) {
    db.script("SELECT pg_advisory_xact_lock(7301570)");
    db.script(postgresql_types(tables));
  } else {
    db.script(tables);
  }
  if (!extra.empty()) db.script(extra);
  tx.commit();
}

std::shared_ptr<Source> open(const std::string& target, std::string_view sqlite_setup) {
  if (is_postgresql_url(target)) return open_postgresql(target);
  return open_sqlite(target, sqlite_setup);
}

std::string append_only_triggers(Dialect dialect, std::string_view table) {
  const std::string t(table);
  const std::string refusal = "'" + t + " rows are append-only'";
  if (dialect == Dialect::sqlite)
    return "CREATE TRIGGER IF NOT EXISTS " + t + "_no_update BEFORE UPDATE ON " + t +
           "\n  BEGIN SELECT RAISE(ABORT, " + refusal + "); END;\n" + "CREATE TRIGGER IF NOT EXISTS " + t +
           "_no_delete BEFORE DELETE ON " + t + "\n  BEGIN SELECT RAISE(ABORT, " + refusal + "); END;\n";
  const std::string function = "gauntlet_" + t + "_append_only";
  return "CREATE OR REPLACE FUNCTION " + function +
         "() RETURNS trigger LANGUAGE plpgsql AS $$\n  BEGIN RAISE EXCEPTION " + refusal + "; END $$;\n" +
         "CREATE OR REPLACE TRIGGER " + t + "_no_change BEFORE UPDATE OR DELETE ON " + t +
         "\n  FOR EACH ROW EXECUTE FUNCTION " + function + "();\n" + "CREATE OR REPLACE TRIGGER " + t +
         "_no_truncate BEFORE TRUNCATE ON " + t + "\n  FOR EACH STATEMENT EXECUTE FUNCTION " + function +
         "();\n";
}

void backup(const std::string& target, const std::string& dest) {
  if (is_postgresql_url(target))
    throw Error(Error::Code::failed,
                "a PostgreSQL database is backed up by pg_dump (docs/hosting.md), not by Gauntlet");
  backup_sqlite(target, dest);
}

std::unique_ptr<Listener> listen(const std::string& target, const std::string& channel) {
  if (!is_postgresql_url(target)) return nullptr;
  return listen_postgresql(target, channel);
}

}  // namespace gauntlet::sqldb
