// What awards keep beside the journal, in the same SQLite file through a connection of their own:
// each open ballot's sealing key (server/seal.hpp) and the photos of award entries.
//
//   AwardStore store("gauntlet.db");
//   std::string key = store.ballot_key("spring", "best-painted", 1);   // made on first use
//   store.forget_ballot_key("spring", "best-painted", 1);               // after the count
//   std::string hash = store.put_photo("spring", "image/jpeg", bytes);  // hex SHA-256
//
// A key is destroyed once its ballot is counted: SQLite's secure_delete overwrites it and the
// write-ahead log is truncated, so no copy of the key is left in the file and the sealed votes in
// the journal can never be opened again. Neither keys nor photos go into the event file.
// Thread-safe (one mutex around the connection).
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace gauntlet::server {

struct Photo {
  std::string type;  // image/jpeg, image/png or image/webp
  std::string bytes;
};

class AwardStore {
 public:
  explicit AwardStore(const std::string& db_path);
  ~AwardStore();

  std::string ballot_key(const std::string& event_id, const std::string& award, int ballot);
  std::optional<std::string> find_ballot_key(const std::string& event_id, const std::string& award,
                                             int ballot);
  void forget_ballot_key(const std::string& event_id, const std::string& award, int ballot);
  // How many keys are kept for the event (tests: none once every vote is counted).
  int ballot_keys(const std::string& event_id);

  // Photos kept per uploader and per event (docs/security.md): a player's entries take one photo
  // each, retakes included; an event's, every player's entries several times over.
  static constexpr int kPhotosPerUploader = 10;
  static constexpr int kPhotosPerEvent = 1000;
  struct PhotoQuota {
    int per_uploader = kPhotosPerUploader;
    int per_event = kPhotosPerEvent;
  };
  enum class PhotoRefusal { none, uploader_full, event_full };
  struct PutPhoto {
    std::string hash;  // hex SHA-256, when stored (or stored before)
    PhotoRefusal refused = PhotoRefusal::none;
  };
  // Stores the photo (once per content) for `uploader` ("player:p3", "eo"; the EO is counted in the
  // event only) unless a quota is full. A photo already stored for the event is never refused.
  PutPhoto put_photo(const std::string& event_id, const std::string& uploader, const std::string& type,
                     const std::string& bytes, const PhotoQuota& quota);
  std::optional<Photo> photo(const std::string& event_id, const std::string& hash);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::mutex mutex_;
};

}  // namespace gauntlet::server
