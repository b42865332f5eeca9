// A public answer kept whole (issue 16 point 3): the body as it is, gzipped and in brotli, each
// with its strong ETag and its HTTP/1.1 200 and 304 responses serialised once, so serving a read
// costs two header lookups and one write.
//
//   auto standings = std::make_shared<const CachedAnswer>(make_body(text), AnswerKind{...});
//   Answer a = answer_from(standings, req);   // 304, or 200 in the coding req prefers
//
// Each coding is made on its first request (std::call_once) and never again: a journal change
// builds a new CachedAnswer, and a snapshot copied for a clock tap shares this one unchanged.
// Made lazily rather than when the snapshot is published because publishing runs under the
// event's sequencer, so every command would wait for compression, for codings nobody may ask for.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <string>

#include "server/http.hpp"
#include "server/negotiate.hpp"

namespace gauntlet::server {

// What sets cached answers apart besides their bodies.
struct AnswerKind {
  std::string content_type;
  bool page = false;  // a file of src/web: file_response's CSP and no framing
  // Brotli's 0-11: 11 for what is made once per process (pages, editions), lower for what is
  // made again at every journal change (11 costs ~60 ms on a 50 KB standings, 5 about 1 ms).
  int brotli_quality = 5;
};

AnswerKind json_answer(int brotli_quality);

class CachedAnswer {
 public:
  CachedAnswer(Body identity, AnswerKind kind);
  const Body& identity() const { return identity_; }
  // Strong, quoted; the same bytes give the same tag (a restart keeps phones' copies valid).
  const std::string& etag(Coding c) const { return etags_[slot(c)]; }
  bool compressible() const { return compressible_; }

  // A memory-backed file (memfd) holding an answer's bytes for sendfile(2); closed with it.
  class MemFile {
   public:
    MemFile() = default;
    explicit MemFile(std::string_view bytes);  // -1 when the kernel cannot make one
    MemFile(const MemFile&) = delete;
    MemFile& operator=(const MemFile&) = delete;
    MemFile& operator=(MemFile&& other) noexcept;
    ~MemFile();
    int fd() const { return fd_; }

   private:
    int fd_ = -1;
  };
  // One coding's body and its responses, made on first use.
  struct Made {
    Body body;
    std::string ok;            // 200: head then body
    std::size_t ok_head = 0;   // a HEAD writes ok's first ok_head bytes
    MemFile ok_file;           // `ok` again, when it is large enough for sendfile to pay
    std::string not_modified;  // 304: head only
  };
  const Made& made(Coding c) const;
  // The response Beast serialises when prebuilt bytes do not fit the connection (HTTP/1.0,
  // Connection: close): the same headers, status 200 or 304.
  Response response(Coding c, bool modified, unsigned version, bool keep_alive) const;

 private:
  static std::size_t slot(Coding c) { return static_cast<std::size_t>(c); }
  Body encode(Coding c) const;
  Response build(Coding c, const Body& body, bool modified, unsigned version, bool keep_alive) const;

  Body identity_;
  AnswerKind kind_;
  bool compressible_;
  std::array<std::string, 3> etags_;
  mutable std::array<std::once_flag, 3> once_;
  mutable std::array<Made, 3> made_;
};

// The answer to a GET or HEAD: 304 when If-None-Match names the chosen coding's ETag, else 200, in
// the coding Accept-Encoding prefers; prebuilt bytes on an HTTP/1.1 keep-alive connection.
Answer answer_from(const std::shared_ptr<const CachedAnswer>& cached, const Request& req);

}  // namespace gauntlet::server
