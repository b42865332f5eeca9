#include "server/cached_answer.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <sstream>
#include <stdexcept>
#include <utility>

#include "server/compress.hpp"
#include "server/crypto.hpp"

namespace gauntlet::server {

namespace {

// Below about 1 KB the headers (~300 bytes) are most of the answer and the whole of it fits one
// TCP segment either way: compressing saves the phone no round trip.
constexpr std::size_t kMinCompressed = 1024;
// 128 bits of SHA-256 name a body; a collision between two versions of one URL is out of reach.
constexpr std::size_t kTagHexDigits = 32;
// From about this size sendfile(2) from a memfd beats copying the bytes into the socket
// (bench/server/load.sh: the 50 KB standings of a 256-player event); below it, one write.
constexpr std::size_t kSendfileFrom = 16 * 1024;

std::string head_of(const Response& r) {
  std::ostringstream out;
  out << r.base();
  return std::move(out).str();
}

// Every value of a header that may be sent as several lines (RFC 9110 §5.3): usually one line,
// returned without a copy; `storage` joins them otherwise.
std::string_view field_list(const Request& req, http::field f, std::string& storage) {
  auto [first, last] = req.equal_range(f);
  if (first == last) return {};
  if (std::next(first) == last) return first->value();
  for (auto it = first; it != last; ++it) {
    if (!storage.empty()) storage += ", ";
    storage += it->value();
  }
  return storage;
}

}  // namespace

AnswerKind json_answer(int brotli_quality) {
  return {"application/json; charset=utf-8", false, brotli_quality};
}

CachedAnswer::CachedAnswer(Body identity, AnswerKind kind)
    : identity_(std::move(identity)),
      kind_(std::move(kind)),
      compressible_(identity_ && identity_->size() >= kMinCompressed) {
  const std::string tag = sha256_hex(identity_ ? *identity_ : std::string()).substr(0, kTagHexDigits);
  // A suffix per coding: each coding's bytes are a representation of their own (RFC 9110 §8.8.3).
  etags_[slot(Coding::identity)] = '"' + tag + '"';
  etags_[slot(Coding::gzip)] = '"' + tag + "-gz\"";
  etags_[slot(Coding::br)] = '"' + tag + "-br\"";
}

Body CachedAnswer::encode(Coding c) const {
  std::optional<std::string> bytes =
      c == Coding::gzip ? gzip(*identity_) : brotli(*identity_, kind_.brotli_quality);
  // Only when memory runs out: the request gets a 500 and the next one tries again (call_once).
  if (!bytes) throw std::runtime_error(std::string(coding_name(c)) + " compression failed");
  return make_body(std::move(*bytes));
}

Response CachedAnswer::response(Coding c, bool modified, unsigned version, bool keep_alive) const {
  return build(c, made(c).body, modified, version, keep_alive);
}

Response CachedAnswer::build(Coding c, const Body& body, bool modified, unsigned version,
                             bool keep_alive) const {
  Response r = make_response(modified ? http::status::ok : http::status::not_modified,
                             modified ? body : nullptr, version, keep_alive);
  if (modified) {
    r.set(http::field::content_type, kind_.content_type);
    if (c != Coding::identity) r.set(http::field::content_encoding, coding_name(c));
  } else {
    // RFC 9110 §8.6: a 304's Content-Length may only be the 200's; the 304 needs none.
    r.erase(http::field::content_length);
  }
  // no-cache, not no-store: the browser keeps the copy and asks with If-None-Match every time,
  // so a change is never hidden and an unchanged answer costs a 304 of a few hundred bytes.
  r.set(http::field::cache_control, "no-cache");
  r.set(http::field::etag, etag(c));
  // Caches must key the copy on the coding asked for, also where only identity is offered.
  r.set(http::field::vary, "Accept-Encoding");
  if (kind_.page) set_page_headers(r);
  return r;
}

CachedAnswer::MemFile::MemFile(std::string_view bytes) : fd_(memfd_create("gauntlet-answer", MFD_CLOEXEC)) {
  if (fd_ < 0) return;
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n <= 0) {
      ::close(fd_);  // the answer is written from memory instead
      fd_ = -1;
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

CachedAnswer::MemFile& CachedAnswer::MemFile::operator=(MemFile&& other) noexcept {
  std::swap(fd_, other.fd_);
  return *this;
}

CachedAnswer::MemFile::~MemFile() {
  if (fd_ >= 0) ::close(fd_);
}

const CachedAnswer::Made& CachedAnswer::made(Coding c) const {
  // A coding the body is too small for is answered as identity (choose_coding never picks it).
  if (!compressible_) c = Coding::identity;
  std::call_once(once_[slot(c)], [&] {
    Made& m = made_[slot(c)];
    m.body = c == Coding::identity ? identity_ : encode(c);
    const std::string head = head_of(build(c, m.body, true, 11, true));
    m.ok_head = head.size();
    m.ok.reserve(head.size() + m.body->size());
    m.ok = head;
    m.ok += *m.body;
    if (m.ok.size() >= kSendfileFrom) m.ok_file = MemFile(m.ok);
    m.not_modified = head_of(build(c, m.body, false, 11, true));
  });
  return made_[slot(c)];
}

Answer answer_from(const std::shared_ptr<const CachedAnswer>& cached, const Request& req) {
  std::string joined;
  const Coding c =
      choose_coding(field_list(req, http::field::accept_encoding, joined), cached->compressible());
  joined.clear();
  const bool modified = !none_match(field_list(req, http::field::if_none_match, joined), cached->etag(c));
  if (req.version() != 11 || !req.keep_alive())
    return cached->response(c, modified, req.version(), req.keep_alive());
  const CachedAnswer::Made& m = cached->made(c);
  const std::string_view bytes = !modified ? std::string_view(m.not_modified)
                                 : req.method() == http::verb::head
                                     ? std::string_view(m.ok).substr(0, m.ok_head)
                                     : std::string_view(m.ok);
  const bool whole = modified && req.method() != http::verb::head;
  return Prebuilt{cached, bytes, whole ? m.ok_file.fd() : -1};
}

}  // namespace gauntlet::server
