// The two cereal archives of a checkpoint blob (private to src/checkpoint): BlobWriter appends to a
// std::string, BlobReader reads a string_view defensively. Both lay values out like cereal's binary
// archive (raw bytes in the machine's layout, which format_signature() names; sizes as uint64).
//
// Why not cereal's BinaryInputArchive: it resizes a string or vector to whatever size the bytes say
// before reading the elements, so one corrupt size asks for gigabytes, and it reads a bool from any
// byte. A checkpoint is a cache that must never crash a server or allocate absurdly (issue 16
// point 2), so BlobReader refuses a size larger than the bytes left (every element takes at least one
// byte, so no collection outgrows the blob), a bool other than 0 or 1, and reading past the end.
#pragma once

#include <cereal/cereal.hpp>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace gauntlet::checkpoint_archive {

class BlobWriter : public cereal::OutputArchive<BlobWriter, cereal::AllowEmptyClassElision> {
 public:
  explicit BlobWriter(std::string& out) : OutputArchive(this), out_(out) {}
  void saveBinary(const void* data, std::size_t size) { out_.append(static_cast<const char*>(data), size); }

 private:
  std::string& out_;
};

class BlobReader : public cereal::InputArchive<BlobReader, cereal::AllowEmptyClassElision> {
 public:
  explicit BlobReader(std::string_view bytes) : InputArchive(this), rest_(bytes) {}
  void loadBinary(void* data, std::size_t size) {
    if (size > rest_.size()) throw cereal::Exception("truncated: " + std::to_string(size) + " bytes asked");
    if (size > 0) std::memcpy(data, rest_.data(), size);
    rest_.remove_prefix(size);
  }
  std::size_t remaining() const { return rest_.size(); }
  // The next `size` bytes as they are, for another reader (a piece decoded on another core).
  std::string_view take(std::size_t size) {
    if (size > rest_.size()) throw cereal::Exception("truncated: " + std::to_string(size) + " bytes asked");
    const std::string_view piece = rest_.substr(0, size);
    rest_.remove_prefix(size);
    return piece;
  }

 private:
  std::string_view rest_;
};

template <class T>
std::enable_if_t<std::is_arithmetic_v<T>> CEREAL_SAVE_FUNCTION_NAME(BlobWriter& ar, const T& t) {
  ar.saveBinary(&t, sizeof t);
}

template <class T>
std::enable_if_t<std::is_arithmetic_v<T>> CEREAL_LOAD_FUNCTION_NAME(BlobReader& ar, T& t) {
  if constexpr (std::is_same_v<T, bool>) {
    unsigned char byte = 0;  // a bool holding another byte is undefined behaviour: read a byte first
    ar.loadBinary(&byte, 1);
    if (byte > 1) throw cereal::Exception("a bool that is neither 0 nor 1");
    t = byte == 1;
  } else {
    ar.loadBinary(&t, sizeof t);
  }
}

template <class T>
void CEREAL_SERIALIZE_FUNCTION_NAME(BlobWriter& ar, cereal::NameValuePair<T>& t) {
  ar(t.value);
}

template <class T>
void CEREAL_SERIALIZE_FUNCTION_NAME(BlobReader& ar, cereal::NameValuePair<T>& t) {
  ar(t.value);
}

template <class T>
void CEREAL_SERIALIZE_FUNCTION_NAME(BlobWriter& ar, cereal::SizeTag<T>& t) {
  ar(t.size);
}

// Checked before the caller resizes anything to it.
template <class T>
void CEREAL_SERIALIZE_FUNCTION_NAME(BlobReader& ar, cereal::SizeTag<T>& t) {
  ar(t.size);
  if (t.size > ar.remaining())
    throw cereal::Exception("a size of " + std::to_string(t.size) + " with " +
                            std::to_string(ar.remaining()) + " bytes left");
}

template <class T>
void CEREAL_SAVE_FUNCTION_NAME(BlobWriter& ar, const cereal::BinaryData<T>& t) {
  ar.saveBinary(t.data, static_cast<std::size_t>(t.size));
}

template <class T>
void CEREAL_LOAD_FUNCTION_NAME(BlobReader& ar, cereal::BinaryData<T>& t) {
  ar.loadBinary(t.data, static_cast<std::size_t>(t.size));
}

}  // namespace gauntlet::checkpoint_archive

// Enums are saved as their underlying value (cereal's minimal serialization), which needs to know
// which archives pair up.
CEREAL_SETUP_ARCHIVE_TRAITS(gauntlet::checkpoint_archive::BlobReader,
                            gauntlet::checkpoint_archive::BlobWriter)
