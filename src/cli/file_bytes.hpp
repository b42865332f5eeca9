// A file's bytes, read for parsing in place (issue 16 point 1: an event file of 100 000 players is
// 300 MB; copying it into the heap costs more than reading its JSON).
//
//   FileBytes bytes = FileBytes::read("event.json", "--event", kEventFilePadding);
//   parse_event_file_in_place(bytes.text());  // the padding after text() is readable
//
// A regular file is mapped read-only when the padding fits in its last page (the kernel fills the
// rest of that page with zeros); anything else (a pipe, a file ending within `padding` of a page
// boundary, a failed mapping) is read into memory with the padding reserved after it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gauntlet::cli {

class FileBytes {
 public:
  // Throws UsageError naming `field` when the file cannot be read.
  static FileBytes read(const std::string& path, const std::string& field, std::size_t padding);
  FileBytes(FileBytes&& other) noexcept;
  FileBytes& operator=(FileBytes&&) = delete;
  FileBytes(const FileBytes&) = delete;
  ~FileBytes();

  // Valid while this object lives; followed by at least the `padding` readable bytes asked for.
  std::string_view text() const {
    return mapped_ ? std::string_view(mapped_, size_) : std::string_view(copy_);
  }

 private:
  FileBytes() = default;
  const char* mapped_ = nullptr;  // the mapping (its length: size_), or null when copied
  std::size_t size_ = 0;
  std::string copy_;  // capacity >= size + padding
};

}  // namespace gauntlet::cli
