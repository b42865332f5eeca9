#include "sqldb/libpq_api.hpp"

#include "dynlib/dynlib.hpp"
#include "sqldb/sqldb.hpp"

namespace gauntlet::sqldb {
namespace {

struct Loaded {
  Libpq table;
  std::string error;
};

Loaded load() {
  dynlib::Library lib("libpq.so.5");
  Loaded out;
  Libpq& t = out.table;
  lib.bind(t.PQconnectdb, "PQconnectdb");
  lib.bind(t.PQstatus, "PQstatus");
  lib.bind(t.PQerrorMessage, "PQerrorMessage");
  lib.bind(t.PQfinish, "PQfinish");
  lib.bind(t.PQsetNoticeProcessor, "PQsetNoticeProcessor");
  lib.bind(t.PQexec, "PQexec");
  lib.bind(t.PQprepare, "PQprepare");
  lib.bind(t.PQexecPrepared, "PQexecPrepared");
  lib.bind(t.PQclear, "PQclear");
  lib.bind(t.PQresultStatus, "PQresultStatus");
  lib.bind(t.PQresultErrorMessage, "PQresultErrorMessage");
  lib.bind(t.PQresultErrorField, "PQresultErrorField");
  lib.bind(t.PQntuples, "PQntuples");
  lib.bind(t.PQnfields, "PQnfields");
  lib.bind(t.PQftype, "PQftype");
  lib.bind(t.PQgetvalue, "PQgetvalue");
  lib.bind(t.PQgetlength, "PQgetlength");
  lib.bind(t.PQgetisnull, "PQgetisnull");
  lib.bind(t.PQcmdTuples, "PQcmdTuples");
  lib.bind(t.PQunescapeBytea, "PQunescapeBytea");
  lib.bind(t.PQfreemem, "PQfreemem");
  lib.bind(t.PQtransactionStatus, "PQtransactionStatus");
  lib.bind(t.PQsocket, "PQsocket");
  lib.bind(t.PQconsumeInput, "PQconsumeInput");
  lib.bind(t.PQnotifies, "PQnotifies");
  if (!lib.ok()) out.error = lib.error();
  return out;
}

}  // namespace

const Libpq& libpq() {
  static const Loaded loaded = load();
  if (!loaded.error.empty())
    throw Error(Error::Code::unavailable,
                "PostgreSQL: the client library is missing (Debian: libpq5): " + loaded.error);
  return loaded.table;
}

}  // namespace gauntlet::sqldb
