// PostgreSQL through libpq (Debian: libpq-dev). A Source is a pool of connections shared by every
// open() of the same URL in the process; statements are prepared once per connection.
#include <poll.h>

#include <condition_variable>
#include <map>
#include <mutex>

#include "sqldb/backends.hpp"
#include "sqldb/libpq_api.hpp"

namespace gauntlet::sqldb {
namespace {

// Enough for a server's I/O threads, its worker pool and the clock at once; PostgreSQL's default
// max_connections (100) then allows several servers on one database (docs/hosting.md).
constexpr std::size_t kPoolSize = 12;
constexpr unsigned kByteaOid = 17;

// `?` placeholders become $1, $2...; a '?' inside a quoted literal stays.
std::string numbered(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  bool quoted = false;
  int n = 0;
  for (char c : sql) {
    if (c == '\'') quoted = !quoted;
    if (c == '?' && !quoted) {
      out += '$';
      out += std::to_string(++n);
    } else {
      out += c;
    }
  }
  return out;
}

struct ResultDeleter {
  void operator()(PGresult* r) const { libpq().PQclear(r); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

class PgConnection final : public Connection {
 public:
  explicit PgConnection(const std::string& url) : conn_(libpq().PQconnectdb(url.c_str())) {
    if (conn_ == nullptr) throw Error(Error::Code::unavailable, "PostgreSQL: out of memory connecting");
    if (libpq().PQstatus(conn_) != CONNECTION_OK) {
      const std::string message = trimmed(libpq().PQerrorMessage(conn_));
      libpq().PQfinish(conn_);
      throw Error(Error::Code::unavailable, "PostgreSQL: cannot connect: " + message);
    }
    // "relation already exists, skipping" and the like are not the user's business.
    libpq().PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
  }
  ~PgConnection() override { libpq().PQfinish(conn_); }
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  Dialect dialect() const override { return Dialect::postgresql; }
  bool usable() const {
    return libpq().PQstatus(conn_) == CONNECTION_OK && libpq().PQtransactionStatus(conn_) == PQTRANS_IDLE;
  }
  // Whether an idle connection still reaches the server: reads what it sent meanwhile without
  // blocking, so a server that shut down or restarted (its farewell and the closed socket) is seen
  // before a command is sent on the dead connection and refused.
  bool alive() { return libpq().PQconsumeInput(conn_) == 1 && usable(); }

  void script(std::string_view sql) override { checked(libpq().PQexec(conn_, std::string(sql).c_str())); }

  Rows query(std::string_view sql, std::span<const Value> params) override {
    const std::string& name = prepared(sql, params.size());
    std::vector<std::string> texts(params.size());
    std::vector<const char*> values(params.size(), nullptr);
    std::vector<int> lengths(params.size(), 0);
    std::vector<int> formats(params.size(), 0);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const Value& v = params[i];
      if (const auto* n = std::get_if<std::int64_t>(&v)) {
        texts[i] = std::to_string(*n);
        values[i] = texts[i].c_str();
      } else if (const auto* t = std::get_if<std::string_view>(&v)) {
        texts[i] = std::string(*t);  // libpq reads text parameters up to their NUL
        values[i] = texts[i].c_str();
      } else if (const auto* b = std::get_if<Blob>(&v)) {
        values[i] = b->bytes.data();
        lengths[i] = static_cast<int>(b->bytes.size());
        formats[i] = 1;  // binary: bytea's bytes as they are
      }
    }
    ResultPtr r =
        checked(libpq().PQexecPrepared(conn_, name.c_str(), static_cast<int>(params.size()), values.data(),
                                       lengths.data(), formats.data(), /*resultFormat=*/0));
    return rows_of(r.get());
  }

  void begin() override { script("BEGIN"); }
  void commit() override { script("COMMIT"); }
  void rollback() noexcept override {
    if (libpq().PQstatus(conn_) != CONNECTION_OK) return;
    libpq().PQclear(libpq().PQexec(conn_, "ROLLBACK"));
  }
  std::string_view lock_suffix() const override { return " FOR UPDATE"; }

 private:
  static std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
  }

  // The statement's name on this connection, preparing it the first time.
  const std::string& prepared(std::string_view sql, std::size_t params) {
    auto it = statements_.find(sql);
    if (it != statements_.end()) return it->second;
    std::string name = "g" + std::to_string(statements_.size() + 1);
    checked(libpq().PQprepare(conn_, name.c_str(), numbered(sql).c_str(), static_cast<int>(params), nullptr));
    return statements_.emplace(std::string(sql), std::move(name)).first->second;
  }

  ResultPtr checked(PGresult* raw) {
    ResultPtr r(raw);
    const ExecStatusType status = r ? libpq().PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
    const char* state = r ? libpq().PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
    const std::string sqlstate = state ? state : "";
    const std::string message =
        "PostgreSQL: " + trimmed(r ? libpq().PQresultErrorMessage(r.get()) : libpq().PQerrorMessage(conn_));
    if (sqlstate == "23505") throw Error(Error::Code::duplicate, message);
    // Class 08: connection exceptions; 57P0x: the server is shutting down or restarting.
    if (libpq().PQstatus(conn_) != CONNECTION_OK || sqlstate.starts_with("08") || sqlstate.starts_with("57P"))
      throw Error(Error::Code::unavailable, message);
    throw Error(Error::Code::failed, message);
  }

  static Rows rows_of(PGresult* r) {
    Rows out;
    const int n = libpq().PQntuples(r);
    const int columns = libpq().PQnfields(r);
    out.rows.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      Row row;
      row.cells.reserve(static_cast<std::size_t>(columns));
      for (int c = 0; c < columns; ++c) {
        if (libpq().PQgetisnull(r, i, c)) {
          row.cells.emplace_back();
        } else if (libpq().PQftype(r, c) == kByteaOid) {
          std::size_t size = 0;
          unsigned char* bytes = libpq().PQunescapeBytea(
              reinterpret_cast<const unsigned char*>(libpq().PQgetvalue(r, i, c)), &size);
          if (bytes == nullptr) throw Error(Error::Code::failed, "PostgreSQL: out of memory reading bytea");
          row.cells.emplace_back(std::string(reinterpret_cast<const char*>(bytes), size));
          libpq().PQfreemem(bytes);
        } else {
          row.cells.emplace_back(std::string(libpq().PQgetvalue(r, i, c),
                                             static_cast<std::size_t>(libpq().PQgetlength(r, i, c))));
        }
      }
      out.rows.push_back(std::move(row));
    }
    const char* changed = libpq().PQcmdTuples(r);
    out.changed = (changed && *changed) ? std::stoll(changed) : 0;
    return out;
  }

  PGconn* conn_;
  std::map<std::string, std::string, std::less<>> statements_;
};

class PgPool final : public Source, public std::enable_shared_from_this<PgPool> {
 public:
  explicit PgPool(std::string url) : url_(std::move(url)) {}
  Dialect dialect() const override { return Dialect::postgresql; }

  Lease lease() override {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !idle_.empty() || open_ < kPoolSize; });
    std::unique_ptr<PgConnection> c;
    while (!idle_.empty() && !c) {
      c = std::move(idle_.back());
      idle_.pop_back();
      if (!c->alive()) {  // dropped: the next lease connects afresh (writes resume after a restart)
        c.reset();
        --open_;
      }
    }
    if (!c) {
      ++open_;
      lock.unlock();
      try {
        c = std::make_unique<PgConnection>(url_);
      } catch (...) {
        lock.lock();
        --open_;
        ready_.notify_one();
        throw;
      }
    }
    std::shared_ptr<PgPool> self = shared_from_this();
    return Lease(c.release(),
                 [self](Connection* given) { self->give_back(static_cast<PgConnection*>(given)); });
  }

 private:
  // A connection that broke (the server went away) or was left inside a transaction is closed, so
  // the next lease connects afresh: writes resume by themselves once PostgreSQL is back.
  void give_back(PgConnection* raw) {
    std::unique_ptr<PgConnection> c(raw);
    if (!c->usable()) c->rollback();
    std::lock_guard lock(mutex_);
    if (c->usable())
      idle_.push_back(std::move(c));
    else
      --open_;
    ready_.notify_one();
  }

  std::string url_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::unique_ptr<PgConnection>> idle_;
  std::size_t open_ = 0;  // idle and leased
};

class PgListener final : public Listener {
 public:
  PgListener(std::string url, std::string channel) : url_(std::move(url)), channel_(std::move(channel)) {}
  ~PgListener() override { close(); }

  Heard wait(int timeout_ms) override {
    Heard heard;
    if (conn_ == nullptr) {
      connect();
      heard.resync = true;
    }
    if (!collect(heard)) return broke(heard);
    if (!heard.payloads.empty()) return heard;
    pollfd p{libpq().PQsocket(conn_), POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) < 0) return heard;  // a signal: the caller waits again
    if (!collect(heard)) return broke(heard);
    return heard;
  }

 private:
  void connect() {
    conn_ = libpq().PQconnectdb(url_.c_str());
    if (conn_ == nullptr || libpq().PQstatus(conn_) != CONNECTION_OK) {
      const std::string message = conn_ ? libpq().PQerrorMessage(conn_) : "out of memory";
      close();
      throw Error(Error::Code::unavailable, "PostgreSQL: cannot listen: " + message);
    }
    PGresult* r = libpq().PQexec(conn_, ("LISTEN " + channel_).c_str());
    const bool ok = libpq().PQresultStatus(r) == PGRES_COMMAND_OK;
    libpq().PQclear(r);
    if (!ok) {
      const std::string message = libpq().PQerrorMessage(conn_);
      close();
      throw Error(Error::Code::unavailable, "PostgreSQL: cannot listen: " + message);
    }
  }
  // False when the connection broke.
  bool collect(Heard& heard) {
    if (libpq().PQconsumeInput(conn_) == 0) return false;
    while (PGnotify* n = libpq().PQnotifies(conn_)) {
      heard.payloads.emplace_back(n->extra);
      libpq().PQfreemem(n);
    }
    return libpq().PQstatus(conn_) == CONNECTION_OK;
  }
  // What was heard stands; the next wait reconnects and asks for a resync.
  Heard broke(Heard& heard) {
    close();
    return std::move(heard);
  }
  void close() {
    if (conn_ != nullptr) libpq().PQfinish(conn_);
    conn_ = nullptr;
  }

  std::string url_;
  std::string channel_;
  PGconn* conn_ = nullptr;
};

}  // namespace

std::unique_ptr<Listener> listen_postgresql(const std::string& url, const std::string& channel) {
  return std::make_unique<PgListener>(url, channel);
}

std::shared_ptr<Source> open_postgresql(const std::string& url) {
  static std::mutex mutex;
  static std::map<std::string, std::weak_ptr<PgPool>> pools;
  std::lock_guard lock(mutex);
  std::weak_ptr<PgPool>& slot = pools[url];
  if (std::shared_ptr<PgPool> pool = slot.lock()) return pool;
  auto pool = std::make_shared<PgPool>(url);
  pool->lease();  // fail now, naming the database, rather than at the first statement
  slot = pool;
  return pool;
}

}  // namespace gauntlet::sqldb
