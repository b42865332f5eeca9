// libpq's functions, loaded when a PostgreSQL URL is first opened (dynlib; issue 16 point 1: a
// command that never touches PostgreSQL no longer loads libpq, Kerberos, LDAP and GnuTLS).
//
//   const Libpq& pq = libpq();   // throws Error{unavailable} when libpq.so.5 cannot be loaded
//   PGconn* c = pq.PQconnectdb(url);
//
// Types and constants still come from <libpq-fe.h>; only the calls go through the table.
#pragma once

#include <libpq-fe.h>

namespace gauntlet::sqldb {

struct Libpq {
  decltype(&::PQconnectdb) PQconnectdb = nullptr;
  decltype(&::PQstatus) PQstatus = nullptr;
  decltype(&::PQerrorMessage) PQerrorMessage = nullptr;
  decltype(&::PQfinish) PQfinish = nullptr;
  decltype(&::PQsetNoticeProcessor) PQsetNoticeProcessor = nullptr;
  decltype(&::PQexec) PQexec = nullptr;
  decltype(&::PQprepare) PQprepare = nullptr;
  decltype(&::PQexecPrepared) PQexecPrepared = nullptr;
  decltype(&::PQclear) PQclear = nullptr;
  decltype(&::PQresultStatus) PQresultStatus = nullptr;
  decltype(&::PQresultErrorMessage) PQresultErrorMessage = nullptr;
  decltype(&::PQresultErrorField) PQresultErrorField = nullptr;
  decltype(&::PQntuples) PQntuples = nullptr;
  decltype(&::PQnfields) PQnfields = nullptr;
  decltype(&::PQftype) PQftype = nullptr;
  decltype(&::PQgetvalue) PQgetvalue = nullptr;
  decltype(&::PQgetlength) PQgetlength = nullptr;
  decltype(&::PQgetisnull) PQgetisnull = nullptr;
  decltype(&::PQcmdTuples) PQcmdTuples = nullptr;
  decltype(&::PQunescapeBytea) PQunescapeBytea = nullptr;
  decltype(&::PQfreemem) PQfreemem = nullptr;
  decltype(&::PQtransactionStatus) PQtransactionStatus = nullptr;
  decltype(&::PQsocket) PQsocket = nullptr;
  decltype(&::PQconsumeInput) PQconsumeInput = nullptr;
  decltype(&::PQnotifies) PQnotifies = nullptr;
};

// The table, loaded once per process (thread-safe). Throws Error{unavailable} naming the library
// and the Debian package when it cannot be loaded.
const Libpq& libpq();

}  // namespace gauntlet::sqldb
