#include "cli/file_bytes.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/context.hpp"

namespace gauntlet::cli {

namespace {

// The descriptor, closed on every path out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

FileBytes FileBytes::read(const std::string& path, const std::string& field, std::size_t padding) {
  FileBytes bytes;
  const Fd file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  struct stat st {};
  if (file.fd < 0 || ::fstat(file.fd, &st) != 0) reject(Error{field, "", "cannot read '" + path + "'"});
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const auto size = static_cast<std::size_t>(st.st_size);
  // Mapped when the padding lies in the file's last page: bytes past the end of that page would
  // fault (SIGBUS), so a file ending within `padding` of a page boundary is read instead.
  const bool mappable = S_ISREG(st.st_mode) && size > 0 && size % page != 0 && page - size % page >= padding;
  if (mappable) {
    // MAP_POPULATE: the file is read from start to end at once, so map every page now rather than
    // fault them in one by one.
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file.fd, 0);
    if (p != MAP_FAILED) {
      bytes.mapped_ = static_cast<const char*>(p);
      bytes.size_ = size;
      return bytes;
    }
  }
  bytes.copy_ = read_file(path, field);
  bytes.copy_.reserve(bytes.copy_.size() + padding);
  return bytes;
}

FileBytes::FileBytes(FileBytes&& other) noexcept
    : mapped_(other.mapped_), size_(other.size_), copy_(std::move(other.copy_)) {
  other.mapped_ = nullptr;
}

FileBytes::~FileBytes() {
  if (mapped_) ::munmap(const_cast<char*>(mapped_), size_);
}

}  // namespace gauntlet::cli
